package main

import (
	"context"
	"strings"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/eval"
	"github.com/veritykb/verity/llm"
	"github.com/veritykb/verity/offline"
	"github.com/veritykb/verity/verify"
	"github.com/veritykb/verity/verify/nli"
)

// verifierSpecs returns the run's verifiers: --verifier (repeatable),
// else VERITY_VERIFIER, else the default for the model: the offline
// verifier without one, the LLM judge with one. It says where they came
// from.
func (a *app) verifierSpecs() ([]verify.Spec, string, error) {
	raw, from := a.verifiers, "--verifier"
	if len(raw) == 0 {
		if v := strings.TrimSpace(a.getenv("VERITY_VERIFIER")); v != "" {
			raw, from = []string{v}, "VERITY_VERIFIER"
		}
	}
	if len(raw) == 0 {
		setup, err := a.setupModel()
		if err != nil {
			return nil, "", err
		}
		kind := verify.KindLLM
		if setup.Spec.Provider == llm.ProviderOffline {
			kind = verify.KindOffline
		}
		return []verify.Spec{{Raw: kind, Kind: kind}}, "default", nil
	}
	out := make([]verify.Spec, 0, len(raw))
	for _, r := range raw {
		s, err := verify.ParseSpec(r)
		if err != nil {
			return nil, "", err
		}
		out = append(out, s)
	}
	return out, from, nil
}

// verifier returns the run's one verifier, for the commands that check
// claims (ask, check, serve, mcp).
func (a *app) verifier(ctx context.Context, judge verify.JudgeOptions) (eval.NamedVerifier, error) {
	specs, from, err := a.verifierSpecs()
	if err != nil {
		return eval.NamedVerifier{}, err
	}
	if len(specs) > 1 {
		return eval.NamedVerifier{}, verity.Errorf(verity.EINVALID, "%s names %d verifiers; only eval support compares several", from, len(specs))
	}
	return a.buildVerifier(ctx, specs[0], judge)
}

// buildVerifier makes the verifier a spec names. The llm judge asks the
// run's model with judge's options; the NLI client sends VERITY_NLI_KEY as
// a bearer token when it is set.
func (a *app) buildVerifier(ctx context.Context, s verify.Spec, judge verify.JudgeOptions) (eval.NamedVerifier, error) {
	switch s.Kind {
	case verify.KindOffline:
		v := offline.NewVerifier(offline.SupportParams{Strict: s.Strict, Broad: s.Broad}, nil)
		return eval.NamedVerifier{Name: s.Raw, Model: offline.Name, Verifier: v}, nil
	case verify.KindBaseline:
		return eval.NamedVerifier{Name: s.Raw, Model: "word overlap", Verifier: verify.WordOverlap{}}, nil
	case verify.KindLLM:
		m, _, err := a.model(ctx)
		if err != nil {
			return eval.NamedVerifier{}, err
		}
		return eval.NamedVerifier{Name: s.Raw, Model: m.Info().Name(), Verifier: verify.NewJudge(m, judge)}, nil
	case verify.KindNLI:
		c := a.nliClient(s)
		return eval.NamedVerifier{Name: s.Raw, Model: s.URL, Verifier: c}, nil
	}
	return eval.NamedVerifier{}, verity.Errorf(verity.EINVALID, "unknown verifier %q", s.Kind)
}

func (a *app) nliClient(s verify.Spec) *nli.Client {
	return nli.New(nli.Config{BaseURL: s.URL, APIKey: a.getenv("VERITY_NLI_KEY"), Labels: s.Labels,
		Batch: s.Batch, Concurrency: min(max(a.concurrency, 1), 4)})
}
