package web_test

import (
	"bytes"
	"context"
	"io"
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
	httpapi "github.com/veritykb/verity/http"
	"github.com/veritykb/verity/ingest"
	"github.com/veritykb/verity/kb"
	"github.com/veritykb/verity/kb/kbtest"
	"github.com/veritykb/verity/llm"
	"github.com/veritykb/verity/offline"
	"github.com/veritykb/verity/sqlite"
	"github.com/veritykb/verity/verify"
	"github.com/veritykb/verity/web"
)

// The browser tests serve a store built from testdata/corpus.jsonl, a
// demo-like corpus: public pages in Russian and English (one with an id
// holding "/", one with emoji before its quotes), a staff page, an HR page
// only group:hr may read, vendor pages the extraction reads, a page
// whose title, uri and text are script payloads, and a long Markdown
// runbook (headings, nested lists, a table, code, emphasis, a link).

var (
	engine = offline.New(offline.Options{})
	judge  = verify.NewJudge(engine, verify.JudgeOptions{Votes: 1})
	t0     = time.Date(2026, 11, 30, 9, 0, 0, 0, time.UTC)
	local  = verity.LocalOperator("tester")
)

// Ids of the corpus.
const (
	accessID   = "wiki/SEC/access-review"
	romashkaID = "https://oblako.example/cases/romashka"
	partnersID = "https://oblako.example/partners"
	xssID      = "XSS-1"
	hrID       = "HR-1"
	runbookID  = "RUNBOOK-1"
)

// secrets are what of the HR page no one outside group:hr may ever see.
var secrets = []string{hrID, "План сокращений", "квазипарабола", "hr.corp.example", "логистики", "40 человек"}

type fixture struct {
	path   string
	tokens map[string]string // caller name → bearer token
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
	dir, err := os.MkdirTemp("", "web-fixture-")
	if err != nil {
		return nil, err
	}
	f := &fixture{path: filepath.Join(dir, "kb.db"), tokens: map[string]string{}}
	svc, db, err := kbtest.Open(f.path, t0, kb.Fixed(engine, judge))
	if err != nil {
		return nil, err
	}
	defer db.Close()
	data, err := os.ReadFile(filepath.Join("testdata", "corpus.jsonl"))
	if err != nil {
		return nil, err
	}
	var corpus []*verity.Source
	err = ingest.Records(bytes.NewReader(data), "corpus.jsonl", ingest.DefaultMaxBytes, func(it ingest.Item) error {
		if it.Err != nil {
			return it.Err
		}
		corpus = append(corpus, it.Source)
		return nil
	})
	if err != nil {
		return nil, err
	}
	if err := kbtest.Seed(ctx, svc, []verity.RoleGrant{{Principal: "user:cur@corp.example", Role: verity.RoleCurator}}, corpus, t0); err != nil {
		return nil, err
	}
	// The graph: «Ромашка» and Acme use Bitrix24, accepted; the partners
	// page goes to review (a review band that takes every confidence, and
	// a panel of five votes: a deterministic model's one vote is never
	// placed in a band).
	spec, err := extract.BuiltinSpec("bitrix24-ru")
	if err != nil {
		return nil, err
	}
	if _, err := svc.Extract(ctx, local, kb.ExtractRequest{Parsed: spec, Sources: []string{romashkaID}, Pages: 1}); err != nil {
		return nil, err
	}
	review := *spec
	review.Panel.ReviewBand = []float64{0, 1}
	panel := kb.New(db, kb.Options{Now: func() time.Time { return t0 }, Models: kb.Fixed(sampled{engine}, judge)})
	if _, err := panel.Extract(ctx, local, kb.ExtractRequest{Parsed: &review, Sources: []string{partnersID}, Pages: 1}); err != nil {
		return nil, err
	}
	for name, tr := range map[string]kb.TokenRequest{
		"alice":   {Name: "alice", Principals: []string{"user:alice@corp.example", "group:staff"}},
		"eve":     {Name: "eve", Principals: []string{"user:eve@outside.example"}},
		"curator": {Name: "curator", Principals: []string{"user:cur@corp.example", "group:staff"}},
		"hr":      {Name: "hr", Principals: []string{"user:hr@corp.example", "group:hr"}},
	} {
		tok, err := svc.CreateToken(ctx, local, tr)
		if err != nil {
			return nil, err
		}
		f.tokens[name] = tok.Token
	}
	return f, nil
}

// server is one API server with the web UI over a copy of the fixture.
type server struct {
	f   *fixture
	URL string
}

// serverOptions are what a test varies: anonymous reading, a proxy.
type serverOptions struct {
	anonymous bool
	proxy     httpapi.Proxy
}

// start serves a fresh copy of the fixture's store as verity serve does:
// the API's handler with the web UI as its UI.
func (f *fixture) start(t testing.TB, so serverOptions) *server {
	t.Helper()
	path := filepath.Join(t.TempDir(), "kb.db")
	if err := kbtest.Copy(f.path, path); err != nil {
		t.Fatal(err)
	}
	now := func() time.Time { return t0.Add(time.Hour) }
	db, err := sqlite.Open(context.Background(), path, sqlite.Options{Now: now})
	if err != nil {
		t.Fatal(err)
	}
	api := httpapi.New(httpapi.Options{
		Service: kb.New(db, kb.Options{Now: now, Models: kb.Fixed(engine, judge)}), Now: now,
		Anonymous: so.anonymous, Proxy: so.proxy, Rate: -1,
		UI: web.New(web.Options{Anonymous: so.anonymous, Proxy: len(so.proxy.Trusted) > 0}),
	})
	srv := httptest.NewServer(api)
	t.Cleanup(func() { srv.Close(); db.Close() })
	return &server{f: f, URL: srv.URL}
}

// loopback trusts a proxy on this machine.
func loopback() httpapi.Proxy {
	return httpapi.Proxy{Trusted: []netip.Prefix{netip.MustParsePrefix("127.0.0.1/32")}, UserHeader: "X-Forwarded-Email"}
}

// api calls the API as caller (a name of the fixture's tokens) and returns
// the status and body.
func (s *server) api(t testing.TB, caller, method, path, body string) (int, string) {
	t.Helper()
	var rd io.Reader
	if body != "" {
		rd = strings.NewReader(body)
	}
	req, err := http.NewRequest(method, s.URL+path, rd)
	if err != nil {
		t.Fatal(err)
	}
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	if tok := s.f.tokens[caller]; tok != "" {
		req.Header.Set("Authorization", "Bearer "+tok)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return resp.StatusCode, string(b)
}

// sampled is the offline engine presented as a model that samples, so
// that a panel draws all its votes from it.
type sampled struct{ llm.Model }

func (m sampled) Info() llm.Info {
	i := m.Model.Info()
	i.Deterministic = false
	return i
}
