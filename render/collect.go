package render

import (
	"fmt"
	"io"
	"slices"
	"strings"
	"time"

	"github.com/veritykb/verity/collect"
	"github.com/veritykb/verity/printable"
)

func Crawl(w io.Writer, rep *collect.CrawlReport, store string) {
	fmt.Fprintf(w, "crawled %s into %s: %d pages fetched of a budget of %d", printable.Text(rep.Start), store, rep.Fetched, rep.Budget)
	if rep.Resumed {
		fmt.Fprint(w, " (resumed)")
	}
	fmt.Fprintln(w)
	s := rep.Stored
	fmt.Fprintf(w, "stored: %d new, %d new versions, %d metadata updates, %d unchanged; %d skipped, %d disallowed by robots.txt, %d errors\n",
		s.Created, s.NewVersion, s.Metadata, s.Unchanged, len(rep.Skipped), len(rep.SkippedRobots), len(rep.Errors))
	fmt.Fprintf(w, "robots.txt: %s; %s between requests; sitemaps: %d read, %d pages listed\n",
		printable.Text(rep.Robots), time.Duration(rep.DelayMS)*time.Millisecond, len(rep.Sitemaps), rep.SitemapURLs)
	list := func(title string, rs []collect.PageResult) {
		if len(rs) == 0 {
			return
		}
		fmt.Fprintf(w, "%s:\n", title)
		for _, r := range rs {
			fmt.Fprintf(w, "  %s  %s\n", printable.Text(r.URL), printable.Text(printable.Line(r.Detail, 160)))
		}
	}
	list("errors", rep.Errors)
	list("skipped", rep.Skipped)
	if len(rep.SkippedRobots) > 0 {
		fmt.Fprintln(w, "disallowed by robots.txt:")
		for _, u := range rep.SkippedRobots {
			fmt.Fprintf(w, "  %s\n", printable.Text(u))
		}
	}
	for _, n := range rep.Notes {
		fmt.Fprintf(w, "note: %s\n", printable.Text(n))
	}
	if rep.Pending > 0 {
		fmt.Fprintf(w, "%d URLs found but not fetched: the budget is spent (a larger --budget reaches them)\n", rep.Pending)
	}
}

func Research(w io.Writer, rep *collect.ResearchReport) {
	fmt.Fprintf(w, "research %s for %s (%s, %s plan): %d of %d searches, %d of %d reads; kept %d pages (%d new, %d new versions, %d unchanged)\n",
		rep.Run, printable.Text(rep.Product), rep.Search, printable.Text(rep.Planner), rep.Used.Searches, rep.Budget.Searches, rep.Used.Reads, rep.Budget.Reads,
		len(rep.Kept), rep.Stored.Created, rep.Stored.NewVersion, rep.Stored.Unchanged+rep.Stored.Metadata)
	if len(rep.Kept) > 0 {
		fmt.Fprintln(w, "kept:")
		for _, k := range rep.Kept {
			fmt.Fprintf(w, "  %s  %s\n    why: %s\n", printable.Text(k.URL), printable.Text(printable.Line(k.Title, 80)), printable.Text(k.Reason))
		}
	}
	fmt.Fprintln(w, "searches:")
	for _, c := range rep.Calls {
		if c.Kind != collect.CallSearch {
			continue
		}
		res := fmt.Sprintf("%d results", c.Hits)
		if c.Outcome != collect.OutcomeOK {
			res = "failed: " + printable.Line(c.Detail, 120)
		}
		fmt.Fprintf(w, "  %2d. «%s» — %s: %s\n", c.Seq, printable.Text(c.Query), printable.Text(c.Reason), printable.Text(res))
	}
	var notKept []collect.Call
	for _, c := range rep.Calls {
		if c.Kind == collect.CallRead && c.SourceID == "" {
			notKept = append(notKept, c)
		}
	}
	if len(notKept) > 0 {
		fmt.Fprintln(w, "read, not kept:")
		for _, c := range notKept {
			fmt.Fprintf(w, "  %s  %s: %s\n", printable.Text(c.URL), c.Outcome, printable.Text(printable.Line(c.Detail, 120)))
		}
	}
	if len(rep.Banned) > 0 {
		counts := map[string]int{}
		for _, b := range rep.Banned {
			counts[b.Category]++
		}
		var parts []string
		for c, n := range counts {
			parts = append(parts, fmt.Sprintf("%s %d", c, n))
		}
		slices.Sort(parts)
		fmt.Fprintf(w, "not read, banned: %d results (%s)\n", len(rep.Banned), strings.Join(parts, ", "))
	}
	if rep.Unread > 0 {
		fmt.Fprintf(w, "%d results left unread: the read budget is spent\n", rep.Unread)
	}
	for _, n := range rep.Notes {
		fmt.Fprintf(w, "note: %s\n", printable.Text(n))
	}
}
