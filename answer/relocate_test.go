package answer_test

import (
	"context"
	"strings"
	"testing"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/analysis"
	"github.com/veritykb/verity/answer"
	"github.com/veritykb/verity/ingest"
	"github.com/veritykb/verity/receipt/receipttest"
	"github.com/veritykb/verity/relocate"
	"github.com/veritykb/verity/sqlite"
)

// fixedStamp is the store with an answer stamp that never changes, so that
// only the liveness of an answer's statements decides whether the cache
// serves it (the real stamp also changes with every new version).
type fixedStamp struct{ *sqlite.DB }

func (fixedStamp) AnswerStamp(context.Context) (string, error) { return "fixed", nil }

// TestStatementFollowsItsQuoteAcrossVersions: a statement whose only source
// gets a new version without the quoted words dies, and its cached answer
// is not served; the words coming back revive it, and the cache serves it
// again.
func TestStatementFollowsItsQuoteAcrossVersions(t *testing.T) {
	ctx := context.Background()
	db := openStore(t, corpus)
	store := fixedStamp{db}
	const words = "Backups are kept for at least 30 days"
	m := script(t, func(v draftVars) string {
		if n := docByTitle(v.Documents, "Backup policy"); n > 0 {
			return statements(st("Backups are kept for at least 30 days.", []int{n}, words))
		}
		return statements()
	})
	ask := func() *answer.Answer {
		t.Helper()
		a, err := newService(store, m, answer.Options{}).Ask(ctx, "How long are backups kept?", public, receipttest.View(ctx, store, public))
		if err != nil {
			t.Fatal(err)
		}
		return a
	}
	first := ask()
	if first.Outcome != answer.Answered || len(first.Claims) != 1 || first.Claims[0].Citations[0].Quote == nil {
		t.Fatalf("Ask = %s, want one claim quoting KB-1", asJSON(t, first))
	}
	stmt := first.Claims[0].Record
	state := func() verity.RecordState {
		t.Helper()
		rec, err := db.Record(ctx, stmt)
		if err != nil {
			t.Fatal(err)
		}
		return rec.State
	}
	v1, err := db.Source(ctx, "KB-1")
	if err != nil {
		t.Fatal(err)
	}
	version := func(text string) *relocate.Report {
		t.Helper()
		src := *v1
		src.Text, src.UpdatedAt = text, src.UpdatedAt.AddDate(0, 0, 1+src.Version)
		out, err := db.PutSource(ctx, &src, ingest.Chunks(&src, analysis.DefaultChunkOptions))
		if err != nil || out != verity.PutNewVersion {
			t.Fatalf("PutSource = %s, %v; want a new version", out, err)
		}
		rep, err := relocate.Source(ctx, db, &src, verity.Actor{})
		if err != nil {
			t.Fatal(err)
		}
		return rep
	}

	dropped := strings.Replace(v1.Text, words, "Backups are kept for a week", 1)
	rep := version(dropped)
	if rep.Gone != 1 || len(rep.Retracted) != 1 || rep.Retracted[0] != verity.RecordRef(stmt) {
		t.Fatalf("relocate.Source(KB-1 v2) = %s, want its quote gone and %s retracted", asJSON(t, rep), stmt)
	}
	if s := state(); s != verity.StateDead {
		t.Fatalf("after KB-1 v2 dropped the quote the statement is %s, want dead", s)
	}

	// The words come back, a paragraph further down: the statement revives
	// and, the stamp being fixed, the cached answer is served again.
	back := version("# Backup policy\n\nUpdated for 2027.\n\n" + v1.Text[len("# Backup policy\n\n"):])
	if back.Back != 1 || len(back.Restored) != 1 {
		t.Fatalf("relocate.Source(KB-1 v3) = %s, want the quote back and the statement restored", asJSON(t, back))
	}
	if s := state(); s != verity.StateAlive {
		t.Fatalf("after KB-1 v3 restored the quote the statement is %s, want alive", s)
	}
	if again := ask(); !again.Cached {
		t.Errorf("Ask with the statement alive: cached=%v, want the cached answer", again.Cached)
	}

	// Dropped again: the cache must not serve an answer resting on it.
	version(dropped)
	if s := state(); s != verity.StateDead {
		t.Fatalf("after KB-1 v4 dropped the quote again the statement is %s, want dead", s)
	}
	after := ask()
	if after.Cached {
		t.Fatalf("Ask after the quote left KB-1: served from the cache, want it answered afresh")
	}
	for _, c := range after.Claims {
		for _, cit := range c.Citations {
			if cit.Quote != nil && cit.Quote.Text == words {
				t.Errorf("Ask after the quote left KB-1 still quotes %q: %s", words, asJSON(t, after))
			}
		}
	}
}
