package mcp

import (
	"bytes"
	"io"
	"net/http"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/kb"
)

// Handler serves the tools over MCP's streamable HTTP for caller, who the
// request authenticated as. It is stateless — every request gets a server
// of its own, so no session outlives or crosses a caller — and answers in
// JSON. A JSON-RPC batch (a body that is an array) is refused with 400: the
// protocol dropped batches (version 2025-06-18), and a batch would run any
// number of tool calls under one request's rate limit and bounds.
func Handler(svc *kb.Service, caller verity.Caller, opt Options) http.Handler {
	h := sdk.NewStreamableHTTPHandler(func(*http.Request) *sdk.Server {
		return NewServer(svc, caller, opt)
	}, &sdk.StreamableHTTPOptions{Stateless: true, JSONResponse: true, Logger: opt.Log})
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method == http.MethodPost {
			body, err := io.ReadAll(r.Body)
			if err != nil {
				// The server's bound on bodies: the transport it is mounted
				// on answers 413.
				http.Error(w, "request body larger than the limit", http.StatusRequestEntityTooLarge)
				return
			}
			if t := bytes.TrimLeft(body, " \t\r\n"); len(t) > 0 && t[0] == '[' {
				http.Error(w, "JSON-RPC batches are not accepted: send one request per HTTP request (MCP 2025-06-18 has no batches)", http.StatusBadRequest)
				return
			}
			r.Body = io.NopCloser(bytes.NewReader(body))
		}
		h.ServeHTTP(w, r)
	})
}
