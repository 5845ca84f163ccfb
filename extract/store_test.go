package extract_test

import (
	"context"
	"encoding/json"
	"errors"
	"path/filepath"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/analysis"
	"github.com/veritykb/verity/extract"
	"github.com/veritykb/verity/ingest"
	"github.com/veritykb/verity/llm"
	"github.com/veritykb/verity/llm/llmtest"
	"github.com/veritykb/verity/receipt/receipttest"
	"github.com/veritykb/verity/sqlite"
)

var t0 = time.Date(2026, 3, 1, 9, 0, 0, 0, time.UTC)

func openStore(t *testing.T) *sqlite.DB {
	t.Helper()
	db, err := sqlite.Open(context.Background(), filepath.Join(t.TempDir(), "x.db"), sqlite.Options{Now: func() time.Time { return t0 }})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}

func put(t *testing.T, db *sqlite.DB, id, text string, acl ...verity.Principal) *verity.Source {
	t.Helper()
	if len(acl) == 0 {
		acl = []verity.Principal{verity.Public}
	}
	src := &verity.Source{ID: id, URI: "https://" + id + "/page", System: verity.SystemWeb, Title: id, ACL: acl, Text: text, UpdatedAt: t0}
	if _, err := db.PutSource(context.Background(), src, ingest.Chunks(src, analysis.DefaultChunkOptions)); err != nil {
		t.Fatal(err)
	}
	return src
}

// scripted proposes, for every page, each configured subject whose quote is
// on the page, and judges with the votes configured per subject (all yes
// by default); the referent step says yes with the first line of the page.
type scripted struct {
	*llmtest.Model
	mu    sync.Mutex
	cands []extract.Candidate
	yes   map[string]int // subject → yes votes of 5 on every criterion
	fail  map[string]error
}

func newScripted(cands ...extract.Candidate) *scripted {
	s := &scripted{Model: llmtest.New(llm.Info{}), cands: cands, yes: map[string]int{}, fail: map[string]error{}}
	s.On(extract.TaskCandidates, func(ctx context.Context, req *llm.Request) (*llm.Response, error) {
		var v extract.CandidatesVars
		json.Unmarshal(req.Vars, &v)
		s.mu.Lock()
		err := s.fail[v.URI]
		s.mu.Unlock()
		if err != nil {
			return nil, err
		}
		var out extract.CandidatesAnswer
		for _, c := range s.cands {
			if containsText(v.Text, c.Quote) {
				out.Candidates = append(out.Candidates, c)
			}
		}
		raw, _ := json.Marshal(out)
		return s.Text(req, string(raw)), nil
	})
	s.On(extract.TaskReferent, func(_ context.Context, req *llm.Request) (*llm.Response, error) {
		var v extract.ReferentVars
		json.Unmarshal(req.Vars, &v)
		line := v.Text
		for i, r := range v.Text {
			if r == '\n' {
				line = v.Text[:i]
				break
			}
		}
		raw, _ := json.Marshal(extract.ReferentAnswer{Argument: "the first line", Verdict: "yes", EvidencePhrase: line})
		return s.Text(req, string(raw)), nil
	})
	s.On(extract.TaskJudge, func(_ context.Context, req *llm.Request) (*llm.Response, error) {
		var v extract.JudgeVars
		json.Unmarshal(req.Vars, &v)
		s.mu.Lock()
		yes, ok := s.yes[v.Subject]
		s.mu.Unlock()
		if !ok {
			yes = 5
		}
		ans := "no"
		if req.Sample < yes {
			ans = "yes"
		}
		type a struct {
			ID     string `json:"id"`
			Answer string `json:"answer"`
			Reason string `json:"reason"`
		}
		var out struct {
			Answers    []a    `json:"answers"`
			NotCounted string `json:"not_counted"`
		}
		for _, c := range v.Criteria {
			out.Answers = append(out.Answers, a{c.ID, ans, "scripted"})
		}
		raw, _ := json.Marshal(out)
		return s.Text(req, string(raw)), nil
	})
	return s
}

func containsText(text, q string) bool {
	return q != "" && len(text) >= len(q) && indexOf(text, q) >= 0
}

func indexOf(s, sub string) int {
	for i := 0; i+len(sub) <= len(s); i++ {
		if s[i:i+len(sub)] == sub {
			return i
		}
	}
	return -1
}

func spec(t *testing.T) *extract.Spec {
	t.Helper()
	s, err := extract.BuiltinSpec("bitrix24-en")
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func runner(db *sqlite.DB, m llm.Model, s *extract.Spec) *extract.Runner {
	return &extract.Runner{Store: db, X: extract.New(m, s, extract.Options{Now: func() time.Time { return t0 }}), Concurrency: 1}
}

const (
	acmeA = "Acme Logistics GmbH moved its sales to Bitrix24 in March 2025."
	acmeB = "Acme Logistics GmbH runs every customer conversation through Bitrix24."
)

func graph(t *testing.T, db *sqlite.DB, caller verity.Caller) []extract.EdgeView {
	t.Helper()
	edges, err := extract.Graph(context.Background(), db, receipttest.View(context.Background(), db, caller), extract.GraphFilter{})
	if err != nil {
		t.Fatal(err)
	}
	return edges
}

func sources(e extract.EdgeView) []string {
	var out []string
	for _, ev := range e.Evidence {
		out = append(out, ev.SourceID)
	}
	slices.Sort(out)
	return out
}

func TestEdgeAcrossPagesSurvivesLosingOne(t *testing.T) {
	ctx := context.Background()
	db := openStore(t)
	put(t, db, "a.example", "# Story A\n\n"+acmeA)
	put(t, db, "b.example", "# Story B\n\n"+acmeB)
	m := newScripted(extract.Candidate{Subject: "Acme Logistics GmbH", Object: "Bitrix24", Quote: acmeA, EvidenceType: "case"},
		extract.Candidate{Subject: "Acme Logistics", Object: "Bitrix24", Quote: acmeB, EvidenceType: "case"})
	res, err := runner(db, m, spec(t)).Run(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	if res.Read != 2 || len(res.EdgeIDs()) != 1 {
		t.Fatalf("Run read %d pages and accepted edges %v, want 2 pages and one edge", res.Read, res.EdgeIDs())
	}
	edges := graph(t, db, verity.NewCaller())
	if len(edges) != 1 || !slices.Equal(sources(edges[0]), []string{"a.example", "b.example"}) {
		t.Fatalf("Graph = %+v, want one edge with evidence from both pages", edges)
	}
	rec, _ := db.Record(ctx, edges[0].ID)
	if len(rec.Receipt.Sets) != 2 {
		t.Errorf("edge receipt = %v, want one set per supporting evidence", rec.Receipt.Sets)
	}
	if _, _, err := db.Revoke(ctx, []verity.Ref{verity.SourceRef("a.example")}, verity.Actor{Who: "user:ops@corp.example"}, "withdrawn"); err != nil {
		t.Fatal(err)
	}
	edges = graph(t, db, verity.NewCaller())
	if len(edges) != 1 || !slices.Equal(sources(edges[0]), []string{"b.example"}) {
		t.Fatalf("Graph after revoking page a = %+v, want the edge on page b alone", edges)
	}
	if _, _, err := db.Revoke(ctx, []verity.Ref{verity.SourceRef("b.example")}, verity.Actor{Who: "user:ops@corp.example"}, "withdrawn"); err != nil {
		t.Fatal(err)
	}
	if edges := graph(t, db, verity.NewCaller()); len(edges) != 0 {
		t.Errorf("Graph after revoking both pages = %+v, want nothing", edges)
	}
}

func TestVisibilityFollowsEvidence(t *testing.T) {
	ctx := context.Background()
	db := openStore(t)
	put(t, db, "public.example", "# Public\n\n"+acmeA)
	put(t, db, "hr.example", "# Internal\n\n"+acmeB+" Salaries were cut by 10%.", "group:hr")
	put(t, db, "secret.example", "# Internal\n\nVega Retail AG uses Bitrix24 for payroll.", "group:hr")
	m := newScripted(extract.Candidate{Subject: "Acme Logistics GmbH", Object: "Bitrix24", Quote: acmeA, EvidenceType: "case"},
		extract.Candidate{Subject: "Acme Logistics GmbH", Object: "Bitrix24", Quote: acmeB, EvidenceType: "case"},
		extract.Candidate{Subject: "Vega Retail AG", Object: "Bitrix24", Quote: "Vega Retail AG uses Bitrix24 for payroll.", EvidenceType: "other"})
	if _, err := runner(db, m, spec(t)).Run(ctx, nil); err != nil {
		t.Fatal(err)
	}
	public := graph(t, db, verity.NewCaller())
	if len(public) != 1 || !slices.Equal(sources(public[0]), []string{"public.example"}) {
		t.Fatalf("Graph(public) = %+v, want Acme through the public page only", public)
	}
	hr := graph(t, db, verity.NewCaller("group:hr"))
	if len(hr) != 2 {
		t.Fatalf("Graph(hr) = %d edges, want 2", len(hr))
	}
	// Explaining the hidden edge to the public shows nothing of its page.
	var vega string
	for _, e := range hr {
		if e.Subject == "Vega Retail AG" {
			vega = e.ID
		}
	}
	if _, err := extract.Explain(ctx, db, receipttest.View(ctx, db, verity.NewCaller()), vega); verity.ErrorCode(err) != verity.ENOTFOUND {
		t.Errorf("Explain(hidden edge) as public = %v, want not found", err)
	}
	ex, err := extract.Explain(ctx, db, receipttest.View(ctx, db, verity.NewCaller("group:hr")), vega)
	if err != nil || len(ex.Steps) == 0 || ex.Edge == nil {
		t.Errorf("Explain(hidden edge) as hr = %+v, %v; want its steps", ex, err)
	}
	acme, err := extract.Explain(ctx, db, receipttest.View(ctx, db, verity.NewCaller()), public[0].ID)
	if err != nil {
		t.Fatal(err)
	}
	if acme.Hidden == 0 {
		t.Errorf("Explain(Acme) as public hid %d steps, want the hr page's steps hidden", acme.Hidden)
	}
	for _, s := range acme.Steps {
		if s.SourceID == "hr.example" {
			t.Errorf("Explain(Acme) as public shows a step of hr.example: %s", s.Name)
		}
	}
}

func TestRerunContinuesAfterInterrupt(t *testing.T) {
	ctx := context.Background()
	db := openStore(t)
	quotes := map[string]string{
		"a.example": "Alpha Freight Ltd moved its sales to Bitrix24.",
		"b.example": "Beta Retail AG moved its support to Bitrix24.",
		"c.example": "Gamma Foods GmbH moved its logistics to Bitrix24.",
	}
	var cands []extract.Candidate
	for _, id := range []string{"a.example", "b.example", "c.example"} {
		put(t, db, id, "# "+id+"\n\n"+quotes[id])
		subj := quotes[id][:indexOf(quotes[id], " moved")]
		cands = append(cands, extract.Candidate{Subject: subj, Object: "Bitrix24", Quote: quotes[id], EvidenceType: "case"})
	}
	m := newScripted(cands...)
	m.fail["https://b.example/page"] = context.Canceled // Ctrl-C while page b is read
	_, err := runner(db, m, spec(t)).Run(ctx, nil)
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("Run with an interrupt = %v, want context.Canceled", err)
	}
	if n := len(graph(t, db, verity.NewCaller())); n != 1 {
		t.Fatalf("Graph after the interrupt = %d edges, want page a's edge kept", n)
	}
	m2 := newScripted(cands...)
	res, err := runner(db, m2, spec(t)).Run(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	if res.Resumed != 1 || res.Read != 2 || m2.Count(extract.TaskCandidates) != 2 {
		t.Errorf("rerun resumed %d, read %d pages with %d extraction calls; want 1 resumed, 2 read, 2 calls",
			res.Resumed, res.Read, m2.Count(extract.TaskCandidates))
	}
	if n := len(res.Outcomes(extract.Accepted)); n != 3 {
		t.Errorf("rerun outcomes accepted = %d, want all 3 pages' edges reported", n)
	}
	if n := len(graph(t, db, verity.NewCaller())); n != 3 {
		t.Errorf("Graph after the rerun = %d edges, want 3", n)
	}
}

func TestChangedPageRelocatesOrRevokesEvidence(t *testing.T) {
	ctx := context.Background()
	db := openStore(t)
	put(t, db, "a.example", "# Story\n\n"+acmeA)
	put(t, db, "b.example", "# Other\n\nVega Retail AG uses Bitrix24 for payroll.")
	m := newScripted(extract.Candidate{Subject: "Acme Logistics GmbH", Object: "Bitrix24", Quote: acmeA, EvidenceType: "case"},
		extract.Candidate{Subject: "Vega Retail AG", Object: "Bitrix24", Quote: "Vega Retail AG uses Bitrix24 for payroll.", EvidenceType: "other"})
	if _, err := runner(db, m, spec(t)).Run(ctx, nil); err != nil {
		t.Fatal(err)
	}
	// Page a gains a paragraph before the quote; page b loses its quote.
	a2 := put(t, db, "a.example", "# Story\n\nA new introduction.\n\n"+acmeA)
	b2 := put(t, db, "b.example", "# Other\n\nVega Retail AG evaluated several CRM systems.")
	var moved []extract.Relocation
	for _, src := range []*verity.Source{a2, b2} {
		cur, _ := db.Source(ctx, src.ID)
		r, err := extract.Relocate(ctx, db, cur, verity.Actor{}, nil)
		if err != nil {
			t.Fatal(err)
		}
		moved = append(moved, r...)
	}
	if len(moved) != 2 || !moved[0].Moved || moved[1].Moved {
		t.Fatalf("Relocate = %+v, want a moved and b revoked", moved)
	}
	edges := graph(t, db, verity.NewCaller())
	if len(edges) != 1 || edges[0].Subject != "Acme Logistics GmbH" {
		t.Fatalf("Graph after the change = %+v, want Acme alone", edges)
	}
	ev := edges[0].Evidence[0]
	cur, _ := db.Source(ctx, "a.example")
	if ev.Version != 2 || cur.Text[ev.Quote.Start:ev.Quote.End] != acmeA {
		t.Errorf("evidence = version %d [%d:%d], want version 2 with a span holding the quote", ev.Version, ev.Quote.Start, ev.Quote.End)
	}
	log, _ := db.RevocationLog(ctx)
	if len(log) != 1 || log[0].Who != extract.Who {
		t.Errorf("revocation log = %+v, want one revocation by extract", log)
	}
	// The quote comes back: a run finds it and restores the evidence.
	put(t, db, "b.example", "# Other\n\nVega Retail AG uses Bitrix24 for payroll.")
	if _, err := runner(db, m, spec(t)).Run(ctx, nil); err != nil {
		t.Fatal(err)
	}
	if n := len(graph(t, db, verity.NewCaller())); n != 2 {
		t.Errorf("Graph after the quote came back = %d edges, want 2", n)
	}
}

func TestReviewQueue(t *testing.T) {
	ctx := context.Background()
	db := openStore(t)
	put(t, db, "a.example", "# Story\n\n"+acmeA)
	m := newScripted(extract.Candidate{Subject: "Acme Logistics GmbH", Object: "Bitrix24", Quote: acmeA, EvidenceType: "case"})
	m.yes["Acme Logistics GmbH"] = 2 // 2 of 5: below the threshold, so a person decides
	res, err := runner(db, m, spec(t)).Run(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Outcomes(extract.Review)) != 1 || len(graph(t, db, verity.NewCaller())) != 0 {
		t.Fatalf("Run = %d in review, %d edges; want 1 in review and no edge yet", len(res.Outcomes(extract.Review)), len(graph(t, db, verity.NewCaller())))
	}
	items, err := extract.PendingReview(ctx, db, receipttest.View(ctx, db, verity.NewCaller()))
	if err != nil || len(items) != 1 {
		t.Fatalf("PendingReview = %v, %v; want 1 item", items, err)
	}
	vote := verity.HumanVote{Author: "user:ann@corp.example", Vote: verity.VoteApprove, Why: "checked the page", At: t0}
	if _, err := extract.Decide(ctx, db, receipttest.View(ctx, db, verity.NewCaller()), verity.Actor{Who: "user:ann@corp.example"}, items[0].ID, vote); err != nil {
		t.Fatal(err)
	}
	edges := graph(t, db, verity.NewCaller())
	if len(edges) != 1 || len(edges[0].Human) != 1 || edges[0].Human[0].Author != "user:ann@corp.example" || edges[0].Votes != 6 {
		t.Fatalf("Graph after approval = %+v, want the edge with Ann's vote among 6", edges)
	}
	if _, err := extract.Decide(ctx, db, receipttest.View(ctx, db, verity.NewCaller()), verity.Actor{Who: "user:ann@corp.example"}, items[0].ID, vote); verity.ErrorCode(err) != verity.ECONFLICT {
		t.Errorf("Decide(decided item) = %v, want conflict", err)
	}
	reject := verity.HumanVote{Author: "user:bob@corp.example", Vote: verity.VoteReject, Why: "former customer", At: t0}
	if _, err := extract.Decide(ctx, db, receipttest.View(ctx, db, verity.NewCaller()), verity.Actor{Who: "user:bob@corp.example"}, edges[0].ID, reject); err != nil {
		t.Fatal(err)
	}
	if n := len(graph(t, db, verity.NewCaller())); n != 0 {
		t.Errorf("Graph after Bob rejected the edge = %d edges, want 0", n)
	}
	votes, _ := db.Votes(ctx, edges[0].ID)
	if len(votes) != 2 {
		t.Errorf("votes = %+v, want Ann's and Bob's", votes)
	}
}

func TestMergeSplitsWhenItDies(t *testing.T) {
	ctx := context.Background()
	db := openStore(t)
	put(t, db, "a.example", "# A\n\n"+acmeA)
	put(t, db, "b.example", "# B\n\nAcme moved its warehouse to Bitrix24.")
	put(t, db, "c.example", "# C\n\nAcme Group runs Bitrix24.")
	m := newScripted(extract.Candidate{Subject: "Acme Logistics GmbH", Object: "Bitrix24", Quote: acmeA, EvidenceType: "case"},
		extract.Candidate{Subject: "Acme", Object: "Bitrix24", Quote: "Acme moved its warehouse to Bitrix24.", EvidenceType: "case"},
		extract.Candidate{Subject: "Acme Group", Object: "Bitrix24", Quote: "Acme Group runs Bitrix24.", EvidenceType: "case"})
	s := spec(t)
	if _, err := runner(db, m, s).Run(ctx, nil); err != nil {
		t.Fatal(err)
	}
	if n := len(graph(t, db, verity.NewCaller())); n != 3 {
		t.Fatalf("Graph before merging = %d edges, want 3", n)
	}
	full := extract.EntityID(extract.SubjectOrganization, extract.Key("Acme Logistics GmbH"))
	short := extract.EntityID(extract.SubjectOrganization, extract.Key("Acme"))
	group := extract.EntityID(extract.SubjectOrganization, extract.Key("Acme Group"))
	m1, err := extract.MergeEntities(ctx, db, short, full, nil, "user:ann@corp.example", "same company", t0)
	if err != nil {
		t.Fatal(err)
	}
	// The second merge rests on page c too: it says Acme Group is Acme.
	if _, err := extract.MergeEntities(ctx, db, group, full, []verity.Ref{verity.SourceRef("c.example")}, "user:ann@corp.example", "page c", t0); err != nil {
		t.Fatal(err)
	}
	edges := graph(t, db, verity.NewCaller())
	if len(edges) != 1 || len(edges[0].Evidence) != 3 || len(edges[0].MergedFrom) != 2 || edges[0].Subject != "Acme Logistics GmbH" {
		t.Fatalf("Graph after merging = %+v, want one Acme Logistics GmbH edge with 3 evidences", edges)
	}
	// Undoing the first merge gives Acme its edge back.
	if _, _, err := db.Revoke(ctx, []verity.Ref{verity.RecordRef(m1)}, verity.Actor{Who: "user:ann@corp.example"}, "not the same"); err != nil {
		t.Fatal(err)
	}
	if n := len(graph(t, db, verity.NewCaller())); n != 2 {
		t.Errorf("Graph after revoking a merge = %d edges, want 2", n)
	}
	// Revoking page c kills the second merge through its receipt; Acme
	// Group's edge rested on page c too, so it goes as well.
	if _, _, err := db.Revoke(ctx, []verity.Ref{verity.SourceRef("c.example")}, verity.Actor{Who: "user:ops@corp.example"}, "gone"); err != nil {
		t.Fatal(err)
	}
	edges = graph(t, db, verity.NewCaller())
	if len(edges) != 2 || len(edges[0].MergedFrom)+len(edges[1].MergedFrom) != 0 {
		t.Errorf("Graph after revoking page c = %+v, want Acme Logistics GmbH and Acme apart", edges)
	}
}

func TestRunRevokesEvidenceOfPagesThatNoLongerNameTheObject(t *testing.T) {
	ctx := context.Background()
	db := openStore(t)
	put(t, db, "a.example", "# Story\n\n"+acmeA)
	m := newScripted(extract.Candidate{Subject: "Acme Logistics GmbH", Object: "Bitrix24", Quote: acmeA, EvidenceType: "case"})
	if _, err := runner(db, m, spec(t)).Run(ctx, nil); err != nil {
		t.Fatal(err)
	}
	put(t, db, "a.example", "# Story\n\nAcme Logistics GmbH moved its sales to a spreadsheet.")
	res, err := runner(db, m, spec(t)).Run(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Relocate) != 1 || res.Relocate[0].Moved || res.Read != 0 {
		t.Errorf("Run after the page dropped the product: relocations %+v, %d pages read; want the evidence revoked and nothing read", res.Relocate, res.Read)
	}
	if n := len(graph(t, db, verity.NewCaller())); n != 0 {
		t.Errorf("Graph = %d edges, want 0", n)
	}
}
