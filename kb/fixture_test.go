package kb_test

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/extract"
	"github.com/veritykb/verity/kb"
	"github.com/veritykb/verity/kb/kbtest"
	"github.com/veritykb/verity/offline"
	"github.com/veritykb/verity/postgres"
	"github.com/veritykb/verity/postgres/pgtest"
	"github.com/veritykb/verity/receipt/receipttest"
	"github.com/veritykb/verity/sqlite"
	"github.com/veritykb/verity/verify"
)

// The callers of the rights table: the local operator, an admin reading as
// its own principals, a curator who may read the board's pages, a curator
// who may not, a reader without a role, and the public.
var (
	local  = verity.LocalOperator("tester")
	admin  = verity.NewCaller("user:adm@corp.example")
	curIn  = verity.NewCaller("user:cb@corp.example", "group:board")
	curOut = verity.NewCaller("user:cs@corp.example", "group:staff")
	reader = verity.NewCaller("user:rd@corp.example", "group:staff")
	public = verity.NewCaller()
	// anonymous is the public caller of a server's --anonymous read: it
	// reads as public and may create nothing others see.
	anonymous = verity.Anonymous()
	callers   = []struct {
		name string
		c    verity.Caller
	}{{"local", local}, {"admin", admin}, {"curator-in", curIn}, {"curator-out", curOut}, {"reader", reader}, {"public", public}, {"anonymous", anonymous}}
)

var (
	engine = offline.New(offline.Options{})
	judge  = verify.NewJudge(engine, verify.JudgeOptions{Votes: 1})
	t0     = time.Date(2026, 11, 30, 9, 0, 0, 0, time.UTC)
)

// The corpus: a public page and a staff page, and two board pages whose
// ids, titles, uris and words (the marker "zephyrine", the company
// «Тайна») must never reach a caller who may not read them.
var corpus = []*verity.Source{
	{ID: "PUB-1", URI: "https://vendor.example/cases/romashka", System: verity.SystemWeb, Title: "Кейс: Ромашка",
		ACL: []verity.Principal{verity.Public}, Text: "Кейс: ООО «Ромашка» перешла на Битрикс24. Acme moved its sales to Bitrix24 in March 2025."},
	{ID: "STAFF-1", URI: "https://wiki.corp.example/staff/crm", System: verity.SystemConfluence, Title: "CRM for staff",
		ACL: []verity.Principal{"group:staff"}, Text: "Acme moved its sales to Bitrix24 after a pilot in February 2025. The Acme rollout of Bitrix24 finished in April 2025."},
	{ID: "BOARD-1", URI: "https://board.example/minutes/zephyrine", System: verity.SystemWeb, Title: "Board minutes zephyrine",
		Author: "user:chair@corp.example", ACL: []verity.Principal{"group:board"},
		Text: "Кейс: ООО «Тайна» перешла на Битрикс24. Acme moved its sales to Bitrix24 to prepare the zephyrine merger. The Acme rollout of Bitrix24 finished in April 2025."},
	{ID: "BOARD-2", URI: "https://board.example/minutes/zephyrine-2", System: verity.SystemWeb, Title: "Board minutes zephyrine two",
		Author: "user:chair@corp.example", ACL: []verity.Principal{"group:board"},
		Text: "Acme moved its sales to Bitrix24 as the zephyrine plan said."},
}

// fixture is a built store: its file (copy it for a call that changes it),
// the ids the table test needs, and the secrets of the board.
type fixture struct {
	path    string
	summary string // a summary with sentences from every page
	edge    string // the edge only the board page supports
	entity  string // its subject
	pubEnt  string // an entity the public sees
	pubObj  string // the object of the public edge, another entity
	pubEdge string // the edge the public page supports
	boardEv int64  // the revocation of BOARD-2
	pubEv   int64  // a revocation of a public record
	run     int64  // an audit run over every revocation
	token   string // a token's id
	secrets []string
	// pgTemplate is the PostgreSQL schema the fixture was copied into, for
	// the tests that run on both stores.
	pgOnce     sync.Once
	pgTemplate string
	pgErr      error
}

var (
	fixOnce sync.Once
	fix     *fixture
	fixErr  error
)

// build makes the fixture once per test binary.
func build(t testing.TB) *fixture {
	t.Helper()
	fixOnce.Do(func() { fix, fixErr = buildFixture() })
	if fixErr != nil {
		t.Fatalf("build fixture: %v", fixErr)
	}
	return fix
}

func buildFixture() (*fixture, error) {
	ctx := context.Background()
	dir, err := os.MkdirTemp("", "kb-fixture-")
	if err != nil {
		return nil, err
	}
	f := &fixture{path: filepath.Join(dir, "kb.db")}
	svc, db, err := kbtest.Open(f.path, t0, kb.Fixed(engine, judge))
	if err != nil {
		return nil, err
	}
	defer db.Close()
	grants := []verity.RoleGrant{
		{Principal: "user:adm@corp.example", Role: verity.RoleAdmin},
		{Principal: "user:cb@corp.example", Role: verity.RoleCurator},
		{Principal: "user:cs@corp.example", Role: verity.RoleCurator},
	}
	if err := kbtest.Seed(ctx, svc, grants, corpus, t0); err != nil {
		return nil, err
	}
	// A connector, which only admins see and sync.
	if _, err := svc.AddConnector(ctx, local, kb.ConnectorAdd{Kind: "confluence", Name: "wiki", URL: "https://wiki.corp.example", Secret: "env:WIKI_TOKEN", Spaces: []string{"ENG"}}); err != nil {
		return nil, err
	}
	// A summary written by someone who reads everything: a sentence from
	// each page, each with its own receipt.
	sum, err := svc.Summarize(ctx, verity.NewCaller("group:staff", "group:board"), kb.SummarizeRequest{Topic: "Acme moved its sales to Bitrix24", K: 8, Sentences: 8})
	if err != nil {
		return nil, err
	}
	f.summary = sum.ID
	// A reader's summary is its own until a curator publishes it.
	if _, err := svc.Publish(ctx, local, sum.ID); err != nil {
		return nil, err
	}
	mixed := false
	for _, st := range sum.Sentences {
		mixed = mixed || len(st.Receipt.Sets) > 1
	}
	if !mixed {
		return nil, verity.Errorf(verity.EINTERNAL, "the summary has no sentence with a mixed receipt: %+v", sum.Sentences)
	}
	// Extraction over every page, as the operator: «Тайна» rests on the
	// board page alone.
	spec, err := extract.BuiltinSpec("bitrix24-ru")
	if err != nil {
		return nil, err
	}
	if _, err := svc.Extract(ctx, local, kb.ExtractRequest{Parsed: spec, Pages: 1}); err != nil {
		return nil, err
	}
	edges, err := extract.Graph(ctx, db, receipttest.View(ctx, db, curIn), extract.GraphFilter{})
	if err != nil {
		return nil, err
	}
	for _, e := range edges {
		switch {
		case strings.Contains(e.Subject, "Тайна"):
			f.edge, f.entity = e.ID, e.SubjectID
		case strings.Contains(e.Subject, "Ромашка"):
			f.pubEnt, f.pubObj, f.pubEdge = e.SubjectID, e.ObjectID, e.ID
		}
	}
	// Answers store statements too.
	if _, err := svc.Ask(ctx, curIn, kb.AskRequest{Question: "How did Acme move its sales to Bitrix24?"}); err != nil {
		return nil, err
	}
	rep, err := svc.Revoke(ctx, local, kb.RevokeRequest{Refs: refStrings([]verity.Ref{verity.SourceRef("BOARD-2")}), Reason: "zephyrine leak"})
	if err != nil {
		return nil, err
	}
	f.boardEv = rep.Event.ID
	pubSentence := ""
	for _, s := range sum.Sentences {
		if len(s.Receipt.Sets) == 1 && len(s.Receipt.Sets[0]) == 1 && s.Receipt.Sets[0][0] == verity.SourceRef("PUB-1") {
			pubSentence = s.ID
		}
	}
	if pubSentence == "" {
		return nil, verity.Errorf(verity.EINTERNAL, "the summary has no sentence on PUB-1 alone: %+v", sum.Sentences)
	}
	rep, err = svc.Revoke(ctx, local, kb.RevokeRequest{Refs: refStrings([]verity.Ref{verity.RecordRef(pubSentence)}), Reason: "checked by hand"})
	if err != nil {
		return nil, err
	}
	f.pubEv = rep.Event.ID
	arep, err := svc.Audit(ctx, local, kb.AuditRequest{})
	if err != nil {
		return nil, err
	}
	f.run = arep.Run.ID
	// A job the board's curator queued: its arguments name the board's
	// pages.
	spec, err = extract.BuiltinSpec("bitrix24-ru")
	if err != nil {
		return nil, err
	}
	queued, err := svc.QueueExtract(ctx, curIn, kb.ExtractRequest{Parsed: spec, Sources: []string{"BOARD-1"}})
	if err != nil {
		return nil, err
	}
	if len(queued.Jobs) != 1 {
		return nil, verity.Errorf(verity.EINTERNAL, "queued %d jobs, want 1", len(queued.Jobs))
	}
	tok, err := svc.CreateToken(ctx, local, kb.TokenRequest{Name: "fixture", Principals: []string{"user:rd@corp.example", "group:staff"}})
	if err != nil {
		return nil, err
	}
	f.token = tok.ID
	// A directory: the reader and the staff curator in staff.
	if _, err := svc.AddToGroup(ctx, local, kb.GroupChange{Group: "staff", Users: []string{"rd@corp.example", "cs@corp.example"}, Create: true}); err != nil {
		return nil, err
	}
	// The secrets: the board pages' ids, titles, uris and words, the event
	// that revoked one, and the id of every record whose body names them.
	f.secrets = []string{"BOARD-1", "BOARD-2", "zephyrine", "Тайна", "board.example", jsonNumber(f.boardEv)}
	recs, err := db.Records(ctx, verity.RecordFilter{})
	if err != nil {
		return nil, err
	}
	for _, r := range recs {
		if strings.Contains(string(r.Body), "zephyrine") || strings.Contains(string(r.Body), "Тайна") {
			f.secrets = append(f.secrets, r.ID)
		}
	}
	if f.edge == "" || f.entity == "" || f.pubEnt == "" {
		return nil, verity.Errorf(verity.EINTERNAL, "extraction found %+v, want «Тайна» and «Ромашка»", edges)
	}
	return f, nil
}

func jsonNumber(n int64) string {
	b, _ := json.Marshal(n)
	return string(b)
}

// open returns the service over the fixture, or over a copy of it when the
// call may change the store.
func (f *fixture) open(t *testing.T, copyFirst bool) *kb.Service {
	t.Helper()
	path := f.path
	if copyFirst {
		path = filepath.Join(t.TempDir(), "kb.db")
		if err := kbtest.Copy(f.path, path); err != nil {
			t.Fatal(err)
		}
	}
	db, err := sqlite.Open(context.Background(), path, sqlite.Options{Now: func() time.Time { return t0 }})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return kb.New(db, kb.Options{Now: func() time.Time { return t0 }, Models: kb.Fixed(engine, judge)})
}

// stores are the kinds of store the service's security tests run on.
var stores = []string{"sqlite", "postgres"}

// openOn returns the service over a copy of the fixture in a store of
// kind: a copy of its file for SQLite; for PostgreSQL, a schema of the
// test's own cloned from one the fixture was copied into once, row for row.
func (f *fixture) openOn(t *testing.T, kind string) *kb.Service {
	t.Helper()
	if kind == "sqlite" {
		return f.open(t, true)
	}
	ctx := context.Background()
	clock := func() time.Time { return t0 }
	f.pgOnce.Do(func() { f.pgTemplate, f.pgErr = f.copyToPostgres(t) })
	if f.pgErr != nil {
		t.Fatalf("copy the fixture into PostgreSQL: %v", f.pgErr)
	}
	db, err := postgres.Open(ctx, pgtest.Clone(t, f.pgTemplate), postgres.Options{Now: clock, MaxConns: 2})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return kb.New(db, kb.Options{Now: clock, Models: kb.Fixed(engine, judge)})
}

// copyToPostgres copies the fixture into a PostgreSQL schema that lasts
// as long as the test binary, and returns its name.
func (f *fixture) copyToPostgres(t *testing.T) (string, error) {
	ctx := context.Background()
	src, err := sqlite.Open(ctx, f.path, sqlite.Options{Now: func() time.Time { return t0 }})
	if err != nil {
		return "", err
	}
	defer src.Close()
	schema := pgtest.Template(t)
	dst, err := postgres.Open(ctx, pgtest.WithSchema(pgtest.URL(t), schema), postgres.Options{})
	if err != nil {
		return "", err
	}
	defer dst.Close()
	if _, err := src.CopyTo(ctx, dst, nil); err != nil {
		return "", err
	}
	// The job queue is not copied: queue the board curator's job again.
	spec, err := extract.BuiltinSpec("bitrix24-ru")
	if err != nil {
		return "", err
	}
	clock := func() time.Time { return t0 }
	_, err = kb.New(dst, kb.Options{Now: clock, Models: kb.Fixed(engine, judge)}).QueueExtract(ctx, curIn, kb.ExtractRequest{Parsed: spec, Sources: []string{"BOARD-1"}})
	return schema, err
}

func TestMain(m *testing.M) { pgtest.Main(m) }

// refStrings writes refs as a request names them.
func refStrings(refs []verity.Ref) []string {
	out := make([]string, len(refs))
	for i, r := range refs {
		out[i] = string(r)
	}
	return out
}
