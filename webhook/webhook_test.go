package webhook_test

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/veritykb/verity/kb"
	"github.com/veritykb/verity/kb/kbtest"
	"github.com/veritykb/verity/webhook"
)

// TestHandler: the route answers only POST /connectors/NAME/webhook; a
// bad signature is 401 before the payload is looked at; a signed payload
// that is not JSON is 400; a signed one naming no page queues nothing.
func TestHandler(t *testing.T) {
	svc, db, err := kbtest.Open(filepath.Join(t.TempDir(), "kb.db"), time.Date(2026, 12, 3, 12, 0, 0, 0, time.UTC), kb.Models{})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if _, err := svc.AddConnector(context.Background(), kbtest.Operator, kb.ConnectorAdd{Kind: "confluence", Name: "wiki", URL: "https://wiki.corp.example",
		Secret: "env:T", Webhook: "env:H"}); err != nil {
		t.Fatal(err)
	}
	pages := func(kind string, body []byte) ([]string, error) {
		if !strings.HasPrefix(string(body), "{") {
			return nil, context.Canceled
		}
		return nil, nil
	}
	srv := httptest.NewServer(webhook.Handler(svc, webhook.Options{Secrets: func(string) (string, error) { return "k", nil }, Pages: pages}))
	defer srv.Close()
	sign := func(body string) string {
		m := hmac.New(sha256.New, []byte("k"))
		m.Write([]byte(body))
		return "sha256=" + hex.EncodeToString(m.Sum(nil))
	}
	for _, tt := range []struct {
		method, path, body, sig string
		want                    int
	}{
		{"GET", "/connectors/wiki/webhook", "", "", http.StatusMethodNotAllowed},
		{"POST", "/connectors/wiki", "{}", sign("{}"), http.StatusNotFound},
		{"POST", "/connectors/a/b/webhook", "{}", sign("{}"), http.StatusNotFound},
		{"POST", "/connectors/wiki/webhook", "not json", "sha256=00", http.StatusUnauthorized},
		{"POST", "/connectors/wiki/webhook", "not json", sign("not json"), http.StatusBadRequest},
		{"POST", "/connectors/wiki/webhook", "{}", sign("{}"), http.StatusAccepted},
	} {
		req, _ := http.NewRequest(tt.method, srv.URL+tt.path, strings.NewReader(tt.body))
		req.Header.Set("X-Hub-Signature", tt.sig)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != tt.want {
			t.Errorf("%s %s signed %q = %d, want %d", tt.method, tt.path, tt.sig, resp.StatusCode, tt.want)
		}
	}
}
