package http

import (
	"fmt"
	"net/url"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// TestConcurrentReadersAndWriters runs many readers and writers at once on
// one store, SQLite and PostgreSQL: searches, asks (which store
// statements), summaries, uploads and revocations. No request may fail
// with a server error, and "database is locked" must never reach a client.
func TestConcurrentReadersAndWriters(t *testing.T) {
	f := build(t)
	t.Run("sqlite", func(t *testing.T) { concurrentReadersAndWriters(t, f.start(t, true, Options{})) })
	t.Run("postgres", func(t *testing.T) { concurrentReadersAndWriters(t, f.startPostgres(t, Options{})) })
}

func concurrentReadersAndWriters(t *testing.T, e *env) {
	deadline := time.Now().Add(3 * time.Second)
	if testing.Short() {
		deadline = time.Now().Add(time.Second)
	}
	var (
		wg       sync.WaitGroup
		requests atomic.Int64
		mu       sync.Mutex
		failures []string
	)
	worker := func(name string, next func(i int) (caller, method, path, body string)) {
		defer wg.Done()
		for i := 0; time.Now().Before(deadline); i++ {
			caller, method, path, body := next(i)
			r, err := e.try(caller, method, path, body)
			requests.Add(1)
			if err != nil || r.status >= 500 || strings.Contains(r.body, "locked") || strings.Contains(r.body, "busy") {
				mu.Lock()
				failures = append(failures, fmt.Sprintf("%s %s %s = %d %.200s %v", name, method, path, r.status, r.body, err))
				mu.Unlock()
			}
		}
	}
	search := "/api/v1/search?q=" + url.QueryEscape("Acme sales Bitrix24")
	for w := range 6 {
		wg.Add(1)
		go worker("reader", func(i int) (string, string, string, string) {
			if (i+w)%3 == 0 {
				return "alice", "POST", "/api/v1/ask", fmt.Sprintf(`{"question":"How did Acme move its sales to Bitrix24 (%d)?"}`, w)
			}
			return "alice", "GET", search, ""
		})
	}
	wg.Add(3)
	go worker("ingest", func(i int) (string, string, string, string) {
		return "curator", "POST", fmt.Sprintf("/api/v1/ingest?format=txt&id=load/%d.txt", i), fmt.Sprintf("Load page %d: Acme moved its sales to Bitrix24, step %d.", i, i)
	})
	go worker("revoke", func(i int) (string, string, string, string) {
		if i%2 == 0 {
			return "curator", "POST", "/api/v1/revoke", `{"refs":["PUB-1"],"reason":"load"}`
		}
		return "curator", "POST", "/api/v1/unrevoke", `{"refs":["PUB-1"],"reason":"load"}`
	})
	go worker("summarize", func(i int) (string, string, string, string) {
		return "curator", "POST", "/api/v1/summarize", fmt.Sprintf(`{"topic":"Acme sales Bitrix24 %d"}`, i%5)
	})
	wg.Wait()
	t.Logf("%d requests in %d goroutines", requests.Load(), 9)
	for _, f := range failures {
		t.Error(f)
	}
	if strings.Contains(e.logs.String(), "locked") || strings.Contains(e.logs.String(), "deadlock") {
		t.Errorf("the log says the database was locked")
	}
}
