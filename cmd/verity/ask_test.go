package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/veritykb/verity/answer"
	"github.com/veritykb/verity/llm"
	"github.com/veritykb/verity/llm/llmtest"
	"github.com/veritykb/verity/offline"
)

// askCLI runs verity with m as the run's model and stdin as input.
func askCLI(t *testing.T, db string, m llm.Model, stdin string, args ...string) (string, string, int) {
	t.Helper()
	var out, errb bytes.Buffer
	a := &app{stdin: strings.NewReader(stdin), stdout: &out, stderr: &errb, getenv: func(string) string { return "" }, now: time.Now}
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

// askCorpus: a public page with terminal escapes and HTML, a staff page, and
// an HR page whose title and text must never reach anyone else.
var askCorpus = strings.Join([]string{
	`{"id":"POL-1","uri":"https://wiki.acme.example/pol-1","system":"confluence","title":"Backup policy <script>alert(1)</script>","author":"ops@acme.example","acl":["public"],"text":"# Backup policy\n\nBackups are kept for at least 30 days; monthly snapshots are kept for 12 months. <img src=x onerror=alert(1)> Backups are \u001b[31mchecked\u001b[0m every *Monday* by [ops](javascript:alert(1)).\n\nRestores are tested once a quarter."}`,
	`{"id":"VAC-1","uri":"https://wiki.acme.example/vac","system":"confluence","title":"Vacation policy","author":"hr-ops@acme.example","acl":["group:staff"],"text":"# Vacation policy\n\nUnused vacation days carry over to the next year, but not more than 10 days."}`,
	`{"id":"HR-SECRET","uri":"https://wiki.acme.example/hr/cuts-2027","system":"confluence","title":"План сокращений на 2027 год","author":"hr-lead@acme.example","acl":["group:hr"],"text":"# План сокращений на 2027 год\n\nВ марте 2027 года сокращают склад в Казани на 14 человек. Компенсации — 3,1 млн рублей."}`,
}, "\n")

var hiddenStrings = []string{"План сокращений", "сокращений", "сокращают", "HR-SECRET", "cuts-2027", "склад в Казани", "3,1 млн", "Компенсации"}

func askStore(t *testing.T) string {
	t.Helper()
	db := filepath.Join(t.TempDir(), "v.db")
	if _, errOut, code := cli(t, db, askCorpus, "ingest", "-"); code != 0 {
		t.Fatalf("ingest: exit %d: %s", code, errOut)
	}
	return db
}

func TestAskJSONContract(t *testing.T) {
	db := askStore(t)
	out, errOut, code := askCLI(t, db, offline.New(offline.Options{}), "", "ask", "--json", "How long are backups kept?")
	if code != 0 {
		t.Fatalf("ask exit %d: %s", code, errOut)
	}
	var top map[string]json.RawMessage
	if err := json.Unmarshal([]byte(out), &top); err != nil {
		t.Fatalf("ask --json: %v\n%s", err, out)
	}
	for _, k := range []string{"mode", "outcome", "not_found_reason", "answer", "claims", "unverified_claims", "hints", "model"} {
		if _, ok := top[k]; !ok {
			t.Errorf("ask --json lacks %q", k)
		}
	}
	var ans struct {
		Mode, Outcome, Model string
		Claims               []map[string]json.RawMessage
	}
	json.Unmarshal([]byte(out), &ans)
	if ans.Mode != "grounded" || ans.Outcome != "answered" || ans.Model != "offline" || len(ans.Claims) == 0 {
		t.Fatalf("ask --json = %s", out)
	}
	for _, k := range []string{"claim", "citations", "verbatim_quote", "is_paraphrased", "distortion_risk", "distortion_reasons", "support"} {
		if _, ok := ans.Claims[0][k]; !ok {
			t.Errorf("claim lacks %q", k)
		}
	}
	var cits []map[string]json.RawMessage
	json.Unmarshal(ans.Claims[0]["citations"], &cits)
	for _, k := range []string{"source_id", "version", "uri", "title", "system", "quote"} {
		if _, ok := cits[0][k]; !ok {
			t.Errorf("citation lacks %q", k)
		}
	}
	var q struct{ Text string }
	json.Unmarshal(cits[0]["quote"], &q)
	var sup struct {
		Grade int
		Label string
		Score float64
	}
	json.Unmarshal(ans.Claims[0]["support"], &sup)
	if q.Text == "" || sup.Grade != 1 || sup.Label != "entailed" {
		t.Errorf("quote %q, support %+v; want a quote and grade 1", q.Text, sup)
	}
}

// TestHiddenRecordNeverLeaks asks about the hidden HR page as callers who may
// not read it, in every output format of ask and check: only the
// content-free hint may say it exists.
func TestHiddenRecordNeverLeaks(t *testing.T) {
	db := askStore(t)
	m := offline.New(offline.Options{})
	questions := []string{"Сколько человек затронет план на 2027 год?", "склад Казань 2027 человек рублей", "What is planned for 2027?"}
	for _, q := range questions {
		for _, format := range [][]string{{"--json"}, {"--markdown"}, nil} {
			for _, as := range [][]string{nil, {"--as", "group:staff"}} {
				args := append(append(append([]string{"ask"}, as...), format...), q)
				out, errOut, code := askCLI(t, db, m, "", args...)
				if code != 0 {
					t.Fatalf("%v: exit %d: %s", args, code, errOut)
				}
				if l := leaksOf(out+errOut, hiddenStrings, q); len(l) > 0 {
					t.Errorf("%v leaks %q:\n%s", args, l, out)
				}
			}
		}
		// A hint needs two words of the question in the hidden page's
		// text: the English question shares only "2027" with it.
		out, _, _ := askCLI(t, db, m, "", "ask", q)
		if hinted := !strings.HasPrefix(q, "What"); strings.Contains(out, "ask hr-lead@acme.example for access") != hinted {
			t.Errorf("ask %q: a hint naming the author should show: %v\n%s", q, hinted, out)
		}
	}
	// check, with claims looked up in the store.
	for _, format := range [][]string{{"--json"}, {"--markdown"}, nil} {
		args := append(append([]string{"check"}, format...), "-")
		out, errOut, _ := askCLI(t, db, m, "В марте 2027 года сократят 14 человек. Backups are kept for at least 30 days.", args...)
		if l := leaksOf(out+errOut, hiddenStrings, "В марте 2027 года сократят 14 человек."); len(l) > 0 {
			t.Errorf("%v leaks %q:\n%s", args, l, out)
		}
	}
}

func leaksOf(s string, hidden []string, asked string) []string {
	var out []string
	for _, h := range hidden {
		if strings.Contains(strings.ToLower(s), strings.ToLower(h)) && !strings.Contains(strings.ToLower(asked), strings.ToLower(h)) {
			out = append(out, h)
		}
	}
	return out
}

// TestAnswerRenderingEscapes: terminal control codes from a source never
// reach the terminal raw, and HTML or Markdown from a source never reaches
// Markdown output as markup.
func TestAnswerRenderingEscapes(t *testing.T) {
	db := askStore(t)
	m := scriptedAnswer(t, "Backups are \u001b[31mchecked\u001b[0m every *Monday* by [ops](javascript:alert(1)).", "Backups are \u001b[31mchecked\u001b[0m every *Monday*")
	// The offline judge finds the statement only partly supported (it is
	// not a whole sentence of the page), so the broad policy keeps it.
	out, errOut, code := askCLI(t, db, m, "", "ask", "--fresh", "--policy", "broad", "When are backups checked?")
	if code != 0 {
		t.Fatalf("ask exit %d: %s", code, errOut)
	}
	if strings.ContainsRune(out, 0x1b) {
		t.Errorf("terminal output holds a raw escape:\n%q", out)
	}
	if !strings.Contains(out, `\e[31m`) {
		t.Errorf("terminal output does not show the escape visibly:\n%s", out)
	}
	if !strings.Contains(out, "Answer — grounded") || !strings.Contains(out, "«") {
		t.Fatalf("ask did not answer with a quote:\n%s", out)
	}
	md, _, code := askCLI(t, db, m, "", "ask", "--fresh", "--policy", "broad", "--markdown", "When are backups checked?")
	if code != 0 {
		t.Fatal(md)
	}
	for _, raw := range []string{"<script>", "<img", "*Monday*", "\x1b"} {
		if strings.Contains(md, raw) {
			t.Errorf("markdown output holds %q raw:\n%s", raw, md)
		}
	}
	if regexp.MustCompile(`[^\\]\]\(javascript:`).MatchString(md) {
		t.Errorf("markdown output holds a javascript: link:\n%s", md)
	}
	for _, escaped := range []string{"&lt;script&gt;", `\*Monday\*`, `\[ops\]`} {
		if !strings.Contains(md, escaped) {
			t.Errorf("markdown output lacks %q:\n%s", escaped, md)
		}
	}
	if !strings.Contains(md, "[^1]: [Backup policy &lt;script&gt;alert(1)&lt;/script&gt;](<https://wiki.acme.example/pol-1>)") {
		t.Errorf("markdown footnote:\n%s", md)
	}
}

// scriptedAnswer is a provider double that searches, drafts one statement
// from the first document with the given quote, and judges by the offline
// engine's verifier.
func scriptedAnswer(t *testing.T, statement, quote string) *llmtest.Model {
	off := offline.New(offline.Options{})
	m := llmtest.New(llm.Info{Provider: "script", Model: "provider"})
	m.On("", func(ctx context.Context, req *llm.Request) (*llm.Response, error) { return off.Complete(ctx, req) })
	m.On(answer.TaskRoute, func(_ context.Context, req *llm.Request) (*llm.Response, error) {
		resp := m.Text(req, "DONE")
		if !slices.ContainsFunc(req.Messages, func(msg llm.Message) bool { return msg.Role == llm.RoleTool }) {
			resp.ToolCalls = []llm.ToolCall{{ID: "1", Name: "search_knowledge", Args: json.RawMessage(`{"query": "backups checked"}`)}}
		}
		return resp, nil
	})
	raw, _ := json.Marshal(map[string]any{"statements": []map[string]any{{"text": statement, "citations": []int{1}, "quote": quote}}})
	m.Reply(answer.TaskDraft, string(raw))
	m.Reply(answer.TaskFacts, `{"useful": false, "facts": []}`)
	return m
}

func TestAskMalformedIsAnError(t *testing.T) {
	db := askStore(t)
	m := scriptedAnswer(t, "x", "x")
	m.Reply(answer.TaskDraft, "I'd rather chat.")
	m.Reply(answer.TaskFacts, "{")
	_, errOut, code := askCLI(t, db, m, "", "ask", "--fresh", "How long are backups kept?")
	if code != exitMalformed || !strings.Contains(errOut, "not the JSON asked for") {
		t.Errorf("ask with malformed stages: exit %d, stderr %q; want exit %d", code, errOut, exitMalformed)
	}
}

func TestAskEmptyStore(t *testing.T) {
	db := filepath.Join(t.TempDir(), "empty.db")
	out, _, code := askCLI(t, db, offline.New(offline.Options{}), "", "ask", "Who wrote War and Peace?")
	if code != 0 || !strings.Contains(out, "Conversational reply") || !strings.Contains(out, "no general knowledge") {
		t.Errorf("ask over an empty store: exit %d\n%s", code, out)
	}
}

func TestCheckCommand(t *testing.T) {
	db := askStore(t)
	m := offline.New(offline.Options{})
	dir := t.TempDir()
	doc := filepath.Join(dir, "policy.md")
	os.WriteFile(doc, []byte("# Access review\n\nAccess rights are reviewed not less than once every 12 months; more often after security incidents.\n"), 0o644)
	ans := filepath.Join(dir, "answer.txt")
	os.WriteFile(ans, []byte("Access rights are reviewed once a year [1]. The office has a gym on the roof [1]. Unused days carry over [2]."), 0o644)

	out, errOut, code := askCLI(t, db, m, "", "check", "--json", "--policy", "broad", "--as", "group:staff", "--doc", doc, "--source", "VAC-1", ans)
	if code != 0 {
		t.Fatalf("check exit %d: %s", code, errOut)
	}
	var got answer.Answer
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatal(err)
	}
	byClaim := map[string]answer.Claim{}
	for _, c := range got.Claims {
		byClaim[c.Claim] = c
	}
	year, ok := byClaim["Access rights are reviewed once a year."]
	if !ok || year.DistortionRisk != answer.RiskHigh || !year.Marked || !strings.Contains(year.VerbatimQuote, "not less than once every 12 months") {
		t.Errorf("the seed's paraphrase: %s, want it supported with its quote and a high distortion risk", out)
	}
	if !strings.Contains(got.Annotated, `once a year [1]. [source 1: "Access rights are reviewed not less than once every 12 months; more often after security incidents."]`) {
		t.Errorf("annotated = %q", got.Annotated)
	}
	if len(got.Unverified) != 1 || got.Unverified[0].Claim != "The office has a gym on the roof." {
		t.Errorf("unverified = %+v, want the gym claim", got.Unverified)
	}

	// A source the caller may not read is refused like a missing one.
	_, errOut, code = askCLI(t, db, m, "x [1].", "check", "--source", "HR-SECRET", "-")
	if code != exitNotFound || strings.Contains(errOut, "План") {
		t.Errorf("check --source HR-SECRET as public: exit %d, %q", code, errOut)
	}
}

func TestEvalCitationsCommand(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "answers.jsonl")
	os.WriteFile(file, []byte(`{"id": "1", "output": "Backups are kept for at least 30 days [1]. The moon is made of cheese [1].", "docs": [{"title": "Backups", "text": "Backups are kept for at least 30 days."}]}`+"\n"), 0o644)
	out, errOut, code := askCLI(t, filepath.Join(dir, "v.db"), offline.New(offline.Options{}), "", "eval", "citations", "--json", file)
	if code != 0 {
		t.Fatalf("eval citations exit %d: %s", code, errOut)
	}
	var res struct {
		Report struct {
			Recall    float64 `json:"citation_recall"`
			Precision float64 `json:"citation_precision"`
			Splitter  string  `json:"sentence_splitter"`
		} `json:"report"`
	}
	if err := json.Unmarshal([]byte(out), &res); err != nil {
		t.Fatal(err)
	}
	if res.Report.Recall != 50 || res.Report.Precision != 50 || res.Report.Splitter != "analysis.Sentences" {
		t.Errorf("eval citations = %s, want recall 50 and precision 50", out)
	}
}

func TestDemoAsk(t *testing.T) {
	a, db, out := demoApp(t)
	ctx := context.Background()
	if err := demoScript(t, a, db).Ask(ctx); err != nil {
		t.Fatal(err)
	}
	s := out.String()
	for _, want := range []string{"не реже одного раза в 12 месяцев", "bytes", "distortion: high", "Not found", "ask hr-lead@corp.example for access",
		"Релиз 3.2 запланирован на 14 ноября 2026 года"} {
		if !strings.Contains(s, want) {
			t.Errorf("demo output lacks %q:\n%s", want, s)
		}
	}
	if strings.Contains(s, "выездных") || strings.Contains(s, "9,6") {
		t.Errorf("demo leaks the HR page:\n%s", s)
	}
}
