package http

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"log/slog"
	"net/http"
	"runtime/debug"
	"time"

	"github.com/veritykb/verity"
)

// info is what the request log and metrics learn about a request as it is
// served: the route pattern matched (never the path or query, which may
// hold ids, titles or a query's words), who it acted as, its error.
type info struct {
	id           string
	route        string
	actor, token string // the caller's actor principal and token id (never the secret)
	err          error
}

type infoKey struct{}

func infoOf(r *http.Request) *info {
	i, _ := r.Context().Value(infoKey{}).(*info)
	return i
}

// recorder remembers a response's status and size.
type recorder struct {
	http.ResponseWriter
	status int
	bytes  int64
}

func (rw *recorder) WriteHeader(status int) {
	if rw.status == 0 {
		rw.status = status
	}
	rw.ResponseWriter.WriteHeader(status)
}

func (rw *recorder) Write(b []byte) (int, error) {
	if rw.status == 0 {
		rw.status = http.StatusOK
	}
	n, err := rw.ResponseWriter.Write(b)
	rw.bytes += int64(n)
	return n, err
}

// Unwrap lets http.ResponseController reach the connection (flushes and
// write deadlines for event streams).
func (rw *recorder) Unwrap() http.ResponseWriter { return rw.ResponseWriter }

// observe gives every request an id (X-Request-Id), recovers a panic as an
// internal error, and logs and counts the request when it is done.
func (s *Server) observe(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		in := &info{id: requestID()}
		w.Header().Set("X-Request-Id", in.id)
		rec := &recorder{ResponseWriter: w}
		r = r.WithContext(context.WithValue(r.Context(), infoKey{}, in))
		defer func() {
			if p := recover(); p != nil {
				if p == http.ErrAbortHandler {
					panic(p)
				}
				s.log.Error("panic", "request_id", in.id, "panic", p, "stack", string(debug.Stack()))
				if rec.status == 0 {
					s.fail(rec, r, verity.Errorf(verity.EINTERNAL, "panic"))
				}
			}
			if rec.status == 0 {
				rec.status = http.StatusOK
			}
			elapsed := time.Since(start)
			route := in.route
			if route == "" {
				route = "unmatched"
			}
			s.metrics.request(route, rec.status, elapsed)
			attrs := []slog.Attr{
				slog.String("request_id", in.id), slog.String("method", r.Method), slog.String("route", route),
				slog.Int("status", rec.status), slog.Float64("ms", float64(elapsed.Microseconds())/1000), slog.Int64("bytes", rec.bytes),
				slog.String("remote", remoteAddr(r).String()),
			}
			if in.actor != "" {
				attrs = append(attrs, slog.String("actor", in.actor))
			}
			if in.token != "" {
				attrs = append(attrs, slog.String("token_id", in.token))
			}
			level := slog.LevelInfo
			if in.err != nil {
				// The code the caller was sent: a body over its limit is
				// too_large (413), not an internal error.
				status, body := errorBody(in.err)
				code := body.Error.Code
				attrs = append(attrs, slog.String("error_code", code))
				switch {
				case status == http.StatusUnauthorized || status == http.StatusForbidden || status == http.StatusTooManyRequests:
					level = slog.LevelWarn
				}
				if code == verity.EINTERNAL {
					level = slog.LevelError
					// Internal detail is logged, never sent. Only an internal
					// error's: a malformed model answer's message may quote
					// the model, which quotes documents.
					attrs = append(attrs, slog.String("error", in.err.Error()))
				}
			}
			s.log.LogAttrs(r.Context(), level, "request", attrs...)
		}()
		next.ServeHTTP(rec, r)
	})
}

func requestID() string {
	b := make([]byte, 8)
	rand.Read(b)
	return hex.EncodeToString(b)
}
