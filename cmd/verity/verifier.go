package main

import (
	"context"
	"net/url"
	"strconv"
	"strings"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/eval"
	"github.com/veritykb/verity/llm"
	"github.com/veritykb/verity/offline"
	"github.com/veritykb/verity/verify"
	"github.com/veritykb/verity/verify/nli"
)

// Verifier kinds of --verifier.
const (
	verifierOffline  = "offline"  // the offline verifier: lexical checks and a calibrated score
	verifierBaseline = "baseline" // word overlap, what every verifier is measured beside
	verifierLLM      = "llm"      // verify.Judge over --model
	verifierNLI      = "nli"      // an NLI model served with TEI's wire format
)

// verifierSpec is one parsed --verifier value:
//
//	offline[:strict=P,broad=P]
//	baseline
//	llm
//	nli:URL[#labels=entailment,neutral,contradiction][#batch=N]
type verifierSpec struct {
	Raw    string   `json:"spec"`
	Kind   string   `json:"kind"`
	URL    string   `json:"url,omitempty"`
	Labels []string `json:"labels,omitempty"`
	Batch  int      `json:"batch,omitempty"`
	Strict float64  `json:"strict,omitempty"`
	Broad  float64  `json:"broad,omitempty"`
}

func parseVerifier(raw string) (verifierSpec, error) {
	s := verifierSpec{Raw: strings.TrimSpace(raw)}
	kind, rest, _ := strings.Cut(s.Raw, ":")
	s.Kind = strings.ToLower(kind)
	bad := func(format string, args ...any) (verifierSpec, error) {
		return verifierSpec{}, verity.Errorf(verity.EINVALID, "--verifier %q: "+format+" (want offline, offline:strict=P,broad=P, baseline, llm or nli:URL)", append([]any{raw}, args...)...)
	}
	switch s.Kind {
	case verifierBaseline, verifierLLM:
		if rest != "" {
			return bad("%s takes no options", s.Kind)
		}
	case verifierOffline:
		for opt := range strings.SplitSeq(rest, ",") {
			if opt == "" {
				continue
			}
			k, v, _ := strings.Cut(opt, "=")
			p, err := strconv.ParseFloat(v, 64)
			if err != nil || p <= 0 || p > 1 {
				return bad("%s wants a probability in (0, 1]", k)
			}
			switch k {
			case "strict":
				s.Strict = p
			case "broad":
				s.Broad = p
			default:
				return bad("unknown option %q", k)
			}
		}
		if s.Strict > 0 && s.Broad > s.Strict {
			return bad("broad %.2f is above strict %.2f", s.Broad, s.Strict)
		}
	case verifierNLI:
		base, opts, _ := strings.Cut(rest, "#")
		u, err := url.Parse(base)
		if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
			return bad("want the service's http(s) URL after nli:")
		}
		s.URL = strings.TrimRight(base, "/")
		for opt := range strings.SplitSeq(opts, "#") {
			if opt == "" {
				continue
			}
			k, v, _ := strings.Cut(opt, "=")
			switch k {
			case "labels":
				s.Labels = strings.Split(v, ",")
			case "batch":
				n, err := strconv.Atoi(v)
				if err != nil || n < 1 {
					return bad("batch wants a positive number")
				}
				s.Batch = n
			default:
				return bad("unknown option %q", k)
			}
		}
	default:
		return bad("unknown verifier %q", kind)
	}
	return s, nil
}

// verifierSpecs returns the run's verifiers: --verifier (repeatable),
// else VERITY_VERIFIER, else the default for the model: the offline
// verifier without one, the LLM judge with one. It says where they came
// from.
func (a *app) verifierSpecs() ([]verifierSpec, string, error) {
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
		kind := verifierLLM
		if setup.Spec.Provider == llm.ProviderOffline {
			kind = verifierOffline
		}
		return []verifierSpec{{Raw: kind, Kind: kind}}, "default", nil
	}
	out := make([]verifierSpec, 0, len(raw))
	for _, r := range raw {
		s, err := parseVerifier(r)
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
func (a *app) buildVerifier(ctx context.Context, s verifierSpec, judge verify.JudgeOptions) (eval.NamedVerifier, error) {
	switch s.Kind {
	case verifierOffline:
		v := offline.NewVerifier(offline.SupportParams{Strict: s.Strict, Broad: s.Broad}, nil)
		return eval.NamedVerifier{Name: s.Raw, Model: offline.Name, Verifier: v}, nil
	case verifierBaseline:
		return eval.NamedVerifier{Name: s.Raw, Model: "word overlap", Verifier: verify.WordOverlap{}}, nil
	case verifierLLM:
		m, _, err := a.model(ctx)
		if err != nil {
			return eval.NamedVerifier{}, err
		}
		return eval.NamedVerifier{Name: s.Raw, Model: m.Info().Name(), Verifier: verify.NewJudge(m, judge)}, nil
	case verifierNLI:
		c := a.nliClient(s)
		return eval.NamedVerifier{Name: s.Raw, Model: s.URL, Verifier: c}, nil
	}
	return eval.NamedVerifier{}, verity.Errorf(verity.EINVALID, "unknown verifier %q", s.Kind)
}

func (a *app) nliClient(s verifierSpec) *nli.Client {
	return nli.New(nli.Config{BaseURL: s.URL, APIKey: a.getenv("VERITY_NLI_KEY"), Labels: s.Labels,
		Batch: s.Batch, Concurrency: min(max(a.concurrency, 1), 4)})
}
