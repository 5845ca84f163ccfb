package kb_test

import (
	"context"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/kb"
	"github.com/veritykb/verity/kb/kbtest"
	"github.com/veritykb/verity/sqlite"
)

// clock is a test's time, moved by hand.
type clock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *clock) now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.t }
func (c *clock) add(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = c.t.Add(d)
}

// TestHintsCannotBeMined reproduces issue 29's word oracle through the
// service: a caller who reads nothing of the board's minutes learned from
// hints, one word at a time, which words occur in them. Now a one-word
// probe, or words of a title alone, give no hint; a question that shares
// two words with the minutes does, until the minutes' system is made
// undiscoverable.
func TestHintsCannotBeMined(t *testing.T) {
	ctx := context.Background()
	s := build(t).open(t, true)
	eve := verity.NewCaller("user:eve@corp.example", "group:staff")
	want := verity.Hint{System: verity.SystemWeb, Author: "chair@corp.example"}
	for _, q := range []string{"zephyrine", "minutes", "board minutes", "zephyrine zephyrine"} {
		res, err := s.Search(ctx, eve, kb.SearchRequest{Query: q, K: 10})
		if err != nil {
			t.Fatal(err)
		}
		if len(res.Hints) != 0 {
			t.Errorf("search %q: hints %v, want none (fewer than two of its words in a hidden page's text)", q, res.Hints)
		}
	}
	res, err := s.Search(ctx, eve, kb.SearchRequest{Query: "zephyrine merger", K: 10})
	if err != nil || len(res.Hints) != 1 || res.Hints[0] != want {
		t.Fatalf("search two words of the minutes: %+v, %v; want the hint %+v", res, err, want)
	}
	if _, err := s.SetDiscoverable(ctx, eve, verity.SystemWeb, false); verity.ErrorCode(err) != verity.EFORBIDDEN {
		t.Errorf("a reader sets a system undiscoverable: %v, want forbidden", err)
	}
	if _, err := s.SetDiscoverable(ctx, verity.LocalOperator("test"), verity.SystemWeb, false); err != nil {
		t.Fatal(err)
	}
	if res, _ := s.Search(ctx, eve, kb.SearchRequest{Query: "zephyrine merger", K: 10}); len(res.Hints) != 0 {
		t.Errorf("with the system undiscoverable: hints %v, want none", res.Hints)
	}
}

// TestHintBudget: every search counts against its principal's hourly
// budget, whatever it finds; past it, answers come without hints and the
// metric counts them; servers on one store share the count, each adding
// its own at most once a second; the next hour starts again.
func TestHintBudget(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "kb.db")
	if err := kbtest.Copy(build(t).path, path); err != nil {
		t.Fatal(err)
	}
	clk := &clock{t: t0}
	open := func() *kb.Service {
		db, err := sqlite.Open(ctx, path, sqlite.Options{Now: clk.now})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { db.Close() })
		return kb.New(db, kb.Options{Now: clk.now, Models: kb.Fixed(engine, judge), HintBudget: 3})
	}
	a, b := open(), open()
	eve := verity.NewCaller("user:eve@corp.example", "group:staff")
	// Eve's second token acts as the same principal: the budget is hers.
	eve2 := verity.NewCaller("user:eve@corp.example").WithToken("second")
	ann := verity.NewCaller("user:ann@corp.example")
	hints := func(s *kb.Service, c verity.Caller, q string) int {
		t.Helper()
		res, err := s.Search(ctx, c, kb.SearchRequest{Query: q, K: 10})
		if err != nil {
			t.Fatal(err)
		}
		return len(res.Hints)
	}
	// Three searches, one of which finds nothing hidden: all count.
	if hints(a, eve, "zephyrine merger") != 1 || hints(a, eve, "deploy checklist") != 0 || hints(a, eve2, "zephyrine merger") != 1 {
		t.Fatal("within the budget: want the hint")
	}
	if n := hints(a, eve, "zephyrine merger"); n != 0 || a.HintsWithheld() != 1 {
		t.Errorf("the fourth search: %d hints, %d withheld; want none and 1", n, a.HintsWithheld())
	}
	if hints(a, ann, "zephyrine merger") != 1 {
		t.Error("another principal lost its hints")
	}
	// Another server on the same store sees eve's searches once the first
	// has written them (at most a second later).
	clk.add(1100 * time.Millisecond)
	if hints(a, ann, "zephyrine merger") != 1 {
		t.Error("ann's second search: want the hint")
	}
	if n := hints(b, eve, "zephyrine merger"); n != 0 || b.HintsWithheld() != 1 {
		t.Errorf("eve on the second server: %d hints, %d withheld; want none: the budget is the store's", n, b.HintsWithheld())
	}
	clk.add(time.Hour)
	if hints(b, eve, "zephyrine merger") != 1 {
		t.Error("the next hour: want the hint again")
	}
	// Ask counts too, and comes without hints past the budget.
	ask := func() []verity.Hint {
		t.Helper()
		ans, err := b.Ask(ctx, eve, kb.AskRequest{Question: "What did the zephyrine merger plan say?", Fresh: true, NoRecord: true})
		if err != nil {
			t.Fatal(err)
		}
		return ans.Hints
	}
	if got := ask(); len(got) != 1 {
		t.Errorf("ask within the budget: hints %v, want the minutes'", got)
	}
	if got := ask(); len(got) != 1 {
		t.Errorf("ask at the budget: hints %v, want the minutes'", got)
	}
	if got := ask(); len(got) != 0 {
		t.Errorf("ask past the budget: hints %v, want none", got)
	}
	if err := b.FlushHints(ctx); err != nil {
		t.Fatal(err)
	}
}

// TestPlainNameAuthor: a connector's record whose author is a plain name
// ("Иван Петров") is stored, not refused, with a warning; a caller who may
// not read it gets a hint with its system and no contact (seed 004: where
// the author is not matched to a user, the hint silently leaves it out).
func TestPlainNameAuthor(t *testing.T) {
	ctx := context.Background()
	s := build(t).open(t, true)
	line := `{"id":"HR-9","uri":"https://wiki.corp.example/hr/9","system":"confluence","title":"Премии","author":"Иван Петров","acl":["group:hr"],"text":"Квартальные премии отдела продаж выплачиваются в апреле."}` + "\n"
	rep, err := s.Ingest(ctx, local, kb.IngestRequest{Body: strings.NewReader(line), Format: "jsonl"})
	if err != nil {
		t.Fatal(err)
	}
	if rep.Created != 1 || len(rep.Failed) != 0 || len(rep.Warnings) != 1 || !strings.Contains(rep.Warnings[0], "without an author") {
		t.Fatalf("ingest a record by a plain name: created %d, failed %+v, warnings %q; want it stored with one warning", rep.Created, rep.Failed, rep.Warnings)
	}
	res, err := s.Search(ctx, reader, kb.SearchRequest{Query: "квартальные премии продаж", K: 10})
	if err != nil {
		t.Fatal(err)
	}
	want := verity.Hint{System: verity.SystemConfluence}
	if len(res.Hints) != 1 || res.Hints[0] != want {
		t.Errorf("search by a reader outside group:hr: hints %+v, want %+v (system, no contact)", res.Hints, want)
	}
}
