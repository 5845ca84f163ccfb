package render

import (
	"bytes"
	"strings"
	"testing"

	"github.com/veritykb/verity/answer"
)

// TestCheckHeaderNamesTheVerifier: the header of a checked answer names the
// verifier that judged its claims (an NLI service here), not the model.
func TestCheckHeaderNamesTheVerifier(t *testing.T) {
	var b bytes.Buffer
	Check(&b, &answer.Answer{Mode: answer.ModeCheck, Model: "offline", Verifier: "nli xnli-test", Policy: answer.Strict,
		Claims: []answer.Claim{}, Unverified: []answer.Unverified{}})
	if got := b.String(); !strings.Contains(got, "(verifier nli xnli-test, strict policy)") || strings.Contains(got, "verifier offline") {
		t.Errorf("Check header = %q, want the NLI verifier named", got)
	}
}
