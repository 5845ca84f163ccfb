package audit_test

import (
	"testing"

	"github.com/veritykb/verity/audit"
)

// FuzzLabel: whatever a model replies, Label gives yes, no, or no label
// with a reason — never a label and a reason, never anything else.
func FuzzLabel(f *testing.F) {
	for _, s := range []string{
		`{"answer": "yes", "sources": [1]}`,
		"```json\n{\"answer\": \"no\", \"sources\": []}\n```",
		`{"answer": "maybe", "sources": []}`,
		`{"conclusions": ["Acme uses Bitrix24."]}`,
		`Sure! {"answer": "yes"}`,
		`{"conclusions": null}`,
		``, `[`, `{"answer": 1}`,
	} {
		f.Add(s, "Acme uses Bitrix24.", false)
		f.Add(s, "Acme uses Bitrix24.", true)
	}
	f.Fuzz(func(t *testing.T, answer, text string, blind bool) {
		task := audit.TaskRegenerate
		if blind {
			task = audit.TaskBlind
		}
		label, reason := audit.Label(task, answer, text, nil)
		switch {
		case label == "" && reason == "":
			t.Fatalf("Label(%q) = no label and no reason", answer)
		case label != "" && reason != "":
			t.Fatalf("Label(%q) = %q with reason %q", answer, label, reason)
		case label != "" && label != audit.Yes && label != audit.No:
			t.Fatalf("Label(%q) = %q, want yes or no", answer, label)
		}
	})
}
