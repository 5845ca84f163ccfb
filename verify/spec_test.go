package verify

import (
	"fmt"
	"testing"

	"github.com/veritykb/verity"
)

func TestParseSpec(t *testing.T) {
	for _, tt := range []struct {
		in   string
		want Spec
		ok   bool
	}{
		{"offline", Spec{Raw: "offline", Kind: "offline"}, true},
		{"OFFLINE:strict=0.7,broad=0.4", Spec{Raw: "OFFLINE:strict=0.7,broad=0.4", Kind: "offline", Strict: 0.7, Broad: 0.4}, true},
		{"baseline", Spec{Raw: "baseline", Kind: "baseline"}, true},
		{"llm", Spec{Raw: "llm", Kind: "llm"}, true},
		{"nli:http://localhost:8080/", Spec{Raw: "nli:http://localhost:8080/", Kind: "nli", URL: "http://localhost:8080"}, true},
		{"nli:https://nli.corp.example#labels=contradiction,neutral,entailment#batch=8", Spec{
			Raw: "nli:https://nli.corp.example#labels=contradiction,neutral,entailment#batch=8", Kind: "nli",
			URL: "https://nli.corp.example", Labels: []string{"contradiction", "neutral", "entailment"}, Batch: 8}, true},
		{"offline:strict=0.3,broad=0.5", Spec{}, false}, // broad above strict
		{"offline:strict=2", Spec{}, false},
		{"offline:lax=0.5", Spec{}, false},
		{"llm:gpt", Spec{}, false},
		{"nli:", Spec{}, false},
		{"nli:localhost:8080", Spec{}, false},
		{"nli:http://h#batch=0", Spec{}, false},
		{"oracle", Spec{}, false},
	} {
		got, err := ParseSpec(tt.in)
		if (err == nil) != tt.ok {
			t.Errorf("ParseSpec(%q) error %v, want ok %v", tt.in, err, tt.ok)
			continue
		}
		if tt.ok && fmt.Sprint(got) != fmt.Sprint(tt.want) {
			t.Errorf("ParseSpec(%q) = %+v, want %+v", tt.in, got, tt.want)
		}
		if !tt.ok && verity.ErrorCode(err) != verity.EINVALID {
			t.Errorf("ParseSpec(%q) error %v, want invalid input", tt.in, err)
		}
	}
}
