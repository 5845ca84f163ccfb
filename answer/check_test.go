package answer_test

import (
	"context"
	"os"
	"strings"
	"testing"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/answer"
	"github.com/veritykb/verity/receipt/receipttest"
)

var checkDocs = []answer.Document{
	{Title: "Backup policy", Text: "Database backups run every night at 02:00. Backups are kept for at least 30 days; monthly snapshots are kept for 12 months."},
	{Title: "VPN", Text: "The VPN was down on 3 March for 2 hours because its certificate expired. The certificate now renews automatically 30 days before it expires."},
}

func TestCheckPlainAnswer(t *testing.T) {
	m := script(t, nil)
	svc := newService(nil, m, answer.Options{})
	sub := answer.Submission{
		Text: "Here is what I found:\nBackups are kept for at least 30 days [1]. The VPN certificate now renews automatically [2]. " +
			"Backups are encrypted with AES [1]. Acme has 9000 employees [3]. Database backups run every night.",
		Documents: checkDocs,
	}
	a, err := svc.Check(context.Background(), sub, public, receipttest.View(context.Background(), nil, public))
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]answer.Claim{}
	for _, c := range a.Claims {
		got[c.Claim] = c
	}
	c, ok := got["Backups are kept for at least 30 days."]
	if !ok || len(c.Citations) != 1 || c.Citations[0].N != 1 || c.Citations[0].Quote == nil {
		t.Fatalf("claims = %s, want the backup claim cited to [1] with a quote", asJSON(t, a.Claims))
	}
	q := c.Citations[0].Quote
	if checkDocs[0].Text[q.Start:q.End] != q.Text || !strings.Contains(q.Text, "at least 30 days") {
		t.Errorf("quote %+v is not the span of document 1 holding the claim", q)
	}
	if u, ok := got["Database backups run every night."]; !ok || !u.Uncited || u.Citations[0].N != 1 {
		t.Errorf("the uncited claim = %s, want support found in document 1", asJSON(t, u))
	}
	reasons := map[string]string{}
	for _, u := range a.Unverified {
		reasons[u.Claim] = u.Reason
	}
	if r := reasons["Backups are encrypted with AES."]; !strings.Contains(r, "not supported") {
		t.Errorf("AES claim reason = %q", r)
	}
	if r := reasons["Acme has 9000 employees."]; !strings.Contains(r, "[3]") {
		t.Errorf("out-of-range claim reason = %q", r)
	}
	if _, ok := reasons["Here is what I found:"]; ok {
		t.Errorf("a lead-in was checked as a claim")
	}
	if !strings.Contains(a.Annotated, `30 days [1]. [source 1: "Backups are kept for at least 30 days; monthly snapshots are kept for 12 months."]`) {
		t.Errorf("annotated text = %q, want the quote injected after the claim", a.Annotated)
	}
	if !strings.Contains(a.Annotated, "AES [1]. [unverified: ") {
		t.Errorf("annotated text = %q, want the unverified claim marked", a.Annotated)
	}
	if a.Mode != answer.ModeCheck || a.Outcome != answer.Answered || a.Text != sub.Text {
		t.Errorf("mode %s outcome %s text %q", a.Mode, a.Outcome, a.Text)
	}
}

func TestCheckAnthropicCitations(t *testing.T) {
	data, err := os.ReadFile("testdata/anthropic_check.json")
	if err != nil {
		t.Fatal(err)
	}
	sub, err := answer.ParseSubmission(data)
	if err != nil {
		t.Fatal(err)
	}
	if len(sub.Documents) != 2 || len(sub.Citations) != 2 {
		t.Fatalf("ParseSubmission: %d documents, %d citations, want 2 and 2", len(sub.Documents), len(sub.Citations))
	}
	a, err := newService(nil, script(t, nil), answer.Options{}).Check(context.Background(), sub, public, receipttest.View(context.Background(), nil, public))
	if err != nil {
		t.Fatal(err)
	}
	if len(a.Claims) != 1 {
		t.Fatalf("claims = %s, want the backup claim only", asJSON(t, a))
	}
	c := a.Claims[0]
	if c.VerbatimQuote != "Backups are kept for at least 30 days" || c.Citations[0].Quote.Kind != "exact" {
		t.Errorf("quote = %q (%s), want the cited_text located exactly", c.VerbatimQuote, c.Citations[0].Quote.Kind)
	}
	if c.DistortionRisk != answer.RiskHigh {
		t.Errorf("risk = %s %q, want high: the claim drops \"at least\"", c.DistortionRisk, c.DistortionReasons)
	}
	if !strings.Contains(a.Annotated, `[source 1: "Backups are kept for at least 30 days"]`) {
		t.Errorf("annotated = %q", a.Annotated)
	}
	if len(a.Unverified) != 1 || !strings.HasPrefix(a.Unverified[0].Claim, "The VPN certificate renews every week") {
		t.Errorf("unverified = %s, want the VPN claim", asJSON(t, a.Unverified))
	}
}

func TestCheckAgainstTheStore(t *testing.T) {
	db := openStore(t, corpus)
	svc := newService(db, script(t, nil), answer.Options{})
	ctx := context.Background()

	// No documents: claims are looked up in the store under the caller's rights.
	sub := answer.Submission{Text: "Backups are kept for at least 30 days. The purchasing department loses 7 people in 2027."}
	a, err := svc.Check(ctx, sub, staff, receipttest.View(ctx, db, staff))
	if err != nil {
		t.Fatal(err)
	}
	if len(a.Claims) != 1 || a.Claims[0].Citations[0].SourceID != "KB-1" {
		t.Fatalf("claims = %s, want the backup claim found in KB-1", asJSON(t, a.Claims))
	}
	if l := leaks(asJSON(t, a), hiddenHR); len(l) > 0 {
		t.Errorf("check leaks %q of the hidden record", l)
	}

	// A named source the caller may not read is reported as missing.
	_, errHidden := svc.Check(ctx, answer.Submission{Text: "Staff cuts are planned [1].", Documents: []answer.Document{{SourceID: "HR-9"}}}, staff, receipttest.View(ctx, db, staff))
	_, errMissing := svc.Check(ctx, answer.Submission{Text: "Staff cuts are planned [1].", Documents: []answer.Document{{SourceID: "NOPE-1"}}}, staff, receipttest.View(ctx, db, staff))
	if verity.ErrorCode(errHidden) != verity.ENOTFOUND || verity.ErrorCode(errMissing) != verity.ENOTFOUND {
		t.Fatalf("hidden: %v, missing: %v; want ENOTFOUND for both", errHidden, errMissing)
	}
	if strings.ReplaceAll(errHidden.Error(), "HR-9", "X") != strings.ReplaceAll(errMissing.Error(), "NOPE-1", "X") {
		t.Errorf("a hidden source is told apart from a missing one: %q vs %q", errHidden, errMissing)
	}
}

func TestParseSubmission(t *testing.T) {
	tests := []struct {
		name, in string
		text     string
		docs     int
		code     string
	}{
		{"plain text", "Backups run nightly [1].\n", "Backups run nightly [1].\n", 0, ""},
		{"verity format", `{"answer": "X [1].", "documents": [{"title": "A", "text": "X."}, {"source_id": "KB-1"}]}`, "X [1].", 2, ""},
		{"anthropic bare", `{"content": [{"type": "text", "text": "X "}, {"type": "text", "text": "is true.", "citations": [{"type": "char_location", "cited_text": "X is true", "document_index": 0}]}]}`, "X is true.", 0, ""},
		{"wrapped with request documents", `{"request": {"messages": [{"role": "user", "content": [{"type": "document", "title": "D", "source": {"type": "text", "media_type": "text/plain", "data": "X is true."}}, {"type": "text", "text": "Is X true?"}]}]},
			"response": {"content": [{"type": "text", "text": "Yes.", "citations": [{"type": "char_location", "cited_text": "X is true.", "document_index": 0}]}]}}`, "Yes.", 1, ""},
		{"citation past the documents", `{"documents": [{"text": "a"}], "response": {"content": [{"type": "text", "text": "Yes.", "citations": [{"cited_text": "a", "document_index": 3}]}]}}`, "", 0, verity.EINVALID},
		{"pdf document", `{"request": {"messages": [{"role": "user", "content": [{"type": "document", "source": {"type": "base64", "data": "JVBER"}}]}]}, "response": {"content": [{"type": "text", "text": "Y."}]}}`, "", 0, verity.EINVALID},
		{"broken JSON", `{"answer": `, "", 0, verity.EINVALID},
		{"unknown object", `{"text": "X"}`, "", 0, verity.EINVALID},
		{"empty", "  \n", "", 0, verity.EINVALID},
		{"not UTF-8", "\xff\xfe", "", 0, verity.EINVALID},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			sub, err := answer.ParseSubmission([]byte(tt.in))
			if verity.ErrorCode(err) != tt.code {
				t.Fatalf("ParseSubmission(%q) error = %v, want code %q", tt.in, err, tt.code)
			}
			if err != nil {
				return
			}
			if sub.Text != tt.text || len(sub.Documents) != tt.docs {
				t.Errorf("ParseSubmission(%q) = text %q, %d documents; want %q, %d", tt.in, sub.Text, len(sub.Documents), tt.text, tt.docs)
			}
		})
	}
}

// FuzzParseSubmission: any bytes give a submission or an EINVALID error,
// never a panic, and citations always point into the text.
func FuzzParseSubmission(f *testing.F) {
	for _, s := range []string{`{"answer": "X [1]"}`, `{"content": [{"type": "text", "text": "a", "citations": [{"document_index": 0}]}]}`, "plain [1]", `{"response": {}}`, `{}`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		sub, err := answer.ParseSubmission(data)
		if err != nil {
			if verity.ErrorCode(err) != verity.EINVALID {
				t.Fatalf("ParseSubmission(%q) = %v, want EINVALID", data, err)
			}
			return
		}
		for _, c := range sub.Citations {
			if c.AnswerStart < 0 || c.AnswerEnd > len(sub.Text) || c.AnswerStart > c.AnswerEnd || c.Document < 0 {
				t.Fatalf("ParseSubmission(%q): citation %+v outside the text (%d bytes)", data, c, len(sub.Text))
			}
		}
	})
}
