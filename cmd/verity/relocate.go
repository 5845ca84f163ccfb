package main

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/analysis"
	"github.com/veritykb/verity/extract"
	"github.com/veritykb/verity/ingest"
	"github.com/veritykb/verity/relocate"
	"github.com/veritykb/verity/sqlite"
	"github.com/veritykb/verity/summary"
)

// relocation is what re-locating quotes after new versions did, summed
// over the sources of one ingest or crawl: the quote records summary
// sentences and answer statements rest on (package relocate) and the
// evidence extraction's edges rest on (extract.Relocate).
type relocation struct {
	Sources int `json:"sources"` // sources with a new version whose quotes were re-located
	Moved   int `json:"quotes_moved"`
	Gone    int `json:"quotes_gone"`
	Back    int `json:"quotes_back"`
	// Retracted and Restored are the records, quotes aside, that died
	// because their quotes were gone, or revived because they came back.
	Retracted     []verity.Ref `json:"retracted"`
	Restored      []verity.Ref `json:"restored"`
	EvidenceMoved int          `json:"evidence_moved"`
	EvidenceGone  int          `json:"evidence_gone"`
	// Events are the revocation log entries written (verity undo EVENT).
	Events []int64 `json:"events"`
}

func newRelocation() *relocation {
	return &relocation{Retracted: []verity.Ref{}, Restored: []verity.Ref{}, Events: []int64{}}
}

// relocate brings what rests on quotes of src up to its new version, which
// the store has just stored: quote records and extraction's evidence move
// to the new span, or are revoked when their words are gone, so that no
// sentence, statement or edge stays alive on a version that no longer says
// it.
func (a *app) relocate(ctx context.Context, db *sqlite.DB, src *verity.Source, r *relocation) error {
	rep, err := relocate.Source(ctx, db, src)
	if err != nil {
		return err
	}
	moves, err := extract.Relocate(ctx, db, src, a.now)
	if err != nil {
		return fmt.Errorf("relocate evidence of %s: %w", src.ID, err)
	}
	r.Sources++
	r.Moved, r.Gone, r.Back = r.Moved+rep.Moved, r.Gone+rep.Gone, r.Back+rep.Back
	r.Retracted = append(r.Retracted, rep.Retracted...)
	r.Restored = append(r.Restored, rep.Restored...)
	r.Events = append(r.Events, rep.Events...)
	for _, m := range moves {
		if m.Moved {
			r.EvidenceMoved++
		} else {
			r.EvidenceGone++
		}
	}
	return nil
}

// relocateStored relocates the sources ids, read back from the store at
// their current version.
func (a *app) relocateStored(ctx context.Context, db *sqlite.DB, ids []string) (*relocation, error) {
	r := newRelocation()
	for _, id := range ids {
		src, err := db.Source(ctx, id)
		if err != nil {
			return r, err
		}
		if err := a.relocate(ctx, db, src, r); err != nil {
			return r, err
		}
	}
	return r, nil
}

// String says what relocation did in one line, "" when there was nothing
// to re-locate.
func (r *relocation) String() string {
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
// began, so the demo can run again.
func (a *app) demoRelocate(ctx context.Context, db *sqlite.DB) error {
	const topic = "who moved sales to Bitrix24"
	heads, err := db.Records(ctx, verity.RecordFilter{Kind: summary.KindSummary, AliveOnly: true})
	if err != nil {
		return err
	}
	var head *verity.Record
	for _, h := range heads {
		var b summary.Header
		if json.Unmarshal(h.Body, &b) == nil && b.Topic == topic && (head == nil || h.CreatedAt.After(head.CreatedAt)) {
			head = h
		}
	}
	if head == nil {
		return verity.Errorf(verity.ENOTFOUND, "no summary on %q: run the receipts section first", topic)
	}
	original, err := db.Source(ctx, demoNews.ID)
	if err != nil {
		return err
	}
	version := func(text, label string) error {
		src := *original
		src.Text = text
		fmt.Fprintf(a.stdout, "$ verity ingest news.jsonl   # %s\n", label)
		out, err := db.PutSource(ctx, &src, ingest.Chunks(&src, analysis.DefaultChunkOptions))
		if err != nil {
			return err
		}
		fmt.Fprintf(a.stdout, "ingested: %s, now v%d\n", out, src.Version)
		r := newRelocation()
		if out == verity.PutNewVersion {
			if err := a.relocate(ctx, db, &src, r); err != nil {
				return err
			}
		}
		if s := r.String(); s != "" {
			fmt.Fprintln(a.stdout, s)
		}
		return nil
	}
	fmt.Fprintf(a.stdout, "\n== New versions: the news page is edited; the sentence it no longer says loses it as a source\n")
	if err := version(demoNewsEdited, "the news page, edited: the shared sentence rewritten, a line added above the other"); err != nil {
		return err
	}
	fmt.Fprintf(a.stdout, "\n$ verity summarize --show %s --all\n", head.ID)
	if err := a.showSummary(ctx, verity.NewCaller(), head.ID, true); err != nil {
		return err
	}
	caseStudy := verity.SourceRef(demoWebURIs["acme-case.html"])
	fmt.Fprintf(a.stdout, "\n$ verity impact %s   # before the edit, sentence 1 would have survived on the news page\n", caseStudy.ID())
	change, err := db.Impact(ctx, []verity.Ref{caseStudy})
	if err != nil {
		return err
	}
	if err := a.printRevocation(ctx, db, nil, []verity.Ref{caseStudy}, change); err != nil {
		return err
	}
	fmt.Fprintf(a.stdout, "\n== The edit is reverted: the words are back, and so is the quote relocation had revoked\n")
	return version(original.Text, "the news page as it was")
}
