// Package http is Verity's HTTP API: a transport over the service layer
// (package kb). Every handler authenticates the request into a
// [verity.Caller] — a bearer token through [kb.Service.Authenticate], a
// trusted authenticating proxy's headers, or the public caller when
// anonymous reading is on — calls one kb method with it, and renders the
// result in the shapes the CLI's --json prints. Errors carry Verity's error
// codes, mapped to HTTP statuses once, in error.go.
//
// This package must never decide who may read or change what (kb does, and
// a handler that checked rights itself would drift from the other
// transports), never reach a store except through kb, never read
// configuration from the environment (cmd/verity passes [Options]), and
// never write a token, a document's text, a title or a query into a log
// line or a metric label.
package http
