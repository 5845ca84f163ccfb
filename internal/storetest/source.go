package storetest

import (
	"context"
	"errors"
	"github.com/google/go-cmp/cmp"
	"strings"
	"testing"
	"time"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/analysis"
	"github.com/veritykb/verity/ingest"
)

func put(t testing.TB, db Store, src *verity.Source) verity.PutOutcome {
	t.Helper()
	out, err := db.PutSource(context.Background(), src, ingest.Chunks(src, analysis.DefaultChunkOptions))
	if err != nil {
		t.Fatalf("PutSource(%s): %v", src.ID, err)
	}
	return out
}

func doc(id, text string, acl ...verity.Principal) *verity.Source {
	return &verity.Source{ID: id, URI: "file:///" + id, System: "file", Title: strings.ToUpper(id), ACL: acl, Text: text}
}

func testPutSourceVersions(t *testing.T, open Opener) {
	ctx := context.Background()
	db := open(t, "")
	if got := put(t, db, doc("a", "First text about apples.", verity.Public)); got != verity.PutCreated {
		t.Fatalf("first put = %s, want created", got)
	}
	if got := put(t, db, doc("a", "First text about apples.", verity.Public)); got != verity.PutUnchanged {
		t.Errorf("same put = %s, want unchanged", got)
	}
	if got := put(t, db, doc("a", "First text about apples.", "group:x")); got != verity.PutMetadata {
		t.Errorf("acl change = %s, want metadata", got)
	}
	if got := put(t, db, doc("a", "Second text about pears.", "group:x")); got != verity.PutNewVersion {
		t.Errorf("text change = %s, want new_version", got)
	}
	src, err := db.Source(ctx, "a")
	if err != nil {
		t.Fatal(err)
	}
	if src.Version != 2 || src.Text != "Second text about pears." || len(src.ACL) != 1 || src.ACL[0] != "group:x" {
		t.Errorf("Source(a) = v%d %q %v, want v2 with the new text and acl", src.Version, src.Text, src.ACL)
	}
	old, err := db.SourceVersion(ctx, "a", 1)
	if err != nil || old.Text != "First text about apples." {
		t.Errorf("SourceVersion(a, 1) = %v, %v, want the first text", old, err)
	}
	if _, err := db.SourceVersion(ctx, "a", 3); verity.ErrorCode(err) != verity.ENOTFOUND {
		t.Errorf("SourceVersion(a, 3) error %v, want not found", err)
	}
	chunks, err := db.Chunks(ctx, "a")
	if err != nil || len(chunks) != 1 || chunks[0].Version != 2 || src.Text[chunks[0].Start:chunks[0].End] != chunks[0].Text {
		t.Errorf("Chunks(a) = %+v, %v, want one v2 chunk matching the text", chunks, err)
	}
	// Old chunks left the index with the old version.
	caller := verity.NewCaller("group:x")
	if res := search(t, db, "apples", caller); len(res.Results) != 0 {
		t.Errorf("search(apples) after new version = %v, want nothing", res.Results)
	}
	if res := search(t, db, "pears", caller); len(res.Results) != 1 {
		t.Errorf("search(pears) = %v, want a", res.Results)
	}
	// The same id for another uri is a conflict and changes nothing.
	other := doc("a", "Another thing.", verity.Public)
	other.URI = "https://elsewhere/a"
	if _, err := db.PutSource(ctx, other, ingest.Chunks(other, analysis.DefaultChunkOptions)); verity.ErrorCode(err) != verity.ECONFLICT {
		t.Errorf("PutSource(same id, other uri) error %v, want conflict", err)
	}
	if src, _ := db.Source(ctx, "a"); src.Version != 2 {
		t.Errorf("after conflict version = %d, want 2", src.Version)
	}
}

func testPutSourceRejects(t *testing.T, open Opener) {
	db := open(t, "")
	ctx := context.Background()
	tests := []struct {
		name   string
		src    *verity.Source
		chunks []verity.Chunk
	}{
		{"no id", &verity.Source{URI: "u", System: "file", Text: "x"}, nil},
		{"no uri", &verity.Source{ID: "x", System: "file", Text: "x"}, nil},
		{"bad acl", &verity.Source{ID: "x", URI: "u", System: "file", Text: "x", ACL: []verity.Principal{"everyone"}}, nil},
		{"span outside", &verity.Source{ID: "x", URI: "u", System: "file", Text: "abc"}, []verity.Chunk{{Start: 0, End: 9}}},
	}
	for _, tt := range tests {
		if _, err := db.PutSource(ctx, tt.src, tt.chunks); verity.ErrorCode(err) != verity.EINVALID {
			t.Errorf("PutSource(%s) error %v, want invalid", tt.name, err)
		}
	}
	if st, _ := db.Stats(ctx); st.Sources != 0 {
		t.Errorf("after rejects the store holds %d sources, want 0", st.Sources)
	}
}

// HasActiveSources, which decides whether answers are grounded, follows
// what Stats counts: no source, an active one, and only revoked ones.
func testHasActiveSources(t *testing.T, open Opener) {
	ctx := context.Background()
	db := open(t, "")
	check := func(when string, want bool) {
		t.Helper()
		got, err := db.HasActiveSources(ctx)
		st, _ := db.Stats(ctx)
		if err != nil || got != want || got != (st.ActiveSources > 0) {
			t.Errorf("%s: HasActiveSources = %v, %v; want %v (Stats counts %d active)", when, got, err, want, st.ActiveSources)
		}
	}
	check("empty store", false)
	put(t, db, doc("a", "Quarterly budget for marketing.", verity.Public))
	check("one source", true)
	if _, _, err := db.Revoke(ctx, []verity.Ref{verity.SourceRef("a")}, verity.Actor{Who: "user:admin@x.example"}, "test"); err != nil {
		t.Fatal(err)
	}
	check("its source revoked", false)
	if _, _, err := db.Unrevoke(ctx, []verity.Ref{verity.SourceRef("a")}, verity.Actor{Who: "user:admin@x.example"}, "test"); err != nil {
		t.Fatal(err)
	}
	check("restored", true)
}

func testRevokeLeavesSearch(t *testing.T, open Opener) {
	ctx := context.Background()
	db := open(t, "")
	put(t, db, doc("a", "Quarterly budget for marketing.", verity.Public))
	put(t, db, doc("b", "Budget review notes.", verity.Public))
	if _, _, err := db.Revoke(ctx, []verity.Ref{verity.SourceRef("a")}, verity.Actor{Who: "user:admin@x.example"}, "test"); err != nil {
		t.Fatal(err)
	}
	res := search(t, db, "budget", verity.NewCaller())
	if len(res.Results) != 1 || res.Results[0].SourceID != "b" {
		t.Fatalf("search after revoke = %v, want only b", res.Results)
	}
	st, _ := db.Stats(ctx)
	if st.SearchChunks != 1 || st.RevokedSources != 1 {
		t.Errorf("Stats = %+v, want 1 search chunk and 1 revoked source", st)
	}
	// Re-ingesting a revoked source keeps it revoked.
	put(t, db, doc("a", "Quarterly budget for sales.", verity.Public))
	if res := search(t, db, "budget", verity.NewCaller()); len(res.Results) != 1 {
		t.Errorf("search after re-ingest of revoked = %v, want only b", res.Results)
	}
	if _, _, err := db.Unrevoke(ctx, []verity.Ref{verity.SourceRef("a")}, verity.Actor{Who: "user:admin@x.example"}, "test"); err != nil {
		t.Fatal(err)
	}
	res = search(t, db, "budget sales", verity.NewCaller())
	if len(res.Results) != 2 || res.Results[0].SourceID != "a" {
		t.Errorf("search after unrevoke = %v, want a first, then b", res.Results)
	}
	if _, _, err := db.Revoke(ctx, []verity.Ref{verity.SourceRef("zzz")}, verity.Actor{Who: "user:admin@x.example"}, "test"); verity.ErrorCode(err) != verity.ENOTFOUND {
		t.Errorf("revoke unknown error %v, want not found", err)
	}
}

func testSources(t *testing.T, open Opener) {
	ctx := context.Background()
	db := open(t, "")
	put(t, db, doc("a", "x y", verity.Public))
	put(t, db, doc("b", "x y", "group:hr"))
	put(t, db, doc("c", "x y"))
	pub := verity.NewCaller()
	list, err := db.Sources(ctx, verity.SourceFilter{Caller: &pub})
	if err != nil || len(list) != 1 || list[0].ID != "a" {
		t.Errorf("Sources(public) = %v, %v, want [a]", list, err)
	}
	hr := verity.NewCaller("group:hr")
	if list, _ := db.Sources(ctx, verity.SourceFilter{Caller: &hr}); len(list) != 2 {
		t.Errorf("Sources(hr) = %d sources, want a and b", len(list))
	}
	if list, _ := db.Sources(ctx, verity.SourceFilter{}); len(list) != 3 || list[2].Text != "" {
		t.Errorf("Sources(all) = %d sources, want 3 without text", len(list))
	}
}

func testSourceACLs(t *testing.T, open Opener) {
	db := open(t, "")
	ctx := context.Background()
	for _, src := range []*verity.Source{
		{ID: "a", URI: "u:a", System: "file", ACL: []verity.Principal{"group:b", verity.Public}, Text: "one"},
		{ID: "n", URI: "u:n", System: "file", Text: "readable by no one"},
	} {
		if _, err := db.PutSource(ctx, src, []verity.Chunk{{Start: 0, End: len(src.Text), Text: src.Text}}); err != nil {
			t.Fatal(err)
		}
	}
	got, err := db.SourceACLs(ctx, []string{"a", "n", "missing"})
	if err != nil {
		t.Fatal(err)
	}
	want := map[string][]verity.Principal{"a": {"group:b", verity.Public}, "n": {}}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("SourceACLs(a, n, missing) mismatch (-want +got):\n%s", diff)
	}
}

// TestPutSourceChanges puts one source again and again, each time with one
// thing changed, and checks what each put says it changed.
func testPutSourceChanges(t *testing.T, open Opener) {
	ctx := context.Background()
	db := open(t, "")
	clock := time.Date(2026, 3, 1, 9, 0, 0, 0, time.UTC) // openTest's
	t1 := time.Date(2026, 2, 1, 12, 0, 0, 0, time.UTC)
	type ps = []verity.Principal
	src := verity.Source{ID: "a", URI: "file:///a", System: "file", Title: "A", ACL: ps{verity.Public}, Text: "One text."}
	tests := []struct {
		name    string
		edit    func(*verity.Source)
		outcome verity.PutOutcome
		fields  []verity.SourceField
		acl     *verity.ACLChange
		version int
		updated time.Time
	}{
		{"new", func(*verity.Source) {}, verity.PutCreated, nil, nil, 1, clock},
		{"the same again, no time given", func(*verity.Source) {}, verity.PutUnchanged, nil, nil, 1, clock},
		{"public to staff", func(s *verity.Source) { s.ACL = ps{"group:staff"} }, verity.PutMetadata,
			[]verity.SourceField{verity.FieldACL}, &verity.ACLChange{Added: ps{"group:staff"}, Removed: ps{verity.Public}, Narrowed: true}, 1, clock},
		{"hr added, and an author", func(s *verity.Source) { s.ACL, s.Author = ps{"group:hr", "group:staff"}, "user:ann@corp.example" }, verity.PutMetadata,
			[]verity.SourceField{verity.FieldACL, verity.FieldAuthor}, &verity.ACLChange{Added: ps{"group:hr"}, Widened: true}, 1, clock},
		{"staff swapped for board", func(s *verity.Source) { s.ACL = ps{"group:board", "group:hr"} }, verity.PutMetadata,
			[]verity.SourceField{verity.FieldACL}, &verity.ACLChange{Added: ps{"group:board"}, Removed: ps{"group:staff"}, Narrowed: true, Widened: true}, 1, clock},
		{"a new title", func(s *verity.Source) { s.Title = "A, retitled" }, verity.PutNewVersion, []verity.SourceField{verity.FieldTitle}, nil, 2, clock},
		{"a new text", func(s *verity.Source) { s.Text = "Two texts." }, verity.PutNewVersion, []verity.SourceField{verity.FieldText}, nil, 3, clock},
		{"both", func(s *verity.Source) { s.Title, s.Text = "A", "Three texts." }, verity.PutNewVersion,
			[]verity.SourceField{verity.FieldTitle, verity.FieldText}, nil, 4, clock},
		{"a time from the source system", func(s *verity.Source) { s.UpdatedAt = t1 }, verity.PutMetadata, []verity.SourceField{verity.FieldUpdatedAt}, nil, 4, t1},
		{"no time given keeps it", func(s *verity.Source) { s.UpdatedAt = time.Time{} }, verity.PutUnchanged, nil, nil, 4, t1},
		{"another system", func(s *verity.Source) { s.System = "web" }, verity.PutMetadata, []verity.SourceField{verity.FieldSystem}, nil, 4, t1},
		{"a new text, no time given: the ingest time", func(s *verity.Source) { s.Text = "Four texts." }, verity.PutNewVersion,
			[]verity.SourceField{verity.FieldText, verity.FieldUpdatedAt}, nil, 5, clock},
	}
	for _, tt := range tests {
		tt.edit(&src)
		cp := src
		p := &verity.SourcePut{Source: &cp, Chunks: ingest.Chunks(&cp, analysis.DefaultChunkOptions)}
		if err := db.PutSources(ctx, []*verity.SourcePut{p}); err != nil || p.Err != nil {
			t.Fatalf("%s: PutSources = %v, %v", tt.name, err, p.Err)
		}
		want := verity.SourceChange{Fields: tt.fields, ACL: tt.acl}
		if p.Outcome != tt.outcome || !cmp.Equal(p.Change, want) {
			t.Errorf("%s: put = %s %+v, want %s %+v", tt.name, p.Outcome, p.Change, tt.outcome, want)
		}
		got, err := db.Source(ctx, "a")
		if err != nil {
			t.Fatal(err)
		}
		if got.Version != tt.version || !got.UpdatedAt.Equal(tt.updated) || !cp.UpdatedAt.Equal(tt.updated) {
			t.Errorf("%s: stored v%d updated %v (put's source %v), want v%d updated %v", tt.name, got.Version, got.UpdatedAt, cp.UpdatedAt, tt.version, tt.updated)
		}
	}
}

// testOneURIPerSystem checks that a second id with a uri its system already
// has is refused with a [verity.URIConflict] naming the holder, whatever
// the way it comes (a new id, a batch, a move to another system), and
// that the same uri in another system is another source.
func testOneURIPerSystem(t *testing.T, open Opener) {
	ctx := context.Background()
	db := open(t, "")
	src := func(id, uri, system string) *verity.Source {
		return &verity.Source{ID: id, URI: uri, System: system, ACL: []verity.Principal{verity.Public}, Text: "Text of " + id + "."}
	}
	put(t, db, src("a", "https://x/1", "web"))
	put(t, db, src("b", "https://x/2", "web"))
	put(t, db, src("r", "https://x/3", "web"))
	if _, _, err := db.Revoke(ctx, []verity.Ref{verity.SourceRef("r")}, verity.Actor{Who: admin}, "test"); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name   string
		puts   []*verity.Source
		holder []string // per put: the holder it conflicts with, "" for stored
	}{
		{"a new id", []*verity.Source{src("c", "https://x/1", "web")}, []string{"a"}},
		{"the same uri in another system", []*verity.Source{src("c", "https://x/1", "confluence")}, []string{""}},
		{"two new ids in one batch", []*verity.Source{src("d", "https://x/9", "web"), src("e", "https://x/9", "web")}, []string{"", "d"}},
		{"a revoked source still holds its uri", []*verity.Source{src("f", "https://x/3", "web")}, []string{"r"}},
		{"a known id moved into a system where its uri is taken", []*verity.Source{src("c", "https://x/1", "web")}, []string{"a"}},
		{"the holder stored again", []*verity.Source{src("a", "https://x/1", "web")}, []string{""}},
	}
	for _, tt := range tests {
		puts := make([]*verity.SourcePut, len(tt.puts))
		for i, s := range tt.puts {
			puts[i] = &verity.SourcePut{Source: s, Chunks: ingest.Chunks(s, analysis.DefaultChunkOptions)}
		}
		if err := db.PutSources(ctx, puts); err != nil {
			t.Fatalf("%s: PutSources = %v", tt.name, err)
		}
		for i, p := range puts {
			var conflict *verity.URIConflict
			switch {
			case tt.holder[i] == "" && p.Err != nil:
				t.Errorf("%s: put %s = %v, want it stored", tt.name, p.Source.ID, p.Err)
			case tt.holder[i] == "":
			case verity.ErrorCode(p.Err) != verity.ECONFLICT || !errors.As(p.Err, &conflict):
				t.Errorf("%s: put %s = %v, want a uri conflict", tt.name, p.Source.ID, p.Err)
			case conflict.Holder != tt.holder[i] || conflict.ID != p.Source.ID || conflict.URI != p.Source.URI || conflict.System != p.Source.System:
				t.Errorf("%s: put %s conflict = %+v, want held by %s", tt.name, p.Source.ID, conflict, tt.holder[i])
			case strings.Contains(p.Err.Error(), `"`+tt.holder[i]+`"`):
				t.Errorf("%s: put %s error %q names the holder, which the store may not say", tt.name, p.Source.ID, p.Err)
			}
		}
	}
	if got, err := db.URIDuplicates(ctx); err != nil || len(got) != 0 {
		t.Errorf("URIDuplicates = %+v, %v, want none: the rule held", got, err)
	}
	// The index enforces the rule below the put code too.
	if _, err := db.SQL().ExecContext(ctx, db.Rebind(`UPDATE sources SET uri = 'https://x/1' WHERE id = 'b'`)); err == nil {
		t.Errorf("an UPDATE giving b a's uri succeeded, want the unique index to refuse it")
	}
}
