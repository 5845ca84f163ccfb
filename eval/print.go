package eval

import (
	"fmt"
	"io"
	"os"
	"slices"
	"sort"
	"strings"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/printable"
)

// The text reports of the harnesses, as verity eval prints them without
// --json. Text that comes from datasets or models is made printable.

// Print writes the comparison as a table: Verity beside the plain BM25 of
// the same run, and their difference.
func (r *RetrievalComparison) Print(w io.Writer) {
	t, base := r.Test, r.Baseline
	fmt.Fprintf(w, "%s (%d queries, %d documents, store built in %.1fs)\n", r.Title, t.Queries, r.Documents, r.BuildSeconds)
	fmt.Fprintf(w, "  %-32s %8s %10s %11s %9s\n", "", "nDCG@10", "recall@10", fmt.Sprintf("recall@%d", t.K), "ms/query")
	row := func(label string, rr RetrievalReport) {
		fmt.Fprintf(w, "  %-32s %8.4f %10.4f %11.4f %9.2f\n", label, rr.NDCG10, rr.Recall10, rr.RecallK, float64(rr.MeanTime.Microseconds())/1000)
	}
	row(fmt.Sprintf("Verity (BM25 k1=%.2f b=%.2f)", r.Params.K1, r.Params.B), t)
	row(fmt.Sprintf("plain BM25 (k1=%.2f b=%.2f)", base.K1, base.B), base.Report)
	fmt.Fprintf(w, "  %-32s %+8.4f %+10.4f %+11.4f\n", "Verity − plain", t.NDCG10-base.Report.NDCG10, t.Recall10-base.Report.Recall10, t.RecallK-base.Report.RecallK)
	if r.Published != "" {
		fmt.Fprintf(w, "  published: %s\n", r.Published)
	}
}

// WriteItems writes one tab-separated line per query to path: its id, the
// rank of its best relevant document in Verity's results and in the
// baseline's (0: not in the top k), and the query.
func (r *RetrievalComparison) WriteItems(path string) error {
	var sb strings.Builder
	sb.WriteString("query_id\tverity_rank\tbaseline_rank\tquery\n")
	for i, it := range r.Test.Items {
		fmt.Fprintf(&sb, "%s\t%d\t%d\t%s\n", it.QueryID, it.Rank, r.Baseline.Report.Items[i].Rank, strings.ReplaceAll(it.Query, "\t", " "))
	}
	if err := os.WriteFile(path, []byte(sb.String()), 0o644); err != nil {
		return fmt.Errorf("write --items: %w", err)
	}
	return nil
}

// Print writes the verifiers' figures side by side, then each one's
// confusion matrix and reliability, and what the model calls cost.
func (r *SupportRun) Print(w io.Writer) {
	switch r.Dataset {
	case "scifact":
		fmt.Fprintf(w, "SciFact %s: %d claim-abstract pairs, %d supported\n", r.Split, r.Pairs, r.Positives)
	case DatasetAttributionBench:
		fmt.Fprintf(w, "AttributionBench %s: %d claim-references pairs, %d supported; hypothesis %s\n", r.Split, r.Pairs, r.Positives, r.Hypothesis)
		if r.Folds > 0 {
			fmt.Fprintf(w, "  verifiers marked (cv) are scored out of fold: %d folds by question, each checked by a fit without it on SciFact train and the other folds\n", r.Folds)
		} else {
			fmt.Fprintf(w, "  the offline verifier's model was fitted on this split: --cv 5 scores it out of fold\n")
		}
	default:
		fmt.Fprintf(w, "%s: %d pairs, %d supported\n", r.File, r.Pairs, r.Positives)
	}
	fmt.Fprintf(w, "  labels: %s\n", r.Labels)
	fmt.Fprintf(w, "  predicted supported: a verdict of grade 1-%d (%s policy)\n\n", r.MaxGrade, r.Policy)
	fmt.Fprintf(w, "  %-28s %6s %6s %6s %8s %6s %6s %6s\n", "verifier", "P", "R", "F1", "macroF1", "BA", "pred+", "ECE")
	for _, s := range r.Results {
		name := s.Verifier
		if s.Folds > 0 {
			name += " (cv)"
		}
		fmt.Fprintf(w, "  %-28s %6.3f %6.3f %6.3f %8.3f %6.3f %6.2f %6.3f\n", clip(name, 28), s.Precision, s.Recall, s.F1, s.MacroF1, s.BalancedAccuracy, s.PredictedSupported, s.ECE)
	}
	if len(r.Results) > 0 && len(r.Results[0].Sources) > 0 {
		fmt.Fprintf(w, "\n  by source                             n      P      R     F1  macroF1    ECE\n")
		for k, src := range r.Results[0].Sources {
			for _, s := range r.Results {
				if k >= len(s.Sources) {
					continue
				}
				ss := s.Sources[k]
				fmt.Fprintf(w, "  %-20s %-14s %4d %6.3f %6.3f %6.3f %8.3f %6.3f\n", clip(src.Source, 20), clip(s.Verifier, 14), ss.Pairs, ss.Precision, ss.Recall, ss.F1, ss.MacroF1, ss.ECE)
			}
		}
	}
	for _, s := range r.Results {
		fmt.Fprintf(w, "\n%s (%s): n %d, TP %d  FP %d  FN %d  TN %d", s.Verifier, s.Model, s.Pairs, s.Binary.TP, s.Binary.FP, s.Binary.FN, s.Binary.TN)
		if s.Verbatim+s.NoEvidence+s.Failures > 0 {
			fmt.Fprintf(w, "; %d verbatim, %d without evidence, %d unreadable", s.Verbatim, s.NoEvidence, s.Failures)
		}
		fmt.Fprintf(w, "; %.1fs\n", s.Seconds)
		fmt.Fprintf(w, "  %-14s", "gold \\ said")
		for _, p := range s.Confusion.Predicted {
			fmt.Fprintf(w, " %12s", p)
		}
		fmt.Fprintln(w)
		for _, g := range s.Confusion.Gold {
			fmt.Fprintf(w, "  %-14s", g)
			for _, n := range s.Confusion.Counts[g] {
				fmt.Fprintf(w, " %12d", n)
			}
			fmt.Fprintln(w)
		}
		fmt.Fprintf(w, "  reliability (probability of support → share supported), ECE %.3f:\n", s.ECE)
		for _, b := range s.Reliability {
			closing := ")"
			if b.Hi >= 1 {
				closing = "]"
			}
			fmt.Fprintf(w, "    [%.1f, %.1f%s %4d pairs  mean %.3f  supported %.3f\n", b.Lo, b.Hi, closing, b.N, b.Mean, b.Rate)
		}
	}
	if u := r.Usage; u != nil {
		fmt.Fprintf(w, "\nmodel: %d calls, %d from cache, tokens in %d out %d", u.Calls, u.CacheHits, u.InputTokens, u.OutputTokens)
		if u.CostUSD > 0 {
			fmt.Fprintf(w, ", $%.4f", u.CostUSD)
		}
		fmt.Fprintln(w)
	}
}

// clip cuts s to n bytes with an ellipsis.
func clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n-1] + "…"
}

// Print writes what revoking the summaries' sources did, against the truth
// and against one receipt per summary, with examples.
func (r *ReceiptsReport) Print(w io.Writer) {
	pct := func(x float64) string { return fmt.Sprintf("%.1f%%", 100*x) }
	fmt.Fprintf(w, "SciFact receipts — model %s, %d abstracts (+%d mirrors), store built in %.1fs\n", r.Model, r.Store.Abstracts, r.Store.Mirrors, r.Store.BuildSeconds)
	s := r.Summaries
	fmt.Fprintf(w, "summaries: %d topics, %d written (%d empty), %d sentences (%d with 2+ sets, %d quoted, %d gold rationales) in %.1fs\n",
		s.Topics, s.Written, s.Empty, s.Sentences, s.MultiSet, s.Quoted, s.Gold, s.Seconds)
	v := r.Revocation
	fmt.Fprintf(w, "revoked %d abstracts (event %d) in %.1f ms, %d model calls: %d sentences died, %d survived on another set (%d records died in all, and %d quote records)\n",
		v.Abstracts, v.Event, v.Millis, v.ModelCalls, v.DiedSentences, v.SurvivedSentences, v.DiedRecords, v.DiedQuotes)
	ag := func(name string, g Agreement) {
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
		fmt.Fprintf(w, "  %s %s  %s\n", mark, strings.Join(sets, " OR "), printable.Text(printable.Line(e.Sentence, 100)))
	}
	for _, n := range r.Notes {
		fmt.Fprintf(w, "note: %s\n", n)
	}
}

// Print writes the citation quality of the run's answers and, for SciFact,
// how they fared against the gold evidence.
func (r *CitationRun) Print(w io.Writer) {
	rep := r.Report
	pct := func(n, d int) float64 {
		if d == 0 {
			return 0
		}
		return 100 * float64(n) / float64(d)
	}
	fmt.Fprintf(w, "ALCE citation quality (%s reading; sentences by %s)\n", rep.Mode, rep.Splitter)
	fmt.Fprintf(w, "  answers %d: %d scored, %d without sentences (left out of the averages)\n", rep.Answers, rep.Scored, rep.Skipped)
	fmt.Fprintf(w, "  sentences %d, citations %d, multi-cited %d (%d supported, %d over-citations)\n", rep.Sentences, rep.Citations, rep.MultiCited, rep.MultiSupported, rep.OverCitations)
	fmt.Fprintf(w, "  citation recall     %.1f\n  citation precision  %.1f\n  citation F1         %.1f\n", rep.Recall, rep.Precision, rep.F1)
	fmt.Fprintf(w, "  judge: %s through Verity's verifier, %d judgements\n", printable.Text(r.Judge), rep.JudgeCalls)
	if r.Circular {
		fmt.Fprintf(w, "  CIRCULAR: the judge is the model that wrote and verified the answers; these numbers check consistency, not truth\n")
	}
	if g := r.Gold; g != nil {
		fmt.Fprintf(w, "SciFact gold evidence (independent of the judge), %d dev claims asked:\n", g.Claims)
		fmt.Fprintf(w, "  answered %d, not found %d\n", g.Answered, g.NotFound)
		fmt.Fprintf(w, "  citations on a gold evidence abstract   %d of %d (%.1f%%)\n", g.OnEvidenceDoc, g.Citations, pct(g.OnEvidenceDoc, g.Citations))
		fmt.Fprintf(w, "  quotes on a gold rationale sentence     %d of %d (%.1f%%)\n", g.OnRationale, g.Quotes, pct(g.OnRationale, g.Quotes))
		fmt.Fprintf(w, "  claims with evidence answered from it   %d of %d (%.1f%%)\n", g.EvidenceHit, g.WithEvidence, pct(g.EvidenceHit, g.WithEvidence))
		fmt.Fprintf(w, "  claims without evidence answered anyway %d of %d\n", g.AnsweredNoEvidence, g.Claims-g.WithEvidence)
	}
}

// Print writes the extraction's figures relation by relation, the
// distractor and the rejected candidates by reason; the cost is the
// command's to print.
func (r *ExtractionReport) Print(w io.Writer) {
	fmt.Fprintf(w, "Re-DocRED dev, %d documents, model %s (%.1fs)\n\n", r.Docs, r.Model, r.Seconds)
	fmt.Fprintf(w, "  %-6s %-16s %5s %5s %5s  %9s %6s %6s  %s\n", "rel", "name", "gold", "pred", "right", "precision", "recall", "F1", "evidence inside gold")
	for _, rel := range append(r.Relations, r.Micro) {
		fmt.Fprintf(w, "  %-6s %-16s %5d %5d %5d  %9.3f %6.3f %6.3f  %d/%d\n", rel.P, rel.Name, rel.Gold, rel.Predicted, rel.Correct,
			rel.Precision, rel.Recall, rel.F1, rel.EvidenceInside, rel.EvidenceChecked)
	}
	fmt.Fprintf(w, "\n  distractor %s (member of): %d of %d gold pairs accepted as a mapped relation\n", r.Distract.P, r.Distract.Accepted, r.Distract.Gold)
	var reasons []string
	for reason := range r.Rejected {
		reasons = append(reasons, reason)
	}
	sort.Slice(reasons, func(i, j int) bool { return r.Rejected[reasons[i]] > r.Rejected[reasons[j]] })
	fmt.Fprintf(w, "  rejected candidates:")
	for _, reason := range reasons {
		fmt.Fprintf(w, " %s %d;", reason, r.Rejected[reason])
	}
	fmt.Fprintln(w)
}

// Print writes the report as text: the two answerers side by
// side, per part and fold, then the goals.
func (rep *AnswersReport) Print(w io.Writer) {
	fmt.Fprintf(w, "%s: %d questions", rep.Title, rep.Questions)
	if rep.Articles > 0 {
		fmt.Fprintf(w, ", %d articles in %d folds", rep.Articles, len(rep.Folds))
	}
	fmt.Fprintf(w, ", model %s\n", printable.Text(rep.Model))
	fmt.Fprintf(w, "  %-30s %9s %9s %9s %7s %7s\n", "", "coverage", "precision", "false", "claims", "words")
	row := func(label string, s AnswerScore) {
		fmt.Fprintf(w, "  %-30s %9.3f %9.3f %9.3f %7.2f %7.1f\n", label, s.Coverage, s.Precision, s.FalseRate, s.MeanClaims, s.MeanWords)
	}
	for _, side := range []AnswerSide{rep.Verity, rep.Baseline} {
		name := "Verity"
		if side.Name != "verity" {
			name = "baseline"
		}
		row(name, side.All)
		for _, p := range []string{PartTune, PartHeld} {
			if s, ok := side.Parts[p]; ok {
				row("  "+strings.ReplaceAll(p, "_", "-")+" part", s)
			}
		}
		for i, s := range side.Folds {
			if len(side.Folds) > 1 {
				row(fmt.Sprintf("  fold %d", i+1), s)
			}
		}
	}
	fmt.Fprintf(w, "  baseline: %s, never \"not found\"\n", rep.Baseline.Name)
	v := rep.Verity.All
	fmt.Fprintf(w, "Verity: %d of %d answerable answered, %d correct; %d of %d unanswerable answered\n",
		v.Answered, v.Answerable, v.Correct, v.FalseAnswers, v.Unanswerable)
	var reasons []string
	for r, n := range v.NotFound {
		reasons = append(reasons, fmt.Sprintf("%s %d", r, n))
	}
	slices.Sort(reasons)
	fmt.Fprintf(w, "  not found by reason: %s\n", strings.Join(reasons, ", "))
	fmt.Fprintln(w, "Goals:")
	for _, g := range rep.Goals {
		mark, kind := "met", "aim"
		if !g.Met {
			mark = "NOT met"
		}
		if g.Hard {
			kind = "hard"
		}
		fmt.Fprintf(w, "  %-24s %6.3f  want %s (%s): %s\n", g.Name, g.Got, g.Want, kind, mark)
	}
}
