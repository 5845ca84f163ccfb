package scim

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"strconv"
	"strings"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/kb"
)

// The schemas and messages of SCIM 2.0.
const (
	schemaUser       = "urn:ietf:params:scim:schemas:core:2.0:User"
	schemaGroup      = "urn:ietf:params:scim:schemas:core:2.0:Group"
	schemaList       = "urn:ietf:params:scim:api:messages:2.0:ListResponse"
	schemaError      = "urn:ietf:params:scim:api:messages:2.0:Error"
	schemaPatch      = "urn:ietf:params:scim:api:messages:2.0:PatchOp"
	schemaConfig     = "urn:ietf:params:scim:schemas:core:2.0:ServiceProviderConfig"
	schemaResource   = "urn:ietf:params:scim:schemas:core:2.0:ResourceType"
	schemaSchema     = "urn:ietf:params:scim:schemas:core:2.0:Schema"
	contentType      = "application/scim+json"
	defaultCount     = 100
	maxCount         = 1000
	maxPatchOps      = 1000
	maxMembersPerOne = 10000
)

// Prefix is where the handler is mounted.
const Prefix = "/scim/v2"

// Options configure the handler.
type Options struct {
	Log *slog.Logger // refusals and failures, never a token; discarded when nil
}

// handler serves SCIM over a service.
type handler struct {
	svc *kb.Service
	log *slog.Logger
	mux *http.ServeMux
}

// Handler returns the SCIM 2.0 endpoint, to be mounted at [Prefix]/ behind
// the server's bounds (body size, rate, time).
func Handler(svc *kb.Service, opt Options) http.Handler {
	h := &handler{svc: svc, log: opt.Log, mux: http.NewServeMux()}
	if h.log == nil {
		h.log = slog.New(slog.DiscardHandler)
	}
	for pattern, fn := range map[string]func(w http.ResponseWriter, r *http.Request, c verity.Caller) error{
		"GET /ServiceProviderConfig": h.config,
		"GET /ResourceTypes":         h.resourceTypes,
		"GET /ResourceTypes/{id}":    h.resourceType,
		"GET /Schemas":               h.schemas,
		"GET /Schemas/{id}":          h.schema,
		"GET /Users":                 h.listUsers,
		"POST /Users":                h.createUser,
		"GET /Users/{id}":            h.getUser,
		"PUT /Users/{id}":            h.replaceUser,
		"PATCH /Users/{id}":          h.patchUser,
		"DELETE /Users/{id}":         h.deleteUser,
		"GET /Groups":                h.listGroups,
		"POST /Groups":               h.createGroup,
		"GET /Groups/{id}":           h.getGroup,
		"PUT /Groups/{id}":           h.replaceGroup,
		"PATCH /Groups/{id}":         h.patchGroup,
		"DELETE /Groups/{id}":        h.deleteGroup,
	} {
		method, path, _ := strings.Cut(pattern, " ")
		h.mux.Handle(method+" "+Prefix+path, h.serve(fn))
	}
	h.mux.Handle(Prefix+"/", http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		writeError(w, http.StatusNotFound, "", "no such SCIM endpoint: "+r.Method+" "+r.URL.Path)
	}))
	return h.mux
}

// serve authenticates the request with a SCIM token and runs fn.
func (h *handler) serve(fn func(w http.ResponseWriter, r *http.Request, c verity.Caller) error) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		scheme, token, ok := strings.Cut(r.Header.Get("Authorization"), " ")
		if !ok || !strings.EqualFold(scheme, "Bearer") {
			w.Header().Set("WWW-Authenticate", `Bearer realm="verity-scim"`)
			writeError(w, http.StatusUnauthorized, "", "authentication required: send Authorization: Bearer TOKEN (verity token create --scim)")
			return
		}
		c, err := h.svc.AuthenticateSCIM(r.Context(), strings.TrimSpace(token))
		if err != nil {
			h.fail(w, r, err)
			return
		}
		if err := fn(w, r, c); err != nil {
			h.fail(w, r, err)
		}
	})
}

// fail answers err as a SCIM error: the status its code maps to, and
// scimType where SCIM names one.
func (h *handler) fail(w http.ResponseWriter, r *http.Request, err error) {
	var tooLarge *http.MaxBytesError
	status, scimType := http.StatusInternalServerError, ""
	switch code := verity.ErrorCode(err); {
	case errors.As(err, &tooLarge):
		status, scimType = http.StatusRequestEntityTooLarge, "tooMany"
	case code == verity.EINVALID:
		status, scimType = http.StatusBadRequest, "invalidValue"
	case code == verity.ENOTFOUND:
		status = http.StatusNotFound
	case code == verity.ECONFLICT:
		status, scimType = http.StatusConflict, "uniqueness"
	case code == verity.EFORBIDDEN:
		status = http.StatusForbidden
	case code == verity.EUNAUTHORIZED:
		status = http.StatusUnauthorized
	}
	msg := verity.ErrorMessage(err)
	if se := (*scimError)(nil); errors.As(err, &se) {
		status, scimType, msg = se.status, se.scimType, se.msg
	}
	// The log names the route, not the path: a path holds a user's email.
	if status == http.StatusInternalServerError {
		h.log.Error("scim request failed", "method", r.Method, "route", r.Pattern, "err", err)
		msg = "internal error"
	} else {
		h.log.Info("scim request refused", "method", r.Method, "route", r.Pattern, "status", status)
	}
	writeError(w, status, scimType, msg)
}

// Refuse writes a refusal the server makes before a request reaches the
// handler (rate limited, too many in flight, a body too large) in SCIM's
// error format: the http.Mount's Refuse.
func Refuse(w http.ResponseWriter, status int, message string) {
	writeError(w, status, "", message)
}

// scimError is an error with SCIM's own status and type.
type scimError struct {
	status   int
	scimType string
	msg      string
}

func (e *scimError) Error() string { return e.msg }

func invalid(scimType, format string, args ...any) error {
	return &scimError{status: http.StatusBadRequest, scimType: scimType, msg: fmt.Sprintf(format, args...)}
}

func writeError(w http.ResponseWriter, status int, scimType, detail string) {
	body := map[string]any{"schemas": []string{schemaError}, "status": strconv.Itoa(status), "detail": detail}
	if scimType != "" {
		body["scimType"] = scimType
	}
	write(w, status, body)
}

func write(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", contentType)
	w.WriteHeader(status)
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(v)
}

// decode reads a JSON body (application/scim+json or application/json).
func decode(r *http.Request, v any) error {
	if ct := r.Header.Get("Content-Type"); ct != "" {
		mt, _, _ := strings.Cut(ct, ";")
		if mt = strings.TrimSpace(strings.ToLower(mt)); mt != contentType && mt != "application/json" {
			return &scimError{status: http.StatusUnsupportedMediaType, msg: "send application/scim+json"}
		}
	}
	dec := json.NewDecoder(r.Body)
	if err := dec.Decode(v); err != nil {
		var tooLarge *http.MaxBytesError
		if errors.As(err, &tooLarge) {
			return err
		}
		if errors.Is(err, io.EOF) {
			return invalid("invalidSyntax", "the request has no body")
		}
		return invalid("invalidSyntax", "the body is not valid JSON: %v", err)
	}
	return nil
}

// page reads startIndex and count (RFC 7644 3.4.2.4) and slices n items.
func page(r *http.Request, n int) (start, end, index int, err error) {
	q := r.URL.Query()
	index, count := 1, defaultCount
	if s := q.Get("startIndex"); s != "" {
		if index, err = strconv.Atoi(s); err != nil {
			return 0, 0, 0, invalid("invalidValue", "startIndex %q is not a number", s)
		}
		index = max(index, 1)
	}
	if s := q.Get("count"); s != "" {
		if count, err = strconv.Atoi(s); err != nil {
			return 0, 0, 0, invalid("invalidValue", "count %q is not a number", s)
		}
		count = min(max(count, 0), maxCount)
	}
	start = min(index-1, n)
	end = min(start+count, n)
	return start, end, index, nil
}

// writePage answers a query with the page of items the request's
// startIndex and count select, each as its resource.
func writePage[T any](w http.ResponseWriter, r *http.Request, items []T, resource func(T) map[string]any) error {
	start, end, index, err := page(r, len(items))
	if err != nil {
		return err
	}
	var res []any
	for _, it := range items[start:end] {
		res = append(res, resource(it))
	}
	write(w, http.StatusOK, listResponse(len(items), index, res))
	return nil
}

// listResponse is SCIM's answer to a query.
func listResponse(total, index int, resources []any) map[string]any {
	if resources == nil {
		resources = []any{}
	}
	return map[string]any{"schemas": []string{schemaList}, "totalResults": total, "startIndex": index, "itemsPerPage": len(resources), "Resources": resources}
}

// filter reads the one filter form identity providers send: ATTR eq
// "VALUE", with attributes from allowed (case-insensitive, as SCIM's
// attribute names are). An empty filter is ("", "").
func filter(r *http.Request, allowed ...string) (attr, value string, err error) {
	f := strings.TrimSpace(r.URL.Query().Get("filter"))
	if f == "" {
		return "", "", nil
	}
	a, rest, ok := strings.Cut(f, " ")
	op, v, ok2 := strings.Cut(strings.TrimSpace(rest), " ")
	v = strings.TrimSpace(v)
	if !ok || !ok2 || !strings.EqualFold(op, "eq") || len(v) < 2 || v[0] != '"' || v[len(v)-1] != '"' {
		return "", "", invalid("invalidFilter", "filter %q: this server supports ATTRIBUTE eq \"VALUE\"", f)
	}
	unq, err := strconv.Unquote(v)
	if err != nil {
		return "", "", invalid("invalidFilter", "filter %q: a bad string", f)
	}
	for _, al := range allowed {
		if strings.EqualFold(a, al) {
			return al, unq, nil
		}
	}
	return "", "", invalid("invalidFilter", "filter on %q is not supported: use one of %s", a, strings.Join(allowed, ", "))
}

// meta is a resource's meta attribute.
func meta(kind, id string, created, updated interface{ Format(string) string }) map[string]any {
	loc := Prefix + "/" + kind + "s/" + id
	return map[string]any{"resourceType": kind, "created": created.Format("2006-01-02T15:04:05Z"), "lastModified": updated.Format("2006-01-02T15:04:05Z"), "location": loc}
}
