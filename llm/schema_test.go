package llm_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/veritykb/verity/llm"
)

func TestValidate(t *testing.T) {
	schema := json.RawMessage(`{
		"type": "object",
		"required": ["label", "votes"],
		"additionalProperties": false,
		"properties": {
			"label": {"type": "string", "enum": ["yes", "no"]},
			"votes": {"type": "array", "minItems": 1, "maxItems": 3, "items": {"type": "integer", "minimum": 0, "maximum": 5}},
			"note": {"type": ["string", "null"], "minLength": 2},
			"kind": {"anyOf": [{"const": "a"}, {"type": "number"}]}
		}
	}`)
	tests := []struct {
		in      string
		wantErr string // "" for valid
	}{
		{`{"label":"yes","votes":[1,2]}`, ""},
		{`{"label":"no","votes":[0],"note":null,"kind":"a"}`, ""},
		{`{"label":"no","votes":[5.0],"kind":3.5}`, ""},
		{`{"votes":[1]}`, `missing the required field "label"`},
		{`{"label":"maybe","votes":[1]}`, `$.label must be one of`},
		{`{"label":"yes","votes":[]}`, `at least 1 items`},
		{`{"label":"yes","votes":[1,2,3,4]}`, `at most 3 items`},
		{`{"label":"yes","votes":[1.5]}`, `$.votes[0] must be of type integer`},
		{`{"label":"yes","votes":[9]}`, `at most 5`},
		{`{"label":"yes","votes":[1],"extra":1}`, `"extra" that the schema does not allow`},
		{`{"label":"yes","votes":[1],"note":"x"}`, `at least 2 characters`},
		{`{"label":"yes","votes":[1],"kind":"b"}`, `$.kind must be "a"`},
		{`["yes"]`, `$ must be of type object, not array`},
		{`{"label":"yes"`, `not valid JSON`},
	}
	for _, tt := range tests {
		err := llm.Validate(schema, json.RawMessage(tt.in))
		switch {
		case tt.wantErr == "" && err != nil:
			t.Errorf("Validate(%s) = %v, want valid", tt.in, err)
		case tt.wantErr != "" && err == nil:
			t.Errorf("Validate(%s) = valid, want an error with %q", tt.in, tt.wantErr)
		case tt.wantErr != "" && !strings.Contains(err.Error(), tt.wantErr):
			t.Errorf("Validate(%s) = %q, want it to contain %q", tt.in, err, tt.wantErr)
		}
	}
}
