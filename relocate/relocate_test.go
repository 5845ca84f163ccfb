package relocate_test

import (
	"context"
	"encoding/json"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/analysis"
	"github.com/veritykb/verity/ingest"
	"github.com/veritykb/verity/llm"
	"github.com/veritykb/verity/llm/llmtest"
	"github.com/veritykb/verity/relocate"
	"github.com/veritykb/verity/sqlite"
	"github.com/veritykb/verity/summary"
)

var (
	_  relocate.Store = (*sqlite.DB)(nil)
	t0                = time.Date(2026, 11, 29, 12, 0, 0, 0, time.UTC)
)

const (
	said  = "Acme Logistics moved its sales to Bitrix24 in March 2025."
	textA = "# Customer story\n\n" + said + " The team of 40 switched in six weeks."
	textB = "# Logistics news\n\nHamburg, May 2025. " + said
)

type env struct {
	t   *testing.T
	ctx context.Context
	db  *sqlite.DB
	src map[string]*verity.Source
}

func newEnv(t *testing.T, texts map[string]string) *env {
	t.Helper()
	ctx := context.Background()
	db, err := sqlite.Open(ctx, filepath.Join(t.TempDir(), "verity.db"), sqlite.Options{Now: func() time.Time { return t0 }})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	e := &env{t: t, ctx: ctx, db: db, src: map[string]*verity.Source{}}
	for _, id := range slices.Sorted(func(yield func(string) bool) {
		for id := range texts {
			if !yield(id) {
				return
			}
		}
	}) {
		e.put(id, texts[id])
	}
	return e
}

// put stores text as source id (a new version when it exists) and returns
// the source as stored, with its version.
func (e *env) put(id, text string) *verity.Source {
	e.t.Helper()
	src := &verity.Source{ID: id, URI: "https://" + id + ".example/", System: verity.SystemWeb, Title: "page " + id,
		ACL: []verity.Principal{verity.Public}, Text: text, UpdatedAt: t0}
	if _, err := e.db.PutSource(e.ctx, src, ingest.Chunks(src, analysis.DefaultChunkOptions)); err != nil {
		e.t.Fatal(err)
	}
	e.src[id] = src
	return src
}

// version stores a new version of source id and relocates its quotes.
func (e *env) version(id, text string) *relocate.Report {
	e.t.Helper()
	src := e.put(id, text)
	rep, err := relocate.Source(e.ctx, e.db, src, verity.Actor{})
	if err != nil {
		e.t.Fatal(err)
	}
	return rep
}

func (e *env) record(id string) *verity.Record {
	e.t.Helper()
	rec, err := e.db.Record(e.ctx, id)
	if err != nil {
		e.t.Fatal(err)
	}
	return rec
}

func (e *env) quote(id string) relocate.Quote {
	e.t.Helper()
	q, err := relocate.Of(e.record(id))
	if err != nil {
		e.t.Fatal(err)
	}
	return q
}

// summarize writes a one-sentence summary of said with the receipt
// {A} OR {B} and returns the sentence.
func (e *env) summarize() summary.Sentence {
	e.t.Helper()
	m := llmtest.New(llm.Info{Provider: "script", Model: "summary"})
	m.On(summary.TaskWrite, func(_ context.Context, req *llm.Request) (*llm.Response, error) {
		var v struct {
			Documents []struct {
				N    int    `json:"n"`
				Text string `json:"text"`
			} `json:"documents"`
		}
		json.Unmarshal(req.Vars, &v)
		var sets [][]int
		for _, d := range v.Documents {
			if strings.Contains(d.Text, said) {
				sets = append(sets, []int{d.N})
			}
		}
		raw, _ := json.Marshal(map[string]any{"sentences": []any{map[string]any{"text": said, "sources": sets}}})
		return m.Text(req, string(raw)), nil
	})
	sum, err := summary.Summarize(e.ctx, m, e.db, "Acme Bitrix24 sales", verity.NewCaller(), summary.Options{})
	if err != nil {
		e.t.Fatal(err)
	}
	if len(sum.Sentences) != 1 {
		e.t.Fatalf("Summarize = %+v, want one sentence", sum)
	}
	return sum.Sentences[0]
}

// TestSentenceSurvivesOnTheOtherSourceOnly is the bug this package fixes: a
// sentence resting on A and B whose words leave A's new version survives
// on B alone, so revoking B kills it. Resting on A directly, it would have
// lived on A's set, which no longer says it.
func TestSentenceSurvivesOnTheOtherSourceOnly(t *testing.T) {
	e := newEnv(t, map[string]string{"a": textA, "b": textB})
	s := e.summarize()
	qa, qb := relocate.ID("a", said), relocate.ID("b", said)
	wantRests := [][]verity.Ref{{verity.RecordRef(qa)}, {verity.RecordRef(qb)}}
	if !slices.EqualFunc(e.record(s.ID).Receipt.Sets, wantRests, slices.Equal) {
		t.Fatalf("sentence rests on %v, want %v", e.record(s.ID).Receipt.Sets, wantRests)
	}
	if want := [][]verity.Ref{{verity.SourceRef("a")}, {verity.SourceRef("b")}}; !slices.EqualFunc(s.Receipt.Sets, want, slices.Equal) {
		t.Errorf("sentence receipt as read = %v, want %v", s.Receipt.Sets, want)
	}

	rep := e.version("a", "# Customer story\n\nAcme Logistics looked at several CRMs in 2025. The team of 40 is still deciding.")
	if rep.Gone != 1 || rep.Moved != 0 || len(rep.Retracted) != 0 || len(rep.Events) != 1 {
		t.Fatalf("relocate.Source(a v2) = %+v, want one quote gone, nothing retracted, one event", rep)
	}
	if got := e.record(qa); got.State != verity.StateDead {
		t.Errorf("quote record of a after v2 is %s, want dead", got.State)
	}
	if q := e.quote(qa); q.Gone != 2 || q.Version != 1 {
		t.Errorf("quote record of a = %+v, want gone from v2, last seen in v1", q)
	}
	if got := e.record(s.ID); got.State != verity.StateAlive {
		t.Fatalf("sentence after a v2 is %s, want alive on b", got.State)
	}
	log, err := e.db.RevocationLog(e.ctx)
	if err != nil {
		t.Fatal(err)
	}
	if len(log) != 1 || log[0].Who != relocate.Who || log[0].Why != "quote gone from a v2" ||
		!slices.Equal(log[0].Changed, []verity.Ref{verity.RecordRef(qa)}) {
		t.Errorf("revocation log = %+v, want one event by relocate revoking %s", log, qa)
	}

	_, change, err := e.db.Revoke(e.ctx, []verity.Ref{verity.SourceRef("b")}, verity.Actor{Who: "user:ops@corp.example"}, "retracted")
	if err != nil {
		t.Fatal(err)
	}
	if got := e.record(s.ID); got.State != verity.StateDead || !slices.Contains(change.Died, verity.RecordRef(s.ID)) {
		t.Errorf("sentence after revoking b is %s (died: %v), want dead: a no longer says it", got.State, change.Died)
	}
}

// TestShiftedQuoteMoves: words still there at another offset move the
// quote record to the new version and span; everything stays alive.
func TestShiftedQuoteMoves(t *testing.T) {
	e := newEnv(t, map[string]string{"a": textA, "b": textB})
	s := e.summarize()
	qa := relocate.ID("a", said)
	before := e.quote(qa)
	v2 := "# Customer story\n\nUpdated in 2026: a new chapter was added.\n\n" + said + " The team of 40 switched in six weeks."
	rep := e.version("a", v2)
	if rep.Moved != 1 || rep.Gone != 0 || len(rep.Events) != 0 {
		t.Fatalf("relocate.Source(a v2) = %+v, want one quote moved and no revocation", rep)
	}
	q := e.quote(qa)
	if q.Version != 2 || q.Start == before.Start || v2[q.Start:q.End] != said || q.Text != said || q.Gone != 0 {
		t.Errorf("quote record after v2 = %+v, want v2 at the shifted span of %q (was %d–%d)", q, said, before.Start, before.End)
	}
	if mv := rep.Moves[0]; mv.From != 1 || mv.To != 2 || mv.Start != q.Start || mv.Outcome != relocate.OutcomeMoved {
		t.Errorf("move = %+v, want v1 → v2 at %d", mv, q.Start)
	}
	if e.record(qa).State != verity.StateAlive || e.record(s.ID).State != verity.StateAlive {
		t.Errorf("after a moved quote: quote %s, sentence %s; want both alive", e.record(qa).State, e.record(s.ID).State)
	}
	// Relocating again at the same version changes nothing.
	again, err := relocate.Source(e.ctx, e.db, e.src["a"], verity.Actor{})
	if err != nil {
		t.Fatal(err)
	}
	if len(again.Moves) != 0 {
		t.Errorf("second relocate.Source(a v2) = %+v, want nothing to do", again)
	}
	// The summary as shown now points at the new span.
	v, err := summary.Show(e.ctx, e.db, summaryOf(s.ID), summary.Access{Visible: func(verity.Ref) bool { return true }})
	if err != nil {
		t.Fatal(err)
	}
	for _, sq := range v.Live[0].Quotes {
		if sq.SourceID == "a" && (sq.Version != 2 || sq.Start != q.Start || sq.End != q.End) {
			t.Errorf("summary.Show quote of a = %+v, want v2 %d–%d", sq, q.Start, q.End)
		}
	}
}

// TestQuoteComesBack: words dropped by one version and back in the next
// restore the quote record relocation revoked, and the sentence with it.
func TestQuoteComesBack(t *testing.T) {
	e := newEnv(t, map[string]string{"a": textA})
	s := e.summarize()
	qa := relocate.ID("a", said)
	if rep := e.version("a", "# Customer story\n\nNothing to report yet."); rep.Gone != 1 ||
		!slices.Equal(rep.Retracted, []verity.Ref{verity.RecordRef(s.ID), verity.RecordRef(summaryOf(s.ID))}) {
		t.Fatalf("relocate.Source(a v2) = %+v, want the quote gone, the sentence and its summary retracted", rep)
	}
	if e.record(s.ID).State != verity.StateDead {
		t.Fatalf("sentence resting on a alone after v2 is %s, want dead", e.record(s.ID).State)
	}
	// A version that still lacks the words keeps it gone, with no new event.
	if rep := e.version("a", "# Customer story\n\nStill nothing to report."); rep.Gone != 1 || len(rep.Events) != 0 {
		t.Errorf("relocate.Source(a v3) = %+v, want the quote still gone and no new event", rep)
	}
	v4 := "# Customer story\n\nPublished at last.\n\n" + said
	rep := e.version("a", v4)
	if rep.Back != 1 || !slices.Contains(rep.Restored, verity.RecordRef(s.ID)) {
		t.Fatalf("relocate.Source(a v4) = %+v, want the quote back and the sentence restored", rep)
	}
	q := e.quote(qa)
	if e.record(s.ID).State != verity.StateAlive || e.record(qa).State != verity.StateAlive || q.Gone != 0 || q.Version != 4 || v4[q.Start:q.End] != said {
		t.Errorf("after v4: sentence %s, quote %s %+v; want both alive, the quote at v4", e.record(s.ID).State, e.record(qa).State, q)
	}
}

// TestPersonsRevocationStays: relocation restores only what it revoked. A
// quote record a person revoked stays revoked when a new version still
// holds its words, and is moved all the same.
func TestPersonsRevocationStays(t *testing.T) {
	e := newEnv(t, map[string]string{"a": textA})
	s := e.summarize()
	qa := relocate.ID("a", said)
	if _, _, err := e.db.Revoke(e.ctx, []verity.Ref{verity.RecordRef(qa)}, verity.Actor{Who: "user:ops@corp.example"}, "misquoted"); err != nil {
		t.Fatal(err)
	}
	rep := e.version("a", "# Customer story\n\nA new intro.\n\n"+said)
	if rep.Moved != 1 || rep.Back != 0 || len(rep.Events) != 0 {
		t.Fatalf("relocate.Source(a v2) = %+v, want the quote moved, not restored", rep)
	}
	if e.record(qa).State != verity.StateDead || e.record(s.ID).State != verity.StateDead || e.quote(qa).Version != 2 {
		t.Errorf("after v2: quote %s %+v, sentence %s; want both dead, the quote at v2", e.record(qa).State, e.quote(qa), e.record(s.ID).State)
	}
	// A version without the words is gone, but nothing is revoked twice.
	if rep := e.version("a", "# Customer story\n\nGone."); rep.Gone != 1 || len(rep.Events) != 0 {
		t.Errorf("relocate.Source(a v3) = %+v, want the quote gone and no new event", rep)
	}
	// And a later version with the words does not restore it either.
	if rep := e.version("a", said); rep.Moved != 1 || rep.Back != 0 || e.record(qa).State != verity.StateDead {
		t.Errorf("relocate.Source(a v4) = %+v, quote %s; want moved and still dead", rep, e.record(qa).State)
	}
}

// TestQuoteRecordIsShared: the same words of the same source are one
// quote record, whoever rests on them; other sources and words are not.
func TestQuoteRecordIsShared(t *testing.T) {
	if relocate.ID("a", "Acme  moved\nits sales.") != relocate.ID("a", "Acme moved its sales.") {
		t.Error("ID differs by white space, want one record for the same words")
	}
	if relocate.ID("a", said) == relocate.ID("b", said) || relocate.ID("a", said) == relocate.ID("a", said+" Later.") {
		t.Error("ID is the same for another source or other words")
	}
	e := newEnv(t, map[string]string{"a": textA})
	s1 := e.summarize()
	m := llmtest.New(llm.Info{Provider: "script", Model: "other"}).Sequence(summary.TaskWrite,
		`{"sentences": [{"text": "`+said+`", "sources": [[1]]}]}`)
	sum, err := summary.Summarize(e.ctx, m, e.db, "Acme Bitrix24 March", verity.NewCaller(), summary.Options{})
	if err != nil {
		t.Fatal(err)
	}
	s2 := sum.Sentences[0]
	if s1.ID == s2.ID || !slices.EqualFunc(s1.RestsOn.Sets, s2.RestsOn.Sets, slices.Equal) {
		t.Fatalf("two summaries' sentences rest on %v and %v, want the same quote record", s1.RestsOn.Sets, s2.RestsOn.Sets)
	}
	quotes, err := e.db.QuoteRecords(e.ctx, "a")
	if err != nil {
		t.Fatal(err)
	}
	if len(quotes) != 1 {
		t.Errorf("QuoteRecords(a) = %d records, want 1", len(quotes))
	}
	e.version("a", "# Customer story\n\nNo more.")
	if e.record(s1.ID).State != verity.StateDead || e.record(s2.ID).State != verity.StateDead {
		t.Errorf("after the words left a: %s, %s; want both sentences dead", e.record(s1.ID).State, e.record(s2.ID).State)
	}
}

// summaryOf is the id of the summary a sentence id belongs to: what comes
// before its last dot.
func summaryOf(sentence string) string {
	return sentence[:strings.LastIndexByte(sentence, '.')]
}
