package http

import (
	"net/http"
	"net/netip"
	"strings"
	"sync"
	"time"

	"github.com/veritykb/verity"
)

// Requests no credential vouches for — anonymous readers, failed
// authentications, and a webhook before its signature is checked — are
// held to less than a caller's: they are refused before their body is
// read, capped per client address while in flight, and given a short
// deadline to send their body, so that a slow body from one address cannot
// hold the server's connections for the whole request timeout (issue 29).
const (
	// DefaultUnauthenticatedPerAddress is how many requests without
	// credentials one client address may have in flight at once.
	DefaultUnauthenticatedPerAddress = 8
	// unauthenticatedBodyTime is how long such a request may take to send
	// its body.
	unauthenticatedBodyTime = 10 * time.Second
	// DefaultWebhookBody is the body cap of a route that authenticates
	// itself ([Mount.Raw]) unless its Mount says otherwise.
	DefaultWebhookBody = 64 << 10
	// webhookBodyTime is how long such a route's request may take to send
	// its body, which it must read before it can check a signature.
	webhookBodyTime = 5 * time.Second
	// routeShare is how many callers' worth of rate and burst a
	// self-authenticating route gets: one route carries every sender's
	// requests.
	routeShare = 10
)

// inflight counts the requests without credentials in flight per client
// address.
type inflight struct {
	max int
	mu  sync.Mutex
	n   map[netip.Addr]int
}

func newInflight(max int) *inflight {
	if max <= 0 {
		max = DefaultUnauthenticatedPerAddress
	}
	return &inflight{max: max, n: map[netip.Addr]int{}}
}

// enter counts one more request from a, unless a has max in flight.
func (f *inflight) enter(a netip.Addr) bool {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.n[a] >= f.max {
		return false
	}
	f.n[a]++
	return true
}

func (f *inflight) leave(a netip.Addr) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.n[a]--; f.n[a] <= 0 {
		delete(f.n, a)
	}
}

// errTooManyUnauthenticated refuses a request without credentials past its
// address's cap.
var errTooManyUnauthenticated = &verity.Error{Code: codeRateLimited, Message: "too many requests without credentials from this address at once: send Authorization: Bearer TOKEN, or wait for them to finish"}

// clientAddr is the address a request comes from: the connection's peer,
// or, when the peer is a trusted proxy, the address the proxy appended last
// to X-Forwarded-For (what the client wrote before it is not believed).
func (s *Server) clientAddr(r *http.Request) netip.Addr {
	peer := remoteAddr(r)
	if !trusted(s.opt.Proxy.Trusted, peer) {
		return peer
	}
	fwd := r.Header.Values("X-Forwarded-For")
	if len(fwd) == 0 {
		return peer
	}
	last := fwd[len(fwd)-1]
	if i := strings.LastIndexByte(last, ','); i >= 0 {
		last = last[i+1:]
	}
	if a, err := netip.ParseAddr(strings.TrimSpace(last)); err == nil {
		return a.Unmap()
	}
	return peer
}

// unread makes sure a request refused before its body was read is never
// waited for: net/http would otherwise drain up to 256 KiB of it before
// closing or reusing the connection, at the speed the client sends it.
// The read deadline passes now, so the drain stops at once, and the
// connection closes after the answer.
func unread(w http.ResponseWriter) {
	w.Header().Set("Connection", "close")
	http.NewResponseController(w).SetReadDeadline(time.Now())
}

// bodyWithin gives the request's body until d from now to arrive; on a
// connection that cannot say (a test recorder) the request's own
// deadlines hold.
func bodyWithin(w http.ResponseWriter, d time.Duration) {
	http.NewResponseController(w).SetReadDeadline(time.Now().Add(d))
}

// statusWriter remembers the status a handler wrote.
type statusWriter struct {
	http.ResponseWriter
	status int
}

func (w *statusWriter) WriteHeader(code int) {
	if w.status == 0 {
		w.status = code
	}
	w.ResponseWriter.WriteHeader(code)
}

func (w *statusWriter) Write(b []byte) (int, error) {
	if w.status == 0 {
		w.status = http.StatusOK
	}
	return w.ResponseWriter.Write(b)
}

func (w *statusWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }
