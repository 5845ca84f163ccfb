package http

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

// The document's promises, checked on every response the tests of this
// package read through env.do: a documented route answers only with 200
// or a status it declares, and every JSON body — a 200's, an error's, each
// server-sent event's data — validates against its schema, whose objects
// are closed: a field a handler sends that the document does not declare
// fails the test that saw it.

const docURL = "https://verity.invalid/openapi.json"

// contract is the document, compiled for checking responses.
type contract struct {
	mux      *http.ServeMux // finds the documented route of a request
	ops      map[string]json.RawMessage
	compiler *jsonschema.Compiler
	mu       sync.Mutex
	compiled map[string]*jsonschema.Schema
}

var loadContract = sync.OnceValues(func() (*contract, error) {
	var doc struct {
		Paths map[string]map[string]json.RawMessage `json:"paths"`
	}
	if err := json.Unmarshal(openAPIDoc, &doc); err != nil {
		return nil, err
	}
	whole, err := jsonschema.UnmarshalJSON(bytes.NewReader(openAPIDoc))
	if err != nil {
		return nil, err
	}
	c := &contract{mux: http.NewServeMux(), ops: map[string]json.RawMessage{}, compiler: jsonschema.NewCompiler(), compiled: map[string]*jsonschema.Schema{}}
	if err := c.compiler.AddResource(docURL, whole); err != nil {
		return nil, err
	}
	for path, ops := range doc.Paths {
		for method, op := range ops {
			pattern := strings.ToUpper(method) + " " + path
			c.ops[pattern] = op
			c.mux.Handle(pattern, http.NotFoundHandler())
		}
	}
	return c, nil
})

// schema compiles the schema at a JSON pointer into the document.
func (c *contract) schema(pointer ...string) (*jsonschema.Schema, error) {
	for i, p := range pointer {
		pointer[i] = strings.ReplaceAll(strings.ReplaceAll(p, "~", "~0"), "/", "~1")
	}
	loc := docURL + "#/" + strings.Join(pointer, "/")
	c.mu.Lock()
	defer c.mu.Unlock()
	if s, ok := c.compiled[loc]; ok {
		return s, nil
	}
	s, err := c.compiler.Compile(loc)
	if err != nil {
		return nil, err
	}
	c.compiled[loc] = s
	return s, nil
}

// conform reports how a response breaks the document, or nil; a request
// to no documented route is not its business.
func conform(method, target string, r response) error {
	c, err := loadContract()
	if err != nil {
		return err
	}
	u, err := url.Parse(target)
	if err != nil {
		return err
	}
	_, pattern := c.mux.Handler(&http.Request{Method: method, URL: u, Host: "verity.invalid"})
	raw, ok := c.ops[pattern]
	if !ok || !strings.HasPrefix(pattern, method+" ") {
		return nil
	}
	path := strings.TrimPrefix(pattern, method+" ")
	var op struct {
		Responses map[string]struct {
			Content map[string]json.RawMessage `json:"content"`
		} `json:"responses"`
	}
	if err := json.Unmarshal(raw, &op); err != nil {
		return err
	}
	status := fmt.Sprint(r.status)
	if _, ok := op.Responses[status]; !ok {
		return fmt.Errorf("%s answered %d, which the document does not declare for it", pattern, r.status)
	}
	ct := r.header.Get("Content-Type")
	low := strings.ToLower(method)
	switch {
	case strings.HasPrefix(ct, "application/json"):
		if r.status != http.StatusOK {
			// Error responses are $refs to components.responses.
			s, err := c.schema("components", "schemas", "ErrorBody")
			if err != nil {
				return err
			}
			return validate(s, r.body, pattern, status)
		}
		s, err := c.schema("paths", path, low, "responses", status, "content", "application/json", "schema")
		if err != nil {
			return err
		}
		return validate(s, r.body, pattern, status)
	case strings.HasPrefix(ct, "text/event-stream"):
		if _, ok := op.Responses[status].Content["text/event-stream"]; !ok {
			return fmt.Errorf("%s answered with events, which the document does not declare", pattern)
		}
		for _, block := range strings.Split(strings.TrimSpace(r.body), "\n\n") {
			var name, data string
			for line := range strings.SplitSeq(block, "\n") {
				if v, ok := strings.CutPrefix(line, "event: "); ok {
					name = v
				}
				if v, ok := strings.CutPrefix(line, "data: "); ok {
					data = v
				}
			}
			s, err := c.schema("paths", path, low, "responses", status, "content", "text/event-stream", "x-verity-events", name)
			if err != nil {
				return fmt.Errorf("%s sent event %q, which the document does not declare: %v", pattern, name, err)
			}
			if err := validate(s, data, pattern, "event "+name); err != nil {
				return err
			}
		}
	}
	return nil
}

func validate(s *jsonschema.Schema, body, pattern, what string) error {
	inst, err := jsonschema.UnmarshalJSON(strings.NewReader(body))
	if err != nil {
		return fmt.Errorf("%s %s: the body is not JSON: %v", pattern, what, err)
	}
	if err := s.Validate(inst); err != nil {
		return fmt.Errorf("%s %s does not fit the document: %v\n%.2000s", pattern, what, err, body)
	}
	return nil
}

// TestContractFails checks that the check can fail: a field no schema
// declares, a status the route does not declare, an event of no name.
func TestContractFails(t *testing.T) {
	h := http.Header{"Content-Type": {"application/json"}}
	cases := []struct {
		method, path string
		r            response
	}{
		{"GET", "/api/v1/search?q=x", response{200, h, `{"results":[],"hints":[],"score":1}`}},
		{"GET", "/api/v1/search?q=x", response{200, h, `{"results":null,"hints":[]}`}},
		{"GET", "/healthz", response{409, h, `{"error":{"code":"conflict","message":"x"}}`}},
		{"GET", "/api/v1/sources", response{400, h, `{"error":{"code":"invalid"}}`}},
		{"POST", "/api/v1/ask", response{200, http.Header{"Content-Type": {"text/event-stream"}}, "event: gossip\ndata: {}\n\n"}},
	}
	for _, c := range cases {
		if err := conform(c.method, c.path, c.r); err == nil {
			t.Errorf("%s %s %d %s conforms; want an error", c.method, c.path, c.r.status, c.r.body)
		}
	}
	if err := conform("GET", "/api/v1/search?q=x", response{200, h, `{"results":[],"hints":[]}`}); err != nil {
		t.Errorf("an empty search result: %v", err)
	}
}
