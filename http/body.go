package http

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"mime"
	"net/http"
	"strconv"
	"strings"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/render"
)

// writeJSON writes v with status as the response, not escaping HTML (the
// CLI's --json does not either; the content type says it is JSON).
func writeJSON(w http.ResponseWriter, status int, v any) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(render.Filled(v)); err != nil {
		status = http.StatusInternalServerError
		b.Reset()
		b.WriteString(`{"error":{"code":"internal","message":"internal error"}}` + "\n")
	}
	h := w.Header()
	h.Set("Content-Type", "application/json; charset=utf-8")
	h.Set("Content-Length", strconv.Itoa(b.Len()))
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	w.Write(b.Bytes())
}

// decode reads r's body, at most max bytes, into v: one JSON object and
// nothing after it, with no field v does not have. A body declared as
// anything but JSON (a form, which curl -d sends unless told otherwise)
// is refused with 415 before it is read: the API's bodies are JSON only.
func decode(w http.ResponseWriter, r *http.Request, max int64, v any) error {
	if err := jsonBody(r); err != nil {
		return err
	}
	body := http.MaxBytesReader(w, r.Body, max)
	dec := json.NewDecoder(body)
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		var mb *http.MaxBytesError
		switch {
		case errors.As(err, &mb):
			return err
		case errors.Is(err, io.EOF):
			return verity.Errorf(verity.EINVALID, "the request needs a JSON body")
		}
		return verity.Errorf(verity.EINVALID, "request body: %s", jsonProblem(err))
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		var mb *http.MaxBytesError
		if errors.As(err, &mb) {
			return err
		}
		return verity.Errorf(verity.EINVALID, "request body: one JSON object, nothing after it")
	}
	return nil
}

// jsonProblem says what is wrong with a body in words that quote none of it.
func jsonProblem(err error) string {
	var syn *json.SyntaxError
	var typ *json.UnmarshalTypeError
	switch {
	case errors.As(err, &syn):
		return "not valid JSON at byte " + itoa(syn.Offset)
	case errors.As(err, &typ):
		return "field " + strconv.Quote(typ.Field) + " must be " + typ.Type.String()
	case strings.HasPrefix(err.Error(), "json: unknown field "):
		return strings.TrimPrefix(err.Error(), "json: ")
	}
	return "not a JSON object"
}

// query reads URL query parameters, collecting the first malformed one.
type query struct {
	r   *http.Request
	err error
}

func (q *query) str(name string) string { return q.r.URL.Query().Get(name) }

func (q *query) int(name string, def int) int {
	v := q.str(name)
	if v == "" {
		return def
	}
	n, err := strconv.Atoi(v)
	if err != nil && q.err == nil {
		q.err = verity.Errorf(verity.EINVALID, "query parameter %s must be a whole number, got %q", name, v)
	}
	return n
}

func (q *query) int64(name string) int64 {
	v := q.str(name)
	if v == "" {
		return 0
	}
	n, err := strconv.ParseInt(v, 10, 64)
	if err != nil && q.err == nil {
		q.err = verity.Errorf(verity.EINVALID, "query parameter %s must be a whole number, got %q", name, v)
	}
	return n
}

func (q *query) bool(name string) bool {
	v := q.str(name)
	if v == "" {
		return false
	}
	b, err := strconv.ParseBool(v)
	if err != nil && q.err == nil {
		q.err = verity.Errorf(verity.EINVALID, "query parameter %s must be true or false, got %q", name, v)
	}
	return b
}

func itoa(n int64) string { return strconv.FormatInt(n, 10) }

// errNotJSON refuses a body of another media type.
var errNotJSON = verity.Errorf(codeUnsupportedMedia, "send the body as JSON with Content-Type: application/json (with curl: -H 'Content-Type: application/json')")

// jsonBody checks r's Content-Type: absent, application/json, or a
// +json type.
func jsonBody(r *http.Request) error {
	ct := strings.TrimSpace(r.Header.Get("Content-Type"))
	if ct == "" {
		return nil
	}
	mt, _, err := mime.ParseMediaType(ct)
	if err != nil || (mt != "application/json" && !strings.HasSuffix(mt, "+json")) {
		return errNotJSON
	}
	return nil
}
