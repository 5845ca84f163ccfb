package http

import (
	"encoding/json"
	"reflect"
	"slices"
	"strings"
	"testing"
)

// openAPI is the part of the document the checks read.
type openAPI struct {
	OpenAPI string                                `json:"openapi"`
	Paths   map[string]map[string]json.RawMessage `json:"paths"`
	Comps   struct {
		Schemas map[string]struct {
			Properties map[string]json.RawMessage `json:"properties"`
			Required   []string                   `json:"required"`
			Additional *bool                      `json:"additionalProperties"`
		} `json:"schemas"`
	} `json:"components"`
}

type docOperation struct {
	Body *struct {
		Content map[string]struct {
			Schema struct {
				Ref string `json:"$ref"`
			} `json:"schema"`
		} `json:"content"`
	} `json:"requestBody"`
}

// TestOpenAPI checks the document against the route table both ways: every
// route documented with its method, every documented path and method
// registered, and every JSON request body documented with exactly the
// fields its Go type decodes (no more, no fewer), closed to others.
func TestOpenAPI(t *testing.T) {
	var doc openAPI
	if err := json.Unmarshal(openAPIDoc, &doc); err != nil {
		t.Fatalf("openapi.json does not parse: %v", err)
	}
	if doc.OpenAPI != "3.1.0" {
		t.Errorf("openapi = %q, want 3.1.0", doc.OpenAPI)
	}
	s := New(Options{})
	registered := map[string]route{}
	for _, rt := range s.routes {
		key := strings.ToLower(rt.method) + " " + rt.path
		if _, dup := registered[key]; dup {
			t.Errorf("route %s registered twice", key)
		}
		registered[key] = rt
		ops, ok := doc.Paths[rt.path]
		if !ok {
			t.Errorf("route %s %s is not in openapi.json", rt.method, rt.path)
			continue
		}
		raw, ok := ops[strings.ToLower(rt.method)]
		if !ok {
			t.Errorf("route %s %s: openapi.json documents %v for the path, not %s", rt.method, rt.path, keysOf(ops), rt.method)
			continue
		}
		var op docOperation
		if err := json.Unmarshal(raw, &op); err != nil {
			t.Fatalf("%s %s: %v", rt.method, rt.path, err)
		}
		checkBody(t, doc, rt, op)
	}
	for path, ops := range doc.Paths {
		for method := range ops {
			if _, ok := registered[method+" "+path]; !ok {
				t.Errorf("openapi.json documents %s %s, which no route serves", strings.ToUpper(method), path)
			}
		}
	}
}

func checkBody(t *testing.T, doc openAPI, rt route, op docOperation) {
	t.Helper()
	if rt.body == nil {
		if op.Body != nil {
			if _, ok := op.Body.Content["application/json"]; ok {
				t.Errorf("%s %s documents a JSON body, but its handler decodes none", rt.method, rt.path)
			}
		}
		return
	}
	if op.Body == nil {
		t.Errorf("%s %s decodes %T but documents no request body", rt.method, rt.path, rt.body)
		return
	}
	ref := op.Body.Content["application/json"].Schema.Ref
	name := strings.TrimPrefix(ref, "#/components/schemas/")
	schema, ok := doc.Comps.Schemas[name]
	if !ok {
		t.Errorf("%s %s: request body schema %q not found", rt.method, rt.path, ref)
		return
	}
	want := jsonFields(reflect.TypeOf(rt.body))
	got := keysOf(schema.Properties)
	if !slices.Equal(got, want) {
		t.Errorf("%s %s: schema %s has fields %v, the Go type %T decodes %v", rt.method, rt.path, name, got, rt.body, want)
	}
	if schema.Additional == nil || *schema.Additional {
		t.Errorf("schema %s must say additionalProperties: false (unknown fields are refused)", name)
	}
	for _, r := range schema.Required {
		if !slices.Contains(want, r) {
			t.Errorf("schema %s requires %q, which %T does not have", name, r, rt.body)
		}
	}
}

// jsonFields lists the JSON names of a struct type's fields, sorted.
func jsonFields(t reflect.Type) []string {
	var out []string
	for f := range t.Fields() {
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		if name == "-" {
			continue
		}
		if name == "" {
			name = f.Name
		}
		out = append(out, name)
	}
	slices.Sort(out)
	return out
}

func keysOf[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}
