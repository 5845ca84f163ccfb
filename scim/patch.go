package scim

import (
	"encoding/json"
	"net/http"
	"strconv"
	"strings"
)

// patchOp is one operation of a PATCH request, with its op lower-cased
// (identity providers write Add, Replace, Remove) and its path as sent and
// lower-cased.
type patchOp struct {
	op      string
	path    string // lower-cased
	rawPath string
	value   json.RawMessage
}

// readPatch decodes a PatchOp message, refusing an operation SCIM does not
// define and more operations than a request may carry.
func readPatch(r *http.Request) ([]patchOp, error) {
	var body struct {
		Schemas    []string `json:"schemas"`
		Operations []struct {
			Op    string          `json:"op"`
			Path  string          `json:"path"`
			Value json.RawMessage `json:"value"`
		} `json:"Operations"`
	}
	if err := decode(r, &body); err != nil {
		return nil, err
	}
	if len(body.Operations) == 0 {
		return nil, invalid("invalidValue", "a PATCH needs Operations")
	}
	if len(body.Operations) > maxPatchOps {
		return nil, invalid("tooMany", "at most %d operations in one PATCH", maxPatchOps)
	}
	ops := make([]patchOp, 0, len(body.Operations))
	for _, o := range body.Operations {
		op := strings.ToLower(strings.TrimSpace(o.Op))
		if op != "add" && op != "replace" && op != "remove" {
			return nil, invalid("invalidSyntax", "op %q: want add, replace or remove", o.Op)
		}
		path := strings.TrimSpace(o.Path)
		if op == "remove" && path == "" {
			return nil, invalid("noTarget", "remove needs a path")
		}
		ops = append(ops, patchOp{op: op, path: strings.ToLower(path), rawPath: path, value: o.Value})
	}
	return ops, nil
}

// fields are the attributes an add or replace sets: {path: value}, or
// each attribute of an object value when there is no path (Entra ID's
// {"op":"Replace","value":{"active":false}}). Names are lower-cased; a
// core schema's URN prefix is dropped.
func (o patchOp) fields() map[string]json.RawMessage {
	if o.path != "" {
		return map[string]json.RawMessage{stripURN(o.path): o.value}
	}
	var m map[string]json.RawMessage
	if err := json.Unmarshal(o.value, &m); err != nil {
		return nil
	}
	out := make(map[string]json.RawMessage, len(m))
	for k, v := range m {
		out[stripURN(strings.ToLower(k))] = v
	}
	return out
}

func stripURN(p string) string {
	for _, s := range []string{schemaUser, schemaGroup} {
		if rest, ok := strings.CutPrefix(p, strings.ToLower(s)+":"); ok {
			return rest
		}
	}
	return p
}

// memberFilter reads members[value eq "ID"], the path of a removal of one
// member, returning ID.
func memberFilter(rawPath string) (string, bool) {
	p := strings.TrimSpace(rawPath)
	lower := strings.ToLower(p)
	if !strings.HasPrefix(lower, "members[") || !strings.HasSuffix(p, "]") {
		return "", false
	}
	inner := strings.TrimSpace(p[len("members[") : len(p)-1])
	attr, rest, ok := strings.Cut(inner, " ")
	op, v, ok2 := strings.Cut(strings.TrimSpace(rest), " ")
	if !ok || !ok2 || !strings.EqualFold(attr, "value") || !strings.EqualFold(op, "eq") {
		return "", false
	}
	id, err := strconv.Unquote(strings.TrimSpace(v))
	if err != nil {
		return "", false
	}
	return id, true
}

// members reads a members value: a list of {"value": ID}, or one such
// object.
func members(raw json.RawMessage) ([]string, error) {
	var list []struct {
		Value string `json:"value"`
	}
	if err := json.Unmarshal(raw, &list); err != nil {
		var one struct {
			Value string `json:"value"`
		}
		if err := json.Unmarshal(raw, &one); err != nil || one.Value == "" {
			return nil, invalid("invalidValue", "members: want a list of {\"value\": ID}")
		}
		list = append(list, one)
	}
	if len(list) > maxMembersPerOne {
		return nil, invalid("tooMany", "at most %d members in one operation", maxMembersPerOne)
	}
	ids := make([]string, 0, len(list))
	for _, m := range list {
		if strings.TrimSpace(m.Value) == "" {
			return nil, invalid("invalidValue", "a member without a value")
		}
		ids = append(ids, m.Value)
	}
	return ids, nil
}

// flexBool is a boolean as identity providers send it: true, or the
// string "True" (Entra ID).
type flexBool bool

func (b *flexBool) UnmarshalJSON(data []byte) error {
	var v bool
	if err := json.Unmarshal(data, &v); err == nil {
		*b = flexBool(v)
		return nil
	}
	var s string
	if err := json.Unmarshal(data, &s); err != nil {
		return invalid("invalidValue", "want true or false")
	}
	v, err := strconv.ParseBool(strings.ToLower(strings.TrimSpace(s)))
	if err != nil {
		return invalid("invalidValue", "want true or false, got %q", s)
	}
	*b = flexBool(v)
	return nil
}

func jsonString(raw json.RawMessage, s *string) error { return json.Unmarshal(raw, s) }

func jsonValue(raw json.RawMessage, v any) error { return json.Unmarshal(raw, v) }
