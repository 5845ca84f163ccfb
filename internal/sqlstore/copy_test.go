package sqlstore_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/analysis"
	"github.com/veritykb/verity/extract"
	"github.com/veritykb/verity/ingest"
	"github.com/veritykb/verity/internal/sqlstore"
	"github.com/veritykb/verity/internal/storetest"
	"github.com/veritykb/verity/kb"
	"github.com/veritykb/verity/kb/kbtest"
	"github.com/veritykb/verity/offline"
	"github.com/veritykb/verity/postgres"
	"github.com/veritykb/verity/postgres/pgtest"
	"github.com/veritykb/verity/sqlite"
	"github.com/veritykb/verity/verify"
)

func TestMain(m *testing.M) { pgtest.Main(m) }

var t0 = time.Date(2026, 11, 30, 9, 0, 0, 0, time.UTC)

// store is what the tests ask of a copy: a store of this package.
type store interface {
	sqlstore.Store
	CopyInBatches(ctx context.Context, dst any, n int, progress func(verity.CopyProgress)) (*verity.CopyReport, error)
	CopyTo(ctx context.Context, dst any, progress func(verity.CopyProgress)) (*verity.CopyReport, error)
	Search(ctx context.Context, q verity.SearchQuery) (*verity.SearchResults, error)
	Records(ctx context.Context, f verity.RecordFilter) ([]*verity.Record, error)
	Sources(ctx context.Context, f verity.SourceFilter) ([]*verity.Source, error)
	SourceVersion(ctx context.Context, id string, version int) (*verity.Source, error)
	Stats(ctx context.Context) (verity.StoreStats, error)
	Cache() sqlstore.Cache
	Close() error
}

var (
	richOnce sync.Once
	richFile []byte // the store's file, closed
	richErr  error
)

// richStore returns a copy of a SQLite store that fills every table a
// copy moves: sources in several versions
// and a revoked one, an index with a segment large enough for its lists
// to be rows and deleted chunks, summaries, extraction, answers, the
// revocation log, an audit, roles, tokens and model-cache entries.
func richStore(t *testing.T) string {
	t.Helper()
	richOnce.Do(func() {
		dir, err := os.MkdirTemp("", "sqlstore-copy-")
		if err != nil {
			richErr = err
			return
		}
		defer os.RemoveAll(dir)
		path := filepath.Join(dir, "rich.db")
		if richErr = buildRich(path); richErr == nil {
			richFile, richErr = os.ReadFile(path)
		}
	})
	if richErr != nil {
		t.Fatalf("build the store: %v", richErr)
	}
	path := filepath.Join(t.TempDir(), "rich.db")
	if err := os.WriteFile(path, richFile, 0o600); err != nil {
		t.Fatal(err)
	}
	return path
}

func buildRich(path string) (err error) {
	ctx := context.Background()
	engine := offline.New(offline.Options{})
	svc, db, err := kbtest.Open(path, t0, kb.Fixed(engine, verify.NewJudge(engine, verify.JudgeOptions{Votes: 1})))
	if err != nil {
		return err
	}
	defer func() { err = errors.Join(err, db.Close()) }()
	// One batch of over 4,096 small chunks: a segment whose lists are rows.
	var puts []*verity.SourcePut
	for _, src := range storetest.SynthCorpus(600, 7) {
		puts = append(puts, &verity.SourcePut{Source: src, Chunks: ingest.Chunks(src, analysis.ChunkOptions{Target: 60, Max: 120})})
	}
	if err := db.PutSources(ctx, puts); err != nil {
		return err
	}
	corpus := []*verity.Source{
		{ID: "PUB-1", URI: "https://vendor.example/cases/romashka", System: verity.SystemWeb, Title: "Кейс: Ромашка",
			ACL: []verity.Principal{verity.Public}, Text: "Кейс: ООО «Ромашка» перешла на Битрикс24. Acme moved its sales to Bitrix24 in March 2025."},
		{ID: "STAFF-1", URI: "https://wiki.corp.example/staff/crm", System: verity.SystemConfluence, Title: "CRM for staff",
			ACL: []verity.Principal{"group:staff"}, Text: "Acme moved its sales to Bitrix24 after a pilot in February 2025. The Acme rollout of Bitrix24 finished in April 2025."},
		{ID: "BOARD-1", URI: "https://board.example/minutes/1", System: verity.SystemWeb, Title: "Board minutes",
			Author: "user:chair@corp.example", ACL: []verity.Principal{"group:board"},
			Text: "Кейс: ООО «Тайна» перешла на Битрикс24. Acme moved its sales to Bitrix24 to prepare the merger."},
	}
	grants := []verity.RoleGrant{{Principal: "user:adm@corp.example", Role: verity.RoleAdmin}, {Principal: "group:editors", Role: verity.RoleCurator}}
	if err := kbtest.Seed(ctx, svc, grants, corpus, t0); err != nil {
		return err
	}
	// New versions of two pages, and one more of the first.
	for i, text := range []string{"Acme moved its sales to Bitrix24 in March 2025, and its support in May.", "Acme moved its sales and support to Bitrix24."} {
		next := *corpus[i%2]
		next.Text = text
		if err := kbtest.Seed(ctx, svc, nil, []*verity.Source{&next}, t0.Add(time.Duration(i+1)*time.Hour)); err != nil {
			return err
		}
	}
	op := kbtest.Operator
	// A system and a source that give no hints.
	if _, err := svc.SetDiscoverable(ctx, op, "vault", false); err != nil {
		return err
	}
	// A directory: a user in a group, a platform group aliased to it.
	if _, err := svc.AddToGroup(ctx, op, kb.GroupChange{Group: "staff", Users: []string{"ann@corp.example"}, Create: true}); err != nil {
		return err
	}
	if _, err := svc.SyncPlatformGroups(ctx, op, "confluence:wiki", []kb.PlatformGroup{{Group: "eng", Members: []string{"bob@corp.example"}}}); err != nil {
		return err
	}
	if _, err := svc.AliasGroup(ctx, op, "group:confluence:wiki/eng", "group:staff"); err != nil {
		return err
	}
	// A connector that synced a page, kept under its prefix.
	if _, err := svc.AddConnector(ctx, op, kb.ConnectorAdd{Kind: "confluence", Name: "wiki", URL: "https://wiki.corp.example", Secret: "env:WIKI_TOKEN"}); err != nil {
		return err
	}
	sync, err := svc.BeginSync(ctx, op, "wiki", kb.SyncOptions{Full: true})
	if err != nil {
		return err
	}
	if err := sync.Put(ctx, []kb.SyncPage{{Key: "42", Version: "3", Source: &verity.Source{URI: "https://wiki.corp.example/42", Title: "Runbook",
		ACL: []verity.Principal{"group:confluence:wiki/eng"}, Text: "Restart the Bitrix24 bridge with make restart."}}}); err != nil {
		return err
	}
	if _, err := sync.Finish(ctx, nil); err != nil {
		return err
	}
	// Chat: an answer rated, a link code, a link, a group chat's audience.
	asked, err := svc.Ask(ctx, verity.NewCaller("user:ann@corp.example", "group:staff"), kb.AskRequest{Question: "How did Acme move its sales to Bitrix24?", Transport: "telegram"})
	if err != nil {
		return err
	}
	if _, err := svc.Rate(ctx, verity.NewCaller("user:ann@corp.example"), kb.FeedbackRequest{Answer: asked.ID, Rating: "up", Transport: "telegram"}); err != nil {
		return err
	}
	for _, who := range []string{"user:ann@corp.example", "user:bob@corp.example"} {
		code, err := svc.CreateLinkCode(ctx, op, kb.LinkRequest{Platform: "telegram", Principal: who})
		if err != nil {
			return err
		}
		if who == "user:ann@corp.example" {
			if _, err := svc.Link(ctx, kb.Account{Platform: "telegram", ID: "42", Chat: "42", Private: true}, code.Code); err != nil {
				return err
			}
		}
	}
	if _, err := svc.SetChatAudience(ctx, op, kb.AudienceRequest{Platform: "telegram", Chat: "-100", Principals: []string{"group:staff"}}); err != nil {
		return err
	}
	if _, err := svc.ConfigureSlack(ctx, op, kb.SlackSettings{TeamID: "T1", BotToken: "env:SLACK_BOT_TOKEN", SigningSecret: "env:SLACK_SIGNING_SECRET"}); err != nil {
		return err
	}
	if _, err := svc.FirstDelivery(ctx, "slack", "Ev1"); err != nil {
		return err
	}
	hidden := &verity.Source{ID: "VAULT-1", URI: "https://vault.example/1", System: "vault", Title: "Vault", ACL: []verity.Principal{"group:board"},
		Text: "A page that gives no hints.", Discoverable: new(bool)}
	if _, err := db.PutSource(ctx, hidden, ingest.Chunks(hidden, analysis.DefaultChunkOptions)); err != nil {
		return err
	}
	everyone := verity.NewCaller("group:staff", "group:board")
	if _, err := svc.Summarize(ctx, everyone, kb.SummarizeRequest{Topic: "Acme moved its sales to Bitrix24", K: 8, Sentences: 8}); err != nil {
		return err
	}
	spec, err := extract.BuiltinSpec("bitrix24-ru")
	if err != nil {
		return err
	}
	if _, err := svc.Extract(ctx, op, kb.ExtractRequest{Parsed: spec, Sources: []string{"PUB-1", "BOARD-1"}}); err != nil {
		return err
	}
	if _, err := svc.Revoke(ctx, op, kb.RevokeRequest{Refs: []string{"source:BOARD-1"}, Reason: "leaked"}); err != nil {
		return err
	}
	if _, err := svc.Audit(ctx, op, kb.AuditRequest{}); err != nil {
		return err
	}
	tok, err := svc.CreateToken(ctx, op, kb.TokenRequest{Name: "ci", Principals: []string{"user:ci@corp.example", "group:staff"}, Expires: "1h"})
	if err != nil {
		return err
	}
	if _, err := svc.CreateToken(ctx, op, kb.TokenRequest{Name: "old", Principals: []string{"user:old@corp.example"}}); err != nil {
		return err
	}
	if _, err := svc.RevokeToken(ctx, op, tok.ID); err != nil {
		return err
	}
	// What the pipelines above left empty: a review item with a vote, an
	// alias, gone evidence, a cached answer, a crawl and research's journal.
	if _, err := db.SQL().ExecContext(ctx, `INSERT INTO extract_review (id, edge_id, run, source_id, version, item, status, created_at)
		VALUES ('ev:1', 'edge:1', 'run-1', 'PUB-1', 1, '{}', 'pending', '2026-11-30T09:00:00Z')`); err != nil {
		return err
	}
	steps := []error{
		db.PutVote(ctx, "ev:1", "edge:1", verity.HumanVote{Author: "user:ann@corp.example", Vote: verity.VoteApprove, Why: "checked", At: t0}),
		db.PutAlias(ctx, "acme", "Acme Corp", "test"),
		db.MarkGone(ctx, "ev:1", true),
		db.PutAnswer(ctx, "answer-key", "stamp", []byte(`{"answer":"yes"}`)),
		db.SaveCrawlState(ctx, "https://site.example/", "running", 1, []verity.CrawlURL{
			{URL: "https://site.example/", Seq: 0, State: "done", Hash: "h", SourceID: "PUB-1"}, {URL: "https://site.example/a", Seq: 1, Depth: 1, State: "pending"}}),
		db.PutResearchCall(ctx, verity.ResearchCall{Run: "r1", Seq: 1, Kind: "search", Reason: "look", Query: "bitrix24", Outcome: "ok", Hits: 3, At: t0}),
	}
	if err := errors.Join(steps...); err != nil {
		return err
	}
	// Model answers as bytes no text encoding would keep.
	for i, val := range [][]byte{{0, 1, 0xff, 0xfe}, []byte(`{"ok":true}`)} {
		meta := verity.CacheMeta{Provider: "test", Model: "m", Task: "t", Sample: i, InputTokens: 10, OutputTokens: 2, CreatedAt: t0}
		if err := db.Cache().Put(ctx, fmt.Sprintf("key-%d", i), meta, val); err != nil {
			return err
		}
	}
	return nil
}

func openSQLite(t *testing.T, path string) *sqlite.DB {
	t.Helper()
	db, err := sqlite.Open(context.Background(), path, sqlite.Options{Now: func() time.Time { return t0 }})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}

func openPostgres(t *testing.T, url string) *postgres.DB {
	t.Helper()
	db, err := postgres.Open(context.Background(), url, postgres.Options{Now: func() time.Time { return t0 }, MaxConns: 4})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}

// copyVerified copies src into dst and fails t unless it verifies.
func copyVerified(t *testing.T, src, dst store) *verity.CopyReport {
	t.Helper()
	rep, err := src.CopyTo(context.Background(), dst, nil)
	if err != nil {
		t.Fatalf("CopyTo = %v", err)
	}
	if !rep.Verified {
		t.Fatalf("CopyTo verified nothing: %+v", rep)
	}
	return rep
}

// TestCopyRoundTrip copies a store from SQLite to PostgreSQL and back to
// SQLite: every table's checksum is the same on all three, and the copies
// answer searches (scores and order included), records, the log, roles and
// tokens as the original does.
func TestCopyRoundTrip(t *testing.T) {
	t.Parallel()
	orig := openSQLite(t, richStore(t))
	pg := openPostgres(t, pgtest.NewURL(t))
	back := openSQLite(t, filepath.Join(t.TempDir(), "back.db"))
	there := copyVerified(t, orig, pg)
	again := copyVerified(t, pg, back)
	if there.Copied == 0 || there.Before != 0 {
		t.Errorf("copy to PostgreSQL: copied %d, before %d; want every row copied now", there.Copied, there.Before)
	}
	for i, tb := range there.Tables {
		if tb != again.Tables[i] {
			t.Errorf("table %s: SQLite → PostgreSQL %+v, PostgreSQL → SQLite %+v", tb.Table, tb, again.Tables[i])
		}
		if tb.Rows == 0 {
			t.Errorf("table %s is empty in the test store: fill it, or the test proves nothing of it", tb.Table)
		}
	}
	for _, c := range []store{pg, back} {
		sameAnswers(t, orig, c)
	}
	// A copy goes on handing out ids past the ones it holds.
	for _, c := range []kb.Store{pg, back} {
		svc := kb.New(c, kb.Options{Now: func() time.Time { return t0 }})
		if err := kbtest.Seed(context.Background(), svc, nil, []*verity.Source{{ID: "NEW-1", URI: "https://new.example/", System: "web", ACL: []verity.Principal{verity.Public}, Text: "Acme moved its sales to a new CRM."}}, t0); err != nil {
			t.Errorf("ingest into the copy: %v", err)
		}
		res, err := c.Search(context.Background(), verity.SearchQuery{Text: "new CRM", Caller: verity.NewCaller()})
		if err != nil || len(res.Results) == 0 || res.Results[0].SourceID != "NEW-1" {
			t.Errorf("search the copy for what was ingested after = %+v, %v; want NEW-1 first", res, err)
		}
	}
}

// sameAnswers fails t where the copy answers otherwise than the original.
func sameAnswers(t *testing.T, orig, cp store) {
	t.Helper()
	ctx := context.Background()
	callers := []verity.Caller{verity.NewCaller(), verity.NewCaller("group:staff"), verity.NewCaller("group:board", "group:g3"), verity.LocalOperator("x")}
	queries := append(storetest.SynthQueries(20, 3), "Acme Bitrix24 sales", "Битрикс24 Ромашка", "merger")
	for _, c := range callers {
		for _, q := range queries {
			want, err := orig.Search(ctx, verity.SearchQuery{Text: q, Caller: c, K: 7})
			if err != nil {
				t.Fatal(err)
			}
			got, err := cp.Search(ctx, verity.SearchQuery{Text: q, Caller: c, K: 7})
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, want) {
				t.Errorf("Search(%q as %v) on the copy = %s, want %s", q, c.Principals(), js(got), js(want))
			}
		}
	}
	same := func(name string, get func(s store) (any, error)) {
		t.Helper()
		want, err := get(orig)
		if err != nil {
			t.Fatalf("%s on the original: %v", name, err)
		}
		got, err := get(cp)
		if err != nil {
			t.Fatalf("%s on the copy: %v", name, err)
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%s on the copy = %s, want %s", name, js(got), js(want))
		}
	}
	same("Records", func(s store) (any, error) { return s.Records(ctx, verity.RecordFilter{}) })
	same("RevocationLog", func(s store) (any, error) { return s.(kb.Store).RevocationLog(ctx) })
	same("Roles", func(s store) (any, error) { return s.(kb.Store).Roles(ctx) })
	same("Tokens", func(s store) (any, error) { return s.(kb.Store).Tokens(ctx) })
	same("Sources", func(s store) (any, error) { return s.Sources(ctx, verity.SourceFilter{}) })
	same("Stats", func(s store) (any, error) { return s.Stats(ctx) })
	same("SourceVersion", func(s store) (any, error) { return s.SourceVersion(ctx, "PUB-1", 1) })
	same("Cache", func(s store) (any, error) {
		v, _, err := s.Cache().Get(ctx, "key-0")
		return v, err
	})
}

func js(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}

// TestCopyResumes interrupts a copy between batches, in each direction,
// and runs it again: it continues where it stopped and verifies.
func TestCopyResumes(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	orig := openSQLite(t, richStore(t))
	pg := openPostgres(t, pgtest.NewURL(t))
	if _, err := orig.CopyTo(ctx, pg, nil); err != nil {
		t.Fatal(err)
	}
	for _, dir := range []struct {
		name     string
		src, dst store
	}{
		{"SQLite to PostgreSQL", orig, openPostgres(t, pgtest.NewURL(t))},
		{"PostgreSQL to SQLite", pg, openSQLite(t, filepath.Join(t.TempDir(), "to.db"))},
	} {
		t.Run(dir.name, func(t *testing.T) {
			cctx, cancel := context.WithCancel(ctx)
			defer cancel()
			batches := 0
			_, err := dir.src.CopyInBatches(cctx, dir.dst, 50, func(p verity.CopyProgress) {
				if p.Stage == "copy" && p.Done > 0 && p.Table == "chunks" {
					if batches++; batches == 3 {
						cancel()
					}
				}
			})
			if !errors.Is(err, context.Canceled) {
				t.Fatalf("interrupted copy = %v, want context.Canceled", err)
			}
			// What the interrupted copy wrote searches as an empty store.
			if res, err := dir.dst.Search(ctx, verity.SearchQuery{Text: "Acme Bitrix24", Caller: verity.LocalOperator("x")}); err != nil || len(res.Results) > 0 {
				t.Errorf("search of a half-copied store = %+v, %v; want nothing", res, err)
			}
			rep, err := dir.src.CopyInBatches(ctx, dir.dst, 50, nil)
			if err != nil {
				t.Fatalf("copy again = %v", err)
			}
			byName := map[string]verity.CopyTable{}
			for _, tb := range rep.Tables {
				byName[tb.Table] = tb
			}
			if s, c := byName["sources"], byName["chunks"]; s.Before != s.Rows || s.Copied != 0 || c.Before != 150 || c.Copied != c.Rows-150 {
				t.Errorf("copy again: sources %+v, chunks %+v; want sources there before and chunks continued after 150", s, c)
			}
			if !rep.Verified || rep.Before == 0 {
				t.Errorf("copy again = %+v, want verified, resumed", rep)
			}
			sameAnswers(t, dir.src, dir.dst)
			// Once more: nothing left to copy, and it still verifies.
			if rep, err := dir.src.CopyTo(ctx, dir.dst, nil); err != nil || rep.Copied != 0 || !rep.Verified {
				t.Errorf("copy a third time = %+v, %v; want nothing copied, verified", rep, err)
			}
		})
	}
}

// TestCopyReadsOneSnapshot writes to the source while it is copied: the
// copy holds the store as it was when the copy began, and verifies.
func TestCopyReadsOneSnapshot(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	src := openSQLite(t, richStore(t))
	dst := openPostgres(t, pgtest.NewURL(t))
	rep, err := copyDoing(src, dst, "records", func() {
		if _, err := src.GrantRole(ctx, verity.RoleGrant{Principal: "user:late@corp.example", Role: verity.RoleAdmin, By: "user:test@corp.example", At: t0}); err != nil {
			t.Errorf("write during the copy: %v", err)
		}
	})
	if err != nil || !rep.Verified {
		t.Fatalf("CopyTo = %+v, %v", rep, err)
	}
	roles, err := dst.Roles(ctx)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range roles {
		if r.Principal == "user:late@corp.example" {
			t.Errorf("the copy holds a role granted while it ran: %+v", roles)
		}
	}
}

// copyDoing copies src into dst and runs do once, as the copy reaches
// table.
func copyDoing(src, dst store, table string, do func()) (*verity.CopyReport, error) {
	done := false
	return src.CopyTo(context.Background(), dst, func(p verity.CopyProgress) {
		if p.Stage == "copy" && p.Table == table && !done {
			done = true
			do()
		}
	})
}

// TestCopyVerifies changes a row of the destination after it was copied:
// the verification names the table and fails the copy.
func TestCopyVerifies(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	src := openSQLite(t, richStore(t))
	dst := openPostgres(t, pgtest.NewURL(t))
	rep, err := copyDoing(src, dst, "index_dead_terms", func() {
		if _, err := dst.SQL().ExecContext(ctx, `UPDATE roles SET granted_by = 'user:mallory@corp.example'`); err != nil {
			t.Errorf("change the copied roles: %v", err)
		}
	})
	if verity.ErrorCode(err) != verity.EINTERNAL || !strings.Contains(err.Error(), "roles (source") {
		t.Fatalf("CopyTo with a changed row = %v, want a verification failure naming roles", err)
	}
	for _, tb := range rep.Tables {
		if tb.Match == (tb.Table == "roles") {
			t.Errorf("table %s: match %v (rows %d/%d, %s/%s)", tb.Table, tb.Match, tb.Rows, tb.DestRows, tb.Checksum, tb.DestChecksum)
		}
	}
	if rep.Verified {
		t.Errorf("report = verified, want not")
	}
}

// TestCopyRefusesOtherData refuses a destination that holds data the
// source does not, wherever it is, and writes nothing to it.
func TestCopyRefusesOtherData(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	src := openSQLite(t, richStore(t))
	for _, tt := range []struct {
		name, table string
		fill        func(db kb.Store) error
	}{
		{"a source", "sources", func(db kb.Store) error {
			svc := kb.New(db, kb.Options{Now: func() time.Time { return t0 }})
			return kbtest.Seed(ctx, svc, nil, []*verity.Source{{ID: "OTHER", URI: "https://other.example/", System: "web", ACL: []verity.Principal{verity.Public}, Text: "Another store."}}, t0)
		}},
		{"a role alone", "roles", func(db kb.Store) error {
			_, err := db.GrantRole(ctx, verity.RoleGrant{Principal: "user:other@corp.example", Role: verity.RoleAdmin, By: "user:x@corp.example", At: t0})
			return err
		}},
	} {
		for _, kind := range []string{"sqlite", "postgres"} {
			t.Run(tt.name+" in "+kind, func(t *testing.T) {
				var dst store
				if kind == "sqlite" {
					dst = openSQLite(t, filepath.Join(t.TempDir(), "other.db"))
				} else {
					dst = openPostgres(t, pgtest.NewURL(t))
				}
				if err := tt.fill(dst.(kb.Store)); err != nil {
					t.Fatal(err)
				}
				before := snapshotOf(t, dst)
				_, err := src.CopyTo(ctx, dst, nil)
				if verity.ErrorCode(err) != verity.ECONFLICT || !strings.Contains(err.Error(), "table "+tt.table+" ") {
					t.Fatalf("CopyTo onto a store with %s = %v, want a conflict naming table %s", tt.name, err, tt.table)
				}
				if after := snapshotOf(t, dst); after != before {
					t.Errorf("the refused destination changed:\nbefore %s\nafter  %s", before, after)
				}
			})
		}
	}
}

// snapshotOf is every table's checksum, read by copying the store into a
// new one.
func snapshotOf(t *testing.T, db store) string {
	t.Helper()
	rep := copyVerified(t, db, openSQLite(t, filepath.Join(t.TempDir(), fmt.Sprintf("snap-%d.db", time.Now().UnixNano()))))
	var b strings.Builder
	for _, tb := range rep.Tables {
		fmt.Fprintf(&b, "%s=%d:%.8s ", tb.Table, tb.Rows, tb.Checksum)
	}
	return b.String()
}

// TestCopyRefusesItself refuses a copy onto the source, however the
// destination was named.
func TestCopyRefusesItself(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	path := richStore(t)
	src := openSQLite(t, path)
	rel, err := filepath.Rel(mustGetwd(t), path)
	if err != nil {
		t.Fatal(err)
	}
	url := pgtest.NewURL(t)
	pg := openPostgres(t, url)
	for _, tt := range []struct {
		name     string
		src, dst store
	}{
		{"the same handle", src, src},
		{"the same file opened again", src, openSQLite(t, path)},
		{"the same file by a relative path", src, openSQLite(t, rel)},
		{"the same schema opened again", pg, openPostgres(t, url)},
		{"the same schema by another host name", pg, openPostgres(t, strings.Replace(url, "127.0.0.1", "localhost", 1))},
	} {
		_, err := tt.src.CopyTo(ctx, tt.dst, nil)
		if verity.ErrorCode(err) != verity.EINVALID || !strings.Contains(err.Error(), "the source itself") {
			t.Errorf("CopyTo onto %s = %v, want it refused as the source itself", tt.name, err)
		}
	}
	if _, err := src.CopyTo(ctx, "verity.db", nil); verity.ErrorCode(err) != verity.EINVALID {
		t.Errorf("CopyTo onto a string = %v, want invalid", err)
	}
}

func mustGetwd(t *testing.T) string {
	t.Helper()
	wd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	return wd
}

// TestCopyTablesAreEveryTable fails when a migration adds a table the copy
// neither moves nor leaves alone on purpose (the job queue's), or the copy's
// order puts a table before one it refers to.
func TestCopyTablesAreEveryTable(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	db := openSQLite(t, filepath.Join(t.TempDir(), "new.db"))
	list := func(rows interface {
		Next() bool
		Scan(...any) error
		Close() error
	}, err error) []string {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
		defer rows.Close()
		var out []string
		for rows.Next() {
			var s string
			rows.Scan(&s)
			out = append(out, s)
		}
		slices.Sort(out)
		return out
	}
	copied := sqlstore.CopyTables()
	want := slices.Sorted(slices.Values(copied))
	// The job queue's tables are left alone on purpose; every other table
	// moves.
	list0 := list
	list = func(rows interface {
		Next() bool
		Scan(...any) error
		Close() error
	}, err error) []string {
		t.Helper()
		return slices.DeleteFunc(list0(rows, err), func(tb string) bool { return slices.Contains(sqlstore.NotCopied(), tb) })
	}
	if got := list(db.SQL().QueryContext(ctx, `SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name <> 'schema_migrations'`)); !slices.Equal(got, want) {
		t.Errorf("SQLite's tables are %v, the copy moves %v", got, want)
	}
	for i, tb := range copied {
		for _, parent := range list(db.SQL().QueryContext(ctx, `SELECT "table" FROM pragma_foreign_key_list(?)`, tb)) {
			if j := slices.Index(copied, parent); j < 0 || j > i {
				t.Errorf("the copy moves %s before %s, which it refers to", tb, parent)
			}
		}
	}
	pg := openPostgres(t, pgtest.NewURL(t))
	if got := list(pg.SQL().QueryContext(ctx, `SELECT table_name::text FROM information_schema.tables
		WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' AND table_name <> 'schema_migrations'`)); !slices.Equal(got, want) {
		t.Errorf("PostgreSQL's tables are %v, the copy moves %v", got, want)
	}
}
