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
				s.fail(w, r, lerr)
				return
			}
		}
		if err != nil {
			s.fail(w, r, err)
			return
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
// authenticates itself): its time is bounded and its requests count
// against one rate limit under key.
func (s *Server) bounded(key string, h func(w http.ResponseWriter, r *http.Request) error) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		ctx, cancel := context.WithTimeout(r.Context(), s.opt.RequestTimeout)
		defer cancel()
		r = r.WithContext(ctx)
		if info := infoOf(r); info != nil {
			info.route = r.Pattern
		}
		if err := s.limits.allow(w, key); err != nil {
			s.fail(w, r, err)
			return
		}
		if err := h(w, r); err != nil {
			s.fail(w, r, err)
		}
	})
}

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
