package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/veritykb/verity/offline"
	"github.com/veritykb/verity/sqlite"
)

// extractCorpus: two public vendor pages and an HR page naming a customer
// nobody else may know about.
var extractCorpus = strings.Join([]string{
	`{"id":"case-1","uri":"https://oblako.example/cases/romashka","system":"web","title":"Кейс","acl":["public"],"text":"# Кейс: ООО «Ромашка» перешла на Битрикс24\n\n«Мы используем Битрикс24 каждый день», — говорит директор по продажам Ирина Соколова."}`,
	`{"id":"news-1","uri":"https://news.example/partners","system":"web","title":"Partners","acl":["public"],"text":"# Partners\n\nNorthwind Ventures invested 2 million dollars in Bitrix24 integrator Oblako in 2025.\n\nHospitals in the region are evaluating several CRM systems, including Bitrix24."}`,
	`{"id":"hr-1","uri":"https://wiki.corp.example/hr/vendors","system":"web","title":"Vendors","acl":["group:hr"],"text":"# Vendors\n\nООО «Секретный Завод» перешло на Битрикс24 в марте."}`,
}, "\n")

type extractJSON struct {
	Edges []struct {
		ID         string  `json:"id"`
		Subject    string  `json:"subject"`
		Relation   string  `json:"relation"`
		Object     string  `json:"object"`
		Confidence float64 `json:"confidence"`
		Votes      int     `json:"votes"`
		Model      string  `json:"model"`
		Evidence   []struct {
			SourceID  string    `json:"source_id"`
			Version   int       `json:"version"`
			URI       string    `json:"uri"`
			FetchedAt time.Time `json:"fetched_at"`
			Quote     struct {
				Text  string `json:"text"`
				Start int    `json:"start"`
				End   int    `json:"end"`
			} `json:"quote"`
		} `json:"evidence"`
	} `json:"edges"`
	Rejected []struct {
		Subject  string `json:"subject"`
		SourceID string `json:"source_id"`
		Reason   string `json:"reason"`
	} `json:"rejected"`
	Pages struct {
		Read    int `json:"read"`
		Resumed int `json:"resumed"`
	} `json:"pages"`
}

func extractStore(t *testing.T) string {
	t.Helper()
	db := filepath.Join(t.TempDir(), "v.db")
	if _, errOut, code := cli(t, db, extractCorpus, "ingest", "-"); code != 0 {
		t.Fatalf("ingest: exit %d: %s", code, errOut)
	}
	return db
}

func TestExtractContract(t *testing.T) {
	db := extractStore(t)
	eng := offline.New(offline.Options{})
	out, errOut, code := askCLI(t, db, eng, "", "extract", "--spec", "bitrix24-ru", "--json")
	if code != 0 {
		t.Fatalf("extract: exit %d: %s", code, errOut)
	}
	var got extractJSON
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatalf("extract --json is not the contract: %v\n%s", err, out)
	}
	if len(got.Edges) != 1 || got.Edges[0].Subject != "ООО «Ромашка»" || got.Edges[0].Model != "offline" || got.Edges[0].Votes != 1 {
		t.Fatalf("extract --json edges = %+v, want Ромашка alone, by the offline engine on 1 vote", got.Edges)
	}
	store, err := sqlite.Open(context.Background(), db, sqlite.Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, ev := range got.Edges[0].Evidence {
		src, err := store.SourceVersion(context.Background(), ev.SourceID, ev.Version)
		if err != nil {
			t.Fatal(err)
		}
		if src.Text[ev.Quote.Start:ev.Quote.End] != ev.Quote.Text || ev.URI != src.URI || ev.FetchedAt.IsZero() {
			t.Errorf("evidence %+v: the quote is not the source's bytes [start:end], or uri/time missing", ev)
		}
	}
	store.Close()
	reasons := map[string]string{}
	for _, r := range got.Rejected {
		reasons[r.Subject] = r.Reason
		if strings.Contains(r.Subject, "Секрет") {
			t.Errorf("a public caller sees a rejection from the HR page: %+v", r)
		}
	}
	for subj, want := range map[string]string{"Ирина Соколова": "subject_person", "Hospitals": "subject_generic", "Northwind Ventures": "not_counted"} {
		if reasons[subj] != want {
			t.Errorf("rejected %q = %q, want %q (all: %v)", subj, reasons[subj], want, reasons)
		}
	}
	if strings.Contains(out, "Секрет") {
		t.Errorf("extract --json as public leaks the HR page:\n%s", out)
	}

	// A rerun finishes nothing twice.
	out, _, code = askCLI(t, db, eng, "", "extract", "--spec", "bitrix24-ru", "--json")
	var again extractJSON
	if code != 0 || json.Unmarshal([]byte(out), &again) != nil || again.Pages.Read != 0 || again.Pages.Resumed != 3 || len(again.Edges) != 1 {
		t.Errorf("rerun: exit %d, pages %+v, %d edges; want 0 read, 3 resumed, the same edge", code, again.Pages, len(again.Edges))
	}

	// The graph as HR shows the hidden customer; as the public, not.
	out, _, _ = askCLI(t, db, eng, "", "graph", "--json")
	if strings.Contains(out, "Секрет") || !strings.Contains(out, "Ромашка") {
		t.Errorf("graph --json as public = %s, want Ромашка and nothing from HR", out)
	}
	out, _, _ = askCLI(t, db, eng, "", "graph", "--json", "--as", "group:hr")
	var hr extractJSON
	if err := json.Unmarshal([]byte(out), &hr); err != nil || len(hr.Edges) != 2 {
		t.Errorf("graph --json as hr = %s, want 2 edges", out)
	}

	// explain names every step; as the public it refuses the hidden edge.
	out, errOut, code = askCLI(t, db, eng, "", "explain", got.Edges[0].ID)
	for _, step := range []string{"candidates", "quote", "shape", "referent", "panel", "decision", "extract.judge@"} {
		if code != 0 || !strings.Contains(out, step) {
			t.Errorf("explain: exit %d, output lacks %q:\n%s%s", code, step, out, errOut)
		}
	}
	for _, e := range hr.Edges {
		if e.Subject != "ООО «Ромашка»" {
			if _, _, code := askCLI(t, db, eng, "", "explain", e.ID); code != exitNotFound {
				t.Errorf("explain hidden edge as public: exit %d, want %d", code, exitNotFound)
			}
		}
	}

	// Exports carry the quote and the URL.
	dir := t.TempDir()
	for _, f := range []string{"jsonl", "graphml", "cypher"} {
		path := filepath.Join(dir, "g."+f)
		if _, errOut, code := askCLI(t, db, eng, "", "graph", "--format", f, "--out", path); code != 0 {
			t.Fatalf("graph --format %s: exit %d: %s", f, code, errOut)
		}
		data, _ := os.ReadFile(path)
		if !bytes.Contains(data, []byte("oblako.example/cases/romashka")) || !bytes.Contains(data, []byte("Ромашка")) {
			t.Errorf("graph --format %s lacks the quote or URL:\n%s", f, data)
		}
	}
	if _, errOut, code := askCLI(t, db, eng, "", "graph", "--format", "csv", "--out", filepath.Join(dir, "csv")); code != 0 {
		t.Errorf("graph --format csv: exit %d: %s", code, errOut)
	}

	// A person rejects the edge: it leaves the graph, the vote is kept.
	if _, errOut, code := askCLI(t, db, eng, "", "review", "reject", got.Edges[0].ID, "--why", "former customer"); code != 0 {
		t.Fatalf("review reject: exit %d: %s", code, errOut)
	}
	out, _, _ = askCLI(t, db, eng, "", "graph", "--json")
	if strings.Contains(out, "Ромашка") {
		t.Errorf("graph after the rejection still shows the edge:\n%s", out)
	}
	out, _, _ = askCLI(t, db, eng, "", "explain", got.Edges[0].ID)
	if !strings.Contains(out, "person: local:") || !strings.Contains(out, "dead") {
		t.Errorf("explain after the rejection = %s, want the dead edge and the operator's vote", out)
	}
}

func TestExtractNeedsSpec(t *testing.T) {
	db := extractStore(t)
	_, errOut, code := askCLI(t, db, offline.New(offline.Options{}), "", "extract")
	if code != exitInvalid || !strings.Contains(errOut, "--spec") {
		t.Errorf("extract without --spec: exit %d, %q; want invalid naming --spec", code, errOut)
	}
}

func TestDemoExtract(t *testing.T) {
	a, db, out := demoApp(t)
	ctx := context.Background()
	if err := demoScript(t, a, db).Extract(ctx); err != nil {
		t.Fatal(err)
	}
	s := out.String()
	for _, want := range []string{"ООО «Ромашка»", "Acme Logistics", "АО «Северный ветер»", "https://oblako.example/cases/romashka",
		"subject_person", "subject_generic", "not_counted: investment", "not_counted: partnership", "not_counted: award",
		// Issue 19: a noun of the cue's family, the customer wall that does
		// not name the product, and one customer on three pages.
		"«Сеть клиник «Медлайн» расширяет использование Битрикс24»", "https://oblako.example/clients/medicine", "Лаборатория «Гемалаб»",
		"Accepted (6):", "what the codes mean:"} {
		if !strings.Contains(s, want) {
			t.Errorf("demoExtract output lacks %q:\n%s", want, s)
		}
	}
	if strings.Contains(s, "Принято") || strings.Contains(s, "with a sign that it") {
		t.Errorf("demoExtract output is not in English alone:\n%s", s)
	}
}

// TestExtractOverTheWire runs extract against an OpenAI-compatible server
// that reads the prompts as a model would (it never sees Vars): the
// extraction prompt must carry the page, the referent prompt the claim and
// the whole page, the judge prompt the fragment and the questions.
func TestExtractOverTheWire(t *testing.T) {
	var mu sync.Mutex
	calls := map[string]int{}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var req struct {
			Messages []struct {
				Role    string `json:"role"`
				Content string `json:"content"`
			} `json:"messages"`
		}
		json.NewDecoder(r.Body).Decode(&req)
		system, user := "", ""
		for _, m := range req.Messages {
			switch m.Role {
			case "system":
				system = m.Content
			case "user":
				user = m.Content
			}
		}
		var reply string
		switch {
		case strings.Contains(system, "You extract relations"):
			reply = `{"candidates": []}`
			if strings.Contains(user, "ООО «Ромашка» перешла на Битрикс24") {
				reply = `{"candidates": [{"subject": "ООО «Ромашка»", "object": "Битрикс24", "quote": "«Мы используем Битрикс24 каждый день»", "evidence_type": "testimonial"}]}`
			}
			mu.Lock()
			calls["candidates"]++
			mu.Unlock()
		case strings.Contains(system, "You check one statement against a whole web page"):
			if !strings.Contains(user, "«ООО «Ромашка» использует Битрикс24»") || !strings.Contains(user, "# Кейс: ООО «Ромашка» перешла на Битрикс24") {
				t.Errorf("referent prompt lacks the claim or the page:\n%s", user)
			}
			if !strings.Contains(system, "Write the argument in Russian") {
				t.Errorf("referent prompt does not ask for the argument in the spec's language:\n%s", system)
			}
			reply = `{"argument": "The title says the company moved to Bitrix24; «мы» is the company.", "verdict": "yes", "evidence_phrase": "Кейс: ООО «Ромашка» перешла на Битрикс24"}`
			mu.Lock()
			calls["referent"]++
			mu.Unlock()
		case strings.Contains(system, "You judge one statement"):
			if !strings.Contains(user, "previous step read the whole page") || !strings.Contains(user, "presents_user:") {
				t.Errorf("judge prompt lacks the referent's note or the questions:\n%s", user)
			}
			if !strings.Contains(system, "Write each reason in Russian") {
				t.Errorf("judge prompt does not ask for reasons in the spec's language:\n%s", system)
			}
			reply = "```json\n{\"answers\": [{\"id\": \"presents_user\", \"answer\": \"yes\", \"reason\": \"testimonial + title\"}, {\"id\": \"specific\", \"answer\": \"yes\", \"reason\": \"an LLC\"}, {\"id\": \"not_excluded\", \"answer\": \"yes\", \"reason\": \"use\"}], \"not_counted\": \"\"}\n```"
			mu.Lock()
			calls["judge"]++
			mu.Unlock()
		default:
			t.Errorf("unexpected prompt: %s", system)
		}
		content, _ := json.Marshal(reply)
		w.Header().Set("Content-Type", "application/json")
		fmt.Fprintf(w, `{"id":"x","object":"chat.completion","created":1,"model":"m","choices":[{"index":0,"message":{"role":"assistant","content":%s},"finish_reason":"stop"}],"usage":{"prompt_tokens":100,"completion_tokens":20,"total_tokens":120}}`, content)
	}))
	defer srv.Close()
	db := extractStore(t)
	out, errOut, code := cli(t, db, "", "--model", "openai-compatible:"+srv.URL+"/v1#m", "extract", "--spec", "bitrix24-ru", "--json")
	if code != 0 {
		t.Fatalf("extract over the wire: exit %d: %s", code, errOut)
	}
	var got extractJSON
	if err := json.Unmarshal([]byte(out), &got); err != nil || len(got.Edges) != 1 || got.Edges[0].Votes != 5 ||
		got.Edges[0].Evidence[0].Quote.Text != "«Мы используем Битрикс24 каждый день»" {
		t.Fatalf("extract over the wire = %s (%v), want Ромашка on 5 votes with the testimonial as the quote", out, err)
	}
	// Three pages name the product (the HR page too: the graph is built
	// for everyone, and shown to each caller through what they may read).
	if calls["candidates"] != 3 || calls["referent"] != 1 || calls["judge"] != 5 {
		t.Errorf("calls = %v, want one extraction per page naming the product, one referent call, 5 judge votes", calls)
	}
}

// TestExtractLanguage checks that `verity extract` writes its output in one
// language: the spec's (Russian for bitrix24-ru) by default, the one --lang
// names otherwise; quotes stay as the pages write them, reason codes stay
// codes, and an unknown --lang is refused.
func TestExtractLanguage(t *testing.T) {
	db := extractStore(t)
	eng := offline.New(offline.Options{})
	for _, tc := range []struct {
		args      []string
		want, not []string
	}{
		{nil,
			[]string{"Принято (1):", "Отклонено (", "что значат коды:", "subject_person", "субъект — человек", "«Кейс: ООО «Ромашка» перешла на Битрикс24»",
				"not_counted: investment"},
			[]string{"Accepted", "Rejected", "the subject is a person"}},
		{[]string{"--lang", "en"},
			[]string{"Accepted (1):", "Rejected (", "what the codes mean:", "subject_person", "the subject is a person", "«Кейс: ООО «Ромашка» перешла на Битрикс24»",
				"not_counted: investment"},
			[]string{"Принято", "Отклонено", "субъект — человек"}},
	} {
		args := append([]string{"extract", "--spec", "bitrix24-ru"}, tc.args...)
		out, errOut, code := askCLI(t, db, eng, "", args...)
		if code != 0 {
			t.Fatalf("%v: exit %d: %s", args, code, errOut)
		}
		all := out + errOut
		for _, w := range tc.want {
			if !strings.Contains(all, w) {
				t.Errorf("%v output lacks %q:\n%s", args, w, all)
			}
		}
		for _, w := range tc.not {
			if strings.Contains(all, w) {
				t.Errorf("%v output has %q, of the other language:\n%s", args, w, all)
			}
		}
	}
	if _, errOut, code := askCLI(t, db, eng, "", "extract", "--spec", "bitrix24-ru", "--lang", "de"); code != exitInvalid || !strings.Contains(errOut, "--lang") {
		t.Errorf("extract --lang de: exit %d, %q; want invalid naming --lang", code, errOut)
	}
}
