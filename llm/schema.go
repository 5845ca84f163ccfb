package llm

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"sort"
	"strings"
)

// Validate checks the JSON value raw against a JSON Schema, within the
// subset that structured-output prompts use: type (one or a list), enum,
// const, properties, required, additionalProperties false, items, minItems,
// maxItems, minimum, maximum, minLength, anyOf. Other keywords are ignored,
// so Validate may accept what a full validator would reject, never the
// reverse. Errors name the path, in words meant to be shown to the model.
func Validate(schema, raw json.RawMessage) error {
	var s map[string]any
	if err := json.Unmarshal(schema, &s); err != nil {
		return fmt.Errorf("invalid schema: %v", err)
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return fmt.Errorf("the reply is not valid JSON: %v", err)
	}
	return validate(s, v, "$")
}

func validate(s map[string]any, v any, path string) error {
	if t, ok := s["type"]; ok {
		var types []string
		switch t := t.(type) {
		case string:
			types = []string{t}
		case []any:
			for _, x := range t {
				if str, ok := x.(string); ok {
					types = append(types, str)
				}
			}
		}
		if len(types) > 0 && !slices.ContainsFunc(types, func(t string) bool { return hasType(v, t) }) {
			return fmt.Errorf("%s must be of type %s, not %s", path, strings.Join(types, " or "), typeName(v))
		}
	}
	if e, ok := s["enum"].([]any); ok {
		if !slices.ContainsFunc(e, func(x any) bool { return jsonEqual(x, v) }) {
			return fmt.Errorf("%s must be one of %s, not %s", path, render(e), render(v))
		}
	}
	if c, ok := s["const"]; ok && !jsonEqual(c, v) {
		return fmt.Errorf("%s must be %s, not %s", path, render(c), render(v))
	}
	if alts, ok := s["anyOf"].([]any); ok {
		var first error
		matched := false
		for _, a := range alts {
			if as, ok := a.(map[string]any); ok {
				err := validate(as, v, path)
				if err == nil {
					matched = true
					break
				}
				if first == nil {
					first = err
				}
			}
		}
		if !matched && first != nil {
			return first
		}
	}
	switch v := v.(type) {
	case map[string]any:
		return validateObject(s, v, path)
	case []any:
		if n, ok := number(s["minItems"]); ok && float64(len(v)) < n {
			return fmt.Errorf("%s must have at least %v items, not %d", path, n, len(v))
		}
		if n, ok := number(s["maxItems"]); ok && float64(len(v)) > n {
			return fmt.Errorf("%s must have at most %v items, not %d", path, n, len(v))
		}
		if items, ok := s["items"].(map[string]any); ok {
			for i, x := range v {
				if err := validate(items, x, fmt.Sprintf("%s[%d]", path, i)); err != nil {
					return err
				}
			}
		}
	case json.Number:
		f, _ := v.Float64()
		if n, ok := number(s["minimum"]); ok && f < n {
			return fmt.Errorf("%s must be at least %v, not %v", path, n, v)
		}
		if n, ok := number(s["maximum"]); ok && f > n {
			return fmt.Errorf("%s must be at most %v, not %v", path, n, v)
		}
	case string:
		if n, ok := number(s["minLength"]); ok && float64(len([]rune(v))) < n {
			return fmt.Errorf("%s must be at least %v characters long", path, n)
		}
	}
	return nil
}

func validateObject(s map[string]any, v map[string]any, path string) error {
	if req, ok := s["required"].([]any); ok {
		for _, r := range req {
			if name, ok := r.(string); ok {
				if _, ok := v[name]; !ok {
					return fmt.Errorf("%s is missing the required field %q", path, name)
				}
			}
		}
	}
	props, _ := s["properties"].(map[string]any)
	keys := make([]string, 0, len(v))
	for k := range v {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		ps, ok := props[k].(map[string]any)
		if !ok {
			if ap, ok := s["additionalProperties"].(bool); ok && !ap {
				return fmt.Errorf("%s has a field %q that the schema does not allow", path, k)
			}
			continue
		}
		if err := validate(ps, v[k], path+"."+k); err != nil {
			return err
		}
	}
	return nil
}

func hasType(v any, t string) bool {
	switch t {
	case "object":
		_, ok := v.(map[string]any)
		return ok
	case "array":
		_, ok := v.([]any)
		return ok
	case "string":
		_, ok := v.(string)
		return ok
	case "boolean":
		_, ok := v.(bool)
		return ok
	case "null":
		return v == nil
	case "number":
		_, ok := v.(json.Number)
		return ok
	case "integer":
		n, ok := v.(json.Number)
		if !ok {
			return false
		}
		if _, err := n.Int64(); err == nil {
			return true
		}
		f, err := n.Float64()
		return err == nil && f == float64(int64(f))
	}
	return true // an unknown type name constrains nothing here
}

func typeName(v any) string {
	switch v.(type) {
	case map[string]any:
		return "object"
	case []any:
		return "array"
	case string:
		return "string"
	case bool:
		return "boolean"
	case json.Number:
		return "number"
	case nil:
		return "null"
	}
	return fmt.Sprintf("%T", v)
}

func number(x any) (float64, bool) {
	switch x := x.(type) {
	case float64:
		return x, true
	case json.Number:
		f, err := x.Float64()
		return f, err == nil
	}
	return 0, false
}

// jsonEqual compares a schema value (decoded with float64 numbers) with an
// instance value (decoded with json.Number).
func jsonEqual(a, b any) bool {
	return render(a) == render(b)
}

func render(x any) string {
	if n, ok := x.(json.Number); ok {
		f, err := n.Float64()
		if err == nil {
			x = f
		}
	}
	b, err := json.Marshal(x)
	if err != nil {
		return fmt.Sprint(x)
	}
	return string(b)
}
