package main

import (
	"context"
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/analysis"
	"github.com/veritykb/verity/audit"
	"github.com/veritykb/verity/eval"
	"github.com/veritykb/verity/ingest"
	"github.com/veritykb/verity/relocate"
	"github.com/veritykb/verity/sqlite"
	"github.com/veritykb/verity/summary"
)

// receiptsOptions are the settings of `verity eval receipts`.
type receiptsOptions struct {
	Data      string  `json:"-"`
	Topics    int     `json:"topics"`
	K         int     `json:"k"`
	Sentences int     `json:"sentences"`
	MaxSets   int     `json:"max_sets"`
	Revoke    float64 `json:"revoke_share"`
	Mirrors   float64 `json:"mirror_share"`
	Seed      uint64  `json:"seed"`
	Audit     bool    `json:"audit"`
}

// agreement compares one way of deciding liveness with the truth, sentence
// by sentence.
type agreement struct {
	N     int     `json:"n"`
	Agree int     `json:"agree"`
	Rate  float64 `json:"rate"`
	// KeptDead: alive by this rule, truly dead (served text nothing
	// supports any more); DroppedLive: dead by this rule, truly alive.
	KeptDead    int `json:"kept_dead"`
	DroppedLive int `json:"dropped_live"`
}

func (g *agreement) add(truth, said bool) {
	g.N++
	switch {
	case truth == said:
		g.Agree++
	case said:
		g.KeptDead++
	default:
		g.DroppedLive++
	}
	g.Rate = float64(g.Agree) / float64(g.N)
}

// receiptsReport is what `verity eval receipts` prints.
type receiptsReport struct {
	Dataset  string          `json:"dataset"`
	Model    string          `json:"model"`
	Settings receiptsOptions `json:"settings"`
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
		Strict        agreement `json:"strict"`
		StrictTouched agreement `json:"strict_touched"`
		Claim         agreement `json:"claim"`
	} `json:"receipts"`
	// SummaryAnyOf and SummaryAllOf are the seed's one-receipt-per-summary
	// baselines: the summary lives while any of its sources does (the
	// shared list a model writes), or only while all of them do.
	SummaryAnyOf agreement `json:"summary_any_of"`
	SummaryAllOf agreement `json:"summary_all_of"`
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
	Audit *receiptsAudit `json:"audit,omitempty"`
	// Examples are a few sentences that died and that survived on another set.
	Examples []receiptsExample `json:"examples"`
}

type receiptsAudit struct {
	Run          int64        `json:"run"`
	Counts       audit.Counts `json:"counts"`
	Circular     int          `json:"circular"`
	VsTruth      agreement    `json:"vs_strict_truth"` // undetermined verdicts left out
	Undetermined int          `json:"undetermined"`
}

type receiptsExample struct {
	Sentence string             `json:"sentence"`
	State    verity.RecordState `json:"state"`
	Receipt  verity.Receipt     `json:"receipt"`
	Truth    bool               `json:"truly_alive"`
}

func (a *app) evalReceiptsCmd() *cobra.Command {
	opt := receiptsOptions{}
	cmd := &cobra.Command{
		Use:   "receipts",
		Short: "Per-sentence receipts on SciFact: revoke abstracts, check what dies against gold",
		Long: `Receipts shows revocation on real data. It builds a store of SciFact's
abstracts, summarizes a fixed set of topics — SciFact dev claims with SUPPORT
evidence, in id order, each retrieving --k abstracts — with a receipt on
every sentence (the configured model; the offline engine by default), then
revokes a seeded share of the abstracts those summaries rest on, and checks
what the receipts did against an independent truth computed by plain string
matching over the corpus: a sentence is truly alive while some live abstract
holds its text (strict), or also while it is a gold SUPPORT rationale of its
topic and another live abstract has one too (claim level).

It reports the agreement of per-sentence receipts with that truth, next to
the seed's one-receipt-per-summary baselines (alive while any source lives,
or only while all do); how many affected summaries keep their live
sentences; and the seed's end-to-end figure: the share of the topics, asked
again, whose answer (the summary as served) still rests on revoked text,
before and after the cleanup. --audit also audits the touched sentences by
regeneration and compares the verdicts with the truth.

With the offline engine the summaries are extractive and each receipt lists
exactly the retrieved abstracts that hold the sentence: receipts are right
by construction, so strict agreement measures the plumbing (store, cascade,
quote matching), not a model's honesty, and the audit is circular.
--mirrors republishes a seeded share of the topics' abstracts under a second
id (a syndicated copy, synthetic) so that sentences have real alternative
sets and survive a revocation on another one.`,
		Example: `  verity eval receipts
  verity eval receipts --topics 40 --revoke 0.3 --mirrors 0.2 --audit --json`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if opt.Revoke <= 0 || opt.Revoke > 1 || opt.Mirrors < 0 || opt.Mirrors > 1 {
				return verity.Errorf(verity.EINVALID, "--revoke must be in (0, 1] and --mirrors in [0, 1]")
			}
			rep, err := a.evalReceipts(cmd.Context(), opt)
			if err != nil {
				return err
			}
			if a.json {
				return a.printJSON(rep)
			}
			a.printReceiptsReport(rep)
			return nil
		},
	}
	f := cmd.Flags()
	f.StringVar(&opt.Data, "data", defaultData, "folder holding scifact/")
	f.IntVar(&opt.Topics, "topics", 0, "topics to summarize (0: every dev claim with SUPPORT evidence)")
	f.IntVar(&opt.K, "k", 5, "abstracts retrieved per topic")
	f.IntVar(&opt.Sentences, "sentences", 5, "sentences per summary")
	f.IntVar(&opt.MaxSets, "max-sets", summary.DefaultMaxSets, "most sets per sentence's receipt")
	f.Float64Var(&opt.Revoke, "revoke", 0.2, "share of the abstracts the summaries rest on to revoke (the seed: 61 of 300)")
	f.Float64Var(&opt.Mirrors, "mirrors", 0, "share of the topics' abstracts republished under a second id")
	f.Uint64Var(&opt.Seed, "seed", 1, "seed of the revocation and mirror choices")
	f.BoolVar(&opt.Audit, "audit", false, "also audit the touched sentences by regeneration")
	return cmd
}

// normText is the form the truth compares texts in: lower case, single spaces.
func normText(s string) string { return strings.ToLower(strings.Join(strings.Fields(s), " ")) }

// evalSentence is one summary sentence as the eval tracks it.
type evalSentence struct {
	id, text, norm string
	summary        int // index into summaries
	receipt        verity.Receipt
	gold           bool // a gold SUPPORT rationale of its topic
	home           []string
}

func (a *app) evalReceipts(ctx context.Context, opt receiptsOptions) (*receiptsReport, error) {
	sf, err := eval.LoadSciFact(filepath.Join(opt.Data, "scifact"))
	if err != nil {
		return nil, err
	}
	rep := &receiptsReport{Dataset: "scifact", Settings: opt}
	db, cleanup, build, err := a.sciFactStore(ctx, sf)
	if err != nil {
		return nil, err
	}
	defer cleanup()
	rep.Store.Abstracts, rep.Store.BuildSeconds = len(sf.Docs), build.Seconds()
	docs := map[string]eval.SciDoc{}
	for _, d := range sf.Docs {
		docs[d.ID] = d
	}

	// Topics: dev claims with SUPPORT evidence, by id, each claim text once.
	var topics []eval.Claim
	seenClaim := map[string]bool{}
	for _, c := range sf.Dev {
		support := false
		for d := range c.Evidence {
			support = support || c.Label(d) == "SUPPORT"
		}
		if support && !seenClaim[c.Claim] {
			seenClaim[c.Claim] = true
			topics = append(topics, c)
		}
	}
	slices.SortFunc(topics, func(x, y eval.Claim) int { return x.ID - y.ID })
	if opt.Topics > 0 && opt.Topics < len(topics) {
		topics = topics[:opt.Topics]
	}
	rng := rand.New(rand.NewPCG(opt.Seed, 0x5ec))

	// Mirrors: a seeded share of the topics' cited abstracts, republished.
	texts := map[string]string{} // source id → normalized text, the truth's corpus
	for _, d := range sf.Docs {
		texts[d.ID] = normText(d.Text())
	}
	mirrorOf := map[string]string{}
	if opt.Mirrors > 0 {
		var cited []string
		for _, c := range topics {
			for d := range c.Evidence {
				if !slices.Contains(cited, d) {
					cited = append(cited, d)
				}
			}
		}
		slices.Sort(cited)
		rng.Shuffle(len(cited), func(i, j int) { cited[i], cited[j] = cited[j], cited[i] })
		for _, id := range cited[:int(float64(len(cited))*opt.Mirrors+0.5)] {
			d, ok := docs[id]
			if !ok {
				continue
			}
			mid := "mirror-" + id
			src := &verity.Source{ID: mid, URI: "https://mirror.example/scifact/" + id, System: "scifact-mirror", Title: d.Title,
				ACL: []verity.Principal{verity.Public}, Text: "Republished from doi:scifact/" + id + "\n\n" + strings.Join(d.Sentences, "\n")}
			if _, err := db.PutSource(ctx, src, ingest.Chunks(src, analysis.DefaultChunkOptions)); err != nil {
				return nil, err
			}
			mirrorOf[mid] = id
			texts[mid] = normText(src.Text)
		}
		rep.Store.Mirrors = len(mirrorOf)
	}

	m, meter, err := a.model(ctx)
	if err != nil {
		return nil, err
	}
	rep.Model = m.Info().Name()

	// Summaries, one per topic, under the public caller.
	start := time.Now()
	var sums []*summary.Summary
	var sents []evalSentence
	rep.Summaries.Topics = len(topics)
	bar := a.newProgress("summarize", int64(len(topics)), false)
	for _, c := range topics {
		s, err := summary.Summarize(ctx, m, db, c.Claim, verity.NewCaller(), summary.Options{K: opt.K, Sentences: opt.Sentences, MaxSets: opt.MaxSets})
		bar.Add(1)
		if err != nil {
			return nil, fmt.Errorf("topic %d: %w", c.ID, err)
		}
		if s.Empty != "" {
			rep.Summaries.Empty++
			sums = append(sums, nil)
			continue
		}
		sums = append(sums, s)
		rep.Summaries.Written++
		for _, st := range s.Sentences {
			es := evalSentence{id: st.ID, text: st.Text, norm: normText(st.Text), summary: len(sums) - 1, receipt: st.Receipt}
			es.gold = goldRationale(c, docs, es.norm)
			sents = append(sents, es)
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
	bar.Done()
	rep.Summaries.Sentences = len(sents)
	rep.Summaries.Seconds = time.Since(start).Seconds()

	// Revoke a seeded share of the abstracts the summaries rest on.
	var used []string
	for _, s := range sents {
		for _, set := range s.receipt.Sets {
			for _, r := range set {
				if _, mirror := mirrorOf[r.ID()]; !mirror && !slices.Contains(used, r.ID()) {
					used = append(used, r.ID())
				}
			}
		}
	}
	slices.Sort(used)
	rng.Shuffle(len(used), func(i, j int) { used[i], used[j] = used[j], used[i] })
	n := max(1, int(float64(len(used))*opt.Revoke+0.5))
	if len(used) == 0 {
		return nil, verity.Errorf(verity.EINVALID, "no summary rests on any abstract: nothing to revoke")
	}
	revoked := map[string]bool{}
	var refs []verity.Ref
	for _, id := range used[:min(n, len(used))] {
		revoked[id] = true
		refs = append(refs, verity.SourceRef(id))
	}
	calls := meter.Snapshot().Total.Calls
	t0 := time.Now()
	ev, change, err := db.Revoke(ctx, refs, "user:eval@verity.example", "eval receipts: seeded retraction of SciFact abstracts")
	if err != nil {
		return nil, err
	}
	rep.Revocation.Millis = float64(time.Since(t0).Microseconds()) / 1000
	rep.Revocation.ModelCalls = meter.Snapshot().Total.Calls - calls
	rep.Revocation.Abstracts, rep.Revocation.Event = len(refs), ev.ID
	for _, r := range change.Died {
		if relocate.IsQuote(r) {
			rep.Revocation.DiedQuotes++
		} else {
			rep.Revocation.DiedRecords++
		}
	}
	for _, r := range change.Survived {
		if !relocate.IsQuote(r) {
			rep.Revocation.SurvivedRecords++
		}
	}

	if err := a.scoreReceipts(ctx, db, rep, topics, docs, sums, sents, texts, revoked); err != nil {
		return nil, err
	}
	if opt.Audit {
		if err := a.auditReceipts(ctx, db, rep, ev.ID, sents, texts, revoked); err != nil {
			return nil, err
		}
	}
	rep.Notes = receiptNotes(rep)
	return rep, nil
}

// goldRationale reports whether the sentence overlaps a SUPPORT rationale
// sentence of claim c in one of its cited abstracts.
func goldRationale(c eval.Claim, docs map[string]eval.SciDoc, norm string) bool {
	for d, rs := range c.Evidence {
		for _, r := range rs {
			if r.Label != "SUPPORT" {
				continue
			}
			for _, i := range r.Sentences {
				if i < 0 || i >= len(docs[d].Sentences) {
					continue
				}
				g := normText(docs[d].Sentences[i])
				if g != "" && (strings.Contains(norm, g) || strings.Contains(g, norm)) {
					return true
				}
			}
		}
	}
	return false
}

// trulyAlive is the strict truth: some live abstract (or live copy) holds
// the sentence's text.
func trulyAlive(norm string, texts map[string]string, revoked map[string]bool) bool {
	for id, t := range texts {
		if !revoked[id] && strings.Contains(t, norm) {
			return true
		}
	}
	return false
}

func (a *app) scoreReceipts(ctx context.Context, db *sqlite.DB, rep *receiptsReport, topics []eval.Claim, docs map[string]eval.SciDoc,
	sums []*summary.Summary, sents []evalSentence, texts map[string]string, revoked map[string]bool) error {
	type perSummary struct {
		touched, anyLive, served, deadServed, trulyLive, liveServed int
		sourcesLive, sourcesAll                                     int
		goldBefore, goldAfter                                       bool
	}
	per := make([]perSummary, len(sums))
	for i, s := range sums {
		if s == nil {
			continue
		}
		seen := map[verity.Ref]bool{}
		for _, st := range s.Sentences {
			for _, set := range st.Receipt.Sets {
				for _, r := range set {
					if !seen[r] {
						seen[r] = true
						per[i].sourcesAll++
						if !revoked[r.ID()] {
							per[i].sourcesLive++
						}
					}
				}
			}
		}
	}
	alive := make([]bool, len(sents))
	truth := make([]bool, len(sents))
	for i, s := range sents {
		rec, err := db.Record(ctx, s.id)
		if err != nil {
			return err
		}
		alive[i] = rec.State != verity.StateDead
		truth[i] = trulyAlive(s.norm, texts, revoked)
		claim := truth[i] || (s.gold && otherGoldLive(topics[s.summary], docs, revoked, s.norm))
		touched := false
		for _, set := range s.receipt.Sets {
			for _, r := range set {
				touched = touched || revoked[r.ID()]
			}
		}
		rep.Receipts.Strict.add(truth[i], alive[i])
		rep.Receipts.Claim.add(claim, alive[i])
		p := &per[s.summary]
		if touched {
			rep.Touched++
			rep.Receipts.StrictTouched.add(truth[i], alive[i])
			p.touched++
			if alive[i] {
				rep.Revocation.SurvivedSentences++
			} else {
				rep.Revocation.DiedSentences++
			}
		}
		anyOf := p.sourcesLive > 0
		allOf := p.sourcesLive == p.sourcesAll
		rep.SummaryAnyOf.add(truth[i], anyOf)
		rep.SummaryAllOf.add(truth[i], allOf)
		if alive[i] {
			p.served++
			if !truth[i] {
				p.deadServed++
			}
		}
		if truth[i] {
			p.trulyLive++
			if alive[i] {
				p.liveServed++
			}
		}
		if s.gold {
			p.goldBefore = true
			p.goldAfter = p.goldAfter || (alive[i] && truth[i])
		}
	}
	// Per query (topic): the summary as served under each rule.
	q := &rep.Queries
	var contBefore, contAnyOf, contAllOf, contAfter, useful, keptAfter, keptAllOf, goldBefore, goldAfter int
	for i, s := range sums {
		if s == nil {
			continue
		}
		q.N++
		p := per[i]
		servedDeadBefore := false
		for j, st := range sents {
			if st.summary == i && !truth[j] {
				servedDeadBefore = true
			}
		}
		if servedDeadBefore {
			contBefore++
			if p.sourcesLive > 0 {
				contAnyOf++
			}
			if p.sourcesLive == p.sourcesAll {
				contAllOf++
			}
		}
		if p.deadServed > 0 {
			contAfter++
		}
		if p.trulyLive > 0 {
			useful++
			if p.liveServed > 0 {
				keptAfter++
			}
			if p.sourcesLive == p.sourcesAll {
				keptAllOf++
			}
		}
		if p.goldBefore {
			goldBefore++
		}
		if p.goldAfter {
			goldAfter++
		}
		if p.touched > 0 {
			rep.Affected.Summaries++
			rep.Affected.LiveTotal += p.trulyLive
			rep.Affected.LiveKept += p.liveServed
			rep.Affected.DeadServed += p.deadServed
			if p.trulyLive > 0 {
				rep.Affected.HadLive++
			}
			if p.served > 0 {
				rep.Affected.KeepLive++
			} else {
				rep.Affected.AllDead++
			}
		}
	}
	share := func(k, n int) float64 {
		if n == 0 {
			return 0
		}
		return float64(k) / float64(n)
	}
	q.ContaminatedBefore, q.ContaminatedAnyOf = share(contBefore, q.N), share(contAnyOf, q.N)
	q.ContaminatedAllOf, q.ContaminatedAfter = share(contAllOf, q.N), share(contAfter, q.N)
	q.Useful = useful
	q.UsefulKeptAfter, q.UsefulKeptAllOf = share(keptAfter, useful), share(keptAllOf, useful)
	q.GoldAnsweredBefore, q.GoldAnsweredAfter = share(goldBefore, q.N), share(goldAfter, q.N)

	// A few examples: died, and survived on another set.
	var died, survived int
	for i, s := range sents {
		touched := false
		for _, set := range s.receipt.Sets {
			for _, r := range set {
				touched = touched || revoked[r.ID()]
			}
		}
		if !touched || (alive[i] && survived >= 3) || (!alive[i] && died >= 3) {
			continue
		}
		state := verity.StateDead
		if alive[i] {
			state = verity.StateAlive
			survived++
		} else {
			died++
		}
		rep.Examples = append(rep.Examples, receiptsExample{Sentence: s.text, State: state, Receipt: s.receipt, Truth: truth[i]})
	}
	return nil
}

// otherGoldLive reports whether an abstract other than the one holding the
// sentence, and not revoked, has a SUPPORT rationale for the claim.
func otherGoldLive(c eval.Claim, docs map[string]eval.SciDoc, revoked map[string]bool, norm string) bool {
	for d := range c.Evidence {
		if c.Label(d) != "SUPPORT" || revoked[d] {
			continue
		}
		if !strings.Contains(normText(docs[d].Text()), norm) {
			return true
		}
	}
	return false
}

func (a *app) auditReceipts(ctx context.Context, db *sqlite.DB, rep *receiptsReport, event int64, sents []evalSentence, texts map[string]string, revoked map[string]bool) error {
	targets, err := audit.Targets(ctx, db, audit.Scope{Events: []int64{event}})
	if err != nil {
		return err
	}
	m, _, err := a.model(ctx)
	if err != nil {
		return err
	}
	run, err := audit.Audit(ctx, m, db, targets, audit.Options{Now: a.now})
	if err != nil {
		return err
	}
	if err := db.PutAuditRun(ctx, run); err != nil {
		return err
	}
	norms := map[string]string{}
	for _, s := range sents {
		norms[s.id] = s.norm
	}
	ra := &receiptsAudit{Run: run.ID, Counts: run.Counts(), Circular: run.Circular}
	for _, v := range run.Verdicts {
		norm, ok := norms[v.Record]
		if !ok || v.Verdict == "" {
			continue // a summary header: its text is its sentences'
		}
		if v.Verdict == verity.StateUndetermined {
			ra.Undetermined++
			continue
		}
		ra.VsTruth.add(trulyAlive(norm, texts, revoked), v.Verdict == verity.StateAlive)
	}
	rep.Audit = ra
	return nil
}

func receiptNotes(rep *receiptsReport) []string {
	notes := []string{
		"truth is computed by plain string matching over every abstract in the corpus, not by quote.Locate or the model",
	}
	if strings.HasPrefix(rep.Model, "offline") {
		notes = append(notes,
			"offline engine: extractive summaries whose receipts list exactly the retrieved abstracts holding each sentence — correct by construction; strict agreement tests the store, the cascade and quote matching, not a model's honesty",
			"the summary-receipt baselines show what the seed measured: one receipt for a whole summary keeps dead sentences (any-of) or drops live ones (all-of)")
		if rep.Audit != nil {
			notes = append(notes, "the audit is circular: the offline engine built the summaries and judges them with its own support rule")
		}
	}
	if rep.Store.Mirrors > 0 {
		notes = append(notes, fmt.Sprintf("%d mirrors are synthetic: abstracts republished under a second id so sentences have alternative sets", rep.Store.Mirrors))
	}
	return notes
}

func (a *app) printReceiptsReport(r *receiptsReport) {
	w := a.stdout
	pct := func(x float64) string { return fmt.Sprintf("%.1f%%", 100*x) }
	fmt.Fprintf(w, "SciFact receipts — model %s, %d abstracts (+%d mirrors), store built in %.1fs\n", r.Model, r.Store.Abstracts, r.Store.Mirrors, r.Store.BuildSeconds)
	s := r.Summaries
	fmt.Fprintf(w, "summaries: %d topics, %d written (%d empty), %d sentences (%d with 2+ sets, %d quoted, %d gold rationales) in %.1fs\n",
		s.Topics, s.Written, s.Empty, s.Sentences, s.MultiSet, s.Quoted, s.Gold, s.Seconds)
	v := r.Revocation
	fmt.Fprintf(w, "revoked %d abstracts (event %d) in %.1f ms, %d model calls: %d sentences died, %d survived on another set (%d records died in all, and %d quote records)\n",
		v.Abstracts, v.Event, v.Millis, v.ModelCalls, v.DiedSentences, v.SurvivedSentences, v.DiedRecords, v.DiedQuotes)
	ag := func(name string, g agreement) {
		fmt.Fprintf(w, "  %-34s %5s of %4d  (kept dead %d, dropped live %d)\n", name, pct(g.Rate), g.N, g.KeptDead, g.DroppedLive)
	}
	fmt.Fprintln(w, "agreement with the truth, sentence by sentence:")
	ag("per-sentence receipts, touched", r.Receipts.StrictTouched)
	ag("per-sentence receipts, all", r.Receipts.Strict)
	ag("per-sentence receipts, claim level", r.Receipts.Claim)
	ag("one receipt per summary, any-of", r.SummaryAnyOf)
	ag("one receipt per summary, all-of", r.SummaryAllOf)
	af := r.Affected
	fmt.Fprintf(w, "affected summaries: %d; %d keep live sentences, %d lost all (%d had a truly live one); live sentences kept %d of %d; dead still served %d\n",
		af.Summaries, af.KeepLive, af.AllDead, af.HadLive, af.LiveKept, af.LiveTotal, af.DeadServed)
	q := r.Queries
	fmt.Fprintf(w, "contaminated queries (of %d topics asked again): before cleanup %s, one receipt per summary %s (all-of %s), per-sentence receipts %s\n",
		q.N, pct(q.ContaminatedBefore), pct(q.ContaminatedAnyOf), pct(q.ContaminatedAllOf), pct(q.ContaminatedAfter))
	fmt.Fprintf(w, "useful answers kept (of %d with a truly live sentence): per-sentence %s, all-of %s; answers holding a gold rationale: %s before revocation, %s after cleanup\n",
		q.Useful, pct(q.UsefulKeptAfter), pct(q.UsefulKeptAllOf), pct(q.GoldAnsweredBefore), pct(q.GoldAnsweredAfter))
	if r.Audit != nil {
		c := r.Audit.Counts
		fmt.Fprintf(w, "audit run %d: %d audited, alive %d, dead %d, undetermined %d; agrees with receipts %d of %d; with the truth %s of %d (%d circular verdicts)\n",
			r.Audit.Run, c.Audited, c.Alive, c.Dead, c.Undetermined, c.Agree, c.Audited, pct(r.Audit.VsTruth.Rate), r.Audit.VsTruth.N, r.Audit.Circular)
	}
	for _, e := range r.Examples {
		mark := "✗ died    "
		if e.State != verity.StateDead {
			mark = "✓ survived"
		}
		var sets []string
		for _, set := range e.Receipt.Sets {
			var ids []string
			for _, ref := range set {
				ids = append(ids, ref.ID())
			}
			sets = append(sets, "{"+strings.Join(ids, ",")+"}")
		}
		fmt.Fprintf(w, "  %s %s  %s\n", mark, strings.Join(sets, " OR "), clean(oneLine(e.Sentence, 100)))
	}
	for _, n := range r.Notes {
		fmt.Fprintf(w, "note: %s\n", n)
	}
}
