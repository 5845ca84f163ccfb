package main

import (
	"bufio"
	"bytes"
	"context"
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
)

const tgToken = "987654:TOKEN-that-must-never-be-logged"

// tgDouble is a Bot API double: getUpdates hands out one /help message
// once, sendMessage is recorded, as Telegram's wire format has them.
type tgDouble struct {
	mu     sync.Mutex
	served bool
	sent   []string
}

func (d *tgDouble) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "application/json")
	d.mu.Lock()
	defer d.mu.Unlock()
	switch r.URL.Path {
	case "/bot" + tgToken + "/getUpdates":
		if d.served {
			io.WriteString(w, `{"ok":true,"result":[]}`)
			return
		}
		d.served = true
		io.WriteString(w, `{"ok":true,"result":[{"update_id":7,"message":{"message_id":1,"from":{"id":42,"is_bot":false,"language_code":"en"},"chat":{"id":42,"type":"private"},"date":0,"text":"/help"}}]}`)
	case "/bot" + tgToken + "/sendMessage":
		var m struct{ Text string }
		json.NewDecoder(r.Body).Decode(&m)
		d.sent = append(d.sent, m.Text)
		io.WriteString(w, `{"ok":true,"result":{"message_id":2,"chat":{"id":42,"type":"private"},"date":0}}`)
	default:
		w.WriteHeader(http.StatusNotFound)
		io.WriteString(w, `{"ok":false,"error_code":404,"description":"Not Found"}`)
	}
}

func (d *tgDouble) messages() []string {
	d.mu.Lock()
	defer d.mu.Unlock()
	return append([]string{}, d.sent...)
}

// waitFor polls cond for up to 20 s.
func waitFor(cond func() bool) bool {
	for range 400 {
		if cond() {
			return true
		}
		time.Sleep(50 * time.Millisecond)
	}
	return false
}

// TestTelegramProcess runs verity telegram (long polling) and verity serve
// --telegram (the webhook) against a Bot API double: an update is
// answered either way, a delivery without the secret token is refused with
// 401, a missing token is refused before anything runs, and the token is
// in no line either process writes.
func TestTelegramProcess(t *testing.T) {
	bin := verityBinary(t)
	db := filepath.Join(t.TempDir(), "v.db")
	if _, _, code := cli(t, db, "", "migrate"); code != 0 {
		t.Fatal("migrate failed")
	}
	if _, errOut, code := cli(t, db, "", "telegram"); code != exitInvalid || !strings.Contains(errOut, "VERITY_TELEGRAM_TOKEN") {
		t.Fatalf("telegram without a token = exit %d: %s", code, errOut)
	}
	double := &tgDouble{}
	api := httptest.NewServer(double)
	defer api.Close()
	env := append(os.Environ(), "VERITY_TELEGRAM_TOKEN="+tgToken, "VERITY_TELEGRAM_SECRET=hook-secret")
	start := func(args ...string) (*exec.Cmd, *bufio.Reader, *bytes.Buffer) {
		cmd := exec.Command(bin, append([]string{"--db", db}, args...)...)
		cmd.Env = env
		stdout, _ := cmd.StdoutPipe()
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		return cmd, bufio.NewReader(stdout), &stderr
	}
	// Long polling.
	poll, out, pollErr := start("telegram", "--api-url", api.URL)
	if line, _ := out.ReadString('\n'); !strings.HasPrefix(line, "polling Telegram") {
		poll.Process.Kill()
		t.Fatalf("verity telegram's first line = %q; stderr %s", line, pollErr)
	}
	go io.Copy(io.Discard, out)
	if !waitFor(func() bool { return len(double.messages()) == 1 }) {
		t.Errorf("the polled /help was not answered: %q", double.messages())
	}
	poll.Process.Signal(syscall.SIGTERM)
	if err := poll.Wait(); err != nil {
		t.Errorf("verity telegram after SIGTERM: %v; stderr %s", err, pollErr)
	}
	// The webhook.
	srv, out, srvErr := start("serve", "--addr", "127.0.0.1:0", "--telegram", "--telegram-api-url", api.URL)
	defer srv.Process.Kill()
	line, _ := out.ReadString('\n')
	base := strings.TrimSpace(strings.TrimPrefix(line, "listening on "))
	if !strings.HasPrefix(base, "http://") {
		t.Fatalf("serve's first line = %q; stderr %s", line, srvErr)
	}
	go io.Copy(io.Discard, out)
	update := `{"update_id":8,"message":{"message_id":3,"from":{"id":43,"is_bot":false},"chat":{"id":43,"type":"private"},"date":0,"text":"/help"}}`
	for secret, want := range map[string]int{"": 401, "wrong": 401, "hook-secret": 200} {
		req, _ := http.NewRequestWithContext(context.Background(), http.MethodPost, base+"/telegram/webhook", strings.NewReader(update))
		req.Header.Set("Content-Type", "application/json")
		if secret != "" {
			req.Header.Set("X-Telegram-Bot-Api-Secret-Token", secret)
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != want {
			t.Errorf("webhook with secret %q = %d, want %d", secret, resp.StatusCode, want)
		}
	}
	if !waitFor(func() bool { return len(double.messages()) == 2 }) {
		t.Errorf("the webhook's /help was not answered: %q", double.messages())
	}
	srv.Process.Signal(syscall.SIGTERM)
	srv.Wait()
	if !strings.Contains(srvErr.String(), "/telegram/webhook") {
		t.Errorf("serve logged no webhook delivery:\n%s", srvErr)
	}
	for name, log := range map[string]string{"telegram": pollErr.String(), "serve": srvErr.String()} {
		if strings.Contains(log, "TOKEN-that-must-never") || strings.Contains(log, "hook-secret") {
			t.Errorf("verity %s logged a secret:\n%s", name, log)
		}
	}
}
