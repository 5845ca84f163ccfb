package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/veritykb/verity/kb"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/audit"
	"github.com/veritykb/verity/llm"
	"github.com/veritykb/verity/llm/llmtest"
	"github.com/veritykb/verity/summary"
)

// cliModel runs verity like cli does, with m as the run's model.
func cliModel(t *testing.T, db string, m llm.Model, args ...string) (string, string, int) {
	t.Helper()
	var out, errb bytes.Buffer
	a := &app{stdin: strings.NewReader(""), stdout: &out, stderr: &errb, getenv: func(string) string { return "" }, now: time.Now}
	a.meter = llm.NewMeter(nil)
	a.llm = llm.WithMeter(m, a.meter)
	root := a.rootCmd()
	root.SetArgs(append([]string{"--db", db}, args...))
	root.SetOut(&out)
	root.SetErr(&errb)
	err := root.ExecuteContext(context.Background())
	if a.closeStore != nil {
		a.closeStore()
	}
	if err != nil {
		fmt.Fprintf(&errb, "verity: %v\n", err)
	}
	return out.String(), errb.String(), exitCode(err)
}

// summaryCorpus is a store with the sources of receiptStore and no records.
func summaryCorpus(t *testing.T) string {
	t.Helper()
	db := filepath.Join(t.TempDir(), "v.db")
	records := strings.Join([]string{
		`{"id":"A","uri":"https://x.example/a","system":"web","title":"A","acl":["public"],"text":"Acme moved its sales to Bitrix24 in March 2025. Acme has 120 employees."}`,
		`{"id":"B","uri":"https://x.example/b","system":"web","title":"B","acl":["public"],"text":"The vendor says: Acme moved its sales to Bitrix24 in March 2025."}`,
		`{"id":"C","uri":"https://x.example/c","system":"web","title":"C","acl":["public"],"text":"Romashka uses Bitrix24 every day. Acme is a Bitrix24 customer too."}`,
	}, "\n")
	if _, errOut, code := cli(t, db, records, "ingest", "-"); code != 0 {
		t.Fatalf("ingest: exit %d: %s", code, errOut)
	}
	return db
}

// extractive is a scripted summarizer: for each of its sentences, one set
// per document that holds it, as the offline engine does.
func extractive(sentences ...string) *llmtest.Model {
	return llmtest.New(llm.Info{}).On(summary.TaskWrite, func(_ context.Context, req *llm.Request) (*llm.Response, error) {
		var v struct {
			Documents []struct {
				N    int    `json:"n"`
				Text string `json:"text"`
			} `json:"documents"`
		}
		json.Unmarshal(req.Vars, &v)
		type sent struct {
			Text    string  `json:"text"`
			Sources [][]int `json:"sources"`
		}
		var out []sent
		for _, s := range sentences {
			st := sent{Text: s, Sources: [][]int{}}
			for _, d := range v.Documents {
				if strings.Contains(d.Text, s) {
					st.Sources = append(st.Sources, []int{d.N})
				}
			}
			out = append(out, st)
		}
		js, _ := json.Marshal(map[string]any{"sentences": out})
		return &llm.Response{Text: string(js), Model: "script"}, nil
	})
}

func TestSummarizeRevokeShow(t *testing.T) {
	db := summaryCorpus(t)
	m := extractive("Acme moved its sales to Bitrix24 in March 2025.", "Acme has 120 employees.", "Romashka uses Bitrix24 every day.")
	out, errOut, code := cliModel(t, db, m, "summarize", "--json", "Acme Bitrix24")
	if code != 0 {
		t.Fatalf("summarize: exit %d: %s", code, errOut)
	}
	sum := decode[summary.Summary](t, out)
	if len(sum.Sentences) != 3 || len(sum.Sentences[0].Receipt.Sets) != 2 || len(sum.Sentences[1].Receipt.Sets) != 1 {
		t.Fatalf("summarize = %+v, want 3 sentences, the first on A or B, the second on A", sum.Sentences)
	}
	q := sum.Sentences[1].Quotes
	if len(q) != 1 || q[0].SourceID != "A" {
		t.Fatalf("quotes of sentence 2 = %+v, want one in A", q)
	}
	// The quote span points into the source's text.
	out, _, _ = cli(t, db, "", "show", "--json", "A")
	src := decode[verity.Source](t, out)
	if src.Text[q[0].Start:q[0].End] != "Acme has 120 employees." {
		t.Errorf("A[%d:%d] = %q, want the sentence", q[0].Start, q[0].End, src.Text[q[0].Start:q[0].End])
	}

	if _, errOut, code := cli(t, db, "", "revoke", "A", "--reason", "retracted"); code != 0 {
		t.Fatalf("revoke A: exit %d: %s", code, errOut)
	}
	out, _, code = cli(t, db, "", "summarize", "--show", sum.ID, "--all", "--json")
	v := decode[summary.View](t, out)
	var live, dead []int
	for _, s := range v.Live {
		live = append(live, s.Position)
	}
	for _, s := range v.Dead {
		dead = append(dead, s.Position)
	}
	if code != 0 || fmt.Sprint(live) != "[1 3]" || fmt.Sprint(dead) != "[2]" || strings.Contains(v.Text, "120 employees") {
		t.Errorf("show after revoking A = exit %d, live %v dead %v text %q; want 1 (on B) and 3 live, 2 dead and not served", code, live, dead, v.Text)
	}
	out, _, _ = cli(t, db, "", "summarize", "--show", sum.ID)
	if !strings.Contains(out, "2 of 3 sentences live") || strings.Contains(out, "120 employees") {
		t.Errorf("show text = %q, want 2 of 3 live and no dead sentence", out)
	}
	if _, _, code := cli(t, db, "", "unrevoke", "A"); code != 0 {
		t.Fatal("unrevoke A failed")
	}
	out, _, _ = cli(t, db, "", "summarize", "--list", "--json")
	if !strings.Contains(out, `"live": 3`) {
		t.Errorf("list after unrevoke = %s, want all 3 sentences live again", out)
	}
}

func TestSummarizeMalformedFailsLoudly(t *testing.T) {
	db := summaryCorpus(t)
	m := llmtest.New(llm.Info{}).Reply(summary.TaskWrite, "Acme uses Bitrix24 (sources: A).")
	_, errOut, code := cliModel(t, db, m, "summarize", "Acme Bitrix24")
	if code != exitMalformed || !strings.Contains(errOut, "not the JSON asked for") {
		t.Errorf("summarize with a malformed model = exit %d %q, want exit %d", code, errOut, exitMalformed)
	}
	if out, _, _ := cli(t, db, "", "summarize", "--list"); !strings.Contains(out, "no summaries") {
		t.Errorf("a failed summary was stored: %s", out)
	}
}

func TestAuditCommand(t *testing.T) {
	db := summaryCorpus(t)
	writer := extractive("Acme moved its sales to Bitrix24 in March 2025.", "Acme has 120 employees.", "Romashka uses Bitrix24 every day.")
	out, _, code := cliModel(t, db, writer, "summarize", "--json", "Acme Bitrix24")
	if code != 0 {
		t.Fatal("summarize failed")
	}
	sum := decode[summary.Summary](t, out)
	if _, _, code := cli(t, db, "", "revoke", "A", "--reason", "retracted"); code != 0 {
		t.Fatal("revoke failed")
	}
	// The auditor reproduces sentence 1 from B every time; says yes to
	// sentence 2 on 3 samples of 5 (undetermined).
	auditor := llmtest.New(llm.Info{Provider: "script", Model: "auditor"}).On(audit.TaskRegenerate, func(_ context.Context, req *llm.Request) (*llm.Response, error) {
		var v struct {
			Conclusion string `json:"conclusion"`
		}
		json.Unmarshal(req.Vars, &v)
		yes := strings.Contains(v.Conclusion, "March 2025") || req.Sample < 3
		return &llm.Response{Text: fmt.Sprintf(`{"answer": %q, "sources": []}`, map[bool]string{true: "yes", false: "no"}[yes])}, nil
	})
	out, errOut, code := cliModel(t, db, auditor, "audit", "--json")
	if code != 0 {
		t.Fatalf("audit: exit %d: %s", code, errOut)
	}
	res := decode[kb.AuditReport](t, out)
	verdicts := map[string]verity.RecordState{}
	for _, v := range res.Run.Verdicts {
		verdicts[v.Record] = v.Verdict
	}
	s1, s2 := sum.Sentences[0].ID, sum.Sentences[1].ID
	if verdicts[s1] != verity.StateAlive || verdicts[s2] != verity.StateUndetermined || res.ProbesStored != 10 || res.Note != "" {
		t.Errorf("audit verdicts = %v, %d probes, note %q; want %s alive, %s undetermined, 10 probes, not circular", verdicts, res.ProbesStored, res.Note, s1, s2)
	}
	out, _, _ = cli(t, db, "", "audit", "--undetermined")
	if !strings.Contains(out, s2) || strings.Contains(out, s1) {
		t.Errorf("audit --undetermined = %q, want %s only", out, s2)
	}
	calls := auditor.Count("")
	out, _, code = cliModel(t, db, auditor, "audit", "--replay", "--json")
	rep := decode[kb.AuditReport](t, out)
	// Five: the two sentences, and skipped, the header and the quote
	// records of A the two sentences rested on (a quote is checked by
	// relocation, by code, not by regeneration).
	if code != 0 || len(rep.Replay) != 5 || auditor.Count("") != calls {
		t.Errorf("replay = exit %d, %d verdicts, %d calls; want 5 verdicts (a skipped header, two skipped quotes) and no call", code, len(rep.Replay), auditor.Count("")-calls)
	}
	for _, r := range rep.Replay {
		if !r.Matches {
			t.Errorf("replay of %s = %s, stored %s", r.Record, r.Replay, r.Stored)
		}
	}
	// A stricter auditor finds sentence 3 dead although C keeps it alive;
	// --apply revokes it as the audit.
	strict := llmtest.New(llm.Info{Provider: "script", Model: "strict"}).Reply(audit.TaskRegenerate, `{"answer": "no", "sources": []}`)
	out, errOut, code = cliModel(t, db, strict, "audit", "--record", sum.Sentences[2].ID, "--apply", "--json")
	res = decode[kb.AuditReport](t, out)
	if code != 0 || res.Applied == nil || !strings.HasPrefix(string(res.Applied.Event.Who), "local:") || res.Applied.Died.Count != 1 {
		t.Fatalf("audit --apply = exit %d %s, applied %+v; want sentence 3 revoked by the local operator", code, errOut, res.Applied)
	}
	out, _, _ = cli(t, db, "", "log")
	if want := fmt.Sprintf("audit run %d (audit.regenerate@", res.Run.ID); !strings.Contains(out, want) || !strings.Contains(out, "script:strict") {
		t.Errorf("log = %q, want the audit's revocation naming run %d and its model", out, res.Run.ID)
	}
}
