package sqlite_test

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/internal/storetest"
	"github.com/veritykb/verity/rank"
	"github.com/veritykb/verity/receipt"
	"github.com/veritykb/verity/sqlite"
)

// fixture is the store the binary of commit a5ad495 wrote (schema 007); see
// testdata/stores/README.md.
const fixture = "testdata/stores/a5ad495-demo.db"

// copyFixture copies the fixture into a temporary directory, so that no test
// ever writes the file kept in the repository.
func copyFixture(t *testing.T) string {
	t.Helper()
	b, err := os.ReadFile(fixture)
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "old.db")
	if err := os.WriteFile(path, b, 0o600); err != nil {
		t.Fatal(err)
	}
	return path
}

// rawEvent is a revocation row as the previous schema stored it.
type rawEvent struct {
	id, undoes       int64
	action, who, why string
	at               string
}

// rawStore is what an upgrade must keep, read straight from a store file
// with SQL before it is opened as a store.
type rawStore struct {
	events   []rawEvent
	sources  int
	records  map[string]int // kind → count
	applied  int64          // audit run 1
	scope    string         // audit run 1
	verdicts []int64        // audit run 1's verdict events, by position
}

func rawSQL(t *testing.T, path string) *sql.DB {
	t.Helper()
	db, err := sql.Open("sqlite", "file:"+path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}

func readRaw(t *testing.T, path string) rawStore {
	t.Helper()
	db := rawSQL(t, path)
	defer db.Close()
	var s rawStore
	rows, err := db.Query(`SELECT id, undoes, action, who, why, at FROM revocations ORDER BY id`)
	if err != nil {
		t.Fatal(err)
	}
	for rows.Next() {
		var e rawEvent
		if err := rows.Scan(&e.id, &e.undoes, &e.action, &e.who, &e.why, &e.at); err != nil {
			t.Fatal(err)
		}
		s.events = append(s.events, e)
	}
	rows.Close()
	if err := db.QueryRow(`SELECT count(*) FROM sources`).Scan(&s.sources); err != nil {
		t.Fatal(err)
	}
	s.records = recordKinds(t, db)
	if err := db.QueryRow(`SELECT applied, scope FROM audit_runs WHERE id = 1`).Scan(&s.applied, &s.scope); err != nil {
		t.Fatal(err)
	}
	rows, err = db.Query(`SELECT event FROM audit_verdicts WHERE run = 1 ORDER BY pos`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	for rows.Next() {
		var ev int64
		if err := rows.Scan(&ev); err != nil {
			t.Fatal(err)
		}
		s.verdicts = append(s.verdicts, ev)
	}
	return s
}

func recordKinds(t *testing.T, db *sql.DB) map[string]int {
	t.Helper()
	rows, err := db.Query(`SELECT kind, count(*) FROM records GROUP BY kind`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	out := map[string]int{}
	for rows.Next() {
		var (
			kind string
			n    int
		)
		if err := rows.Scan(&kind, &n); err != nil {
			t.Fatal(err)
		}
		out[kind] = n
	}
	return out
}

func TestUpgradeFixture(t *testing.T) {
	tests := []struct {
		name string
		// edit changes the copied fixture before it is opened, with the
		// previous schema's SQL.
		edit string
	}{
		{"as made", ""},
		// The fixture's audit run was not applied and names no events;
		// this variant makes it applied by event 5 and scoped to events 5,
		// 3 and 77, which the log never had (so it must stay as it is).
		{"applied and scoped audit", `UPDATE audit_runs SET applied = 5, scope = '{"events":[5,3,77],"seed":1}' WHERE id = 1`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := copyFixture(t)
			if tt.edit != "" {
				raw := rawSQL(t, path)
				if _, err := raw.Exec(tt.edit); err != nil {
					t.Fatal(err)
				}
				raw.Close()
			}
			checkUpgrade(t, path, readRaw(t, path))
		})
	}
}

// checkIndexDerived checks that every chunk's terms are what the current
// analysis derives from its text, that the full-text index and statistics
// agree with them, and that a Russian query finds through them what it
// should: the fixture's terms were derived by analysis version 1.
func checkIndexDerived(t *testing.T, db *sqlite.DB) {
	t.Helper()
	ctx := context.Background()
	var version int
	if err := db.SQL().QueryRowContext(ctx, `SELECT index_version FROM search_stats WHERE id = 1`).Scan(&version); err != nil || version != rank.IndexVersion {
		t.Errorf("index_version after Open = %d (%v), want %d", version, err, rank.IndexVersion)
	}
	// A version's text is compressed in blocks (migration 020): read
	// through the store.
	rows, err := db.SQL().QueryContext(ctx, `SELECT s.id, c.version, c.heading, c.start, c."end", c.terms, c.nterms, s.status
		FROM chunks c JOIN sources s ON s.sid = c.sid`)
	if err != nil {
		t.Fatal(err)
	}
	type chunk struct {
		id, heading, status         string
		version, start, end, nterms int
		terms                       sql.NullString
	}
	var stored []chunk
	for rows.Next() {
		var c chunk
		if err := rows.Scan(&c.id, &c.version, &c.heading, &c.start, &c.end, &c.terms, &c.nterms, &c.status); err != nil {
			t.Fatal(err)
		}
		stored = append(stored, c)
	}
	rows.Close()
	n := 0
	for _, c := range stored {
		v, err := db.SourceVersion(ctx, c.id, c.version)
		if err != nil {
			t.Fatal(err)
		}
		text := v.Text[c.start:c.end]
		var h []string
		json.Unmarshal([]byte(c.heading), &h)
		want := rank.IndexTerms(v.Title, h, text)
		// A chunk keeps its terms only while its source is revoked.
		kept := sql.NullString{String: strings.Join(want, " "), Valid: c.status == "revoked"}
		if !kept.Valid {
			kept.String = ""
		}
		if c.terms != kept || c.nterms != len(want) {
			t.Errorf("chunk %.40q (%s) has terms %.60q (%d), want %.60q (%d)", text, c.status, c.terms.String, c.nterms, kept.String, len(want))
		}
		n++
	}
	if n == 0 {
		t.Fatal("the fixture has no chunks")
	}
	var chunks, total, wantChunks, wantTotal int
	db.SQL().QueryRowContext(ctx, `SELECT chunks, total_terms FROM search_stats WHERE id = 1`).Scan(&chunks, &total)
	db.SQL().QueryRowContext(ctx, `SELECT count(*), coalesce(sum(c.nterms), 0) FROM chunks c JOIN sources s ON s.sid = c.sid
		WHERE s.status = 'active' AND c.nterms > 0`).Scan(&wantChunks, &wantTotal)
	if chunks != wantChunks || total != wantTotal {
		t.Errorf("search_stats = %d chunks, %d terms; want %d, %d", chunks, total, wantChunks, wantTotal)
	}
	res, err := db.Search(ctx, verity.SearchQuery{Text: "пересматривают права доступа", Caller: verity.NewCaller("group:staff"), K: 3})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Results) == 0 || res.Results[0].SourceID != "CONF-101" {
		t.Errorf("search after upgrade = %+v, want CONF-101 first", res.Results)
	}
}

func checkUpgrade(t *testing.T, path string, old rawStore) {
	ctx := context.Background()
	if len(old.events) != 5 || old.sources == 0 || old.records["summary"] != 1 {
		t.Fatalf("fixture holds %d events, %d sources, %d summaries; want 5, some, 1", len(old.events), old.sources, old.records["summary"])
	}
	clock := time.Date(2027, 1, 10, 9, 0, 0, 0, time.UTC)
	db, err := sqlite.Open(ctx, path, sqlite.Options{Now: func() time.Time { return clock }})
	if err != nil {
		t.Fatalf("Open(fixture) = %v", err)
	}
	defer func() { db.Close() }()

	var versions []int
	rows, err := db.SQL().QueryContext(ctx, `SELECT version FROM schema_migrations ORDER BY version`)
	if err != nil {
		t.Fatal(err)
	}
	for rows.Next() {
		var v int
		rows.Scan(&v)
		versions = append(versions, v)
	}
	rows.Close()
	if want := []int{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22}; !slices.Equal(versions, want) {
		t.Errorf("schema_migrations after Open = %v, want %v", versions, want)
	}
	checkIndexDerived(t, db)
	var sources int
	db.SQL().QueryRowContext(ctx, `SELECT count(*) FROM sources`).Scan(&sources)
	if sources != old.sources {
		t.Errorf("sources after upgrade = %d, want %d", sources, old.sources)
	}
	if got := recordKinds(t, db.SQL()); !maps.Equal(got, old.records) {
		t.Errorf("records by kind after upgrade = %v, want %v", got, old.records)
	}

	// The log keeps its order, actors and reasons; only the ids change.
	log, err := db.RevocationLog(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if len(log) != len(old.events) {
		t.Fatalf("RevocationLog after upgrade = %d events, want %d", len(log), len(old.events))
	}
	remap := map[int64]int64{} // old id → new id
	seen := map[int64]bool{}
	for i, e := range log {
		o := old.events[i]
		remap[o.id] = e.ID
		if !tenDigits(e.ID) || seen[e.ID] {
			t.Errorf("entry %d (event %d before) id = %d, want a fresh 10-digit id", i+1, o.id, e.ID)
		}
		seen[e.ID] = true
		if string(e.Who) != o.who || e.Why != o.why || string(e.Action) != o.action || e.At.UTC().Format(time.RFC3339Nano) != o.at || e.Token != "" {
			t.Errorf("entry %d (event %d before) = %s by %q at %s why %q token %q, want %s by %q at %s why %q, no token",
				i+1, o.id, e.Action, e.Who, e.At.UTC().Format(time.RFC3339Nano), e.Why, e.Token, o.action, o.who, o.at, o.why)
		}
	}
	for i, e := range log {
		o := old.events[i]
		want := int64(0)
		if o.undoes != 0 {
			want = remap[o.undoes]
		}
		if e.Undoes != want {
			t.Errorf("entry %d (event %d before, undoing %d) undoes %d, want %d", i+1, o.id, o.undoes, e.Undoes, want)
		}
	}
	// The fixture's own facts (README): event 2 undoes event 1, and the
	// actors are the demo user, relocation and ann.
	if log[1].Undoes != log[0].ID {
		t.Errorf("event 2 (old numbering) undoes %d, want %d, event 1's new id", log[1].Undoes, log[0].ID)
	}
	var who []string
	for _, e := range log {
		who = append(who, string(e.Who))
	}
	if want := []string{"user:demo@verity.example", "user:demo@verity.example", "relocate", "relocate", "user:ann@corp.example"}; !slices.Equal(who, want) {
		t.Errorf("who after upgrade = %v, want %v", who, want)
	}

	// The audit run still names the same events.
	run, err := db.AuditRun(ctx, 1)
	if err != nil {
		t.Fatalf("AuditRun(1) after upgrade = %v", err)
	}
	mapped := func(id int64) int64 {
		if n, ok := remap[id]; ok {
			return n
		}
		return id // 0, or an id the log never had
	}
	if run.Applied != mapped(old.applied) {
		t.Errorf("audit run applied = %d, want %d (was %d)", run.Applied, mapped(old.applied), old.applied)
	}
	if len(run.Verdicts) != len(old.verdicts) {
		t.Fatalf("audit run has %d verdicts, want %d", len(run.Verdicts), len(old.verdicts))
	}
	for i, v := range run.Verdicts {
		if v.Event != mapped(old.verdicts[i]) {
			t.Errorf("verdict %d event = %d, want %d (was %d)", i, v.Event, mapped(old.verdicts[i]), old.verdicts[i])
		}
	}
	var oldScope struct{ Events []int64 }
	if err := json.Unmarshal([]byte(old.scope), &oldScope); err != nil {
		t.Fatal(err)
	}
	var wantScope []int64
	for _, id := range oldScope.Events {
		wantScope = append(wantScope, mapped(id))
	}
	if !slices.Equal(run.Scope.Events, wantScope) || run.Scope.Seed != 1 {
		t.Errorf("audit run scope = %+v, want events %v and seed 1", run.Scope, wantScope)
	}

	if grants, err := db.Roles(ctx); err != nil || len(grants) != 0 {
		t.Errorf("Roles after upgrade = %v, %v, want none", grants, err)
	}

	// The upgraded log goes on: new events get fresh ids and come last.
	rev, _, err := db.Revoke(ctx, []verity.Ref{verity.SourceRef("handbook.md")}, verity.Actor{Who: "user:ops@corp.example"}, "upgrade test")
	if err != nil {
		t.Fatalf("Revoke after upgrade = %v", err)
	}
	undo, _, err := db.Undo(ctx, rev.ID, verity.Actor{Who: "user:ops@corp.example"}, "upgrade test")
	if err != nil {
		t.Fatalf("Undo(%d) after upgrade = %v", rev.ID, err)
	}
	for _, e := range []receipt.Event{rev, undo} {
		if !tenDigits(e.ID) || seen[e.ID] {
			t.Errorf("new event id = %d, want a fresh 10-digit id", e.ID)
		}
		seen[e.ID] = true
	}
	if undo.Undoes != rev.ID {
		t.Errorf("Undo(%d).Undoes = %d, want %d", rev.ID, undo.Undoes, rev.ID)
	}
	if _, _, err := db.Undo(ctx, log[4].ID, verity.Actor{Who: "user:ops@corp.example"}, "undo an upgraded event"); err != nil {
		t.Errorf("Undo(%d), an upgraded event, = %v", log[4].ID, err)
	}
	after, err := db.RevocationLog(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if len(after) != 8 || after[5].ID != rev.ID || after[6].ID != undo.ID || after[7].Undoes != log[4].ID {
		t.Errorf("RevocationLog after three more events = %v, want the upgraded five then %d, %d and the undo of %d", storetest.EventIDs(after), rev.ID, undo.ID, log[4].ID)
	}

	// Opening again re-runs and re-maps nothing.
	var applied string
	db.SQL().QueryRowContext(ctx, `SELECT applied_at FROM schema_migrations WHERE version = 8`).Scan(&applied)
	db.Close()
	clock = clock.Add(time.Hour)
	db, err = sqlite.Open(ctx, path, sqlite.Options{Now: func() time.Time { return clock }})
	if err != nil {
		t.Fatalf("Open(upgraded) = %v", err)
	}
	again, err := db.RevocationLog(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(storetest.EventIDs(again), storetest.EventIDs(after)) {
		t.Errorf("RevocationLog after reopening = %v, want %v", storetest.EventIDs(again), storetest.EventIDs(after))
	}
	var n int
	var appliedAgain string
	db.SQL().QueryRowContext(ctx, `SELECT count(*), max(applied_at) FROM schema_migrations WHERE version = 8`).Scan(&n, &appliedAgain)
	if n != 1 || appliedAgain != applied {
		t.Errorf("migration 008 after reopening: %d rows applied at %s, want 1 applied at %s", n, appliedAgain, applied)
	}
	if run2, err := db.AuditRun(ctx, 1); err != nil || run2.Applied != run.Applied || run2.Verdicts[0].Event != run.Verdicts[0].Event {
		t.Errorf("audit run after reopening = %+v, %v, want it as after the upgrade", run2, err)
	}
}

// TestUpgradeURIDuplicates opens a store of the previous release that holds
// three sources with one uri in one system, as the old binary allowed (the
// fixture with two more ids for handbook.md's uri, added with the old
// schema's SQL): it must open, migrated, with the younger two reported as
// duplicates of the oldest and still working, and refuse any new id for
// that uri.
func TestUpgradeURIDuplicates(t *testing.T) {
	ctx := context.Background()
	path := copyFixture(t)
	raw := rawSQL(t, path)
	for _, id := range []string{"handbook-copy.md", "handbook-copy-2.md"} {
		for _, q := range []string{
			`INSERT INTO sources (id, uri, system, title, author, version, updated_at, ingested_at, hash, status)
				SELECT ?, uri, system, title, author, version, updated_at, ingested_at, hash, status FROM sources WHERE id = 'handbook.md'`,
			`INSERT INTO source_versions (sid, version, hash, title, text, created_at)
				SELECT (SELECT sid FROM sources WHERE id = ?), version, hash, title, text, created_at
				FROM source_versions WHERE sid = (SELECT sid FROM sources WHERE id = 'handbook.md')`,
			`INSERT INTO source_acl (principal, sid) SELECT principal, (SELECT sid FROM sources WHERE id = ?)
				FROM source_acl WHERE sid = (SELECT sid FROM sources WHERE id = 'handbook.md')`,
		} {
			if _, err := raw.Exec(q, id); err != nil {
				t.Fatal(err)
			}
		}
	}
	raw.Close()
	db, err := sqlite.Open(ctx, path, sqlite.Options{})
	if err != nil {
		t.Fatalf("Open(fixture with duplicate uris) = %v", err)
	}
	defer db.Close()
	var applied int
	db.SQL().QueryRowContext(ctx, `SELECT count(*) FROM schema_migrations WHERE version = 9`).Scan(&applied)
	if applied != 1 {
		t.Errorf("migration 009 applied %d times, want once", applied)
	}
	const uri = "file:///demo/handbook.md"
	dups := func(want ...verity.URIDuplicate) {
		t.Helper()
		if got, err := db.URIDuplicates(ctx); err != nil || !slices.Equal(got, want) {
			t.Errorf("URIDuplicates = %+v, %v, want %+v", got, err, want)
		}
	}
	dups(verity.URIDuplicate{System: "file", URI: uri, ID: "handbook-copy-2.md", Holder: "handbook.md"},
		verity.URIDuplicate{System: "file", URI: uri, ID: "handbook-copy.md", Holder: "handbook.md"})
	// A duplicate still reads, and may be stored again as it is.
	source := func(id string) *verity.Source {
		t.Helper()
		src, err := db.Source(ctx, id)
		if err != nil {
			t.Fatalf("Source(%s) after upgrade = %v", id, err)
		}
		return src
	}
	if out := put(t, db, source("handbook-copy.md")); out != verity.PutUnchanged {
		t.Errorf("PutSource(a duplicate as it is) = %s, want unchanged", out)
	}
	// No new id may take the uri.
	other := &verity.Source{ID: "handbook-third.md", URI: uri, System: "file", ACL: []verity.Principal{verity.Public}, Text: "A third copy."}
	conflict := func(src *verity.Source, holder string) {
		t.Helper()
		_, err := db.PutSource(ctx, src, nil)
		var c *verity.URIConflict
		if verity.ErrorCode(err) != verity.ECONFLICT || !errors.As(err, &c) || c.Holder != holder {
			t.Errorf("PutSource(%s in %s) = %v, want a conflict held by %s", src.ID, src.System, err, holder)
		}
	}
	conflict(other, "handbook.md")
	// The holder moved to another system, the oldest duplicate holds the
	// uri in its place.
	moved := source("handbook.md")
	moved.System = "web"
	if out := put(t, db, moved); out != verity.PutMetadata {
		t.Errorf("PutSource(handbook.md in system web) = %s, want metadata", out)
	}
	dups(verity.URIDuplicate{System: "file", URI: uri, ID: "handbook-copy-2.md", Holder: "handbook-copy.md"})
	conflict(other, "handbook-copy.md")
	// A duplicate may not move where the uri is held, and moved where it is
	// free, holds it there and is no longer reported.
	second := source("handbook-copy-2.md")
	second.System = "web"
	conflict(second, "handbook.md")
	second.System = "confluence"
	if out := put(t, db, second); out != verity.PutMetadata {
		t.Errorf("PutSource(handbook-copy-2.md in system confluence) = %s, want metadata", out)
	}
	dups()
}

// releases are stores the binaries of earlier releases wrote, and the
// searches they ran on them; see testdata/stores/README.md. 7ea07f4 is the
// release before the PostgreSQL store and the job queue (schema 012),
// 95642fd the release before chunk spans (schema 014), de9fe87 the release
// before undiscoverable sources and the hint budget (schema 017).
var releases = []struct{ commit, store, searches string }{
	{"7ea07f4", "testdata/stores/7ea07f4-demo.db", "testdata/stores/7ea07f4-search.json"},
	{"95642fd", "testdata/stores/95642fd-demo.db", "testdata/stores/95642fd-search.json"},
	{"de9fe87", "testdata/stores/de9fe87-demo.db", "testdata/stores/de9fe87-search.json"},
}

// TestPreviousRelease opens the stores earlier releases wrote (copies of
// them) and asks each what its release was asked: the answers are the
// same, result for result and score for score, and nothing needed
// rebuilding.
func TestPreviousRelease(t *testing.T) {
	for _, r := range releases {
		t.Run(r.commit, func(t *testing.T) {
			b, err := os.ReadFile(r.store)
			if err != nil {
				t.Fatal(err)
			}
			path := filepath.Join(t.TempDir(), "release.db")
			if err := os.WriteFile(path, b, 0o600); err != nil {
				t.Fatal(err)
			}
			raw := rawSQL(t, path)
			texts := storetest.VersionTexts(t, raw)
			raw.Close()
			db, err := sqlite.Open(context.Background(), path, sqlite.Options{})
			if err != nil {
				t.Fatal(err)
			}
			defer db.Close()
			checkRelease(t, db, r.searches)
			storetest.CheckTextBlocks(t, db, texts)
			switch r.commit {
			case "95642fd":
				storetest.CheckSpanRelease(t, db)
			case "de9fe87":
				storetest.CheckDiscoverableRelease(t, db)
				storetest.CheckDirectoryRelease(t, db)
				storetest.CheckChatRelease(t, db)
			}
			storetest.CheckConnectors(t, db)
		})
	}
}

func checkRelease(t *testing.T, db *sqlite.DB, searches string) {
	t.Helper()
	storetest.CheckReleaseSearches(t, db, searches)
	var version, queue int
	db.SQL().QueryRow(`SELECT max(version) FROM schema_migrations`).Scan(&version)
	db.SQL().QueryRow(`SELECT count(*) FROM sqlite_schema WHERE name IN ('river_job', 'jobs')`).Scan(&queue)
	if version != 22 || queue != 2 {
		t.Errorf("after opening the release's store: schema %d with %d of the job queue's tables; want 22 and 2", version, queue)
	}
	roles, err := db.Roles(context.Background())
	if err != nil || len(roles) != 1 || roles[0].Principal != "group:editors" {
		t.Errorf("Roles = %+v, %v; want the release's one grant to group:editors", roles, err)
	}
	tokens, err := db.Tokens(context.Background())
	if err != nil || len(tokens) != 1 || tokens[0].Name != "fixture" {
		t.Errorf("Tokens = %+v, %v; want the release's token called fixture", tokens, err)
	}
}
