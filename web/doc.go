// Package web is Verity's web UI: plain HTML, CSS and JavaScript modules
// embedded in the binary, and the handler that serves them at / (and at
// /sources/ID for deep links into a source). verity serve passes it to the
// HTTP API as its UI, behind the API's own routes.
//
// The pages are a client of the JSON API (/api/v1/...) like any other:
// they send the caller's bearer token, or none behind a trusted proxy or
// for anonymous reading, and show what the API answers. This package must
// never decide who may read or change what (the service layer does, and
// the pages only hide what GET /api/v1/rights says the caller cannot do),
// never reach a store or another transport, and never put a document's
// text or a model's output into the page as HTML: the scripts build every
// element with textContent, under a Content-Security-Policy that allows no
// inline script or style. [Options] tell the page how the server lets
// callers in, only so that it does not ask who a visitor without a token
// is where the answer could only be 401. Only cmd/verity imports it.
package web
