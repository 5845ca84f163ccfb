package kb

import (
	"context"
	"strings"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/answer"
	"github.com/veritykb/verity/llm"
	"github.com/veritykb/verity/verify"
)

// Ask answers question from what c may read, every claim with a verbatim
// quote, or says honestly that it cannot; m drafts and v verifies between
// the stages. The model's only tool is search as c: nothing in a document
// or a tool argument can change the caller.
func (s *Service) Ask(ctx context.Context, c verity.Caller, m llm.Model, v verify.Verifier, question string, opt answer.Options) (*answer.Answer, error) {
	if strings.TrimSpace(question) == "" {
		return nil, verity.Errorf(verity.EINVALID, "ask: give a question")
	}
	if opt.K < 0 || opt.K > 50 {
		return nil, verity.Errorf(verity.EINVALID, "k must be between 1 and 50, got %d", opt.K)
	}
	return answer.New(s.store, m, v, opt).Ask(ctx, question, c)
}

// Check verifies an answer written anywhere against the documents it cites:
// inline ones, and sources of the store that c may read (one c may not
// read is reported like one that does not exist).
func (s *Service) Check(ctx context.Context, c verity.Caller, m llm.Model, v verify.Verifier, sub answer.Submission, opt answer.Options) (*answer.Answer, error) {
	return answer.New(s.store, m, v, opt).Check(ctx, sub, c)
}
