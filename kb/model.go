package kb

import (
	"context"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/llm"
	"github.com/veritykb/verity/verify"
)

// Models are how the service gets the models of the operations that call
// one: the model that drafts answers, extracts, summarizes and audits, and
// the verifier between the answer stages, each built on first use (a
// command that never calls a model never builds one, and one that needs no
// verifier never builds that), and the model's spec ("offline",
// "openai:MODEL"...), which a queued job records for the worker that runs
// it. cmd/verity wires them; a transport never builds a model.
type Models struct {
	Model    func(context.Context) (llm.Model, error)
	Verifier func(context.Context) (verify.Verifier, error)
	Spec     string
}

// Fixed returns the Models of one model and one verifier, already built.
func Fixed(m llm.Model, v verify.Verifier) Models {
	return Models{
		Model:    func(context.Context) (llm.Model, error) { return m, nil },
		Verifier: func(context.Context) (verify.Verifier, error) { return v, nil },
		Spec:     m.Info().Name(),
	}
}

// ModelUsage counts what the model stack did since the process started,
// for a transport's metrics.
type ModelUsage struct {
	Requests, Calls, CacheHits, Errors, Retries int64
	InputTokens, OutputTokens                   int64
}

// noModel is the error of an operation that needs a model the service was
// not given.
func noModel() error {
	return verity.Errorf(verity.ENOTIMPLEMENTED, "this service has no model configured")
}

// model returns the service's model.
func (s *Service) model(ctx context.Context) (llm.Model, error) {
	if s.models.Model == nil {
		return nil, noModel()
	}
	m, err := s.models.Model(ctx)
	if err == nil && m == nil {
		err = noModel()
	}
	return m, err
}

// modelAndVerifier returns the service's model and verifier, for answers.
func (s *Service) modelAndVerifier(ctx context.Context) (llm.Model, verify.Verifier, error) {
	m, err := s.model(ctx)
	if err != nil {
		return nil, nil, err
	}
	if s.models.Verifier == nil {
		return nil, nil, verity.Errorf(verity.ENOTIMPLEMENTED, "this service has no verifier configured")
	}
	v, err := s.models.Verifier(ctx)
	if err != nil {
		return nil, nil, err
	}
	return m, v, nil
}

// ModelUsage returns the model stack's counters, and false when the service
// was given no meter ([Options.Meter]).
func (s *Service) ModelUsage() (ModelUsage, bool) {
	if s == nil || s.meter == nil {
		return ModelUsage{}, false
	}
	t := s.meter.Snapshot().Total
	return ModelUsage{Requests: t.Requests, Calls: t.Calls, CacheHits: t.CacheHits, Errors: t.Errors, Retries: t.Retries,
		InputTokens: t.InputTokens, OutputTokens: t.OutputTokens}, true
}
