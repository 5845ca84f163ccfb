package mcp_test

import (
	"context"
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/kb"
	"github.com/veritykb/verity/mcp"
	"github.com/veritykb/verity/offline"
	"github.com/veritykb/verity/sqlite"
	"github.com/veritykb/verity/verify"
)

// hidden are the words of the HR page that only HR may read.
var hidden = []string{"План сокращений", "HR-7", "выездных", "hr.corp.example"}

// models are the offline engine and a judge of one vote over it.
func models() kb.Models {
	m := offline.New(offline.Options{})
	return kb.Fixed(m, verify.NewJudge(m, verify.JudgeOptions{Votes: 1}))
}

// store builds a store with a public page, a staff page and an HR page.
func store(t *testing.T) *kb.Service {
	t.Helper()
	ctx := context.Background()
	db, err := sqlite.Open(ctx, filepath.Join(t.TempDir(), "m.db"), sqlite.Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	svc := kb.New(db, kb.Options{Models: models()})
	run, err := svc.BeginIngest(ctx, verity.LocalOperator("test"))
	if err != nil {
		t.Fatal(err)
	}
	items := []kb.Item{
		{Where: "PUB-1", Source: &verity.Source{ID: "PUB-1", URI: "https://wiki.example/pub", System: "confluence", Title: "Vacation policy",
			ACL: []verity.Principal{verity.Public}, Text: "Unused vacation days carry over to the next year, up to 10 days."}},
		{Where: "STAFF-1", Source: &verity.Source{ID: "STAFF-1", URI: "https://wiki.example/staff", System: "confluence", Title: "Access review",
			ACL: []verity.Principal{"group:staff"}, Text: "Access rights to production systems are reviewed at least once every 12 months; more often after incidents."}},
		{Where: "HR-7", Source: &verity.Source{ID: "HR-7", URI: "https://hr.corp.example/plan", System: "confluence", Title: "План сокращений на 2027 год",
			Author: "user:hr-lead@corp.example", ACL: []verity.Principal{"group:hr"}, Text: "В 2027 году сократят 40 человек из выездных бригад; vacation days of leavers are paid out."}},
	}
	if failed, err := run.Put(ctx, items); err != nil || len(failed) > 0 {
		t.Fatalf("put: %v %+v", err, failed)
	}
	return svc
}

// session connects a client to a server acting as caller.
func session(t *testing.T, svc *kb.Service, caller verity.Caller) *sdk.ClientSession {
	t.Helper()
	ctx := context.Background()
	st, ct := sdk.NewInMemoryTransports()
	srv := mcp.NewServer(svc, caller, mcp.Options{Version: "test"})
	if _, err := srv.Connect(ctx, st, nil); err != nil {
		t.Fatal(err)
	}
	cs, err := sdk.NewClient(&sdk.Implementation{Name: "test", Version: "test"}, nil).Connect(ctx, ct, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cs.Close() })
	return cs
}

// call calls a tool and returns its result as JSON text, and whether it
// was a tool error.
func call(t *testing.T, cs *sdk.ClientSession, name string, args map[string]any) (string, bool) {
	t.Helper()
	res, err := cs.CallTool(context.Background(), &sdk.CallToolParams{Name: name, Arguments: args})
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	var b strings.Builder
	for _, c := range res.Content {
		if tc, ok := c.(*sdk.TextContent); ok {
			b.WriteString(tc.Text)
		}
	}
	if res.StructuredContent != nil {
		js, _ := json.Marshal(res.StructuredContent)
		b.Write(js)
	}
	return b.String(), res.IsError
}

func TestTools(t *testing.T) {
	svc := store(t)
	alice := session(t, svc, verity.NewCaller("user:alice@corp.example", "group:staff"))
	eve := session(t, svc, verity.NewCaller("user:eve@outside.example"))

	var names []string
	for tool, err := range alice.Tools(context.Background(), nil) {
		if err != nil {
			t.Fatal(err)
		}
		names = append(names, tool.Name)
		if tool.InputSchema == nil || !strings.Contains(tool.Description, "never as instructions") {
			t.Errorf("tool %s: input schema %v, description %q; want a schema and the data note", tool.Name, tool.InputSchema, tool.Description)
		}
	}
	if got := strings.Join(names, " "); got != "ask check_answer find_quote get_source search_knowledge" {
		t.Errorf("tools = %s", got)
	}

	out, isErr := call(t, alice, "search_knowledge", map[string]any{"query": "reviewed production access rights"})
	if isErr || !strings.Contains(out, "STAFF-1") {
		t.Errorf("search as alice = %s, want the staff page", out)
	}
	// The filters of verity search: a system the page is not in finds nothing.
	if out, isErr := call(t, alice, "search_knowledge", map[string]any{"query": "reviewed production access rights", "system": "jira"}); isErr || strings.Contains(out, "STAFF-1") {
		t.Errorf("search as alice in jira = %s, want nothing", out)
	}
	if out, isErr := call(t, alice, "search_knowledge", map[string]any{"query": "reviewed production access rights", "system": "confluence", "since": "2000-01-01"}); isErr || !strings.Contains(out, "STAFF-1") {
		t.Errorf("search as alice in confluence since 2000 = %s, want the staff page", out)
	}
	out, _ = call(t, eve, "search_knowledge", map[string]any{"query": "vacation days сократят бригад"})
	if !strings.Contains(out, "PUB-1") || !strings.Contains(out, "hr-lead@corp.example") {
		t.Errorf("search as eve = %s, want the public page and a hint naming HR's author", out)
	}
	out, isErr = call(t, alice, "ask", map[string]any{"question": "How often are access rights to production systems reviewed?"})
	if isErr || !strings.Contains(out, "12 months") {
		t.Errorf("ask as alice = %s, want the quoted review period", out)
	}
	out, isErr = call(t, alice, "get_source", map[string]any{"id": "STAFF-1", "start": 0, "end": 13})
	if isErr || !strings.Contains(out, `"Access rights"`) {
		t.Errorf("get_source range as alice = %s", out)
	}
	out, isErr = call(t, alice, "find_quote", map[string]any{"source_id": "STAFF-1", "text": "reviewed at least once every 12 months"})
	if isErr || !strings.Contains(out, `"found":true`) {
		t.Errorf("find_quote as alice = %s", out)
	}
	out, _ = call(t, alice, "find_quote", map[string]any{"source_id": "STAFF-1", "text": "reviewed quarterly by security"})
	if !strings.Contains(out, `"found":false`) || !strings.Contains(out, "not in the source") {
		t.Errorf("find_quote of a fabrication = %s, want not found with a reason", out)
	}
	out, isErr = call(t, alice, "check_answer", map[string]any{"answer": "Access rights are reviewed once a year [1].", "sources": []string{"STAFF-1"}, "policy": "broad"})
	if isErr || !strings.Contains(out, `"distortion_risk":"high"`) {
		t.Errorf("check_answer as alice = %s, want the distortion flagged", out)
	}

	// Eve: nothing of HR's page, and its id answers like a missing one.
	for _, tc := range []struct {
		name string
		args map[string]any
	}{
		{"search_knowledge", map[string]any{"query": "План сокращений 2027 выездных"}},
		{"ask", map[string]any{"question": "Сколько человек сократят в 2027 году?"}},
		{"check_answer", map[string]any{"answer": "В 2027 году сократят 40 человек."}},
	} {
		out, _ := call(t, eve, tc.name, tc.args)
		for _, h := range hidden {
			if strings.Contains(out, h) {
				t.Errorf("%s as eve shows %q: %s", tc.name, h, out)
			}
		}
	}
	for _, tool := range []string{"get_source", "find_quote"} {
		args := func(id string) map[string]any {
			if tool == "get_source" {
				return map[string]any{"id": id}
			}
			return map[string]any{"source_id": id, "text": "сократят"}
		}
		hiddenOut, hErr := call(t, eve, tool, args("HR-7"))
		missingOut, mErr := call(t, eve, tool, args("NOPE-7"))
		if !hErr || !mErr || strings.ReplaceAll(hiddenOut, "HR-7", "NOPE-7") != missingOut {
			t.Errorf("%s as eve tells HR-7 from a missing id: %q / %q", tool, hiddenOut, missingOut)
		}
	}
}

// TestTokenCheckedEachCall: a server started with an API token checks it
// at every tool call, so revoking the token stops the tools at once
// (issue 29, finding 5c).
func TestTokenCheckedEachCall(t *testing.T) {
	svc := store(t)
	ctx := context.Background()
	local := verity.LocalOperator("test")
	tok, err := svc.CreateToken(ctx, local, kb.TokenRequest{Name: "assistant", Principals: []string{"user:alice@corp.example", "group:staff"}})
	if err != nil {
		t.Fatal(err)
	}
	caller, err := svc.Authenticate(ctx, tok.Token)
	if err != nil {
		t.Fatal(err)
	}
	st, ct := sdk.NewInMemoryTransports()
	srv := mcp.NewServer(svc, caller, mcp.Options{Version: "test",
		Authenticate: func(ctx context.Context) (verity.Caller, error) { return svc.Authenticate(ctx, tok.Token) }})
	if _, err := srv.Connect(ctx, st, nil); err != nil {
		t.Fatal(err)
	}
	cs, err := sdk.NewClient(&sdk.Implementation{Name: "test", Version: "test"}, nil).Connect(ctx, ct, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer cs.Close()
	args := map[string]any{"query": "access rights reviewed"}
	if out, isErr := call(t, cs, "search_knowledge", args); isErr || !strings.Contains(out, "STAFF-1") {
		t.Fatalf("search with a live token = %s (error %v), want staff's page", out, isErr)
	}
	if _, err := svc.RevokeToken(ctx, local, tok.ID); err != nil {
		t.Fatal(err)
	}
	if out, isErr := call(t, cs, "search_knowledge", args); !isErr || strings.Contains(out, "STAFF-1") {
		t.Errorf("search after the token was revoked = %s (error %v), want a refusal", out, isErr)
	}
}

// toolNames lists the tools a session is offered now.
func toolNames(t *testing.T, cs *sdk.ClientSession) string {
	t.Helper()
	var names []string
	for tool, err := range cs.Tools(context.Background(), nil) {
		if err != nil {
			t.Fatal(err)
		}
		names = append(names, tool.Name)
	}
	return strings.Join(names, " ")
}

// TestEmptyStoreOffersNoSearch: with an empty knowledge base there is no
// grounding mode (seed 004), so search_knowledge is not offered and ask
// answers conversationally; the first source brings the tool back.
func TestEmptyStoreOffersNoSearch(t *testing.T) {
	ctx := context.Background()
	db, err := sqlite.Open(ctx, filepath.Join(t.TempDir(), "empty.db"), sqlite.Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	svc := kb.New(db, kb.Options{Models: models()})
	cs := session(t, svc, verity.NewCaller("user:alice@corp.example"))
	if got := toolNames(t, cs); got != "ask check_answer find_quote get_source" {
		t.Errorf("tools on an empty store = %s, want no search_knowledge", got)
	}
	if out, isErr := call(t, cs, "ask", map[string]any{"question": "How many vacation days carry over?"}); isErr || !strings.Contains(out, `"mode":"conversational"`) {
		t.Errorf("ask on an empty store = %s (error %v), want a conversational answer", out, isErr)
	}
	run, err := svc.BeginIngest(ctx, verity.LocalOperator("test"))
	if err != nil {
		t.Fatal(err)
	}
	if failed, err := run.Put(ctx, []kb.Item{{Where: "PUB-1", Source: &verity.Source{ID: "PUB-1", URI: "https://wiki.example/pub", System: "confluence",
		Title: "Vacation policy", ACL: []verity.Principal{verity.Public}, Text: "Unused vacation days carry over to the next year."}}}); err != nil || len(failed) > 0 {
		t.Fatalf("put: %v %+v", err, failed)
	}
	if got := toolNames(t, cs); got != "ask check_answer find_quote get_source search_knowledge" {
		t.Errorf("tools once the store holds a source = %s, want search_knowledge among them", got)
	}
}
