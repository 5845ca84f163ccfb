package http

import (
	"context"
	"net/http"

	"github.com/veritykb/verity"
)

// handler is one endpoint's work: given the authenticated caller it calls
// one kb method and returns what to render as JSON with status 200. A
// handler that wrote the response itself (an event stream) returns nil, nil.
type handler func(w http.ResponseWriter, r *http.Request, c verity.Caller) (any, error)

// endpoint is the door every API request goes through: bound the work's
// time, authenticate, count against the caller's rate limit, run h, render
// its result or error. Rights are not looked at here: kb decides them.
func (s *Server) endpoint(h handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		ctx, cancel := context.WithTimeout(r.Context(), s.opt.RequestTimeout)
		defer cancel()
		r = r.WithContext(ctx)
		info := infoOf(r)
		if info != nil {
			info.route = r.Pattern
		}
		who, err := s.authenticate(r)
		if err == nil || verity.ErrorCode(err) == verity.EUNAUTHORIZED {
			// Failed authentications count against their address too, so a
			// token cannot be guessed at the server's full speed.
			if lerr := s.limits.allow(w, who.key); lerr != nil {
				unread(w)
				s.fail(w, r, lerr)
				return
			}
		}
		if err != nil {
			unread(w)
			s.fail(w, r, err)
			return
		}
		if who.c.Anonymous() {
			// No credential vouches for it: capped per address while in
			// flight, and its body must come soon.
			addr := s.clientAddr(r)
			if !s.anonymous.enter(addr) {
				unread(w)
				s.fail(w, r, errTooManyUnauthenticated)
				return
			}
			defer s.anonymous.leave(addr)
			bodyWithin(w, unauthenticatedBodyTime)
		}
		if info != nil {
			info.actor, info.token = string(who.c.Actor()), who.c.Token()
		}
		v, err := h(w, r, who.c)
		switch {
		case err != nil:
			s.fail(w, r, err)
		case v != nil:
			writeJSON(w, http.StatusOK, v)
		}
	})
}

// bounded serves h without establishing a caller (a mount that
// authenticates itself, such as a signed webhook, which must read its body
// to check the signature): its time is bounded; its requests count against
// one rate limit under key (the route, not the address: a chat platform
// sends every team's events from few addresses; a route's rate and burst
// are routeShare times a caller's); it is capped per client address while in
// flight like any request without credentials, with a short deadline for
// its body; and an answer of 401 or 403 (a failed signature) counts
// against the client's address, whose further requests are refused once
// its failures exhaust its bucket.
func (s *Server) bounded(key string, h func(w http.ResponseWriter, r *http.Request) error) http.Handler {
	return s.boundedAs(key, nil, h)
}

// boundedAs is bounded with the server's refusals written by refuse, in
// the route's own protocol, when it is set.
func (s *Server) boundedAs(key string, refuse func(w http.ResponseWriter, status int, message string), h func(w http.ResponseWriter, r *http.Request) error) http.Handler {
	fail := s.fail
	if refuse != nil {
		fail = func(w http.ResponseWriter, r *http.Request, err error) {
			status, body := errorBody(err)
			if info := infoOf(r); info != nil {
				info.err = err
			}
			if status == http.StatusTooManyRequests {
				if ra := w.Header().Get("Retry-After"); ra == "" {
					w.Header().Set("Retry-After", "1")
				}
			}
			refuse(w, status, body.Error.Message)
		}
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		ctx, cancel := context.WithTimeout(r.Context(), s.opt.RequestTimeout)
		defer cancel()
		r = r.WithContext(ctx)
		if info := infoOf(r); info != nil {
			info.route = r.Pattern
		}
		addr := s.clientAddr(r)
		failures := "failed:" + addr.String()
		if s.failures.exhausted(failures) {
			unread(w)
			fail(w, r, errRateLimited)
			return
		}
		if err := s.routeLimits.allow(w, key); err != nil {
			unread(w)
			fail(w, r, err)
			return
		}
		if !s.anonymous.enter(addr) {
			unread(w)
			fail(w, r, errTooManyUnauthenticated)
			return
		}
		defer s.anonymous.leave(addr)
		bodyWithin(w, webhookBodyTime)
		sw := &statusWriter{ResponseWriter: w}
		if err := h(sw, r); err != nil {
			fail(sw, r, err)
		}
		if sw.status == http.StatusUnauthorized || sw.status == http.StatusForbidden {
			s.failures.allow(discard{}, failures)
		}
	})
}

// discard is a ResponseWriter whose headers go nowhere: for counting a
// failure after the answer was written.
type discard struct{}

func (discard) Header() http.Header         { return http.Header{} }
func (discard) Write(b []byte) (int, error) { return len(b), nil }
func (discard) WriteHeader(int)             {}

// probe is an endpoint that needs no caller (health and readiness): only
// its time is bounded.
func (s *Server) probe(h func(w http.ResponseWriter, r *http.Request) (any, error)) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		ctx, cancel := context.WithTimeout(r.Context(), 10e9)
		defer cancel()
		r = r.WithContext(ctx)
		if info := infoOf(r); info != nil {
			info.route = r.Pattern
		}
		v, err := h(w, r)
		if err != nil {
			s.fail(w, r, err)
			return
		}
		writeJSON(w, http.StatusOK, v)
	})
}
