package answer_test

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/answer"
	"github.com/veritykb/verity/llm"
	"github.com/veritykb/verity/llm/llmtest"
	"github.com/veritykb/verity/receipt/receipttest"
	"github.com/veritykb/verity/relocate"
	"github.com/veritykb/verity/verify"
)

const corpus = "testdata/corpus.jsonl"

var (
	public = verity.NewCaller()
	staff  = verity.NewCaller("group:staff")
)

func TestAskAnswersWithQuotesAndReceipts(t *testing.T) {
	ctx := context.Background()
	db := openStore(t, corpus)
	m := script(t, func(v draftVars) string {
		n := docByTitle(v.Documents, "Backup policy")
		if n == 0 {
			return statements()
		}
		return statements(st("Backups are kept for at least 30 days.", []int{n}, "Backups are kept for at least 30 days"))
	})
	a, err := newService(db, m, answer.Options{}).Ask(ctx, "How long are backups kept?", public, receipttest.View(ctx, db, public))
	if err != nil {
		t.Fatal(err)
	}
	if a.Mode != answer.ModeGrounded || a.Outcome != answer.Answered || a.NotFoundReason != "" {
		t.Fatalf("Ask = mode %s outcome %s reason %q, want grounded answered", a.Mode, a.Outcome, a.NotFoundReason)
	}
	if len(a.Claims) != 1 {
		t.Fatalf("Ask gave %d claims, want 1: %s", len(a.Claims), asJSON(t, a))
	}
	c := a.Claims[0]
	if len(c.Citations) != 1 || c.Citations[0].SourceID != "KB-1" || c.Citations[0].System != "confluence" {
		t.Fatalf("claim citations = %s, want KB-1", asJSON(t, c.Citations))
	}
	src, err := db.SourceVersion(ctx, "KB-1", c.Citations[0].Version)
	if err != nil {
		t.Fatal(err)
	}
	q := c.Citations[0].Quote
	if q == nil || src.Text[q.Start:q.End] != q.Text || q.Text != "Backups are kept for at least 30 days" {
		t.Fatalf("quote = %+v, want the exact span of %q in KB-1", q, "Backups are kept for at least 30 days")
	}
	if c.VerbatimQuote != q.Text || c.IsParaphrased || c.DistortionRisk != answer.RiskNone {
		t.Errorf("claim verbatim=%q paraphrased=%v risk=%s, want the quote, false, none", c.VerbatimQuote, c.IsParaphrased, c.DistortionRisk)
	}
	if a.Text != "Backups are kept for at least 30 days [1]." {
		t.Errorf("answer text = %q", a.Text)
	}
	if len(a.Sources) != 1 || a.Sources[0].SourceID != "KB-1" || a.Sources[0].N != 1 {
		t.Errorf("sources = %s", asJSON(t, a.Sources))
	}
	if a.Model != "script:faithful" {
		t.Errorf("model = %q", a.Model)
	}

	// The statement is a record whose receipt rests on its quote of KB-1
	// alone, and the quote record on KB-1.
	rec, err := db.Record(ctx, c.Record)
	if err != nil {
		t.Fatalf("statement record %q: %v", c.Record, err)
	}
	qid := relocate.ID("KB-1", q.Text)
	if rec.Kind != verity.KindStatement || rec.State != verity.StateAlive ||
		!slices.EqualFunc(rec.Receipt.Sets, [][]verity.Ref{{verity.RecordRef(qid)}}, slices.Equal) {
		t.Fatalf("record = %+v, want an alive statement resting on record:%s", rec, qid)
	}
	if qr, err := db.Record(ctx, qid); err != nil || qr.Kind != verity.KindQuote ||
		!slices.EqualFunc(qr.Receipt.Sets, [][]verity.Ref{{verity.SourceRef("KB-1")}}, slices.Equal) {
		t.Fatalf("quote record %s = %+v (%v), want a quote resting on source:KB-1", qid, qr, err)
	}

	// Asked again, the answer comes from the cache with no model call.
	calls := m.Count("")
	again, err := newService(db, m, answer.Options{}).Ask(ctx, "  how long are BACKUPS kept? ", public, receipttest.View(ctx, db, public))
	if err != nil {
		t.Fatal(err)
	}
	if !again.Cached || m.Count("") != calls {
		t.Errorf("second Ask: cached=%v, %d new model calls; want a cache hit with none", again.Cached, m.Count("")-calls)
	}

	// Revoking KB-1 kills the statement, and the same question is now a
	// retraction, not an answer from the cache.
	if _, _, err := db.Revoke(ctx, []verity.Ref{verity.SourceRef("KB-1")}, verity.Actor{Who: "user:admin@acme.example"}, "test"); err != nil {
		t.Fatal(err)
	}
	if rec, _ := db.Record(ctx, c.Record); rec.State != verity.StateDead {
		t.Fatalf("after revoking KB-1 the statement is %s, want dead", rec.State)
	}
	after, err := newService(db, m, answer.Options{}).Ask(ctx, "How long are backups kept?", public, receipttest.View(ctx, db, public))
	if err != nil {
		t.Fatal(err)
	}
	if after.Cached || after.Outcome != answer.NotFound || after.NotFoundReason != answer.Retracted {
		t.Errorf("after revocation: cached=%v outcome %s reason %q, want not_found retracted", after.Cached, after.Outcome, after.NotFoundReason)
	}
}

func TestAskFlagsDistortion(t *testing.T) {
	ctx := context.Background()
	db := openStore(t, corpus)
	// The model drops "at least" and answers in other words.
	m := script(t, func(v draftVars) string {
		n := docByTitle(v.Documents, "Backup policy")
		return statements(st("Backups are kept for 30 days.", []int{n}, "Backups are kept for at least 30 days"))
	})
	// The scripted judge accepts it (every word is in the premise), which is
	// exactly when the distortion check earns its keep.
	a, err := newService(db, m, answer.Options{NoCache: true}).Ask(ctx, "How long are backups kept?", public, receipttest.View(ctx, db, public))
	if err != nil {
		t.Fatal(err)
	}
	if len(a.Claims) != 1 {
		t.Fatalf("claims = %s", asJSON(t, a.Claims))
	}
	c := a.Claims[0]
	if !c.IsParaphrased || c.DistortionRisk != answer.RiskHigh {
		t.Fatalf("paraphrased=%v risk=%s reasons=%q, want true, high", c.IsParaphrased, c.DistortionRisk, c.DistortionReasons)
	}
	if !strings.Contains(strings.Join(c.DistortionReasons, "; "), "at least") {
		t.Errorf("reasons %q do not name the lost bound", c.DistortionReasons)
	}
}

func TestAskVerbatimOff(t *testing.T) {
	db := openStore(t, corpus)
	m := script(t, func(v draftVars) string {
		return statements(st("Backups are kept for at least 30 days.", []int{docByTitle(v.Documents, "Backup")}, "Backups are kept for at least 30 days"))
	})
	a, err := newService(db, m, answer.Options{NoVerbatim: true, NoCache: true}).Ask(context.Background(), "How long are backups kept?", public, receipttest.View(context.Background(), db, public))
	if err != nil {
		t.Fatal(err)
	}
	if a.Verbatim || len(a.Claims) != 1 || a.Claims[0].Citations[0].Quote != nil || a.Claims[0].VerbatimQuote != "" {
		t.Errorf("verbatim off: %s", asJSON(t, a))
	}
}

func TestAskNotFoundSearchesOnceMore(t *testing.T) {
	db := openStore(t, corpus)
	spy := &spyStore{DB: db}
	m := script(t, func(draftVars) string { return statements() })
	a, err := newService(spy, m, answer.Options{}).Ask(context.Background(), "What is the parking policy for visitors?", public, receipttest.View(context.Background(), spy, public))
	if err != nil {
		t.Fatal(err)
	}
	if a.Outcome != answer.NotFound || a.NotFoundReason != answer.NotInCorpus {
		t.Fatalf("outcome %s reason %q, want not_found not_in_corpus", a.Outcome, a.NotFoundReason)
	}
	if got := m.Count(answer.TaskReformulate); got != 1 {
		t.Errorf("reformulations = %d, want exactly 1 (N=1)", got)
	}
	var by []string
	for _, s := range a.Searches {
		by = append(by, s.By)
	}
	if !slices.Equal(by, []string{answer.ByModel, answer.ByReformulation}) {
		t.Errorf("searches by %q, want the model's then one reformulation", by)
	}
	if len(a.Claims) != 0 || a.Text != "" {
		t.Errorf("a not-found answer has text %q and %d claims", a.Text, len(a.Claims))
	}
}

func TestAskInsufficientSupport(t *testing.T) {
	db := openStore(t, corpus)
	m := script(t, func(v draftVars) string {
		n := docByTitle(v.Documents, "Backup policy")
		return statements(st("Backups are encrypted with AES-256.", []int{n}, ""), st("Backups are kept forever.", []int{7}, ""))
	})
	a, err := newService(db, m, answer.Options{NoCache: true}).Ask(context.Background(), "How are backups kept?", public, receipttest.View(context.Background(), db, public))
	if err != nil {
		t.Fatal(err)
	}
	if a.Outcome != answer.NotFound || a.NotFoundReason != answer.InsufficientSupport {
		t.Fatalf("outcome %s reason %q, want not_found insufficient_support: %s", a.Outcome, a.NotFoundReason, asJSON(t, a))
	}
	reasons := map[string]string{}
	for _, u := range a.Unverified {
		reasons[u.Claim] = u.Reason
	}
	if !strings.Contains(reasons["Backups are encrypted with AES-256."], "not supported") {
		t.Errorf("unverified reasons = %q", reasons)
	}
	if !strings.Contains(reasons["Backups are kept forever."], "not among the documents") {
		t.Errorf("unverified reasons = %q", reasons)
	}
}

func TestAskEmptyStoreIsConversational(t *testing.T) {
	db := openStore(t)
	m := llmtest.New(llm.Info{})
	m.Reply(answer.TaskChat, `{"answer": "Paris is the capital of France."}`)
	a, err := newService(db, m, answer.Options{}).Ask(context.Background(), "What is the capital of France?", public, receipttest.View(context.Background(), db, public))
	if err != nil {
		t.Fatal(err)
	}
	if a.Mode != answer.ModeConversational || a.Outcome != answer.Conversational || len(a.Claims) != 0 || len(a.Searches) != 0 {
		t.Fatalf("empty store: %s, want conversational without claims or searches", asJSON(t, a))
	}
	if m.Count(answer.TaskRoute) != 0 {
		t.Errorf("the search tool was offered over an empty store")
	}
}

func TestAskModelMayNotSearch(t *testing.T) {
	db := openStore(t, corpus)
	m := llmtest.New(llm.Info{})
	m.Reply(answer.TaskRoute, "Hello! How can I help?")
	a, err := newService(db, m, answer.Options{}).Ask(context.Background(), "hi there", public, receipttest.View(context.Background(), db, public))
	if err != nil {
		t.Fatal(err)
	}
	if a.Mode != answer.ModeConversational || a.Text != "Hello! How can I help?" || len(a.Claims) != 0 {
		t.Fatalf("no search: %s, want a conversational reply", asJSON(t, a))
	}
}

func TestAskMalformedStages(t *testing.T) {
	ctx := context.Background()
	db := openStore(t, corpus)

	t.Run("draft malformed, facts answer", func(t *testing.T) {
		m := script(t, nil)
		m.Reply(answer.TaskDraft, "Sure! Backups are kept for 30 days.")
		m.On(answer.TaskFacts, func(_ context.Context, req *llm.Request) (*llm.Response, error) {
			v := decode[factsVars](t, req)
			if !strings.Contains(v.Document.Title, "Backup policy") {
				return m.Text(req, `{"useful": false, "facts": []}`), nil
			}
			return m.Text(req, `{"useful": true, "facts": [{"text": "Backups are kept for at least 30 days.", "quote": "Backups are kept for at least 30 days"}]}`), nil
		})
		a, err := newService(db, m, answer.Options{NoCache: true}).Ask(ctx, "How long are backups kept?", public, receipttest.View(ctx, db, public))
		if err != nil {
			t.Fatal(err)
		}
		if a.Outcome != answer.Answered || len(a.Failures) != 1 || a.Failures[0].Stage != "draft" || a.Failures[0].Code != verity.EMALFORMED {
			t.Fatalf("answer = %s, want answered from facts with the draft's failure recorded", asJSON(t, a))
		}
		if strings.Contains(a.Failures[0].Message, "Sure!") {
			t.Errorf("failure message carries the raw output: %q", a.Failures[0].Message)
		}
	})

	t.Run("every stage malformed", func(t *testing.T) {
		m := script(t, nil)
		m.Reply(answer.TaskDraft, "{not json")
		m.Reply(answer.TaskFacts, "I think this document is useful.")
		_, err := newService(db, m, answer.Options{NoCache: true}).Ask(ctx, "How long are backups kept?", public, receipttest.View(ctx, db, public))
		if verity.ErrorCode(err) != verity.EMALFORMED {
			t.Fatalf("Ask = %v, want an EMALFORMED error, not an empty answer", err)
		}
	})

	t.Run("assembly malformed falls back to code", func(t *testing.T) {
		m := script(t, func(v draftVars) string {
			n := docByTitle(v.Documents, "Backup policy")
			return statements(st("Backups are kept for at least 30 days.", []int{n}, ""), st("Backups are kept for at least 30 days.", []int{n}, ""))
		})
		m.Reply(answer.TaskAssemble, "```json\n{\"statements\": [\n```")
		a, err := newService(db, m, answer.Options{NoCache: true}).Ask(ctx, "How long are backups kept?", public, receipttest.View(ctx, db, public))
		if err != nil {
			t.Fatal(err)
		}
		if len(a.Claims) != 1 || len(a.Failures) != 1 || a.Failures[0].Stage != "assemble" {
			t.Fatalf("answer = %s, want one merged claim and the assembly failure", asJSON(t, a))
		}
	})
}

func TestAssemblyAddsNothing(t *testing.T) {
	db := openStore(t, corpus)
	m := script(t, func(v draftVars) string {
		n := docByTitle(v.Documents, "Backup policy")
		return statements(st("Backups are kept for at least 30 days.", []int{n}, ""))
	})
	// The assembler invents a statement and a citation to a document the
	// statement never cited.
	m.Reply(answer.TaskAssemble, `{"statements": [
		{"text": "Backups are kept for at least 30 days.", "citations": [1, 2], "from": ["s1"]},
		{"text": "Backups are stored in three regions.", "citations": [1], "from": []}]}`)
	a, err := newService(db, m, answer.Options{NoCache: true}).Ask(context.Background(), "How long are backups kept?", public, receipttest.View(context.Background(), db, public))
	if err != nil {
		t.Fatal(err)
	}
	if len(a.Claims) != 1 || len(a.Claims[0].Citations) != 1 || a.Claims[0].Citations[0].SourceID != "KB-1" {
		t.Fatalf("claims = %s, want one claim citing only KB-1", asJSON(t, a.Claims))
	}
	found := false
	for _, u := range a.Unverified {
		found = found || u.Claim == "Backups are stored in three regions." && u.Stage == "assembly"
	}
	if !found {
		t.Errorf("the invented statement is not listed as unverified: %s", asJSON(t, a.Unverified))
	}
}

func TestAskDoneWithoutSearchSearches(t *testing.T) {
	db := openStore(t, corpus)
	m := script(t, func(v draftVars) string {
		return statements(st("Backups are kept for at least 30 days.", []int{docByTitle(v.Documents, "Backup policy")}, ""))
	})
	m.Reply(answer.TaskRoute, "DONE")
	a, err := newService(db, m, answer.Options{NoCache: true}).Ask(context.Background(), "How long are backups kept?", public, receipttest.View(context.Background(), db, public))
	if err != nil {
		t.Fatal(err)
	}
	if a.Mode != answer.ModeGrounded || len(a.Searches) != 1 || a.Searches[0].By != answer.ByQuestion || a.Outcome != answer.Answered {
		t.Fatalf("a bare DONE: %s, want a grounded answer searched with the question", asJSON(t, a))
	}
}

// TestCacheKeyHasTheVerifier: an answer verified by one verifier is not
// served from the cache to a service with another.
func TestCacheKeyHasTheVerifier(t *testing.T) {
	ctx := context.Background()
	db := openStore(t, corpus)
	m := script(t, func(v draftVars) string {
		n := docByTitle(v.Documents, "Backup policy")
		if n == 0 {
			return statements()
		}
		return statements(st("Backups are kept for at least 30 days.", []int{n}, "Backups are kept for at least 30 days"))
	})
	if first, err := newService(db, m, answer.Options{}).Ask(ctx, "How long are backups kept?", public, receipttest.View(ctx, db, public)); err != nil || first.Outcome != answer.Answered {
		t.Fatalf("first Ask: %v, %v", first, err)
	}
	if again, _ := newService(db, m, answer.Options{}).Ask(ctx, "How long are backups kept?", public, receipttest.View(ctx, db, public)); !again.Cached {
		t.Fatal("the same service asked again did not answer from the cache")
	}
	if _, err := newService(db, m, answer.Options{}).Ask(ctx, "How long are backups kept?", public, receipttest.View(ctx, db, public)); err != nil {
		t.Fatal(err)
	}
	other := answer.New(db, m, verify.NewJudge(m, verify.JudgeOptions{Votes: 3}), answer.Options{})
	again, err := other.Ask(ctx, "How long are backups kept?", public, receipttest.View(ctx, db, public))
	if err != nil {
		t.Fatal(err)
	}
	if again.Cached {
		t.Error("an answer verified by a one-vote judge was served from the cache to a three-vote one")
	}
}
