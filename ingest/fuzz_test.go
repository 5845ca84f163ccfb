package ingest

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/ingest/ingesttest"
)

// Fuzz targets for every reader. Each checks that a reader gives a source
// with canonical text or an error, never a panic, a hang or text that is
// not valid UTF-8. Their seeds (f.Add, testdata/fuzz/<FuzzName>/ and the
// hostile corpus) run in every "go test"; .ci/run fuzzes each briefly.

// checkCanonical fails t unless s is canonical text as Canonical makes it.
func checkCanonical(t *testing.T, what, s string) {
	t.Helper()
	if !utf8.ValidString(s) || strings.ContainsAny(s, "\r\x00") {
		t.Fatalf("%s gave text that is not canonical: %q", what, s)
	}
}

// fuzzFill reads data as a file of format would be read.
func fuzzFill(t *testing.T, data []byte, format string) {
	src := &verity.Source{ID: "f", URI: "file:///f"}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	err := fill(ctx, src, data, format, "f."+format, PDF)
	if err != nil {
		if verity.ErrorCode(err) != verity.EINVALID {
			t.Fatalf("fill(%s) error %v has code %q, want %q", format, err, verity.ErrorCode(err), verity.EINVALID)
		}
		return
	}
	checkCanonical(t, "fill("+format+")", src.Text)
	if strings.TrimSpace(src.Text) == "" || src.Title == "" {
		t.Fatalf("fill(%s) = title %q text %q, want both", format, src.Title, src.Text)
	}
}

func FuzzText(f *testing.F) {
	f.Add([]byte("plain text\r\nwith CRLF\rand CR"))
	f.Add([]byte("\xef\xbb\xbfBOM first"))
	f.Add([]byte("ok\xff\xfeno"))
	f.Add([]byte("abc\x00def"))
	f.Add([]byte("e\u0301 combining"))
	f.Fuzz(func(t *testing.T, data []byte) { fuzzFill(t, data, "txt") })
}

func FuzzMarkdown(f *testing.F) {
	f.Add([]byte("# Guide\r\n\r\nBody text.\r\n"))
	f.Add([]byte("   \n# \n## Sub\n"))
	f.Add([]byte("#Heading without space\n\n- list"))
	f.Fuzz(func(t *testing.T, data []byte) { fuzzFill(t, data, "md") })
}

func FuzzHTML(f *testing.F) {
	f.Add([]byte("<html><h1>T</h1><p>a<br>b</p><ul><li>x</li></ul></html>"))
	f.Add([]byte("<p><b>unclosed <i>tags"))
	f.Add([]byte("<table><tr><td>a<td>b<tr><td>c</table><pre>  keep\n  this</pre>"))
	f.Add(ingesttest.NestedHTML(600))
	f.Fuzz(func(t *testing.T, data []byte) {
		page, err := HTML(data, "https://example.org/")
		if err == nil {
			checkCanonical(t, "HTML", page.Text)
		}
	})
}

// FuzzPDF reads PDFs in process under a short deadline. PDF must return
// soon after its context ends; one that does not is a hang, and fails.
func FuzzPDF(f *testing.F) {
	f.Add(ingesttest.MinimalPDF("seed text"))
	f.Add(ingesttest.CyclicPDF())
	f.Add(ingesttest.ParentCyclePDF())
	f.Add(ingesttest.PrevLoopPDF())
	f.Add(ingesttest.DeflateBombPDF(1 << 20))
	hostile, _ := filepath.Glob("testdata/hostile/*.pdf")
	for _, p := range hostile {
		if data, err := os.ReadFile(p); err == nil {
			f.Add(data)
		}
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		defer cancel()
		type result struct {
			text string
			err  error
		}
		done := make(chan result, 1)
		go func() {
			text, err := PDF(ctx, data)
			done <- result{text, err}
		}()
		select {
		case r := <-done:
			if r.err == nil {
				checkCanonical(t, "PDF", r.text)
			}
		case <-time.After(30 * time.Second):
			t.Fatalf("PDF did not return within 28s of its context's end")
		}
	})
}

func FuzzRecords(f *testing.F) {
	f.Add(`{"id":"a","acl":["public"],"text":"x"}` + "\n" + `{"id":`)
	f.Add(`{"id":"b","html":"<p>hi</p>","acl":["group:x"]}`)
	f.Add(string(ingesttest.NestedJSONRecord(20_000)))
	if data, err := os.ReadFile("testdata/hostile/records.jsonl"); err == nil {
		f.Add(string(data))
	}
	f.Fuzz(func(t *testing.T, in string) { fuzzRecords(t, in, "") })
}

// fuzzRecords reads JSONL and checks every item; with system set, sources
// must keep it.
func fuzzRecords(t *testing.T, in, system string) {
	Records(strings.NewReader(in), "f", 1<<16, func(it Item) error {
		if it.Source == nil && it.Err == nil {
			t.Fatalf("item with neither source nor error")
		}
		if it.Source == nil {
			return nil
		}
		if it.Err != nil || it.Source.ID == "" {
			t.Fatalf("bad item %+v", it)
		}
		checkCanonical(t, "Records", it.Source.Text)
		if system != "" && it.Source.System != system {
			t.Fatalf("record of %s stored as system %q", system, it.Source.System)
		}
		return nil
	})
}

// exportRecord is one record of a connector export, fuzzed field by
// field: the line is valid JSON, so the fuzzer reaches what comes after
// parsing (principals, times, text and HTML).
func exportRecord(system, id, title, author, acl, updated, field, body string) string {
	rec := map[string]any{
		"id": id, "uri": "https://" + system + ".corp.example/" + id, "system": system,
		"title": title, "author": author, "acl": strings.Split(acl, ","), "updated_at": updated,
		field: body,
	}
	line, _ := json.Marshal(rec)
	return string(line) + "\n"
}

// The Confluence, Jira and Slack shapes of demo/corpus: Confluence
// pages as storage-format HTML, Jira issues and Slack threads as text.

func FuzzConfluence(f *testing.F) {
	f.Add("CONF-101", "Политика пересмотра прав доступа", "security-lead@corp.example", "group:staff", "2026-09-14T10:00:00Z",
		`<h1>Политика</h1><p>Права пересматриваются <strong>не реже</strong> раза в 12 месяцев.</p><ac:structured-macro ac:name="info"><ac:rich-text-body><p>Note</p></ac:rich-text-body></ac:structured-macro>`)
	f.Add("CONF-104", "Deployment checklist", "platform@corp.example", "public", "2026-08-11T12:00:00Z",
		`<table><tbody><tr><th>When</th><td>10:00–16:00</td></tr></tbody></table><ri:attachment ri:filename="x.png"/>`)
	f.Add("", "", "not an email", "nobody", "yesterday", "<p>")
	f.Fuzz(func(t *testing.T, id, title, author, acl, updated, body string) {
		fuzzRecords(t, exportRecord("confluence", id, title, author, acl, updated, "html", body), "confluence")
	})
}

func FuzzJira(f *testing.F) {
	f.Add("JIRA-2231", "OPS-2231: Backups of the CRM database fail on Sundays", "user:dmitry@corp.example", "group:staff", "2026-11-03T07:45:00Z",
		"h1. Backups fail\n\n*Steps:*\n# run backup\n# {code}pg_dump{code}\n\nFix: move the backup to 04:30.")
	f.Add("JIRA-1", "", "", "group:staff,user:ann@corp.example", "", "{noformat}\r\nraw\r\n{noformat}")
	f.Fuzz(func(t *testing.T, id, title, author, acl, updated, body string) {
		fuzzRecords(t, exportRecord("jira", id, title, author, acl, updated, "text", body), "jira")
	})
}

func FuzzSlack(f *testing.F) {
	f.Add("SLACK-C042-1730", "#sales: Bitrix24 rollout", "user:anna@corp.example", "group:sales,group:staff", "2026-10-01T09:12:00Z",
		"anna: We finished moving the sales team to Bitrix24 CRM. <@U042|boris> :tada:\n\nboris: Do we still export leads to `Excel`?")
	f.Add("SLACK-1", "#general", "anna@corp.example", "public", "2026-10-01T09:12:00+03:00", "> quoted\n~strike~ _it_ *b* <https://x.example|link>")
	f.Fuzz(func(t *testing.T, id, title, author, acl, updated, body string) {
		fuzzRecords(t, exportRecord("slack", id, title, author, acl, updated, "text", body), "slack")
	})
}

func FuzzCanonical(f *testing.F) {
	f.Add([]byte("a\r\nb\rc\xef\xbb\xbf"))
	f.Fuzz(func(t *testing.T, data []byte) {
		s, err := Canonical(data)
		if err != nil {
			return
		}
		if !utf8.ValidString(s) || strings.ContainsRune(s, '\r') {
			t.Fatalf("Canonical(%q) = %q", data, s)
		}
		if again, err := Canonical([]byte(s)); err != nil || again != s {
			t.Fatalf("Canonical is not idempotent: %q → %q (%v)", s, again, err)
		}
	})
}
