package render

import (
	"encoding/json"
	"testing"
)

type Inner struct {
	Tags []string `json:"tags"`
	Opt  []string `json:"opt,omitempty"`
}

type outer struct {
	List  []Inner          `json:"list"`
	Ptr   *Inner           `json:"ptr"`
	Map   map[string]Inner `json:"map"`
	Raw   json.RawMessage  `json:"raw"`
	Bytes []byte           `json:"bytes"`
	Skip  []int            `json:"-"`
	Inner
}

func TestFilled(t *testing.T) {
	in := &outer{List: []Inner{{}, {Tags: []string{"a"}}}, Ptr: &Inner{}, Map: map[string]Inner{"k": {}}}
	before, _ := json.Marshal(in)
	got, _ := json.Marshal(Filled(in))
	want := `{"list":[{"tags":[]},{"tags":["a"]}],"ptr":{"tags":[]},"map":{"k":{"tags":[]}},"raw":null,"bytes":null,"tags":[]}`
	if string(got) != want {
		t.Errorf("Filled = %s\nwant     %s", got, want)
	}
	if after, _ := json.Marshal(in); string(after) != string(before) {
		t.Errorf("Filled changed its argument: %s, was %s", after, before)
	}
	if got, _ := json.Marshal(Filled([]*Inner(nil))); string(got) != "[]" {
		t.Errorf("a nil list = %s, want []", got)
	}
	full := &Inner{Tags: []string{"x"}}
	if Filled(full) != any(full) {
		t.Errorf("a value with nothing to fill was copied")
	}
}
