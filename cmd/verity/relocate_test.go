package main

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/veritykb/verity/kb"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/summary"
)

// TestIngestRelocatesQuotes: re-ingesting a source whose new version drops
// a summary sentence's words leaves the sentence alive only on the other
// source that still says it — so revoking that one kills it — moves the
// quote that is still there, and says so in the summary and in --json.
func TestIngestRelocatesQuotes(t *testing.T) {
	db := summaryCorpus(t)
	const s1, s2 = "Acme moved its sales to Bitrix24 in March 2025.", "Acme has 120 employees."
	out, errOut, code := cliModel(t, db, extractive(s1, s2), "summarize", "--json", "Acme Bitrix24")
	if code != 0 {
		t.Fatalf("summarize: exit %d: %s", code, errOut)
	}
	sum := decode[summary.Summary](t, out)

	v2 := `{"id":"A","uri":"https://x.example/a","system":"web","title":"A","acl":["public"],"text":"Acme looked at several CRMs. Acme has 120 employees."}`
	out, errOut, code = cli(t, db, v2, "ingest", "--json", "-")
	if code != 0 {
		t.Fatalf("ingest v2: exit %d: %s", code, errOut)
	}
	ing := decode[kb.IngestReport](t, out)
	if r := ing.Relocation; ing.NewVersion != 1 || r == nil || r.Sources != 1 || r.Moved != 1 || r.Gone != 1 || len(r.Retracted) != 0 || len(r.Events) != 1 {
		t.Fatalf("ingest --json relocation = %+v, want 1 source, 1 quote moved, 1 gone, nothing retracted, 1 event", r)
	}
	out, _, _ = cli(t, db, "", "summarize", "--show", sum.ID, "--all")
	if !strings.Contains(out, "2 of 2 sentences live") || !strings.Contains(out, "gone from v2") ||
		!strings.Contains(out, "receipt: {A} OR {B}") || !strings.Contains(out, "quote: A v2 bytes 29–52") {
		t.Errorf("show after A v2 = %q, want both live, sentence 1 on {A} OR {B} with A's quote gone, sentence 2's quote at v2", out)
	}

	// B still says sentence 1; A no longer does. Revoking B kills it.
	out, _, code = cli(t, db, "", "impact", "B")
	if code != 0 || !strings.Contains(out, "1 quote of B") || !strings.Contains(out, sum.Sentences[0].ID) {
		t.Errorf("impact B = %q, want sentence 1 and one quote of B", out)
	}
	if _, errOut, code := cli(t, db, "", "revoke", "B", "--reason", "retracted"); code != 0 {
		t.Fatalf("revoke B: exit %d: %s", code, errOut)
	}
	out, _, _ = cli(t, db, "", "summarize", "--show", sum.ID, "--json")
	v := decode[summary.View](t, out)
	if len(v.Live) != 1 || v.Live[0].Text != s2 {
		t.Errorf("live after revoking B = %+v, want only %q: sentence 1 must die with B", v.Live, s2)
	}

	// The words come back in v3: the quote is restored (and the text
	// summary says so); sentence 1 still rests on it.
	v3 := `{"id":"A","uri":"https://x.example/a","system":"web","title":"A","acl":["public"],"text":"Acme has 120 employees. ` + s1 + `"}`
	out, errOut, code = cli(t, db, v3, "ingest", "-")
	if code != 0 || !strings.Contains(out, "after 1 new version: 1 quote re-located, 0 gone, 1 back (1 record restored)") {
		t.Errorf("ingest v3 = exit %d %q %s, want the quote back and sentence 1 restored", code, out, errOut)
	}
	out, _, _ = cli(t, db, "", "summarize", "--show", sum.ID, "--json")
	if v := decode[summary.View](t, out); len(v.Live) != 2 {
		t.Errorf("live after A v3 = %+v, want both sentences again", v.Live)
	}
}

// TestCrawlRelocatesQuotes: a page crawled again with changed text has its
// quotes re-located, and --json reports it next to the crawl's report.
func TestCrawlRelocatesQuotes(t *testing.T) {
	var second atomic.Bool
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/" {
			http.NotFound(w, r)
			return
		}
		text := "Acme moved its sales to Bitrix24 in March 2025. Acme has 120 employees."
		if second.Load() {
			text = "Acme has 120 employees. Acme is hiring."
		}
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		fmt.Fprintf(w, "<html><head><title>Acme</title></head><body><p>%s</p></body></html>", text)
	}))
	t.Cleanup(srv.Close)
	db := filepath.Join(t.TempDir(), "v.db")
	if _, errOut, code := cli(t, db, "", "crawl", "--delay", "0", "--budget", "1", srv.URL+"/"); code != 0 {
		t.Fatalf("crawl: exit %d: %s", code, errOut)
	}
	out, errOut, code := cliModel(t, db, extractive("Acme moved its sales to Bitrix24 in March 2025.", "Acme has 120 employees."), "summarize", "--json", "Acme Bitrix24")
	if code != 0 {
		t.Fatalf("summarize: exit %d: %s", code, errOut)
	}
	sum := decode[summary.Summary](t, out)
	if len(sum.Sentences) != 2 {
		t.Fatalf("summary = %+v, want 2 sentences", sum.Sentences)
	}
	second.Store(true)
	out, errOut, code = cli(t, db, "", "crawl", "--json", "--delay", "0", "--budget", "1", srv.URL+"/")
	if code != 0 {
		t.Fatalf("crawl again: exit %d: %s", code, errOut)
	}
	var rep struct {
		Stored struct {
			NewVersion int `json:"new_version"`
		} `json:"stored"`
		Relocation *kb.Relocation `json:"relocation"`
	}
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatalf("crawl --json %q: %v", out, err)
	}
	want := []verity.Ref{verity.RecordRef(sum.Sentences[0].ID)}
	if r := rep.Relocation; rep.Stored.NewVersion != 1 || r == nil || r.Moved != 1 || r.Gone != 1 || fmt.Sprint(r.Retracted) != fmt.Sprint(want) {
		t.Errorf("crawl --json = new versions %d, relocation %+v; want 1, one quote moved, one gone and %v retracted", rep.Stored.NewVersion, r, want)
	}
}

// TestDemoRelocate runs the demo's receipts section and then its section on
// new versions, twice over the same store, as the demo does when run again.
func TestDemoRelocate(t *testing.T) {
	a, db, out := demoApp(t)
	ctx := context.Background()
	script := demoScript(t, a, db)
	for run := 1; run <= 2; run++ {
		out.Reset()
		if err := script.Receipts(ctx); err != nil {
			t.Fatal(err)
		}
		if err := script.Relocate(ctx); err != nil {
			t.Fatal(err)
		}
		s := out.String()
		_, after, _ := strings.Cut(s, "== New versions")
		for _, want := range []string{
			"1 quote re-located, 1 gone",
			"— gone from v",
			"receipt: {https://bitrix-stories.example/acme-logistics} OR {https://news.example/logistics/acme-bitrix24}",
			"1 quote re-located, 0 gone, 1 back (logged as event",
		} {
			if !strings.Contains(after, want) {
				t.Errorf("run %d: the section on new versions lacks %q:\n%s", run, want, after)
			}
		}
		if _, impact, _ := strings.Cut(after, "$ verity impact"); !strings.Contains(impact, "✗ sum-") {
			t.Errorf("run %d: impact of the case study lacks the sentence the news page no longer holds:\n%s", run, impact)
		}
		if strings.Contains(s, "record:quote:") || strings.Contains(s, "{quote:") {
			t.Errorf("run %d: the demo shows quote record ids instead of sources:\n%s", run, s)
		}
	}
}
