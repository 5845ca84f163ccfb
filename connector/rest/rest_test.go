package rest_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/veritykb/verity/connector/rest"
)

// TestLinkLeavingTheSite: a whole link the API gives is followed only on
// the API's own site: the token is never sent to another.
func TestLinkLeavingTheSite(t *testing.T) {
	var leaked bool
	other := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		leaked = r.Header.Get("Authorization") != ""
		w.Write([]byte(`{}`))
	}))
	defer other.Close()
	site := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { w.Write([]byte(`{"ok":true}`)) }))
	defer site.Close()
	c := rest.Options{}.WithDefaults(10, 0).Client("wiki", "Confluence", site.URL+"/wiki/api/v2", site.URL+"/wiki", "bot@corp.example", "s3cret")
	var v struct{ OK bool }
	if err := c.Get(context.Background(), site.URL+"/wiki/api/v2/pages?cursor=x", nil, &v); err != nil || !v.OK {
		t.Fatalf("a link on the site = %v, %v; want followed", v, err)
	}
	err := c.Get(context.Background(), other.URL+"/wiki/api/v2/pages?cursor=x", nil, &v)
	if err == nil || !strings.Contains(err.Error(), "leaves its site") || strings.Contains(err.Error(), "s3cret") || leaked {
		t.Errorf("a link to another site = %v (token sent: %v); want refused before any request", err, leaked)
	}
}

// TestPost: a read that takes a JSON body is posted with the token and
// retried like a GET.
func TestPost(t *testing.T) {
	tries := 0
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if tries++; tries == 1 {
			w.Header().Set("Retry-After", "0")
			w.WriteHeader(http.StatusTooManyRequests)
			return
		}
		u, p, ok := r.BasicAuth()
		if r.Method != http.MethodPost || r.Header.Get("Content-Type") != "application/json" || !ok || u != "bot@corp.example" || p != "s3cret" {
			w.WriteHeader(http.StatusBadRequest)
			return
		}
		w.Write([]byte(`{"results":[{"accountId":"a1"}]}`))
	}))
	defer srv.Close()
	c := rest.Options{}.WithDefaults(10, 0).Client("wiki", "Confluence", srv.URL+"/wiki/api/v2", srv.URL+"/wiki", "bot@corp.example", "s3cret")
	var v struct{ Results []struct{ AccountID string } }
	if err := c.Post(context.Background(), "/users-bulk", map[string][]string{"accountIds": {"a1"}}, &v); err != nil || len(v.Results) != 1 || tries != 2 {
		t.Fatalf("post = %+v, %v after %d tries; want one result after a retry", v, err, tries)
	}
}
