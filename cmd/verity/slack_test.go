package main

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/veritykb/verity/slack"
)

// slackDouble is a Web API double: users.info knows alice, and every
// chat.postMessage is recorded.
type slackDouble struct {
	mu    sync.Mutex
	posts []string
}

func (d *slackDouble) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "application/json")
	if r.Header.Get("Authorization") != "Bearer xoxb-process-token" {
		io.WriteString(w, `{"ok":false,"error":"invalid_auth"}`)
		return
	}
	switch r.URL.Path {
	case "/api/users.info":
		io.WriteString(w, `{"ok":true,"user":{"id":"U1","team_id":"T1","profile":{"email":"alice@corp.example"}}}`)
	case "/api/chat.postMessage", "/api/chat.postEphemeral":
		b, _ := io.ReadAll(r.Body)
		d.mu.Lock()
		d.posts = append(d.posts, string(b))
		d.mu.Unlock()
		io.WriteString(w, `{"ok":true,"ts":"2.0"}`)
	default:
		io.WriteString(w, `{"ok":false,"error":"unknown_method"}`)
	}
}

// TestSlackProcess configures Slack with references to secrets, runs
// verity serve --slack --workers 1 against a Web API double, and sends it
// a signed direct message: it is answered by the worker through the job
// queue; an unsigned one is refused with 401; the store and the logs hold
// neither the bot token nor the signing secret.
func TestSlackProcess(t *testing.T) {
	bin := verityBinary(t)
	dir := t.TempDir()
	db := filepath.Join(dir, "v.db")
	doc := filepath.Join(dir, "parking.md")
	os.WriteFile(doc, []byte("# Parking\n\nParking for visitors is in the south lot behind building two.\n"), 0o644)
	if _, errOut, code := cli(t, db, "", "ingest", doc); code != 0 {
		t.Fatal(errOut)
	}
	double := &slackDouble{}
	api := httptest.NewServer(double)
	defer api.Close()
	if out, errOut, code := cli(t, db, "", "slack", "configure", "--team-id", "T1", "--bot-token-file", "env:SLACK_BOT_TOKEN",
		"--signing-secret-file", "env:SLACK_SIGNING_SECRET", "--api-url", api.URL+"/api"); code != 0 || !strings.Contains(out, "env:SLACK_BOT_TOKEN") {
		t.Fatalf("slack configure = exit %d: %s%s", code, out, errOut)
	}
	cmd := exec.Command(bin, "--db", db, "serve", "--addr", "127.0.0.1:0", "--slack", "--workers", "1")
	cmd.Env = append(os.Environ(), "SLACK_BOT_TOKEN=xoxb-process-token", "SLACK_SIGNING_SECRET=process-signing-secret")
	stdout, _ := cmd.StdoutPipe()
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer cmd.Process.Kill()
	line := make([]byte, 200)
	n, _ := stdout.Read(line)
	base := strings.TrimSpace(strings.TrimPrefix(strings.SplitN(string(line[:n]), "\n", 2)[0], "listening on "))
	if !strings.HasPrefix(base, "http://") {
		t.Fatalf("serve's first line = %q; stderr %s", line[:n], stderr.String())
	}
	go io.Copy(io.Discard, stdout)
	body, _ := json.Marshal(map[string]any{"type": "event_callback", "team_id": "T1", "event_id": "EvP1",
		"event": map[string]any{"type": "message", "channel_type": "im", "user": "U1", "text": "Where is parking for visitors?", "ts": "1.0", "channel": "D1"}})
	post := func(h http.Header) int {
		req, _ := http.NewRequest(http.MethodPost, base+"/slack/events", bytes.NewReader(body))
		req.Header = h
		req.Header.Set("Content-Type", "application/json")
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		return resp.StatusCode
	}
	if code := post(slack.Sign("another-secret", body, time.Now())); code != 401 {
		t.Errorf("an event signed with another secret = %d, want 401", code)
	}
	if code := post(slack.Sign("process-signing-secret", body, time.Now())); code != 200 {
		t.Fatalf("a signed event = %d; stderr %s", code, stderr.String())
	}
	if !waitFor(func() bool { double.mu.Lock(); defer double.mu.Unlock(); return len(double.posts) > 0 }) {
		t.Fatalf("the question was not answered; stderr:\n%s", stderr.String())
	}
	double.mu.Lock()
	answer := double.posts[0]
	double.mu.Unlock()
	if !strings.Contains(answer, "south lot") || !strings.Contains(answer, `"thread_ts":"1.0"`) {
		t.Errorf("answer = %s, want the parking page in the message's thread", answer)
	}
	cmd.Process.Signal(syscall.SIGTERM)
	cmd.Wait()
	store, _ := os.ReadFile(db)
	for _, secret := range []string{"xoxb-process-token", "process-signing-secret"} {
		if strings.Contains(stderr.String(), secret) || bytes.Contains(store, []byte(secret)) {
			t.Errorf("%s is in the log or the store", secret)
		}
	}
}
