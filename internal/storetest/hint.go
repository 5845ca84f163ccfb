package storetest

import (
	"context"
	"testing"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/analysis"
	"github.com/veritykb/verity/ingest"
)

// board is a record the public may not read, whose title holds words its
// text does not.
func board() *verity.Source {
	return &verity.Source{ID: "board-q3", URI: "file:///board-q3", System: "boardroom", Title: "Q3 results", Author: "user:ceo@corp.example",
		ACL: []verity.Principal{"group:board"}, Text: "Revenue was 900 million rubles; the merger with Oblako closes in May."}
}

// hints searches as the public and returns the hints.
func hints(t *testing.T, db Store, q string) []verity.Hint {
	t.Helper()
	return search(t, db, q, verity.NewCaller()).Hints
}

// A hint needs two distinct terms of the query in the hidden record's own
// text: a one-word probe, or words only its title holds, learn nothing
// (issue 29's word oracle).
func testHintNeedsTwoTerms(t *testing.T, open Opener) {
	db := open(t, "")
	put(t, db, doc("pub", "The canteen menu for May.", verity.Public))
	put(t, db, board())
	want := verity.Hint{System: "boardroom", Author: "ceo@corp.example"}
	for _, q := range []string{"900", "Q3", "revenue", "Q3 results", "results of the Q3", "900 900 900", "merger merge"} {
		if got := hints(t, db, q); len(got) != 0 {
			t.Errorf("hints(%q) = %v, want none: fewer than two distinct terms of the query are in the text", q, got)
		}
	}
	for _, q := range []string{"revenue 900", "Q3 revenue 900", "merger Oblako", "when does the merger with Oblako close"} {
		if got := hints(t, db, q); len(got) != 1 || got[0] != want {
			t.Errorf("hints(%q) = %v, want %v", q, got, want)
		}
	}
}

// An undiscoverable source, or any source of an undiscoverable system,
// gives no hint; a put that does not say keeps the stored setting.
func testUndiscoverable(t *testing.T, open Opener) {
	ctx := context.Background()
	db := open(t, "")
	const q = "revenue 900 merger"
	src := board()
	src.Discoverable = new(bool)
	put(t, db, src)
	if got := hints(t, db, q); len(got) != 0 {
		t.Errorf("hints of an undiscoverable source = %v, want none", got)
	}
	stored, err := db.Source(ctx, src.ID)
	if err != nil || stored.Discoverable == nil || *stored.Discoverable {
		t.Fatalf("Source = %+v, %v; want discoverable false", stored, err)
	}
	// A re-ingest without the field (a sync that does not know it) keeps it.
	src = board()
	src.Text += " Updated."
	if out := put(t, db, src); out != verity.PutNewVersion || len(hints(t, db, q)) != 0 {
		t.Errorf("re-put without discoverable = %s, hints %v; want a new version and still no hint", out, hints(t, db, q))
	}
	yes := true
	src.Discoverable = &yes
	puts := []*verity.SourcePut{{Source: src, Chunks: ingest.Chunks(src, analysis.DefaultChunkOptions)}}
	if err := db.PutSources(ctx, puts); err != nil || puts[0].Outcome != verity.PutMetadata || !puts[0].Change.Has(verity.FieldDiscoverable) {
		t.Fatalf("put discoverable = %s %+v, %v; want a metadata change of discoverable", puts[0].Outcome, puts[0].Change, err)
	}
	if got := hints(t, db, q); len(got) != 1 {
		t.Errorf("hints once discoverable = %v, want one", got)
	}
	if hidden, err := db.UndiscoverableSources(ctx, []string{src.ID, "missing"}); err != nil || len(hidden) != 0 {
		t.Errorf("UndiscoverableSources = %v, %v; want none", hidden, err)
	}

	// A whole system, before and after its sources arrive.
	if changed, err := db.SetSystemDiscoverable(ctx, "boardroom", false, "user:admin@corp.example"); err != nil || !changed {
		t.Fatalf("SetSystemDiscoverable = %v, %v", changed, err)
	}
	if changed, _ := db.SetSystemDiscoverable(ctx, "boardroom", false, "user:admin@corp.example"); changed {
		t.Error("setting undiscoverable twice changed something")
	}
	db.SetSystemDiscoverable(ctx, "vault", false, "user:admin@corp.example")
	if got := hints(t, db, q); len(got) != 0 {
		t.Errorf("hints of an undiscoverable system = %v, want none", got)
	}
	// New sources, stored together (the batch path), one undiscoverable.
	a, b := board(), board()
	a.ID, a.URI, a.System = "a", "file:///a", "minutes"
	b.ID, b.URI, b.System, b.Discoverable = "b", "file:///b", "minutes", new(bool)
	puts = []*verity.SourcePut{{Source: a, Chunks: ingest.Chunks(a, analysis.DefaultChunkOptions)}, {Source: b, Chunks: ingest.Chunks(b, analysis.DefaultChunkOptions)}}
	if err := db.PutSources(ctx, puts); err != nil {
		t.Fatal(err)
	}
	if got := hints(t, db, q); len(got) != 1 || got[0].System != "minutes" {
		t.Errorf("hints = %v, want minutes' alone", got)
	}
	systems, err := db.Systems(ctx)
	if err != nil {
		t.Fatal(err)
	}
	want := []verity.System{
		{Name: "boardroom", Sources: 1, SetBy: "user:admin@corp.example", SetAt: Clock},
		{Name: "minutes", Sources: 2, UndiscoverableSources: 1, Discoverable: true},
		{Name: "vault", SetBy: "user:admin@corp.example", SetAt: Clock},
	}
	if len(systems) != len(want) {
		t.Fatalf("Systems = %+v, want %+v", systems, want)
	}
	for i := range want {
		if systems[i] != want[i] {
			t.Errorf("system %d = %+v, want %+v", i, systems[i], want[i])
		}
	}
	if changed, err := db.SetSystemDiscoverable(ctx, "boardroom", true, "user:admin@corp.example"); err != nil || !changed {
		t.Fatalf("SetSystemDiscoverable(true) = %v, %v", changed, err)
	}
	if got := hints(t, db, q); len(got) != 2 {
		t.Errorf("hints once boardroom is discoverable = %v, want boardroom's and minutes'", got)
	}
}

// The hint budget's counts add up per principal and hour, across writers,
// and hours before the previous one are forgotten.
func testHintQueries(t *testing.T, open Opener) {
	ctx := context.Background()
	db := open(t, "")
	const hour = 493_000
	if err := db.AddHintQueries(ctx, hour, map[string]int64{"user:a@x": 3, "user:b@x": 1}); err != nil {
		t.Fatal(err)
	}
	if err := db.AddHintQueries(ctx, hour, map[string]int64{"user:a@x": 2}); err != nil {
		t.Fatal(err)
	}
	got, err := db.HintQueries(ctx, []string{"user:a@x", "user:b@x", "user:c@x"}, hour)
	if err != nil || got["user:a@x"] != 5 || got["user:b@x"] != 1 || len(got) != 2 {
		t.Errorf("HintQueries = %v, %v; want a 5 and b 1", got, err)
	}
	db.AddHintQueries(ctx, hour+1, map[string]int64{"user:a@x": 1})
	if got, _ := db.HintQueries(ctx, []string{"user:a@x"}, hour); got["user:a@x"] != 5 {
		t.Errorf("the previous hour = %v, want kept", got)
	}
	db.AddHintQueries(ctx, hour+2, map[string]int64{"user:a@x": 1})
	if got, _ := db.HintQueries(ctx, []string{"user:a@x"}, hour); len(got) != 0 {
		t.Errorf("two hours before = %v, want forgotten", got)
	}
}
