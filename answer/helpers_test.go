package answer_test

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/analysis"
	"github.com/veritykb/verity/answer"
	"github.com/veritykb/verity/ingest"
	"github.com/veritykb/verity/llm"
	"github.com/veritykb/verity/llm/llmtest"
	"github.com/veritykb/verity/sqlite"
	"github.com/veritykb/verity/verify"
)

var (
	_ answer.Store  = (*sqlite.DB)(nil)
	_ answer.Memory = (*sqlite.DB)(nil)
)

// tb is what helpers need of a *testing.T or a *rapid.T.
type tb interface {
	Helper()
	Errorf(format string, args ...any)
	Fatal(args ...any)
}

var testNow = time.Date(2026, 11, 29, 12, 0, 0, 0, time.UTC)

// openStore builds a fresh store holding the JSONL corpora at paths
// (relative to the package directory).
func openStore(t testing.TB, paths ...string) *sqlite.DB {
	t.Helper()
	ctx := context.Background()
	db, err := sqlite.Open(ctx, filepath.Join(t.TempDir(), "verity.db"), sqlite.Options{Now: func() time.Time { return testNow }})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	for _, p := range paths {
		f, err := os.Open(p)
		if err != nil {
			t.Skipf("corpus %s: %v", p, err)
		}
		err = ingest.Records(f, filepath.Base(p), ingest.DefaultMaxBytes, func(it ingest.Item) error {
			if it.Err != nil || it.Source == nil {
				return nil // the demo corpus holds a record without ACL on purpose
			}
			_, err := db.PutSource(ctx, it.Source, ingest.Chunks(it.Source, analysis.DefaultChunkOptions))
			return err
		})
		f.Close()
		if err != nil {
			t.Fatal(err)
		}
	}
	return db
}

// spyStore records the caller of every search the pipeline runs.
type spyStore struct {
	*sqlite.DB
	mu      sync.Mutex
	queries []verity.SearchQuery
}

func (s *spyStore) Search(ctx context.Context, q verity.SearchQuery) (*verity.SearchResults, error) {
	s.mu.Lock()
	s.queries = append(s.queries, q)
	s.mu.Unlock()
	return s.DB.Search(ctx, q)
}

// Vars of the answer tasks, as the scripted model reads them.
type docVars struct {
	N      int    `json:"n"`
	Title  string `json:"title"`
	System string `json:"system"`
	Text   string `json:"text"`
}

type draftVars struct {
	Question  string    `json:"question"`
	Documents []docVars `json:"documents"`
}

type factsVars struct {
	Question string  `json:"question"`
	Document docVars `json:"document"`
}

type assembleVars struct {
	Question   string `json:"question"`
	Statements []struct {
		ID        string `json:"id"`
		Text      string `json:"text"`
		Citations []int  `json:"citations"`
	} `json:"statements"`
}

func decode[T any](t tb, req *llm.Request) T {
	var v T
	if err := json.Unmarshal(req.Vars, &v); err != nil {
		t.Errorf("task %s: vars %s: %v", req.Task, req.Vars, err)
	}
	return v
}

// docByTitle returns the number of the document whose title contains s,
// 0 when none does.
func docByTitle(docs []docVars, s string) int {
	for _, d := range docs {
		if strings.Contains(d.Title, s) {
			return d.N
		}
	}
	return 0
}

// script is a scripted model that speaks the answer prompts' JSON
// contracts the way a faithful provider would: it searches with the
// question, then DONE; drafts with draft; finds no extra facts; assembles
// by echoing; and judges support by whether the premise holds every
// content word of the claim.
func script(t tb, draft func(v draftVars) string) *llmtest.Model {
	m := llmtest.New(llm.Info{Provider: "script", Model: "faithful"})
	m.On(answer.TaskRoute, func(_ context.Context, req *llm.Request) (*llm.Response, error) {
		for _, msg := range req.Messages {
			if msg.Role == llm.RoleTool {
				return m.Text(req, "DONE"), nil
			}
		}
		q := decode[struct {
			Question string `json:"question"`
		}](t, req).Question
		args, _ := json.Marshal(map[string]string{"query": q})
		resp := m.Text(req, "")
		resp.ToolCalls = []llm.ToolCall{{ID: "call_1", Name: "search_knowledge", Args: args}}
		resp.StopReason = llm.StopToolUse
		return resp, nil
	})
	m.On(answer.TaskDraft, func(_ context.Context, req *llm.Request) (*llm.Response, error) {
		return m.Text(req, draft(decode[draftVars](t, req))), nil
	})
	m.Reply(answer.TaskFacts, `{"useful": false, "facts": []}`)
	m.On(answer.TaskAssemble, func(_ context.Context, req *llm.Request) (*llm.Response, error) {
		v := decode[assembleVars](t, req)
		type outSt struct {
			Text      string   `json:"text"`
			Citations []int    `json:"citations"`
			From      []string `json:"from"`
		}
		out := struct {
			Statements []outSt `json:"statements"`
		}{Statements: []outSt{}}
		for _, s := range v.Statements {
			out.Statements = append(out.Statements, outSt{s.Text, s.Citations, []string{s.ID}})
		}
		raw, _ := json.Marshal(out)
		return m.Text(req, string(raw)), nil
	})
	m.Reply(answer.TaskReformulate, `{"query": "something else entirely"}`)
	m.On(verify.TaskSupport, func(_ context.Context, req *llm.Request) (*llm.Response, error) {
		v := decode[verify.SupportVars](t, req)
		label := "neutral"
		if verify.Coverage(v.Premise, v.Hypothesis) == 1 {
			label = "entailed"
		}
		return m.Text(req, fmt.Sprintf(`{"label": %q}`, label)), nil
	})
	return m
}

func newService(store answer.Store, m llm.Model, opt answer.Options) *answer.Service {
	return answer.New(store, m, verify.NewJudge(m, verify.JudgeOptions{Votes: 1}), opt)
}

func statements(items ...string) string {
	return `{"statements": [` + strings.Join(items, ",") + `]}`
}

func st(text string, refs []int, quote string) string {
	raw, _ := json.Marshal(map[string]any{"text": text, "citations": refs, "quote": quote})
	return string(raw)
}

func asJSON(t tb, v any) string {
	t.Helper()
	raw, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(raw)
}
