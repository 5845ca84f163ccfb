package main

import (
	"bufio"
	"context"
	"encoding/json"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

// TestMCPOverStdio starts `verity mcp` as a subprocess and drives it over
// stdio — initialize, tools/list, tools/call of every tool — as alice of
// the staff and as eve from outside: eve sees nothing of HR's page, only a
// hint naming its author where search would have ranked it.
func TestMCPOverStdio(t *testing.T) {
	bin := verityBinary(t)
	db := filepath.Join(t.TempDir(), "v.db")
	mcpStore(t, db)
	connect := func(as ...string) *sdk.ClientSession {
		args := []string{"--db", db, "mcp"}
		for _, p := range as {
			args = append(args, "--as", p)
		}
		cs, err := sdk.NewClient(&sdk.Implementation{Name: "test", Version: "test"}, nil).
			Connect(context.Background(), &sdk.CommandTransport{Command: exec.Command(bin, args...)}, nil)
		if err != nil {
			t.Fatalf("connect to verity mcp %v: %v", as, err)
		}
		t.Cleanup(func() { cs.Close() })
		return cs
	}
	alice := connect("user:alice@corp.example", "group:staff")
	eve := connect("user:eve@outside.example")
	exerciseTools(t, alice, eve)

	// A token says who acts; a bad one starts nothing.
	out, errOut, code := cli(t, db, "", "token", "create", "--name", "alice", "--principal", "user:alice@corp.example", "--principal", "group:staff", "--json")
	if code != 0 {
		t.Fatalf("token create: %s", errOut)
	}
	var tok struct{ Token string }
	json.Unmarshal([]byte(out), &tok)
	withToken := func(token string) *exec.Cmd {
		c := exec.Command(bin, "--db", db, "mcp")
		c.Env = append(os.Environ(), "VERITY_TOKEN="+token)
		return c
	}
	cs, err := sdk.NewClient(&sdk.Implementation{Name: "test", Version: "test"}, nil).Connect(context.Background(), &sdk.CommandTransport{Command: withToken(tok.Token)}, nil)
	if err != nil {
		t.Fatalf("connect with a token: %v", err)
	}
	defer cs.Close()
	if out := callTool(t, cs, "get_source", map[string]any{"id": "STAFF-1"}); strings.Contains(out, `"isError":true`) {
		t.Errorf("get_source of the staff page with alice's token = %s", out)
	}
	bad := withToken("vty_0000000000000000_" + strings.Repeat("00", 32))
	if err := bad.Run(); err == nil || bad.ProcessState.ExitCode() != exitUnauthorized {
		t.Errorf("verity mcp with a bad token = %v (exit %d), want exit %d", err, bad.ProcessState.ExitCode(), exitUnauthorized)
	}
}

// mcpStore ingests a public page, a staff page and an HR page into db.
func mcpStore(t *testing.T, db string) {
	t.Helper()
	records := strings.Join([]string{
		`{"id":"PUB-1","uri":"https://wiki.example/pub","system":"confluence","title":"Vacation policy","acl":["public"],"text":"Unused vacation days carry over to the next year, up to 10 days."}`,
		`{"id":"STAFF-1","uri":"https://wiki.example/staff","system":"confluence","title":"Access review","acl":["group:staff"],"text":"Access rights to production systems are reviewed at least once every 12 months; more often after incidents."}`,
		`{"id":"HR-7","uri":"https://hr.corp.example/plan","system":"confluence","title":"План сокращений на 2027 год","author":"hr-lead@corp.example","acl":["group:hr"],"text":"В 2027 году сократят 40 человек из выездных бригад; vacation days of leavers are paid out."}`,
	}, "\n")
	if _, errOut, code := cli(t, db, records, "ingest", "-"); code != 0 {
		t.Fatalf("ingest: %s", errOut)
	}
}

// callTool calls a tool and returns the whole result as JSON.
func callTool(t *testing.T, cs *sdk.ClientSession, name string, args map[string]any) string {
	t.Helper()
	res, err := cs.CallTool(context.Background(), &sdk.CallToolParams{Name: name, Arguments: args})
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	js, _ := json.Marshal(res)
	return string(js)
}

// exerciseTools lists the tools and calls every one as alice of the staff
// and as eve from outside: alice gets answers; eve nothing of HR's page,
// only a hint naming its author where search would have ranked it.
func exerciseTools(t *testing.T, alice, eve *sdk.ClientSession) {
	t.Helper()
	call := func(cs *sdk.ClientSession, name string, args map[string]any) string {
		return callTool(t, cs, name, args)
	}
	n := 0
	for tool, err := range alice.Tools(context.Background(), nil) {
		if err != nil {
			t.Fatal(err)
		}
		n++
		_ = tool
	}
	if n != 5 {
		t.Errorf("tools/list = %d tools, want 5", n)
	}
	calls := []struct {
		name string
		args map[string]any
	}{
		{"search_knowledge", map[string]any{"query": "vacation days сократят бригад access review"}},
		{"ask", map[string]any{"question": "How often are access rights to production systems reviewed?"}},
		{"get_source", map[string]any{"id": "STAFF-1"}},
		{"check_answer", map[string]any{"answer": "Unused vacation days carry over, up to 10 days [1].", "sources": []string{"PUB-1"}}},
		{"find_quote", map[string]any{"source_id": "PUB-1", "text": "carry over to the next year"}},
	}
	for _, c := range calls {
		if out := call(alice, c.name, c.args); strings.Contains(out, `"isError":true`) {
			t.Errorf("%s as alice = %s", c.name, out)
		}
		out := call(eve, c.name, c.args)
		for _, h := range []string{"План сокращений", "HR-7", "выездных", "hr.corp.example"} {
			if strings.Contains(out, h) {
				t.Errorf("%s as eve shows %q: %s", c.name, h, out)
			}
		}
		if c.name == "search_knowledge" && !strings.Contains(out, "hr-lead@corp.example") {
			t.Errorf("search as eve = %s, want a hint naming HR's author", out)
		}
	}
	if out := call(eve, "get_source", map[string]any{"id": "STAFF-1"}); !strings.Contains(out, `"isError":true`) || !strings.Contains(out, `no source`) {
		t.Errorf("get_source of the staff page as eve = %s, want not found", out)
	}

}

// TestMCPOverHTTP drives the same tools over streamable HTTP at /mcp of a
// real verity serve, as alice's and eve's tokens.
func TestMCPOverHTTP(t *testing.T) {
	bin := verityBinary(t)
	db := filepath.Join(t.TempDir(), "v.db")
	mcpStore(t, db)
	token := func(name string, ps ...string) string {
		args := []string{"token", "create", "--json", "--name", name}
		for _, p := range ps {
			args = append(args, "--principal", p)
		}
		out, errOut, code := cli(t, db, "", args...)
		if code != 0 {
			t.Fatalf("token create: %s", errOut)
		}
		var tok struct{ Token string }
		json.Unmarshal([]byte(out), &tok)
		return tok.Token
	}
	aliceTok, eveTok := token("alice", "user:alice@corp.example", "group:staff"), token("eve", "user:eve@outside.example")
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, "--db", db, "serve", "--addr", "127.0.0.1:0")
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() {
		cmd.Process.Signal(syscall.SIGTERM)
		cmd.Wait()
	}()
	first, err := bufio.NewReader(stdout).ReadString('\n')
	if err != nil || !strings.HasPrefix(first, "listening on http://") {
		t.Fatalf("first line = %q (%v)", first, err)
	}
	endpoint := strings.TrimSpace(strings.TrimPrefix(first, "listening on ")) + "/mcp"
	connect := func(tok string) *sdk.ClientSession {
		cs, err := sdk.NewClient(&sdk.Implementation{Name: "test", Version: "test"}, nil).Connect(ctx, &sdk.StreamableClientTransport{
			Endpoint: endpoint, HTTPClient: &http.Client{Transport: bearerTransport{tok}}, DisableStandaloneSSE: true, MaxRetries: -1}, nil)
		if err != nil {
			t.Fatalf("connect to %s: %v", endpoint, err)
		}
		t.Cleanup(func() { cs.Close() })
		return cs
	}
	exerciseTools(t, connect(aliceTok), connect(eveTok))
}
