package http

import (
	_ "embed"
	"encoding/json"
	"net/http"
)

// openAPIDoc documents every endpoint and request body: written first, by
// hand, and checked against the route table by openapi_test.go.
//
//go:embed openapi.json
var openAPIDoc []byte

// openAPI is GET /api/v1/openapi.json.
func (s *Server) openAPI(w http.ResponseWriter, r *http.Request) (any, error) {
	return json.RawMessage(openAPIDoc), nil
}
