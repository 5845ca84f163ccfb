package http

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/netip"
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
	"github.com/veritykb/verity/llm"
	"github.com/veritykb/verity/offline"
	"github.com/veritykb/verity/postgres"
	"github.com/veritykb/verity/postgres/pgtest"
	"github.com/veritykb/verity/sqlite"
	"github.com/veritykb/verity/verify"
)

var (
	engine = offline.New(offline.Options{})
	judge  = verify.NewJudge(engine, verify.JudgeOptions{Votes: 1})
	t0     = time.Date(2026, 11, 30, 9, 0, 0, 0, time.UTC)
	// later is when the servers run: the expired token's hour is over.
	later = t0.Add(2 * time.Hour)
	local = verity.LocalOperator("tester")
)

// The corpus: public pages, a staff page, and the HR plan whose id, title,
// uri and words must never reach a caller outside group:hr.
var corpus = []*verity.Source{
	{ID: "PUB-1", URI: "https://vendor.example/cases/romashka", System: verity.SystemWeb, Title: "Кейс: Ромашка",
		ACL: []verity.Principal{verity.Public}, Text: "Кейс: ООО «Ромашка» перешла на Битрикс24. Acme moved its sales to Bitrix24 in March 2025."},
	{ID: "PUB-2", URI: "https://vendor.example/cases/old", System: verity.SystemWeb, Title: "An old case",
		ACL: []verity.Principal{verity.Public}, Text: "An old case: Acme moved its sales to Bitrix24 long ago, and sales grew."},
	{ID: "STAFF-1", URI: "https://wiki.corp.example/staff/2027", System: verity.SystemConfluence, Title: "Штатное расписание",
		ACL: []verity.Principal{"group:staff"}, Text: "Штатное расписание на 2027 год: сокращения в отделе продаж в 2027 году не планируются. Acme moved its sales to Bitrix24 after a pilot."},
	{ID: "HR-1", URI: "https://hr.corp.example/plan-2027", System: verity.SystemConfluence, Title: "План сокращений на 2027 год",
		Author: "user:hr-lead@corp.example", ACL: []verity.Principal{"group:hr"},
		Text: "План сокращений на 2027 год, проект квазипарабола. Отдел логистики сократят на 40 человек в марте 2027 года. Сокращения в 2027 году затронут склад квазипарабола."},
}

// secrets are what of HR-1 no one outside group:hr may ever see: its id,
// title, uri, words, and the ids of records built from it (added by build).
var baseSecrets = []string{"HR-1", "План сокращений", "квазипарабола", "hr.corp.example", "логистики", "40 человек"}

// fixture is a built store and what the tests need to know about it.
type fixture struct {
	path    string
	tokens  map[string]string // caller name → bearer token
	ids     map[string]string // caller name → token id
	summary string            // a summary with sentences from every page
	hrSum   string            // a summary only group:hr may see
	pubEnt  string
	pubObj  string
	pubEdge string
	pubEv   int64  // a revocation of PUB-2, visible to everyone
	hrEv    int64  // a revocation only HR and admins see
	run     int64  // an audit run
	hrJob   int64  // a job HR queued over its summary
	answer  string // the id of an answer the operator was given
	secrets []string
	// pgTemplate is the PostgreSQL schema the fixture was copied into.
	pgOnce     sync.Once
	pgTemplate string
	pgErr      error
}

var (
	fixOnce sync.Once
	fix     *fixture
	fixErr  error
)

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
	dir, err := os.MkdirTemp("", "http-fixture-")
	if err != nil {
		return nil, err
	}
	f := &fixture{path: filepath.Join(dir, "kb.db"), tokens: map[string]string{}, ids: map[string]string{}}
	svc, db, err := kbtest.Open(f.path, t0, kb.Fixed(engine, judge))
	if err != nil {
		return nil, err
	}
	defer db.Close()
	grants := []verity.RoleGrant{
		{Principal: "user:adm@corp.example", Role: verity.RoleAdmin},
		{Principal: "user:cur@corp.example", Role: verity.RoleCurator},
	}
	if err := kbtest.Seed(ctx, svc, grants, corpus, t0); err != nil {
		return nil, err
	}
	everyone := verity.NewCaller("group:staff", "group:hr")
	sum, err := svc.Summarize(ctx, everyone, kb.SummarizeRequest{Topic: "Acme moved its sales to Bitrix24", K: 8, Sentences: 8})
	if err != nil {
		return nil, err
	}
	f.summary = sum.ID
	hrSum, err := svc.Summarize(ctx, verity.NewCaller("group:hr"), kb.SummarizeRequest{Topic: "квазипарабола склад логистики"})
	if err != nil || len(hrSum.Sentences) == 0 {
		return nil, verity.Errorf(verity.EINTERNAL, "summarize as hr = %v, %+v", err, hrSum)
	}
	f.hrSum = hrSum.ID
	// Readers' summaries are their own until a curator publishes them.
	for _, id := range []string{sum.ID, hrSum.ID} {
		if _, err := svc.Publish(ctx, local, id); err != nil {
			return nil, err
		}
	}
	spec, err := extract.BuiltinSpec("bitrix24-ru")
	if err != nil {
		return nil, err
	}
	if _, err := svc.Extract(ctx, local, kb.ExtractRequest{Parsed: spec, Pages: 1}); err != nil {
		return nil, err
	}
	edges, err := svc.Graph(ctx, verity.NewCaller(), kb.GraphFilter{})
	if err != nil {
		return nil, err
	}
	for _, e := range edges.Edges {
		if strings.Contains(e.Subject, "Ромашка") {
			f.pubEnt, f.pubObj, f.pubEdge = e.SubjectID, e.ObjectID, e.ID
		}
	}
	if f.pubEdge == "" {
		return nil, verity.Errorf(verity.EINTERNAL, "extraction found %+v, want «Ромашка»", edges)
	}
	rep, err := svc.Revoke(ctx, local, kb.RevokeRequest{Refs: refStrings([]verity.Ref{verity.SourceRef("PUB-2")}), Reason: "an old case"})
	if err != nil {
		return nil, err
	}
	f.pubEv = rep.Event.ID
	rep, err = svc.Revoke(ctx, local, kb.RevokeRequest{Refs: refStrings([]verity.Ref{verity.RecordRef(hrSum.Sentences[0].ID)}), Reason: "квазипарабола leak"})
	if err != nil {
		return nil, err
	}
	f.hrEv = rep.Event.ID
	arep, err := svc.Audit(ctx, local, kb.AuditRequest{})
	if err != nil {
		return nil, err
	}
	f.run = arep.Run.ID
	// A job HR queued: its arguments name HR's summary.
	queued, err := svc.QueueAudit(ctx, verity.NewCaller("user:hr@corp.example", "group:hr"), kb.AuditRequest{Records: []string{hrSum.ID}})
	if err != nil {
		return nil, err
	}
	f.hrJob = queued.Jobs[0].ID
	asked, err := svc.Ask(ctx, local, kb.AskRequest{Question: "How did Acme move its sales to Bitrix24?"})
	if err != nil || asked.ID == "" {
		return nil, fmt.Errorf("the operator's answer has no id: %v", err)
	}
	f.answer = asked.ID
	for name, tr := range map[string]kb.TokenRequest{
		"alice":   {Name: "alice", Principals: []string{"user:alice@corp.example", "group:staff"}},
		"eve":     {Name: "eve", Principals: []string{"user:eve@outside.example"}},
		"curator": {Name: "curator", Principals: []string{"user:cur@corp.example", "group:staff"}},
		"admin":   {Name: "admin", Principals: []string{"user:adm@corp.example"}},
		"hr":      {Name: "hr", Principals: []string{"user:hr@corp.example", "group:hr"}},
		"expired": {Name: "expired", Principals: []string{"user:alice@corp.example", "group:staff"}, Expires: "1h"},
		"revoked": {Name: "revoked", Principals: []string{"user:alice@corp.example", "group:staff"}},
	} {
		tok, err := svc.CreateToken(ctx, local, tr)
		if err != nil {
			return nil, err
		}
		f.tokens[name], f.ids[name] = tok.Token, tok.ID
	}
	if _, err := svc.RevokeToken(ctx, local, f.ids["revoked"]); err != nil {
		return nil, err
	}
	f.tokens["malformed"] = "vty_0123456789abcdef_not-a-secret"
	f.secrets = append([]string{jsonNumber(f.hrEv), f.hrSum}, baseSecrets...)
	recs, err := db.Records(ctx, verity.RecordFilter{})
	if err != nil {
		return nil, err
	}
	for _, r := range recs {
		body := string(r.Body)
		if strings.Contains(body, "квазипарабола") || strings.Contains(body, "логистики") || strings.Contains(body, "HR-1") {
			f.secrets = append(f.secrets, r.ID)
		}
	}
	return f, nil
}

func jsonNumber(n int64) string {
	b, _ := json.Marshal(n)
	return string(b)
}

// syncBuffer is a log sink several requests may write at once.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// env is one running server over the fixture (or a copy of it).
type env struct {
	f    *fixture
	srv  *httptest.Server
	api  *Server
	logs *syncBuffer
}

// start serves the fixture's store, or a copy of it when the test changes
// it, with opt's options (the service, models, clock and log are filled).
func (f *fixture) start(t testing.TB, copyFirst bool, opt Options) *env {
	t.Helper()
	// Every server gets a copy: the fixture's file is never opened again,
	// so no server's writes or checkpoints can tear another's copy.
	path := filepath.Join(t.TempDir(), "kb.db")
	if err := kbtest.Copy(f.path, path); err != nil {
		t.Fatal(err)
	}
	_ = copyFirst
	db, err := sqlite.Open(context.Background(), path, sqlite.Options{Now: func() time.Time { return later }})
	if err != nil {
		t.Fatal(err)
	}
	return f.serve(t, db, opt)
}

// startModels serves a copy of the fixture whose questions are answered
// by models instead of the offline engine.
func (f *fixture) startModels(t testing.TB, models kb.Models) *env {
	t.Helper()
	path := filepath.Join(t.TempDir(), "kb.db")
	if err := kbtest.Copy(f.path, path); err != nil {
		t.Fatal(err)
	}
	db, err := sqlite.Open(context.Background(), path, sqlite.Options{Now: func() time.Time { return later }})
	if err != nil {
		t.Fatal(err)
	}
	return f.serveModels(t, db, Options{}, models)
}

// startPostgres serves a copy of the fixture in a PostgreSQL schema of the
// test's own, cloned from one the fixture was copied into once.
func (f *fixture) startPostgres(t testing.TB, opt Options) *env {
	t.Helper()
	ctx := context.Background()
	now := func() time.Time { return later }
	f.pgOnce.Do(func() {
		src, err := sqlite.Open(ctx, f.path, sqlite.Options{Now: now})
		if err != nil {
			f.pgErr = err
			return
		}
		defer src.Close()
		f.pgTemplate = pgtest.Template(t)
		dst, err := postgres.Open(ctx, pgtest.WithSchema(pgtest.URL(t), f.pgTemplate), postgres.Options{})
		if err != nil {
			f.pgErr = err
			return
		}
		defer dst.Close()
		_, f.pgErr = src.CopyTo(ctx, dst, nil)
	})
	if f.pgErr != nil {
		t.Fatalf("copy the fixture into PostgreSQL: %v", f.pgErr)
	}
	db, err := postgres.Open(ctx, pgtest.Clone(t, f.pgTemplate), postgres.Options{Now: now})
	if err != nil {
		t.Fatal(err)
	}
	return f.serve(t, db, opt)
}

// serve serves db with opt's options (the service, models, clock and log
// are filled), closing db when t ends.
func (f *fixture) serve(t testing.TB, db interface {
	kb.Store
	Close() error
}, opt Options) *env {
	t.Helper()
	return f.serveModels(t, db, opt, kb.Models{})
}

// serveModels is serve with the service's models given (zero: the
// offline engine and the fixture's judge).
func (f *fixture) serveModels(t testing.TB, db interface {
	kb.Store
	Close() error
}, opt Options, models kb.Models) *env {
	t.Helper()
	now := func() time.Time { return later }
	logs := &syncBuffer{}
	log := slog.New(slog.NewJSONHandler(logs, &slog.HandlerOptions{Level: slog.LevelDebug}))
	meter := llm.NewMeter(llm.DefaultPrices())
	if models.Model == nil {
		models = kb.Fixed(llm.WithMeter(engine, meter), judge)
	}
	opt.Service = kb.New(db, kb.Options{Now: now, Log: log, Meter: meter, Models: models})
	opt.Log, opt.Now = log, now
	if opt.Rate == 0 {
		opt.Rate = -1
	}
	api := New(opt)
	srv := httptest.NewServer(api)
	t.Cleanup(func() { srv.Close(); db.Close() })
	return &env{f: f, srv: srv, api: api, logs: logs}
}

// response is what a call got: everything a leak could hide in.
type response struct {
	status int
	header http.Header
	body   string
}

// do sends a request as caller (a name of f.tokens, "" for no credentials)
// and reads the whole response.
func (e *env) do(t testing.TB, caller, method, path, body string, header ...string) response {
	t.Helper()
	r, err := e.try(caller, method, path, body, header...)
	if err != nil {
		t.Fatalf("%s %s: %v", method, path, err)
	}
	if err := conform(method, path, r); err != nil {
		t.Errorf("%s %s as %q: %v", method, path, caller, err)
	}
	return r
}

// try is do for goroutines other than the test's: it returns the error.
func (e *env) try(caller, method, path, body string, header ...string) (response, error) {
	var rd io.Reader
	if body != "" {
		rd = strings.NewReader(body)
	}
	req, err := http.NewRequest(method, e.srv.URL+path, rd)
	if err != nil {
		return response{}, err
	}
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	if tok := e.f.tokens[caller]; tok != "" {
		req.Header.Set("Authorization", "Bearer "+tok)
	}
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	resp, err := e.srv.Client().Do(req)
	if err != nil {
		return response{}, err
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		return response{}, err
	}
	return response{status: resp.StatusCode, header: resp.Header, body: string(b)}, nil
}

// leaks returns the secrets of the fixture that text holds, but for those
// the request itself named (an id the caller asked about comes back in the
// not-found message, which tells it nothing it did not know).
func (f *fixture) leaks(text, asked string) []string {
	var out []string
	for _, s := range f.secrets {
		if s != "" && strings.Contains(text, s) && !strings.Contains(asked, s) {
			out = append(out, s)
		}
	}
	return out
}

// all is a response's status line, headers and body as one text.
func (r response) all() string {
	var b strings.Builder
	for k, vs := range r.header {
		b.WriteString(k + ": " + strings.Join(vs, ", ") + "\n")
	}
	return b.String() + r.body
}

func prefixes(t testing.TB, ss ...string) []netip.Prefix {
	t.Helper()
	var out []netip.Prefix
	for _, s := range ss {
		p, err := netip.ParsePrefix(s)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, p)
	}
	return out
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
