package eval

import (
	"context"
	"fmt"
	"strings"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/audit"
	"github.com/veritykb/verity/receipt"
)

// score compares every sentence's state after the revocation with the
// truth, under per-sentence receipts and the one-receipt-per-summary
// baselines, then asks each topic again as a query.
func (r *receiptsRun) score(ctx context.Context) error {
	rep, sums, sents, revoked := r.rep, r.sums, r.sents, r.revoked
	type perSummary struct {
		touched, served, deadServed, trulyLive, liveServed int
		sourcesLive, sourcesAll                            int
		goldBefore, goldAfter                              bool
	}
	per := make([]perSummary, len(sums))
	for i, s := range sums {
		if s == nil {
			continue
		}
		seen := map[verity.Ref]bool{}
		for _, st := range s.Sentences {
			for _, set := range st.Receipt.Sets {
				for _, ref := range set {
					if !seen[ref] {
						seen[ref] = true
						per[i].sourcesAll++
						if !revoked[ref.ID()] {
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
		rec, err := r.Store.Record(ctx, s.id)
		if err != nil {
			return err
		}
		alive[i] = rec.State != verity.StateDead
		truth[i] = trulyAlive(s.norm, r.texts, revoked)
		claim := truth[i] || (s.gold && otherGoldLive(r.topics[s.summary], r.docs, revoked, s.norm))
		touched := false
		for _, set := range s.receipt.Sets {
			for _, ref := range set {
				touched = touched || revoked[ref.ID()]
			}
		}
		rep.Receipts.Strict.Add(truth[i], alive[i])
		rep.Receipts.Claim.Add(claim, alive[i])
		p := &per[s.summary]
		if touched {
			rep.Touched++
			rep.Receipts.StrictTouched.Add(truth[i], alive[i])
			p.touched++
			if alive[i] {
				rep.Revocation.SurvivedSentences++
			} else {
				rep.Revocation.DiedSentences++
			}
		}
		anyOf := p.sourcesLive > 0
		allOf := p.sourcesLive == p.sourcesAll
		rep.SummaryAnyOf.Add(truth[i], anyOf)
		rep.SummaryAllOf.Add(truth[i], allOf)
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
			for _, ref := range set {
				touched = touched || revoked[ref.ID()]
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
		rep.Examples = append(rep.Examples, ReceiptsExample{Sentence: s.text, State: state, Receipt: s.receipt, Truth: truth[i]})
	}
	return nil
}

// audit audits the sentences the revocation event touched by regeneration
// with the run's model, keeps the audit run in the store, and compares the
// verdicts with the strict truth.
func (r *receiptsRun) audit(ctx context.Context, ev receipt.Event) error {
	targets, err := audit.Targets(ctx, r.Store, verity.AuditScope{Events: []int64{ev.ID}})
	if err != nil {
		return err
	}
	run, err := audit.Audit(ctx, r.Model, r.Store, targets, audit.Options{Now: r.Now})
	if err != nil {
		return err
	}
	if err := r.Store.PutAuditRun(ctx, run); err != nil {
		return err
	}
	norms := map[string]string{}
	for _, s := range r.sents {
		norms[s.id] = s.norm
	}
	ra := &ReceiptsAudit{Run: run.ID, Counts: run.Counts(), Circular: run.Circular}
	for _, v := range run.Verdicts {
		norm, ok := norms[v.Record]
		if !ok || v.Verdict == "" {
			continue // a summary header: its text is its sentences'
		}
		if v.Verdict == verity.StateUndetermined {
			ra.Undetermined++
			continue
		}
		ra.VsTruth.Add(trulyAlive(norm, r.texts, r.revoked), v.Verdict == verity.StateAlive)
	}
	r.rep.Audit = ra
	return nil
}

// receiptNotes say how to read the report: where the truth comes from, and
// what the offline engine and synthetic mirrors make of the numbers.
func receiptNotes(rep *ReceiptsReport) []string {
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

// normText is the form the truth compares texts in: lower case, single spaces.
func normText(s string) string { return strings.ToLower(strings.Join(strings.Fields(s), " ")) }

// goldRationale reports whether the sentence overlaps a SUPPORT rationale
// sentence of claim c in one of its cited abstracts.
func goldRationale(c Claim, docs map[string]SciDoc, norm string) bool {
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

// otherGoldLive reports whether an abstract other than the one holding the
// sentence, and not revoked, has a SUPPORT rationale for the claim.
func otherGoldLive(c Claim, docs map[string]SciDoc, revoked map[string]bool, norm string) bool {
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
