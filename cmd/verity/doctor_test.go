package main

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/llm"
	"github.com/veritykb/verity/llm/llmtest"
)

// doctor runs `verity doctor` on an app with env as its environment.
func doctor(t *testing.T, env map[string]string, modelFlag string, asJSON bool) (string, error) {
	t.Helper()
	var out bytes.Buffer
	a := &app{stdin: strings.NewReader(""), stdout: &out, stderr: io.Discard,
		getenv: func(k string) string { return env[k] }, now: time.Now,
		modelSpec: modelFlag, json: asJSON, dbPath: "test.db"}
	cmd := a.doctorCmd()
	cmd.SetArgs(nil)
	cmd.SetOut(&out)
	cmd.SetErr(io.Discard)
	err := cmd.ExecuteContext(context.Background())
	return out.String(), err
}

func TestDoctorChecksTheConfiguredModel(t *testing.T) {
	fake := &llmtest.ChatServer{Reply: `{"ok": true, "echo": "verity"}`}
	srv := httptest.NewServer(fake)
	defer srv.Close()
	out, err := doctor(t, map[string]string{"VERITY_MODEL": "openai-compatible:" + srv.URL + "/v1#tiny"}, "", false)
	if err != nil {
		t.Fatalf("doctor error %v\n%s", err, out)
	}
	for _, want := range []string{
		"model     openai-compatible:" + srv.URL + "/v1#tiny (from VERITY_MODEL)",
		"key       VERITY_API_KEY is not set (local servers need none)",
		"store     test.db",
		"verify   verify.support@1",
		`check     ok: openai-compatible:tiny answered {"ok":true,"echo":"verity"} in `,
		"tokens in 20, out 5; cost $0.000000",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("doctor output lacks %q:\n%s", want, out)
		}
	}
	if fake.Requests() != 1 {
		t.Errorf("doctor made %d calls, want 1", fake.Requests())
	}
}

func TestDoctorJSON(t *testing.T) {
	fake := &llmtest.ChatServer{Reply: `{"ok": true, "echo": "verity"}`}
	srv := httptest.NewServer(fake)
	defer srv.Close()
	out, err := doctor(t, map[string]string{"VERITY_API_KEY": "k"}, "openai-compatible:"+srv.URL+"/v1#tiny", true)
	if err != nil {
		t.Fatal(err)
	}
	var got struct {
		Config modelSetup     `json:"config"`
		Check  llm.PingResult `json:"check"`
	}
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatalf("doctor --json is not JSON: %v\n%s", err, out)
	}
	if !got.Check.OK || got.Check.Model != "openai-compatible:tiny" || got.Check.InputTokens != 20 ||
		!got.Config.KeySet || got.Config.SpecFrom != "--model" || got.Check.PromptVersion != "doctor.ping@1" {
		t.Errorf("doctor --json = %+v", got)
	}
	if strings.Contains(out, `"k"`) {
		t.Errorf("doctor --json shows the key:\n%s", out)
	}
}

func TestDoctorFailures(t *testing.T) {
	bad := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.WriteHeader(http.StatusBadRequest)
		io.WriteString(w, `{"error":{"message":"model tiny does not exist","type":"invalid_request_error"}}`)
	}))
	defer bad.Close()
	wrong := httptest.NewServer(&llmtest.ChatServer{Reply: `{"ok": false, "echo": "nope"}`})
	defer wrong.Close()
	tests := []struct {
		name, spec string
		env        map[string]string
		wantCode   string
		wantOut    string
	}{
		{"no key", "openai:gpt-4o-mini", nil, verity.EINVALID, "check     FAILED: model openai:gpt-4o-mini needs a key: set OPENAI_API_KEY"},
		{"bad spec", "mistral:large", nil, verity.EINVALID, ""},
		{"provider rejects", "openai-compatible:" + bad.URL + "/v1#tiny", nil, verity.EINVALID, "model tiny does not exist"},
		{"wrong answer", "openai-compatible:" + wrong.URL + "/v1#tiny", nil, verity.EMALFORMED, "check     FAILED"},
	}
	for _, tt := range tests {
		out, err := doctor(t, tt.env, tt.spec, false)
		if got := verity.ErrorCode(err); got != tt.wantCode {
			t.Errorf("%s: doctor error code %q (%v), want %q", tt.name, got, err, tt.wantCode)
		}
		if !strings.Contains(out, tt.wantOut) {
			t.Errorf("%s: doctor output lacks %q:\n%s", tt.name, tt.wantOut, out)
		}
	}
}

// TestDoctorStoreOpenToOthers: doctor warns about a store file others may
// read and --fix makes it 0600 (issue 29, finding 5e).
func TestDoctorStoreOpenToOthers(t *testing.T) {
	path := filepath.Join(t.TempDir(), "old.db")
	if err := os.WriteFile(path, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(path, 0o644); err != nil {
		t.Fatal(err)
	}
	run := func(args ...string) string {
		var out bytes.Buffer
		a := &app{stdin: strings.NewReader(""), stdout: &out, stderr: io.Discard, getenv: func(string) string { return "" },
			now: time.Now, dbPath: path}
		cmd := a.doctorCmd()
		cmd.SetArgs(args)
		cmd.SetOut(&out)
		cmd.SetErr(io.Discard)
		if err := cmd.ExecuteContext(context.Background()); err != nil {
			t.Fatalf("doctor %v: %v\n%s", args, err, out.String())
		}
		return out.String()
	}
	if out := run(); !strings.Contains(out, "WARNING   "+path+" is readable by others (0644)") {
		t.Errorf("doctor on a 0644 store says:\n%s\nwant a warning", out)
	}
	if out := run("--fix"); !strings.Contains(out, "now 0600") {
		t.Errorf("doctor --fix says:\n%s\nwant the file made 0600", out)
	}
	if info, _ := os.Stat(path); info.Mode().Perm() != 0o600 {
		t.Errorf("after doctor --fix the store is %04o, want 0600", info.Mode().Perm())
	}
	if out := run(); strings.Contains(out, "WARNING") {
		t.Errorf("doctor after the fix still warns:\n%s", out)
	}
}
