package mcp_test

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"sync"
	"testing"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/mcp"
)

// post sends one JSON-RPC body to the MCP endpoint.
func post(t *testing.T, url, body string) (int, string) {
	t.Helper()
	req, _ := http.NewRequest("POST", url, strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var b strings.Builder
	buf := make([]byte, 4096)
	for {
		n, err := resp.Body.Read(buf)
		b.Write(buf[:n])
		if err != nil {
			break
		}
	}
	return resp.StatusCode, b.String()
}

// storeFiles counts the descriptors this process holds on the store's
// files (the database and its WAL), -1 where /proc does not tell.
func storeFiles() int {
	des, err := os.ReadDir("/proc/self/fd")
	if err != nil {
		return -1
	}
	n := 0
	for _, d := range des {
		if target, err := os.Readlink("/proc/self/fd/" + d.Name()); err == nil && strings.Contains(target, "m.db") {
			n++
		}
	}
	return n
}

// TestHTTPBatchesRefused: a JSON-RPC batch is refused before any call runs
// (one request cannot carry thousands of tool calls past the rate limit),
// single calls are served, and a burst of them leaves no store descriptor
// open (issue 29, finding 3).
func TestHTTPBatchesRefused(t *testing.T) {
	svc := store(t)
	srv := httptest.NewServer(mcp.Handler(svc, verity.NewCaller("group:staff"), mcp.Options{Version: "test"}))
	defer srv.Close()
	call := func(id int) string {
		return fmt.Sprintf(`{"jsonrpc":"2.0","id":%d,"method":"tools/call","params":{"name":"search_knowledge","arguments":{"query":"vacation days"}}}`, id)
	}
	var batch []string
	for i := range 50 {
		batch = append(batch, call(i))
	}
	if status, body := post(t, srv.URL, " ["+strings.Join(batch, ",")+"]"); status != http.StatusBadRequest || !strings.Contains(body, "batches") {
		t.Errorf("a batch = %d %s, want 400 naming batches", status, body)
	}
	if status, body := post(t, srv.URL, call(1)); status != http.StatusOK || !strings.Contains(body, "PUB-1") {
		t.Fatalf("one tool call = %d %s, want the search's result", status, body)
	}
	// The store's descriptors at their most during a burst of calls: a
	// bounded pool (16 connections, each the database and its WAL, and
	// the shared memory file once) whatever the burst. Without the bound
	// they reached 48 here, and thousands in a batch.
	peak, done := 0, make(chan struct{})
	go func() {
		for {
			select {
			case <-done:
				return
			default:
				peak = max(peak, storeFiles())
			}
		}
	}()
	var wg sync.WaitGroup
	for i := range 200 {
		wg.Go(func() { post(t, srv.URL, call(i)) })
	}
	wg.Wait()
	close(done)
	t.Logf("the store's descriptors at most %d during the burst", peak)
	if peak > 2*16+4 {
		t.Errorf("the store's descriptors reached %d during 200 concurrent tool calls, want at most %d: its pool is not bounded", peak, 2*16+4)
	}
}
