package http

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"
)

var update = flag.Bool("update", false, "write openapi.json from the route table and the Go types")

// TestOpenAPIGenerated regenerates the document from the route table, the
// operations' words (openapi_ops_test.go) and the Go types the handlers
// decode and encode, with their doc comments; it fails when openapi.json
// differs (go test ./http -run OpenAPIGenerated -update writes it).
func TestOpenAPIGenerated(t *testing.T) {
	doc, err := generateOpenAPI(New(Options{}).routes)
	if err != nil {
		t.Fatal(err)
	}
	if *update {
		if err := os.WriteFile("openapi.json", doc, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	if !bytes.Equal(doc, openAPIDoc) {
		t.Fatalf("openapi.json is not what the route table and the Go types give: run go test ./http -run OpenAPIGenerated -update")
	}
}

// generateOpenAPI builds the document: one operation per route, each
// request and response type a component schema made from its Go type.
func generateOpenAPI(routes []route) ([]byte, error) {
	g := &schemas{defs: map[string]any{}, names: map[reflect.Type]string{}, comments: map[string]string{}}
	if err := g.readComments(); err != nil {
		return nil, err
	}
	errRef := g.ref(reflect.TypeFor[ErrorBody]())
	paths := map[string]map[string]any{}
	seen := map[string]bool{}
	for _, rt := range routes {
		key := rt.method + " " + rt.path
		op, ok := operations[key]
		if !ok {
			return nil, fmt.Errorf("route %s has no entry in operations (openapi_ops_test.go)", key)
		}
		if seen[op.id] {
			return nil, fmt.Errorf("operationId %s is used twice", op.id)
		}
		seen[op.id] = true
		o := map[string]any{"operationId": op.id, "summary": op.summary, "tags": []string{op.tag()}}
		if op.about != "" {
			o["description"] = op.about
		}
		if op.public {
			o["security"] = []any{}
		}
		var params []any
		for _, p := range op.params {
			params = append(params, p.schema())
		}
		if params != nil {
			o["parameters"] = params
		}
		if rt.body != nil {
			o["requestBody"] = map[string]any{"required": true, "content": map[string]any{
				"application/json": map[string]any{"schema": g.ref(reflect.TypeOf(rt.body))}}}
		} else if op.upload != nil {
			o["requestBody"] = op.upload
		}
		responses := map[string]any{}
		ok200 := map[string]any{"description": op.summary}
		content := map[string]any{}
		switch {
		case op.text:
			content["text/plain"] = map[string]any{"schema": map[string]any{"type": "string"}}
		case op.resp != nil:
			var s any
			if len(op.alt) == 0 {
				s = g.ref(reflect.TypeOf(op.resp))
			} else {
				one := []any{g.ref(reflect.TypeOf(op.resp))}
				for _, a := range op.alt {
					one = append(one, g.ref(reflect.TypeOf(a)))
				}
				s = map[string]any{"oneOf": one}
			}
			content["application/json"] = map[string]any{"schema": s}
		default:
			return nil, fmt.Errorf("operation %s declares no response", key)
		}
		if op.events != nil {
			evs := map[string]any{}
			for name, v := range op.events {
				evs[name] = g.ref(reflect.TypeOf(v))
			}
			content["text/event-stream"] = map[string]any{
				"schema":          map[string]any{"type": "string", "description": "server-sent events (Accept: text/event-stream): each event's data is one line of JSON; x-verity-events gives each event's schema. The stream starts with the first event: a request that fails before it answers with its real status and an Error; a failure after it is an \"error\" event."},
				"x-verity-events": evs,
			}
		}
		ok200["content"] = content
		responses["200"] = ok200
		for _, code := range op.statuses(rt.method, rt.body != nil || op.upload != nil) {
			responses[fmt.Sprint(code)] = map[string]any{"$ref": "#/components/responses/E" + fmt.Sprint(code)}
		}
		o["responses"] = responses
		if paths[rt.path] == nil {
			paths[rt.path] = map[string]any{}
		}
		paths[rt.path][strings.ToLower(rt.method)] = o
	}
	for key := range operations {
		method, path, _ := strings.Cut(key, " ")
		if _, ok := paths[path][strings.ToLower(method)]; !ok {
			return nil, fmt.Errorf("operations documents %s, which no route serves", key)
		}
	}
	errResponses := map[string]any{}
	for code, what := range errorStatuses {
		errResponses["E"+fmt.Sprint(code)] = map[string]any{"description": what,
			"content": map[string]any{"application/json": map[string]any{"schema": errRef}}}
	}
	if err := g.checkConstraints(); err != nil {
		return nil, err
	}
	doc := map[string]any{
		"openapi":    "3.1.0",
		"info":       map[string]any{"title": "Verity API", "version": "1", "description": apiAbout},
		"servers":    []any{map[string]any{"url": "/"}},
		"security":   []any{map[string]any{"bearer": []any{}}},
		"tags":       []any{map[string]any{"name": "api", "description": "the service layer, as the CLI's --json"}, map[string]any{"name": "operations", "description": "probes, metrics and this document"}},
		"paths":      paths,
		"components": map[string]any{"securitySchemes": map[string]any{"bearer": map[string]any{"type": "http", "scheme": "bearer", "bearerFormat": "vty_ID_SECRET"}}, "schemas": g.defs, "responses": errResponses},
	}
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", " ")
	if err := enc.Encode(doc); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// schemas turns Go types into JSON Schemas (draft 2020-12, as OpenAPI 3.1
// has it), one component per named struct type.
type schemas struct {
	defs     map[string]any
	names    map[reflect.Type]string
	comments map[string]string // "pkg.Type.Field" → its doc comment
	used     map[string]bool   // constraints applied
}

// ref is the schema of t: a $ref to its component for a named struct.
func (g *schemas) ref(t reflect.Type) any {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if t.Kind() != reflect.Struct || t.Name() == "" || t == reflect.TypeFor[time.Time]() {
		return g.schema(t)
	}
	name, ok := g.names[t]
	if !ok {
		name = t.Name()
		for _, taken := range g.names {
			if taken == name {
				name = strings.ToUpper(filepath.Base(t.PkgPath())[:1]) + filepath.Base(t.PkgPath())[1:] + t.Name()
			}
		}
		g.names[t] = name
		g.defs[name] = nil // placeholder: recursive types end here
		g.defs[name] = g.object(t)
	}
	return map[string]any{"$ref": "#/components/schemas/" + name}
}

// schema is t's schema, inline.
func (g *schemas) schema(t reflect.Type) map[string]any {
	if t == reflect.TypeFor[time.Time]() {
		return map[string]any{"type": "string", "format": "date-time"}
	}
	if t == reflect.TypeFor[json.RawMessage]() {
		return map[string]any{}
	}
	switch t.Kind() {
	case reflect.Pointer:
		return g.schema(t.Elem())
	case reflect.String:
		if e, ok := enums[t]; ok {
			return map[string]any{"type": "string", "enum": e}
		}
		return map[string]any{"type": "string"}
	case reflect.Bool:
		return map[string]any{"type": "boolean"}
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64, reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return map[string]any{"type": "integer"}
	case reflect.Float32, reflect.Float64:
		return map[string]any{"type": "number"}
	case reflect.Slice, reflect.Array:
		if t.Elem().Kind() == reflect.Uint8 {
			return map[string]any{"type": "string", "contentEncoding": "base64"}
		}
		return map[string]any{"type": "array", "items": g.ref(t.Elem())}
	case reflect.Map:
		return map[string]any{"type": "object", "additionalProperties": g.ref(t.Elem())}
	case reflect.Interface:
		return map[string]any{}
	case reflect.Struct:
		return g.object(t)
	}
	panic("openapi: no schema for " + t.String())
}

// object is a struct's schema: its JSON fields (embedded structs' fields
// folded in, as encoding/json does), closed to others; a field without
// omitempty is required in responses (encoding/json always writes it); a
// pointer without omitempty may be null.
func (g *schemas) object(t reflect.Type) map[string]any {
	props := map[string]any{}
	var required []string
	g.fields(t, props, &required)
	s := map[string]any{"type": "object", "properties": props, "additionalProperties": false}
	if about := g.comments[t.PkgPath()+"."+t.Name()]; about != "" {
		s["description"] = about
	}
	if len(required) > 0 {
		slices.Sort(required)
		s["required"] = required
	}
	return s
}

func (g *schemas) fields(t reflect.Type, props map[string]any, required *[]string) {
	request := strings.HasSuffix(t.Name(), "Request") || t.Name() == "Document"
	for f := range t.Fields() {
		tag := f.Tag.Get("json")
		name, opts, _ := strings.Cut(tag, ",")
		if name == "-" || !f.IsExported() && !f.Anonymous {
			continue
		}
		if f.Anonymous && name == "" {
			et := f.Type
			if et.Kind() == reflect.Pointer {
				et = et.Elem()
			}
			if et.Kind() == reflect.Struct {
				g.fields(et, props, required)
				continue
			}
		}
		if name == "" {
			name = f.Name
		}
		optional := strings.Contains(","+opts+",", ",omitempty,") || strings.Contains(","+opts+",", ",omitzero,")
		var s map[string]any
		if strings.Contains(","+opts+",", ",string,") {
			s = map[string]any{"type": "string"}
		} else if r, ok := g.ref(f.Type).(map[string]any); ok {
			s = r
		}
		if f.Type.Kind() == reflect.Pointer && !optional && !request {
			s = map[string]any{"anyOf": []any{s, map[string]any{"type": "null"}}}
		}
		about := g.comments[t.PkgPath()+"."+t.Name()+"."+f.Name]
		key := t.Name() + "." + name
		if c, ok := constraints[key]; ok {
			if g.used == nil {
				g.used = map[string]bool{}
			}
			g.used[key] = true
			s = c.apply(s)
			if c.about != "" {
				about = c.about
			}
			if c.required {
				*required = append(*required, name)
			}
		}
		if about != "" {
			if _, isRef := s["$ref"]; isRef {
				s = map[string]any{"$ref": s["$ref"], "description": about}
			} else {
				s = maps(s, "description", about)
			}
		}
		props[name] = s
		if !optional && !request {
			*required = append(*required, name)
		}
	}
}

// maps copies s with key set to v.
func maps(s map[string]any, key string, v any) map[string]any {
	out := make(map[string]any, len(s)+1)
	for k, x := range s {
		out[k] = x
	}
	out[key] = v
	return out
}

// checkConstraints fails on a constraint that names no field of a
// documented type: it would silently document nothing.
func (g *schemas) checkConstraints() error {
	for key := range constraints {
		if !g.used[key] {
			return fmt.Errorf("constraints[%q] names no field of a documented type", key)
		}
	}
	return nil
}

// readComments reads the doc comments of the types and fields of every
// package of the module whose types the document may show.
func (g *schemas) readComments() error {
	for _, dir := range []string{"..", "../kb", "../extract", "../summary", "../answer", "../receipt", "."} {
		pkgPath := "github.com/veritykb/verity"
		if dir != ".." {
			pkgPath += "/" + filepath.Base(dir)
			if dir == "." {
				pkgPath = "github.com/veritykb/verity/http"
			}
		}
		files, err := filepath.Glob(filepath.Join(dir, "*.go"))
		if err != nil {
			return err
		}
		fset := token.NewFileSet()
		for _, name := range files {
			if strings.HasSuffix(name, "_test.go") {
				continue
			}
			f, err := parser.ParseFile(fset, name, nil, parser.ParseComments)
			if err != nil {
				return err
			}
			for _, decl := range f.Decls {
				gd, ok := decl.(*ast.GenDecl)
				if !ok || gd.Tok != token.TYPE {
					continue
				}
				for _, spec := range gd.Specs {
					ts := spec.(*ast.TypeSpec)
					doc := ts.Doc
					if doc == nil && len(gd.Specs) == 1 {
						doc = gd.Doc
					}
					if doc != nil {
						g.comments[pkgPath+"."+ts.Name.Name] = sentence(doc.Text())
					}
					st, ok := ts.Type.(*ast.StructType)
					if !ok {
						continue
					}
					for _, fld := range st.Fields.List {
						text := ""
						if fld.Doc != nil {
							text = fld.Doc.Text()
						} else if fld.Comment != nil {
							text = fld.Comment.Text()
						}
						for _, n := range fld.Names {
							if text != "" {
								g.comments[pkgPath+"."+ts.Name.Name+"."+n.Name] = sentence(text)
							}
						}
					}
				}
			}
		}
	}
	return nil
}

// sentence joins a comment's lines into one paragraph.
func sentence(text string) string {
	return strings.Join(strings.Fields(text), " ")
}
