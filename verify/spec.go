package verify

import (
	"net/url"
	"strconv"
	"strings"

	"github.com/veritykb/verity"
)

// Kinds of verifier a [Spec] names.
const (
	KindOffline  = "offline"  // the offline verifier: lexical checks and a calibrated score
	KindBaseline = "baseline" // word overlap, what every verifier is measured beside
	KindLLM      = "llm"      // verify.Judge over --model
	KindNLI      = "nli"      // an NLI model served with TEI's wire format
)

// Spec is a verifier named by a spec string, as --verifier and
// VERITY_VERIFIER take it (a model is named by an llm.ProviderSpec):
//
//	offline[:strict=P,broad=P]
//	baseline
//	llm
//	nli:URL[#labels=entailment,neutral,contradiction][#batch=N]
type Spec struct {
	Raw    string   `json:"spec"`
	Kind   string   `json:"kind"`
	URL    string   `json:"url,omitempty"`
	Labels []string `json:"labels,omitempty"`
	Batch  int      `json:"batch,omitempty"`
	Strict float64  `json:"strict,omitempty"`
	Broad  float64  `json:"broad,omitempty"`
}

// ParseSpec reads a verifier spec; a malformed one is EINVALID, with the
// forms it may take.
func ParseSpec(raw string) (Spec, error) {
	s := Spec{Raw: strings.TrimSpace(raw)}
	kind, rest, _ := strings.Cut(s.Raw, ":")
	s.Kind = strings.ToLower(kind)
	bad := func(format string, args ...any) (Spec, error) {
		return Spec{}, verity.Errorf(verity.EINVALID, "verifier %q: "+format+" (want offline, offline:strict=P,broad=P, baseline, llm or nli:URL)", append([]any{raw}, args...)...)
	}
	switch s.Kind {
	case KindBaseline, KindLLM:
		if rest != "" {
			return bad("%s takes no options", s.Kind)
		}
	case KindOffline:
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
	case KindNLI:
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
