package entitybench_test

import (
	"context"
	"path/filepath"
	"testing"
	"time"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/eval"
	"github.com/veritykb/verity/eval/entitybench"
	"github.com/veritykb/verity/kb"
	"github.com/veritykb/verity/llm"
	"github.com/veritykb/verity/offline"
	"github.com/veritykb/verity/sqlite"
)

// TestRun extracts a small generated corpus through the service layer with
// the offline engine, as verity eval entities does, and checks the report
// accounts for every company and that a company named on pages in
// different forms is still one node (issue 32).
func TestRun(t *testing.T) {
	ctx := context.Background()
	now := func() time.Time { return time.Date(2026, 12, 1, 0, 0, 0, 0, time.UTC) }
	m := offline.New(offline.Options{})
	w := eval.Wiring{
		Scratch: func(ctx context.Context, name string, srcs []*verity.Source) (eval.Scratch, func(), time.Duration, error) {
			db, err := sqlite.Open(ctx, filepath.Join(t.TempDir(), name+".db"), sqlite.Options{Now: now})
			if err != nil {
				return nil, nil, 0, err
			}
			took, err := eval.Fill(ctx, db, srcs, nil)
			return db, func() { db.Close() }, took, err
		},
		Model: func(context.Context) (llm.Model, *llm.Meter, error) { return m, nil, nil },
		Now:   now,
	}
	service := func(db eval.Scratch) (*kb.Service, error) {
		return kb.New(db.(kb.Store), kb.Options{Now: now, Models: kb.Models{Model: func(context.Context) (llm.Model, error) { return m, nil }}}), nil
	}
	rep, err := entitybench.Run(ctx, w, service, entitybench.Options{News: eval.NewsOptions{Pages: 80, Distractors: 16, Seed: 5}})
	if err != nil {
		t.Fatal(err)
	}
	all := rep.All
	if all.Companies == 0 || all.OneNode+all.Split+all.Missing != all.Companies || all.Pages != 80-16 || all.Distractors != 16 {
		t.Fatalf("Run = %+v: companies and pages not all accounted for", all)
	}
	if all.OneNode == 0 || rep.Parts[0].Split != 0 || all.DistractIn != 0 {
		t.Errorf("Run = %+v, want companies found, none split on the tuned templates, no distractor", rep.Parts)
	}
}
