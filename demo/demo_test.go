package demo

import (
	"bytes"
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/kb"
	"github.com/veritykb/verity/llm"
	"github.com/veritykb/verity/offline"
	"github.com/veritykb/verity/sqlite"
)

// corpusService returns the service over a fresh store holding the
// bundled corpus, and the local operator who ingested it.
func corpusService(t *testing.T) (*kb.Service, verity.Caller) {
	t.Helper()
	ctx := context.Background()
	db, err := sqlite.Open(ctx, filepath.Join(t.TempDir(), "demo.db"), sqlite.Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	m := llm.WithMeter(offline.New(offline.Options{}), llm.NewMeter(nil))
	svc := kb.New(db, kb.Options{Models: kb.Fixed(m, offline.NewVerifier(offline.SupportParams{}, nil))})
	op := verity.LocalOperator("demo-test")
	srcs, _, err := Corpus()
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Put(ctx, svc, op, srcs...); err != nil {
		t.Fatal(err)
	}
	return svc, op
}

// TestCorpus reads the bundled corpus: every web page under its URI, the
// handbook, the records, and the warning of the record without an ACL.
func TestCorpus(t *testing.T) {
	srcs, warnings, err := Corpus()
	if err != nil {
		t.Fatal(err)
	}
	ids := map[string]bool{}
	for _, s := range srcs {
		ids[s.ID] = true
	}
	for _, uri := range WebURIs {
		if !ids[uri] {
			t.Errorf("Corpus() lacks the page %s", uri)
		}
	}
	if !ids["handbook.md"] || !ids["CONF-101"] || len(warnings) == 0 {
		t.Errorf("Corpus() = %d sources, warnings %q; want the handbook, CONF-101 and a warning of a record without ACL", len(srcs), warnings)
	}
}

// TestIngestTwice: ingesting the corpus again finds every source
// unchanged, nothing versioned, no metadata update.
func TestIngestTwice(t *testing.T) {
	svc, op := corpusService(t)
	srcs, _, _ := Corpus()
	run, err := Put(context.Background(), svc, op, srcs...)
	if err != nil {
		t.Fatal(err)
	}
	if r := run.Report; r.Created != 0 || r.Unchanged != len(srcs) {
		t.Errorf("Put(corpus) again = %+v, want all %d unchanged", r, len(srcs))
	}
}

// textScreen shows the demo as plain text, naming what each rendering got.
type textScreen struct{ bytes.Buffer }

func (s *textScreen) Excerpt(text string, n int) string { return text }
func (s *textScreen) Results(r *verity.SearchResults) {
	for _, x := range r.Results {
		fmt.Fprintf(s, "result %s\n", x.SourceID)
	}
	fmt.Fprintf(s, "hints %d\n", len(r.Hints))
}
func (s *textScreen) Answer(a *kb.Answer) { fmt.Fprintf(s, "answer %s: %s\n", a.Outcome, a.Text) }
func (s *textScreen) Check(a *kb.Answer)  { fmt.Fprintf(s, "check %s\n", a.Outcome) }
func (s *textScreen) Extract(ctx context.Context, c verity.Caller, req kb.ExtractRequest) error {
	fmt.Fprintf(s, "extract %s\n", req.Spec)
	return nil
}
func (s *textScreen) Summary(sum *kb.Summary) { fmt.Fprintf(s, "summary %s\n", sum.ID) }
func (s *textScreen) ShowSummary(ctx context.Context, c verity.Caller, id string) error {
	fmt.Fprintf(s, "show %s\n", id)
	return nil
}
func (s *textScreen) Revocation(r *kb.RevocationReport, action kb.Action) {
	fmt.Fprintf(s, "revocation %q\n", action)
}
func (s *textScreen) Relocation(r *kb.Relocation) {
	if r != nil {
		fmt.Fprintf(s, "relocation %d moved %d gone %d back\n", r.Moved, r.Gone, r.Back)
	}
}

// TestRun runs the whole script twice over one store with the offline
// engine: every section runs, the hidden HR record is only hinted at
// until HR asks, and the store ends as it began, so the second run shows
// the same.
func TestRun(t *testing.T) {
	svc, op := corpusService(t)
	var runs []string
	for range 2 {
		var screen textScreen
		s := &Script{KB: svc, Operator: op, Screen: &screen}
		ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
		if err := s.Run(ctx); err != nil {
			t.Fatal(err)
		}
		cancel()
		runs = append(runs, screen.String())
	}
	out := runs[0]
	for _, want := range []string{"### 1. Search under the caller's rights", "### 6. New versions", "hints 1", "result CONF-103",
		"found (", "not found: the gate rejects it", "answer answered", "check ", "extract bitrix24-ru", "revocation \"revoke\"",
		"revocation \"\"", "relocation 1 moved 1 gone 0 back", "relocation 1 moved 0 gone 1 back"} {
		if !strings.Contains(out, want) {
			t.Errorf("the demo's run lacks %q:\n%s", want, out)
		}
	}
	if _, public, _ := strings.Cut(out, "== Search 3."); strings.Contains(strings.SplitN(public, "== Search 4.", 2)[0], "CONF-103") {
		t.Errorf("a public search shows the HR record:\n%s", public)
	}
	if strip(runs[0]) != strip(runs[1]) {
		t.Errorf("the second run differs from the first:\n%s\n---\n%s", runs[0], runs[1])
	}
}

// strip drops what differs between two runs of the demo: the ids of
// summaries and events, and the news page's version.
func strip(s string) string {
	var out []string
	for _, l := range strings.Split(s, "\n") {
		if !strings.HasPrefix(l, "summary ") && !strings.HasPrefix(l, "show ") && !strings.Contains(l, "verity undo") &&
			!strings.Contains(l, "--show sum-") && !strings.Contains(l, ", now v") {
			out = append(out, l)
		}
	}
	return strings.Join(out, "\n")
}
