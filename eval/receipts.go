package eval

import (
	"context"
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/analysis"
	"github.com/veritykb/verity/audit"
	"github.com/veritykb/verity/ingest"
	"github.com/veritykb/verity/llm"
	"github.com/veritykb/verity/receipt"
	"github.com/veritykb/verity/relocate"
	"github.com/veritykb/verity/summary"
)

// ReceiptsOptions are the settings of a [Receipts] run, reported with it.
type ReceiptsOptions struct {
	Topics    int     `json:"topics"`       // topics to summarize; 0 is every dev claim with SUPPORT evidence
	K         int     `json:"k"`            // abstracts retrieved per topic
	Sentences int     `json:"sentences"`    // sentences per summary
	MaxSets   int     `json:"max_sets"`     // most sets per sentence's receipt
	Revoke    float64 `json:"revoke_share"` // share of the abstracts the summaries rest on to revoke, in (0, 1]
	Mirrors   float64 `json:"mirror_share"` // share of the topics' abstracts republished under a second id, in [0, 1]
	Seed      uint64  `json:"seed"`         // seed of the revocation and mirror choices
	Audit     bool    `json:"audit"`        // also audit the touched sentences by regeneration
}

// ReceiptsStore is what [Receipts] needs of a store: to add mirrors, search
// and keep summaries as records (summary.Store), revoke, read records back
// and audit them. *sqlite.DB is one.
type ReceiptsStore interface {
	summary.Store
	audit.Store
	audit.Log
	PutSource(ctx context.Context, src *verity.Source, chunks []verity.Chunk) (verity.PutOutcome, error)
	Revoke(ctx context.Context, refs []verity.Ref, a verity.Actor, why string) (receipt.Event, receipt.Change[verity.Ref], error)
	PutAuditRun(ctx context.Context, run *verity.AuditRun) error
}

// ReceiptsSetup is what a [Receipts] run works on, wired by the caller.
type ReceiptsSetup struct {
	SciFact *SciFact
	// Store holds SciFact's abstracts, each a public source under its doc id
	// with [SciDoc.Text] as its text. The run adds mirrors, summaries and a
	// revocation to it: it must be a scratch store.
	Store ReceiptsStore
	// BuildTime is how long filling Store took, for the report.
	BuildTime time.Duration
	// Model writes the summaries and, with Audit, judges them.
	Model llm.Model
	// Meter is the meter Model reports to, so the report can say how many
	// model calls the revocation made; nil counts none.
	Meter *llm.Meter
	// Now is the audit's clock; nil means time.Now.
	Now      func() time.Time
	Progress Progress
}

// ReceiptsReport is what one run of [Receipts] found: what `verity eval
// receipts` prints.
type ReceiptsReport struct {
	Dataset  string          `json:"dataset"`
	Model    string          `json:"model"`
	Settings ReceiptsOptions `json:"settings"`
	Notes    []string        `json:"notes"`
	Store    struct {
		Abstracts    int     `json:"abstracts"`
		Mirrors      int     `json:"mirrors"`
		BuildSeconds float64 `json:"build_seconds"`
	} `json:"store"`
	Summaries struct {
		Topics    int     `json:"topics"`
		Written   int     `json:"written"`
		Empty     int     `json:"empty"`
		Sentences int     `json:"sentences"`
		MultiSet  int     `json:"multi_set"` // sentences whose receipt has 2+ sets
		Quoted    int     `json:"quoted"`    // sentences carrying a quote span
		Gold      int     `json:"gold"`      // sentences that are gold SUPPORT rationales of their topic
		Seconds   float64 `json:"seconds"`
	} `json:"summaries"`
	// Revocation's record counts leave out quote records, the plumbing
	// between a sentence and a source, counted in DiedQuotes.
	Revocation struct {
		Abstracts         int     `json:"abstracts"` // revoked
		Event             int64   `json:"event"`
		DiedRecords       int     `json:"died_records"`
		SurvivedRecords   int     `json:"survived_records"`
		DiedQuotes        int     `json:"died_quotes"`
		DiedSentences     int     `json:"died_sentences"`
		SurvivedSentences int     `json:"survived_sentences"`
		Millis            float64 `json:"millis"`
		ModelCalls        int64   `json:"model_calls"`
	} `json:"revocation"`
	// Touched counts the sentences with a set holding a revoked abstract.
	Touched int `json:"touched_sentences"`
	// Receipts against the truth: Strict counts a sentence alive while some
	// live abstract holds its text; Claim also while it is a gold rationale
	// of its topic and another live abstract holds one.
	Receipts struct {
		Strict        Agreement `json:"strict"`
		StrictTouched Agreement `json:"strict_touched"`
		Claim         Agreement `json:"claim"`
	} `json:"receipts"`
	// SummaryAnyOf and SummaryAllOf are the seed's one-receipt-per-summary
	// baselines: the summary lives while any of its sources does (the
	// shared list a model writes), or only while all of them do.
	SummaryAnyOf Agreement `json:"summary_any_of"`
	SummaryAllOf Agreement `json:"summary_all_of"`
	Affected     struct {
		Summaries  int `json:"summaries"`
		KeepLive   int `json:"keep_live"`   // affected summaries still serving live sentences
		AllDead    int `json:"all_dead"`    // affected summaries with no live sentence left
		HadLive    int `json:"had_live"`    // affected summaries with a truly live sentence
		LiveKept   int `json:"live_kept"`   // truly live sentences of affected summaries still served
		LiveTotal  int `json:"live_total"`  // truly live sentences of affected summaries
		DeadServed int `json:"dead_served"` // truly dead sentences still served
	} `json:"affected"`
	// Queries are the topics asked again after the revocation; an answer
	// (the summary as served) is contaminated when it serves a sentence no
	// live abstract holds, and useful when it serves a truly live one.
	Queries struct {
		N                  int     `json:"n"`
		ContaminatedBefore float64 `json:"contaminated_before_cleanup"`
		ContaminatedAnyOf  float64 `json:"contaminated_summary_receipt"`
		ContaminatedAllOf  float64 `json:"contaminated_summary_all_of"`
		ContaminatedAfter  float64 `json:"contaminated_after_cleanup"`
		Useful             int     `json:"useful"` // queries with a truly live sentence to serve
		UsefulKeptAfter    float64 `json:"useful_kept_after_cleanup"`
		UsefulKeptAllOf    float64 `json:"useful_kept_summary_all_of"`
		GoldAnsweredBefore float64 `json:"gold_answered_before_revocation"`
		GoldAnsweredAfter  float64 `json:"gold_answered_after_cleanup"`
	} `json:"queries"`
	Audit *ReceiptsAudit `json:"audit,omitempty"`
	// Examples are a few sentences that died and that survived on another set.
	Examples []ReceiptsExample `json:"examples"`
}

// ReceiptsAudit is how an audit by regeneration of the touched sentences
// did against the truth.
type ReceiptsAudit struct {
	Run          int64              `json:"run"`
	Counts       verity.AuditCounts `json:"counts"`
	Circular     int                `json:"circular"`
	VsTruth      Agreement          `json:"vs_strict_truth"` // undetermined verdicts left out
	Undetermined int                `json:"undetermined"`
}

// ReceiptsExample is one touched sentence, as the receipts left it.
type ReceiptsExample struct {
	Sentence string             `json:"sentence"`
	State    verity.RecordState `json:"state"`
	Receipt  verity.Receipt     `json:"receipt"`
	Truth    bool               `json:"truly_alive"`
}

// Receipts shows revocation on real data. Over a store of SciFact's
// abstracts it summarizes a fixed set of topics (SciFact dev claims with
// SUPPORT evidence, in id order) with a receipt on every sentence, revokes a
// seeded share of the abstracts those summaries rest on, and checks what
// the receipts did against an independent truth computed by plain string
// matching over the corpus: a sentence is truly alive while some live
// abstract holds its text. With opt.Mirrors it first republishes a seeded
// share of the topics' abstracts under a second id, so that sentences have
// real alternative sets; with opt.Audit it also audits the touched
// sentences by regeneration.
func Receipts(ctx context.Context, s ReceiptsSetup, opt ReceiptsOptions) (*ReceiptsReport, error) {
	if opt.Revoke <= 0 || opt.Revoke > 1 || opt.Mirrors < 0 || opt.Mirrors > 1 {
		return nil, verity.Errorf(verity.EINVALID, "receipts: revoke share %g must be in (0, 1] and mirror share %g in [0, 1]", opt.Revoke, opt.Mirrors)
	}
	r := &receiptsRun{ReceiptsSetup: s, opt: opt, rep: &ReceiptsReport{Dataset: "scifact", Settings: opt},
		docs: map[string]SciDoc{}, texts: map[string]string{}, mirrorOf: map[string]string{}, revoked: map[string]bool{}}
	r.rep.Store.Abstracts, r.rep.Store.BuildSeconds = len(s.SciFact.Docs), s.BuildTime.Seconds()
	for _, d := range s.SciFact.Docs {
		r.docs[d.ID] = d
		r.texts[d.ID] = normText(d.Text())
	}
	r.topics = receiptTopics(s.SciFact.Dev, opt.Topics)
	r.rng = rand.New(rand.NewPCG(opt.Seed, 0x5ec))
	if err := r.mirror(ctx); err != nil {
		return nil, err
	}
	r.rep.Model = s.Model.Info().Name()
	if err := r.summarize(ctx); err != nil {
		return nil, err
	}
	ev, err := r.revoke(ctx)
	if err != nil {
		return nil, err
	}
	if err := r.score(ctx); err != nil {
		return nil, err
	}
	if opt.Audit {
		if err := r.audit(ctx, ev); err != nil {
			return nil, err
		}
	}
	r.rep.Notes = receiptNotes(r.rep)
	return r.rep, nil
}

// receiptsRun is one [Receipts] run as its stages share it.
type receiptsRun struct {
	ReceiptsSetup
	opt      ReceiptsOptions
	rep      *ReceiptsReport
	rng      *rand.Rand
	docs     map[string]SciDoc
	topics   []Claim
	texts    map[string]string // source id → normalized text, the truth's corpus
	mirrorOf map[string]string // mirror id → the abstract it republishes
	sums     []*summary.Summary
	sents    []receiptSentence
	revoked  map[string]bool
}

// receiptSentence is one summary sentence as the run tracks it.
type receiptSentence struct {
	id, text, norm string
	summary        int // index into summaries
	receipt        verity.Receipt
	gold           bool // a gold SUPPORT rationale of its topic
}

// receiptTopics returns the dev claims with SUPPORT evidence, by id, each
// claim text once, the first n of them when n > 0.
func receiptTopics(dev []Claim, n int) []Claim {
	var topics []Claim
	seenClaim := map[string]bool{}
	for _, c := range dev {
		support := false
		for d := range c.Evidence {
			support = support || c.Label(d) == "SUPPORT"
		}
		if support && !seenClaim[c.Claim] {
			seenClaim[c.Claim] = true
			topics = append(topics, c)
		}
	}
	slices.SortFunc(topics, func(x, y Claim) int { return x.ID - y.ID })
	if n > 0 && n < len(topics) {
		topics = topics[:n]
	}
	return topics
}

// mirror republishes a seeded share of the topics' cited abstracts under a
// second id, a syndicated copy.
func (r *receiptsRun) mirror(ctx context.Context) error {
	if r.opt.Mirrors <= 0 {
		return nil
	}
	var cited []string
	for _, c := range r.topics {
		for d := range c.Evidence {
			if !slices.Contains(cited, d) {
				cited = append(cited, d)
			}
		}
	}
	slices.Sort(cited)
	r.rng.Shuffle(len(cited), func(i, j int) { cited[i], cited[j] = cited[j], cited[i] })
	for _, id := range cited[:int(float64(len(cited))*r.opt.Mirrors+0.5)] {
		d, ok := r.docs[id]
		if !ok {
			continue
		}
		mid := "mirror-" + id
		src := &verity.Source{ID: mid, URI: "https://mirror.example/scifact/" + id, System: "scifact-mirror", Title: d.Title,
			ACL: []verity.Principal{verity.Public}, Text: "Republished from doi:scifact/" + id + "\n\n" + strings.Join(d.Sentences, "\n")}
		if _, err := r.Store.PutSource(ctx, src, ingest.Chunks(src, analysis.DefaultChunkOptions)); err != nil {
			return err
		}
		r.mirrorOf[mid] = id
		r.texts[mid] = normText(src.Text)
	}
	r.rep.Store.Mirrors = len(r.mirrorOf)
	return nil
}

// summarize writes one summary per topic, under the public caller.
func (r *receiptsRun) summarize(ctx context.Context) error {
	start := time.Now()
	rep := r.rep
	rep.Summaries.Topics = len(r.topics)
	bar := r.Progress.start("summarize", int64(len(r.topics)))
	defer bar.Done()
	for _, c := range r.topics {
		s, err := summary.Summarize(ctx, r.Model, r.Store, c.Claim, verity.NewCaller(),
			summary.Options{K: r.opt.K, Sentences: r.opt.Sentences, MaxSets: r.opt.MaxSets})
		bar.Add(1)
		if err != nil {
			return fmt.Errorf("topic %d: %w", c.ID, err)
		}
		if s.Empty != "" {
			rep.Summaries.Empty++
			r.sums = append(r.sums, nil)
			continue
		}
		r.sums = append(r.sums, s)
		rep.Summaries.Written++
		for _, st := range s.Sentences {
			es := receiptSentence{id: st.ID, text: st.Text, norm: normText(st.Text), summary: len(r.sums) - 1, receipt: st.Receipt}
			es.gold = goldRationale(c, r.docs, es.norm)
			r.sents = append(r.sents, es)
			if len(st.Receipt.Sets) > 1 {
				rep.Summaries.MultiSet++
			}
			if len(st.Quotes) > 0 {
				rep.Summaries.Quoted++
			}
			if es.gold {
				rep.Summaries.Gold++
			}
		}
	}
	rep.Summaries.Sentences = len(r.sents)
	rep.Summaries.Seconds = time.Since(start).Seconds()
	return nil
}

// revoke revokes a seeded share of the abstracts the summaries rest on
// (mirrors left out) and counts what died.
func (r *receiptsRun) revoke(ctx context.Context) (receipt.Event, error) {
	var used []string
	for _, s := range r.sents {
		for _, set := range s.receipt.Sets {
			for _, ref := range set {
				if _, mirror := r.mirrorOf[ref.ID()]; !mirror && !slices.Contains(used, ref.ID()) {
					used = append(used, ref.ID())
				}
			}
		}
	}
	slices.Sort(used)
	r.rng.Shuffle(len(used), func(i, j int) { used[i], used[j] = used[j], used[i] })
	n := max(1, int(float64(len(used))*r.opt.Revoke+0.5))
	if len(used) == 0 {
		return receipt.Event{}, verity.Errorf(verity.EINVALID, "no summary rests on any abstract: nothing to revoke")
	}
	var refs []verity.Ref
	for _, id := range used[:min(n, len(used))] {
		r.revoked[id] = true
		refs = append(refs, verity.SourceRef(id))
	}
	calls := r.calls()
	t0 := time.Now()
	ev, change, err := r.Store.Revoke(ctx, refs, verity.Actor{Who: "user:eval@verity.example"}, "eval receipts: seeded retraction of SciFact abstracts")
	if err != nil {
		return receipt.Event{}, err
	}
	v := &r.rep.Revocation
	v.Millis = float64(time.Since(t0).Microseconds()) / 1000
	v.ModelCalls = r.calls() - calls
	v.Abstracts, v.Event = len(refs), ev.ID
	for _, ref := range change.Died {
		if relocate.IsQuote(ref) {
			v.DiedQuotes++
		} else {
			v.DiedRecords++
		}
	}
	for _, ref := range change.Survived {
		if !relocate.IsQuote(ref) {
			v.SurvivedRecords++
		}
	}
	return ev, nil
}

// calls is how many model calls the meter has counted so far.
func (r *receiptsRun) calls() int64 {
	if r.Meter == nil {
		return 0
	}
	return r.Meter.Snapshot().Total.Calls
}

// SciFactReceipts runs [Receipts] on SciFact read from data (the folder
// holding scifact/), over a scratch store of its abstracts and with the
// run's model, both from w.
func SciFactReceipts(ctx context.Context, data string, w Wiring, opt ReceiptsOptions) (*ReceiptsReport, error) {
	sf, err := LoadSciFact(filepath.Join(data, "scifact"))
	if err != nil {
		return nil, err
	}
	db, cleanup, build, err := w.Scratch(ctx, "scifact", sf.Sources())
	if err != nil {
		return nil, err
	}
	defer cleanup()
	m, meter, err := w.Model(ctx)
	if err != nil {
		return nil, err
	}
	return Receipts(ctx, ReceiptsSetup{SciFact: sf, Store: db, BuildTime: build,
		Model: m, Meter: meter, Now: w.Now, Progress: w.Progress}, opt)
}
