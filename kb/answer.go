package kb

import (
	"context"
	"strings"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/answer"
	"github.com/veritykb/verity/llm"
)

// Answer is what ask and check return: the shape every transport prints
// (verity ask --json, POST /api/v1/ask, the MCP ask tool).
type Answer = answer.Answer

// Document is one text an answer to check may cite: inline, or a source
// of the store read as the caller.
type Document = answer.Document

// ProviderCitation is a provider's own citation in an answer to check
// (Anthropic's Citations API): a span of the answer, the cited document's
// index and the text it cites.
type ProviderCitation = llm.Citation

// Default and largest number of records an answer's search reads.
const (
	DefaultAskK = 5
	MaxAskK     = 50
)

// Bounds of one check: the claims it verifies and the bytes of the
// documents it reads. Its work grows with claims × document size, so a
// larger answer is refused (ETOOLARGE) rather than run past a request's
// time: check it in parts.
// (200 claims against 1 MiB of text took 26 s with the offline engine on
// a 2-core machine; these bounds keep one check to about half that.)
const (
	MaxCheckClaims = 100
	MaxCheckBytes  = 1 << 20
)

// AskRequest is a question and the options of answering it: the flags of
// verity ask and the body of POST /api/v1/ask.
type AskRequest struct {
	Question   string `json:"question"`
	K          int    `json:"k,omitempty"`           // records per search, 1-50 (default 5)
	Policy     string `json:"policy,omitempty"`      // strict (default) or broad
	NoVerbatim bool   `json:"no_verbatim,omitempty"` // cite without quoting
	Fresh      bool   `json:"fresh,omitempty"`       // neither read nor write the answer cache
	NoRecord   bool   `json:"no_record,omitempty"`   // do not store the statements as records
	// Transport names where the question came from, for the answer log
	// and feedback's counts (api, cli, mcp, telegram...; set by the
	// transport, "" for api).
	Transport string `json:"-"`
	// FollowUp is the id of an answer this question replies to: its
	// question (never its answer) is asked again with this one, as
	// context. Only the caller the answer was given to may follow it up.
	FollowUp string `json:"follow_up,omitempty"`
	// Progress, when set, is told as each stage starts and ends; it may be
	// called from several goroutines at once.
	Progress func(Stage) `json:"-"`
}

// CheckRequest is an answer written anywhere, to verify against the
// documents it cites: the body of POST /api/v1/check, and what verity
// check reads from its files. [N] markers in Answer cite Documents[N-1].
type CheckRequest struct {
	Question  string     `json:"question,omitempty"`
	Answer    string     `json:"answer"`
	Documents []Document `json:"documents,omitempty"`
	// Citations are a provider's own, offered as each claim's quote and
	// located by code.
	Citations  []ProviderCitation `json:"citations,omitempty"`
	Policy     string             `json:"policy,omitempty"` // strict (default) or broad
	NoVerbatim bool               `json:"no_verbatim,omitempty"`
	// Progress, when set, is told as each stage starts and ends.
	Progress func(Stage) `json:"-"`
}

// Stage is one step of answering, as it starts (Done false) and ends.
type Stage struct {
	Stage string `json:"stage"` // search, draft, verify, facts, verify-facts, assemble, re-verify, relevance, quotes
	Done  bool   `json:"done"`
	// Found is how many things of Unit (record, statement, fact, claim) the
	// stage found, when done; a filtering stage (verify, re-verify,
	// verify-facts, relevance) kept Found of Of.
	Found int    `json:"found,omitempty"`
	Of    *int   `json:"of,omitempty"`
	Unit  string `json:"unit,omitempty"`
	// Failed is set when the stage ended without its model's work:
	// malformed (its output did not parse) or assembled_by_code.
	Failed string `json:"failed,omitempty"`
	Detail string `json:"detail,omitempty"` // what the stage found, in English words, when done
}

// answerOptions reads the options ask and check share: policy "" is strict.
func answerOptions(policy string, noVerbatim bool) (answer.Options, error) {
	p := answer.Policy(policy)
	switch p {
	case "":
		p = answer.Strict
	case answer.Strict, answer.Broad:
	default:
		return answer.Options{}, verity.Errorf(verity.EINVALID, "policy must be strict or broad, got %q", policy)
	}
	return answer.Options{Policy: p, NoVerbatim: noVerbatim}, nil
}

// Ask answers the question from what c may read, every claim with a
// verbatim quote, or says honestly that it cannot; the service's model
// drafts and its verifier checks between the stages. The model's only tool
// is search as c: nothing in a document or a tool argument can change the
// caller. An anonymous caller gets no permission hints, and nothing of its
// question is stored; every question counts against its principal's hint
// budget, past which it gets no hints either.
func (s *Service) Ask(ctx context.Context, c verity.Caller, req AskRequest) (*Answer, error) {
	if strings.TrimSpace(req.Question) == "" {
		return nil, verity.Errorf(verity.EINVALID, "ask: give a question")
	}
	if req.FollowUp != "" {
		prev, err := s.FollowUp(ctx, c, req.FollowUp)
		if err != nil {
			return nil, err
		}
		req.Question = prev + "\n" + req.Question
	}
	if req.K == 0 {
		req.K = DefaultAskK
	}
	if req.K < 1 || req.K > MaxAskK {
		return nil, verity.Errorf(verity.EINVALID, "k must be between 1 and %d, got %d", MaxAskK, req.K)
	}
	// Verbatim quotes are on for this caller as the rollout says (seed
	// 003's flag), unless the request turned them off itself.
	opt, err := answerOptions(req.Policy, req.NoVerbatim || !s.verbatim.On(c.Actor()))
	if err != nil {
		return nil, err
	}
	opt.K, opt.NoCache, opt.NoRecords = req.K, req.Fresh, req.NoRecord
	if c.Anonymous() {
		// Read-only: nothing an anonymous question asks is stored, neither
		// its statements nor its answer.
		opt.NoCache, opt.NoRecords = true, true
	}
	opt.Progress = progress(req.Progress)
	m, v, err := s.modelAndVerifier(ctx)
	if err != nil {
		return nil, err
	}
	hints := s.allowHints(ctx, c)
	a, err := answer.New(s.store, m, v, opt).Ask(ctx, req.Question, c, s.view(ctx, c, false).v)
	if err != nil {
		return nil, err
	}
	if !hints {
		a.Hints = []verity.Hint{}
	}
	a = shownAnswer(c, a)
	s.logAnswer(ctx, c, req.Transport, a)
	return a, nil
}

// Check verifies an answer written anywhere against the documents it cites:
// inline ones, and sources of the store that c may read (one c may not
// read is reported like one that does not exist).
func (s *Service) Check(ctx context.Context, c verity.Caller, req CheckRequest) (*Answer, error) {
	if strings.TrimSpace(req.Answer) == "" {
		return nil, verity.Errorf(verity.EINVALID, `check: "answer" is empty`)
	}
	opt, err := answerOptions(req.Policy, req.NoVerbatim)
	if err != nil {
		return nil, err
	}
	opt.Progress = progress(req.Progress)
	opt.MaxClaims, opt.MaxBytes = MaxCheckClaims, MaxCheckBytes
	m, v, err := s.modelAndVerifier(ctx)
	if err != nil {
		return nil, err
	}
	sub := answer.Submission{Question: req.Question, Text: req.Answer, Documents: req.Documents, Citations: req.Citations}
	a, err := answer.New(s.store, m, v, opt).Check(ctx, sub, c, s.view(ctx, c, false).v)
	if err != nil {
		return nil, err
	}
	return shownAnswer(c, a), nil
}

// progress turns a transport's stage listener into the pipeline's.
func progress(p func(Stage)) func(answer.Event) {
	if p == nil {
		return nil
	}
	return func(e answer.Event) {
		st := Stage{Stage: e.Stage, Done: e.Done, Found: e.Found, Unit: e.Unit, Failed: e.Failed, Detail: e.Detail}
		if e.Kept {
			st.Of = &e.Of
		}
		p(st)
	}
}

// shownAnswer is a as c is shown it: an anonymous caller, who may not be
// told whom to ask for access, gets no permission hints, and neither does
// a chat's audience (a hint is for the person who asked, not a room).
func shownAnswer(c verity.Caller, a *answer.Answer) *answer.Answer {
	if c.Anonymous() || c.Audience() {
		a.Hints = []verity.Hint{}
		for i := range a.Parts {
			a.Parts[i].Hints = []verity.Hint{}
		}
	}
	return a
}

// AnswerCounts are what an answer adds to a transport's metrics: its
// verbatim quotes, its claims flagged with a distortion risk, its
// not-found reason ("" when it answered), and the quotes injected into a
// checked answer's text from citation metadata (seed 003, path C: the
// seed's verbatim_injected), with a sample of each.
type AnswerCounts struct {
	Quotes, Distorted int
	NotFound          string
	Injected          []InjectedQuote
}

// InjectedQuote is one quote path C injected into a checked answer: the
// claim, the quote the provider's cited text led to (located by code in
// the document), and the document's number.
type InjectedQuote struct {
	Claim    string `json:"claim"`
	Quote    string `json:"verbatim_quote"`
	Document int    `json:"document"`
}

// Counts returns a's metrics.
func Counts(a *Answer) AnswerCounts {
	var n AnswerCounts
	for _, c := range a.Claims {
		if c.VerbatimQuote != "" {
			n.Quotes++
		}
		if a.Mode == answer.ModeCheck && a.Annotated != "" && c.VerbatimQuote != "" && len(c.Citations) > 0 &&
			c.Citations[0].Quote != nil && c.Citations[0].Quote.FromCitation {
			n.Injected = append(n.Injected, InjectedQuote{Claim: c.Claim, Quote: c.VerbatimQuote, Document: c.Citations[0].N})
		}
		if c.DistortionRisk == answer.RiskLow || c.DistortionRisk == answer.RiskHigh {
			n.Distorted++
		}
	}
	if a.Outcome == answer.NotFound {
		n.NotFound = string(a.NotFoundReason)
	}
	return n
}
