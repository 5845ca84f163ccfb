package http

import (
	"bufio"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/netip"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// slowRequest opens a connection to e and sends a request's head and the
// first byte of a body it says is 1,000 bytes long, as a client sending one
// byte a second would. extra are header lines.
func slowRequest(t *testing.T, e *env, method, path string, extra ...string) net.Conn {
	t.Helper()
	conn, err := net.Dial("tcp", e.srv.Listener.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { conn.Close() })
	head := method + " " + path + " HTTP/1.1\r\nHost: verity.test\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n"
	for _, h := range extra {
		head += h + "\r\n"
	}
	if _, err := io.WriteString(conn, head+"\r\n{"); err != nil {
		t.Fatal(err)
	}
	return conn
}

// answered reads the response on conn within d: its status, and whether the
// server then closed the connection (it did not wait for the body).
func answered(t *testing.T, conn net.Conn, d time.Duration) (status int, closed bool) {
	t.Helper()
	conn.SetReadDeadline(time.Now().Add(d))
	br := bufio.NewReader(conn)
	resp, err := http.ReadResponse(br, nil)
	if err != nil {
		return 0, false
	}
	io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	_, err = br.ReadByte()
	return resp.StatusCode, err == io.EOF
}

// TestRefusedBeforeBody: a request without credentials is refused from its
// head, and the connection closes at once instead of the server waiting
// for a slow body (issue 29: such connections were held for the whole
// request timeout).
func TestRefusedBeforeBody(t *testing.T) {
	e := build(t).start(t, false, Options{})
	for _, extra := range [][]string{nil, {"Authorization: Bearer vty_0123456789abcdef_wrong"}} {
		conn := slowRequest(t, e, "POST", "/api/v1/ask", extra...)
		if status, closed := answered(t, conn, 10*time.Second); status != http.StatusUnauthorized || !closed {
			t.Errorf("slow body with %v: status %d, closed %v; want 401 and the connection closed without waiting for the body", extra, status, closed)
		}
	}
}

// TestUnauthenticatedPerAddress: requests without credentials in flight are
// capped per client address — the connection's, or the one a trusted proxy
// declares — while a caller with a token is not held to that cap.
func TestUnauthenticatedPerAddress(t *testing.T) {
	f := build(t)
	e := f.start(t, false, Options{Anonymous: true, UnauthenticatedPerAddress: 3,
		Proxy: Proxy{Trusted: []netip.Prefix{netip.MustParsePrefix("127.0.0.0/8"), netip.MustParsePrefix("::1/128")}, UserHeader: "X-Forwarded-Email"}})
	var held []net.Conn
	for range 3 {
		held = append(held, slowRequest(t, e, "POST", "/api/v1/ask", "X-Forwarded-For: 203.0.113.7"))
	}
	waitFor(t, func() bool { return e.api.anonymous.n[netip.MustParseAddr("203.0.113.7")] == 3 })
	if status, closed := answered(t, slowRequest(t, e, "POST", "/api/v1/ask", "X-Forwarded-For: 198.51.100.1, 203.0.113.7"), 10*time.Second); status != http.StatusTooManyRequests || !closed {
		t.Errorf("a fourth from the same address: status %d, closed %v; want 429 at once", status, closed)
	}
	if r := e.do(t, "", "GET", "/api/v1/search?q=Bitrix24+Acme", "", "X-Forwarded-For", "203.0.113.8"); r.status != http.StatusOK {
		t.Errorf("another address: %d %s", r.status, r.body)
	}
	if r := e.do(t, "alice", "GET", "/api/v1/search?q=Bitrix24+Acme", "", "X-Forwarded-For", "203.0.113.7"); r.status != http.StatusOK {
		t.Errorf("a token from the capped address: %d %s", r.status, r.body)
	}
	if r := e.do(t, "", "GET", "/api/v1/search?q=Bitrix24+Acme", "", "X-Forwarded-For", "203.0.113.7"); r.status != http.StatusTooManyRequests {
		t.Errorf("a quick request from the capped address: %d, want 429", r.status)
	}
	// One held request gives up: its place is free again.
	held[0].Close()
	waitFor(t, func() bool {
		return e.do(t, "", "GET", "/api/v1/search?q=Bitrix24+Acme", "", "X-Forwarded-For", "203.0.113.7").status == http.StatusOK
	})
}

// TestSelfAuthenticatingRoute: a route that reads its body to check a
// signature (a chat platform's webhook) gets a small body cap, is limited
// per route, and its failed signatures count against the sender's address:
// past its burst, that address is refused before the route does any work.
func TestSelfAuthenticatingRoute(t *testing.T) {
	var calls atomic.Int64
	hook := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		calls.Add(1)
		if _, err := io.ReadAll(r.Body); err != nil {
			http.Error(w, "too large", http.StatusRequestEntityTooLarge)
			return
		}
		if r.Header.Get("X-Signature") != "good" {
			http.Error(w, "bad signature", http.StatusUnauthorized)
			return
		}
		fmt.Fprint(w, "ok")
	})
	e := build(t).start(t, false, Options{Rate: 100, Burst: 3, Mounts: []Mount{{Pattern: "POST /hooks/test", Raw: hook}}})
	post := func(sig string, size int) int {
		t.Helper()
		req, _ := http.NewRequest("POST", e.srv.URL+"/hooks/test", strings.NewReader(strings.Repeat("x", size)))
		req.Header.Set("X-Signature", sig)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		return resp.StatusCode
	}
	if got := post("good", DefaultWebhookBody+1); got != http.StatusRequestEntityTooLarge {
		t.Errorf("a body over the cap: %d, want 413", got)
	}
	for i := range 3 {
		if got := post("forged", 10); got != http.StatusUnauthorized {
			t.Errorf("forged signature %d: %d, want 401", i, got)
		}
	}
	before := calls.Load()
	if got := post("good", 10); got != http.StatusTooManyRequests || calls.Load() != before {
		t.Errorf("after 3 forged signatures: %d with %d more calls, want 429 before the route runs", got, calls.Load()-before)
	}
}

// waitFor polls cond for up to ten seconds.
func waitFor(t *testing.T, cond func() bool) {
	t.Helper()
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		if cond() {
			return
		}
	}
	t.Fatal("condition not met within ten seconds")
}
