package demo

import (
	"context"
	"fmt"
	"io"
	"strings"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/kb"
	"github.com/veritykb/verity/quote"
)

// Screen is where the demo shows its steps: it writes its narration (the
// section titles and the command each step stands for) to the Screen
// itself, and hands kb's results to the renderings the commands share, so
// a step prints what its command would print.
type Screen interface {
	io.Writer
	// Excerpt is text from a source on one line, cut to n runes and made
	// safe to show.
	Excerpt(s string, n int) string
	Results(*verity.SearchResults)
	Answer(*kb.Answer)
	Check(*kb.Answer)
	// Extract runs req as verity extract does, as caller, and shows the
	// run with how to explain its first edge.
	Extract(ctx context.Context, caller verity.Caller, req kb.ExtractRequest) error
	Summary(*kb.Summary)
	// ShowSummary shows summary id as verity summarize --show ID --all does.
	ShowSummary(ctx context.Context, caller verity.Caller, id string) error
	// Revocation shows a revocation, an undo, or with action "" an impact.
	Revocation(rep *kb.RevocationReport, action kb.Action)
	// Relocation shows what relocation did on an ingest, if anything.
	Relocation(*kb.Relocation)
}

// Script is one run of the demo over a store that holds the corpus.
type Script struct {
	KB *kb.Service
	// Operator is the local operator, who extracts, summarizes, revokes and
	// puts new versions; the searches and questions read as the callers
	// each step names.
	Operator verity.Caller
	Screen   Screen
}

// Run shows every section in turn, each under its heading: search under
// the caller's rights, then the verbatim gate, grounded answers,
// extraction, receipts and new versions. The store ends as it began, so
// the demo can run again. Each section is also a method of its own.
func (d *Script) Run(ctx context.Context) error {
	fmt.Fprintf(d.Screen, "\n### 1. Search under the caller's rights\n")
	if err := d.Search(ctx); err != nil {
		return err
	}
	sections := []struct {
		title string
		run   func(context.Context) error
	}{
		{"The verbatim gate: a quote counts only when code finds it", d.Quote},
		{"Grounded answers: citations, quotes, honest \"not found\", hints", d.Ask},
		{"Quote-grounded extraction: who uses Bitrix24, with proof", d.Extract},
		{"Receipts: revoking a source retracts exactly what rested on it", d.Receipts},
		{"New versions: a page that stops saying something stops supporting it", d.Relocate},
	}
	for i, sec := range sections {
		fmt.Fprintf(d.Screen, "\n### %d. %s\n", i+2, sec.title)
		if err := sec.run(ctx); err != nil {
			return fmt.Errorf("demo %q: %w", sec.title, err)
		}
	}
	return nil
}

// Search shows stemming in both languages, permission filtering and a
// content-free hint.
func (d *Script) Search(ctx context.Context) error {
	steps := []struct {
		title string
		query string
		as    []string
	}{
		{"English, as a member of staff", "how many vacation days carry over", []string{"group:staff"}},
		{"Russian with stemming: «пересматривают права» finds «пересматриваются»", "как часто пересматривают права доступа", []string{"group:staff"}},
		{"A record you cannot read: only a hint, no title or text", "сокращения в 2027 году", nil},
		{"The same query as HR, who may read it", "сокращения в 2027 году", []string{"group:hr"}},
	}
	for i, s := range steps {
		res, err := d.KB.Search(ctx, Caller(s.as...), kb.SearchRequest{Query: s.query, K: 2})
		if err != nil {
			return err
		}
		as := "public"
		if len(s.as) > 0 {
			as = strings.Join(s.as, " ")
		}
		fmt.Fprintf(d.Screen, "\n== Search %d. %s\n$ verity search --as %s --k 2 %q\n", i+1, s.title, as, s.query)
		d.Screen.Results(res)
	}
	return nil
}

// Quote shows the verbatim gate on the access-review page: a quote with
// typographic drift is found, a quote stitched from two pieces is repaired
// to the contiguous original span, and a plausible fabrication is
// rejected.
func (d *Script) Quote(ctx context.Context) error {
	src, err := d.KB.Show(ctx, Caller("group:staff"), kb.ShowRequest{ID: "CONF-101"})
	if err != nil {
		return err
	}
	cases := []struct{ what, q string }{
		{"typographic drift (case, dash, ё)", "ПРАВА ДОСТУПА сотрудников к производственным системам пересматриваются не реже одного раза в 12 месяцев; чаще - при инцидентах"},
		{"stitched from two pieces", "За пересмотр отвечает руководитель подразделения ... не менее чем по 10% учётных записей"},
		{"fabricated, though it sounds right", "Права доступа пересматриваются ежеквартально отделом безопасности"},
	}
	for _, c := range cases {
		m := quote.Locate(src.Text, c.q, quote.Options{})
		fmt.Fprintf(d.Screen, "\n$ verity quote CONF-101.txt %q   # %s\n", d.Screen.Excerpt(c.q, 90), c.what)
		if !m.Found {
			fmt.Fprintln(d.Screen, "   not found: the gate rejects it")
			continue
		}
		fmt.Fprintf(d.Screen, "   found (%s, score %.2f) at bytes %d–%d of CONF-101 v%d:\n   «%s»\n", m.Kind, m.Score, m.Start, m.End, src.Version, d.Screen.Excerpt(src.Text[m.Start:m.End], 200))
	}
	return nil
}

// Ask shows grounded answers: an answer with citations and verbatim
// quotes, a claim check that catches a distortion, a "not found", and a
// content-free hint.
func (d *Script) Ask(ctx context.Context) error {
	steps := []struct {
		title, question string
		as              []string
	}{
		{"A grounded answer: every claim cited, with a verbatim quote found by code", "Как часто пересматриваются права доступа?", []string{"group:staff"}},
		{"\"When\" is answered by the sentence that gives a date, though it words the question otherwise", "Когда выйдет релиз 3.2?", nil},
		{"Not found, and a hint: the HR plan exists, but only HR may read it", "Сколько человек сократят в 2027 году?", nil},
		{"Not found: nothing in the corpus answers it", "What is the office parking policy?", []string{"group:staff"}},
	}
	for i, s := range steps {
		ans, err := d.KB.Ask(ctx, Caller(s.as...), kb.AskRequest{Question: s.question, Fresh: true})
		if err != nil {
			return err
		}
		as := "--as public "
		if len(s.as) > 0 {
			as = "--as " + strings.Join(s.as, " --as ") + " "
		}
		fmt.Fprintf(d.Screen, "\n== Ask %d. %s\n$ verity ask %s%q\n", i+1, s.title, as, s.question)
		d.Screen.Answer(ans)
		if i == 0 {
			if err := d.distortion(ctx); err != nil {
				return err
			}
		}
	}
	return nil
}

// distortion checks the seed's paraphrase against CONF-101: "once a year"
// where the page says "not less than once in 12 months; more often after
// incidents".
func (d *Script) distortion(ctx context.Context) error {
	req := kb.CheckRequest{Answer: "Права доступа к производственным системам пересматриваются раз в год [1].",
		Documents: []kb.Document{{SourceID: "CONF-101"}}, Policy: "broad"}
	ans, err := d.KB.Check(ctx, Caller("group:staff"), req)
	if err != nil {
		return err
	}
	fmt.Fprintf(d.Screen, "\n== Checking a paraphrase of it: the quote is found, the lost bound and condition are flagged\n$ verity check --as group:staff --source CONF-101 answer.txt   # %q\n", req.Answer)
	d.Screen.Check(ans)
	return nil
}

// Extract runs the Russian Bitrix24 spec over the vendor pages and shows
// the accepted edges with quotes and URLs, and the rejected distractors
// with their reason codes. The integrator's site (oblako.example) counts
// as the vendor's own here, so its logo wall under «Нам доверяют» presents
// customers.
func (d *Script) Extract(ctx context.Context) error {
	fmt.Fprintf(d.Screen, "\n== Extraction: who uses Bitrix24? Every edge with a quote code found, or a reason code\n$ verity extract --spec bitrix24-ru --vendor-domain oblako.example --lang en\n")
	// The demo speaks English, so the run's messages do too; the quotes
	// stay Russian, as the pages write them.
	return d.Screen.Extract(ctx, d.Operator, kb.ExtractRequest{Spec: "bitrix24-ru", VendorDomains: []string{"oblako.example"}, Pages: 2, Language: "en"})
}

// receiptsTopic is the topic the receipts and new-versions sections
// summarize.
const receiptsTopic = "who moved sales to Bitrix24"

// Receipts shows a summary with one receipt per sentence, a revocation
// that kills exactly the sentences left without a source while another
// survives on a second page, and the undo.
func (d *Script) Receipts(ctx context.Context) error {
	const why = "the news site retracted the article"
	if _, err := Put(ctx, d.KB, d.Operator, News); err != nil {
		return err
	}
	// A demo interrupted after its revocation left the page revoked; the
	// section starts from the corpus as shipped.
	newsRef := []string{string(verity.SourceRef(News.ID))}
	if src, err := d.KB.Show(ctx, d.Operator, kb.ShowRequest{ID: News.ID}); err == nil && src.Status == verity.StatusRevoked {
		if _, err := d.KB.Unrevoke(ctx, d.Operator, kb.RevokeRequest{Refs: newsRef, Reason: "demo: start over"}); err != nil {
			return err
		}
	}
	fmt.Fprintf(d.Screen, "\n== Receipts: every sentence of a summary carries its own (added for this step: %s, a news page that republished a sentence of the Acme case)\n$ verity summarize --k 4 --sentences 4 %q\n", News.ID, receiptsTopic)
	sum, err := d.KB.Summarize(ctx, d.Operator, kb.SummarizeRequest{Topic: receiptsTopic, K: 4, Sentences: 4})
	if err != nil {
		return err
	}
	d.Screen.Summary(sum)
	fmt.Fprintf(d.Screen, "\n== Revoking the news page: what rested only on it dies, what the case study also holds survives\n$ verity revoke %s --reason %q\n", News.ID, why)
	rep, err := d.KB.Revoke(ctx, d.Operator, kb.RevokeRequest{Refs: newsRef, Reason: why})
	if err != nil {
		return err
	}
	d.Screen.Revocation(rep, kb.ActionRevoke)
	fmt.Fprintf(d.Screen, "\n$ verity summarize --show %s --all\n", sum.ID)
	if err := d.Screen.ShowSummary(ctx, d.Operator, sum.ID); err != nil {
		return err
	}
	fmt.Fprintf(d.Screen, "\n== Undo: the log restores exactly what the revocation took\n$ verity undo %d\n", rep.Event.ID)
	undo, err := d.KB.Undo(ctx, d.Operator, kb.UndoRequest{Event: rep.Event.ID, Reason: "demo: restore"})
	if err != nil {
		return err
	}
	d.Screen.Revocation(undo, undo.Event.Action)
	return nil
}

// Relocate is the section on new versions, after the receipts section:
// the news page is edited, so the summary sentence it no longer says rests on
// the case study alone, and the other one's quote moves; the edit is then
// reverted, and the quote comes back.
func (d *Script) Relocate(ctx context.Context) error {
	list, err := d.KB.Summaries(ctx, d.Operator)
	if err != nil {
		return err
	}
	head := ""
	for _, r := range list.Summaries {
		if r.Topic == receiptsTopic && r.State != verity.StateDead {
			head = r.ID // ids are listed in order; any live summary of the topic shows the step
		}
	}
	if head == "" {
		return verity.Errorf(verity.ENOTFOUND, "no summary on %q: run the receipts section first", receiptsTopic)
	}
	original, err := d.KB.Show(ctx, d.Operator, kb.ShowRequest{ID: News.ID})
	if err != nil {
		return err
	}
	version := func(text, label string) error {
		src := *original.Source
		src.Text = text
		fmt.Fprintf(d.Screen, "$ verity ingest news.jsonl   # %s\n", label)
		run, err := Put(ctx, d.KB, d.Operator, &src)
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
		fmt.Fprintf(d.Screen, "ingested: %s, now v%d\n", outcome, src.Version)
		d.Screen.Relocation(run.Report.Relocation)
		return nil
	}
	fmt.Fprintf(d.Screen, "\n== New versions: the news page is edited; the sentence it no longer says loses it as a source\n")
	if err := version(NewsEdited, "the news page, edited: the shared sentence rewritten, a line added above the other"); err != nil {
		return err
	}
	fmt.Fprintf(d.Screen, "\n$ verity summarize --show %s --all\n", head)
	if err := d.Screen.ShowSummary(ctx, d.Operator, head); err != nil {
		return err
	}
	caseStudy := verity.SourceRef(WebURIs["acme-case.html"])
	fmt.Fprintf(d.Screen, "\n$ verity impact %s   # before the edit, sentence 1 would have survived on the news page\n", caseStudy.ID())
	rep, err := d.KB.Impact(ctx, d.Operator, kb.ImpactRequest{Refs: []string{string(caseStudy)}})
	if err != nil {
		return err
	}
	d.Screen.Revocation(rep, "")
	fmt.Fprintf(d.Screen, "\n== The edit is reverted: the words are back, and so is the quote relocation had revoked\n")
	return version(original.Text, "the news page as it was")
}
