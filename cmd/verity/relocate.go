package main

import (
	"context"
	"fmt"
	"strings"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/kb"
)

// relocationLine says what relocation did in one line, "" when there was
// nothing to re-locate.
func relocationLine(r *kb.Relocation) string {
	if r == nil || r.Moved+r.Gone+r.Back+r.EvidenceMoved+r.EvidenceGone == 0 {
		return ""
	}
	var parts []string
	if n := r.Moved + r.Gone + r.Back; n > 0 {
		s := fmt.Sprintf("%d quote%s re-located, %d gone", r.Moved, plural(r.Moved), r.Gone)
		if len(r.Retracted) > 0 {
			s += fmt.Sprintf(" (%d record%s retracted)", len(r.Retracted), plural(len(r.Retracted)))
		}
		if r.Back > 0 {
			s += fmt.Sprintf(", %d back", r.Back)
		}
		if len(r.Restored) > 0 {
			s += fmt.Sprintf(" (%d record%s restored)", len(r.Restored), plural(len(r.Restored)))
		}
		parts = append(parts, s)
	}
	if r.EvidenceMoved+r.EvidenceGone > 0 {
		parts = append(parts, fmt.Sprintf("evidence: %d moved, %d gone", r.EvidenceMoved, r.EvidenceGone))
	}
	s := fmt.Sprintf("after %d new version%s: %s", r.Sources, plural(r.Sources), strings.Join(parts, "; "))
	switch len(r.Events) {
	case 0:
	case 1:
		s += fmt.Sprintf(" (logged as event %d)", r.Events[0])
	default:
		ev := make([]string, len(r.Events))
		for i, e := range r.Events {
			ev[i] = fmt.Sprint(e)
		}
		s += fmt.Sprintf(" (logged as events %s)", strings.Join(ev, ", "))
	}
	return s
}

// demoNewsEdited is the demo's news page after an edit that rewrote the
// sentence it shared with the Acme case study and kept the other one, a
// paragraph further down.
const demoNewsEdited = "# Logistics news: Acme picks a CRM\n\nCorrected on 2 June 2025.\n\nAcme Logistics GmbH, a freight forwarder based in Hamburg, is choosing a CRM for its customer support. Acme says its sales team moved to Bitrix24 within six weeks."

// demoRelocate is the demo's section on new versions, after the receipts
// section: the news page is edited, so the summary sentence it no longer
// says rests on the case study alone, and the other one's quote moves; the
// edit is then reverted, and the quote comes back. The store ends as it
// began, so the demo can run again. It runs as the local operator.
func (a *app) demoRelocate(ctx context.Context, svc *kb.Service) error {
	const topic = "who moved sales to Bitrix24"
	op, err := a.caller()
	if err != nil {
		return err
	}
	list, err := svc.Summaries(ctx, op)
	if err != nil {
		return err
	}
	head := ""
	for _, r := range list.Summaries {
		if r.Topic == topic && r.State != verity.StateDead {
			head = r.ID // ids are listed in order; any live summary of the topic shows the step
		}
	}
	if head == "" {
		return verity.Errorf(verity.ENOTFOUND, "no summary on %q: run the receipts section first", topic)
	}
	original, err := svc.Show(ctx, op, kb.ShowRequest{ID: demoNews.ID})
	if err != nil {
		return err
	}
	version := func(text, label string) error {
		src := *original.Source
		src.Text = text
		fmt.Fprintf(a.stdout, "$ verity ingest news.jsonl   # %s\n", label)
		run, err := a.demoPut(ctx, svc, &src)
		if err != nil {
			return err
		}
		outcome := verity.PutUnchanged
		switch {
		case run.Report.NewVersion > 0:
			outcome = verity.PutNewVersion
		case run.Report.Metadata > 0:
			outcome = verity.PutMetadata
		}
		fmt.Fprintf(a.stdout, "ingested: %s, now v%d\n", outcome, src.Version)
		if s := relocationLine(run.Report.Relocation); s != "" {
			fmt.Fprintln(a.stdout, s)
		}
		return nil
	}
	fmt.Fprintf(a.stdout, "\n== New versions: the news page is edited; the sentence it no longer says loses it as a source\n")
	if err := version(demoNewsEdited, "the news page, edited: the shared sentence rewritten, a line added above the other"); err != nil {
		return err
	}
	fmt.Fprintf(a.stdout, "\n$ verity summarize --show %s --all\n", head)
	if err := a.showSummary(ctx, svc, op, head, true); err != nil {
		return err
	}
	caseStudy := verity.SourceRef(demoWebURIs["acme-case.html"])
	fmt.Fprintf(a.stdout, "\n$ verity impact %s   # before the edit, sentence 1 would have survived on the news page\n", caseStudy.ID())
	rep, err := svc.Impact(ctx, op, kb.ImpactRequest{Refs: []string{string(caseStudy)}})
	if err != nil {
		return err
	}
	a.printRevocation(rep, "")
	fmt.Fprintf(a.stdout, "\n== The edit is reverted: the words are back, and so is the quote relocation had revoked\n")
	return version(original.Text, "the news page as it was")
}
