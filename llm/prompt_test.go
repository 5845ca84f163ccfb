package llm_test

import (
	"encoding/json"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/llm"
)

const supportPrompt = `---
name: verify.support
version: 3
description: one claim against one passage
temperature: 0
max_tokens: 50
schema:
  type: object
  required: [label]
  properties:
    label: {type: string, enum: [entailed, neutral, contradicted]}
---
{{define "system"}}You judge support. Answer with JSON.{{end}}
{{define "user"}}
Premise: {{.Premise}}
Hypotheses:
{{range $i, $h := .Hypotheses}}{{inc $i}}. {{$h}}
{{end}}{{end}}
`

func TestPromptRender(t *testing.T) {
	p, err := llm.ParsePrompt("support.md", []byte(supportPrompt))
	if err != nil {
		t.Fatal(err)
	}
	vars := map[string]any{"Premise": "Water boils at 100 °C.", "Hypotheses": []string{"Water boils.", "Ice is hot."}}
	req, err := p.Render(vars)
	if err != nil {
		t.Fatal(err)
	}
	if req.Task != "verify.support" || req.PromptVersion != "verify.support@3" || p.ID() != "verify.support@3" {
		t.Errorf("Render task %q version %q, want verify.support and verify.support@3", req.Task, req.PromptVersion)
	}
	if req.System != "You judge support. Answer with JSON." {
		t.Errorf("Render system = %q", req.System)
	}
	wantUser := "Premise: Water boils at 100 °C.\nHypotheses:\n1. Water boils.\n2. Ice is hot."
	if len(req.Messages) != 1 || req.Messages[0].Role != llm.RoleUser || req.Messages[0].Content != wantUser {
		t.Errorf("Render messages = %+v, want one user message %q", req.Messages, wantUser)
	}
	if req.Temperature == nil || *req.Temperature != 0 || req.MaxTokens != 50 {
		t.Errorf("Render temperature %v max tokens %d, want 0 and 50", req.Temperature, req.MaxTokens)
	}
	var gotVars map[string]any
	if err := json.Unmarshal(req.Vars, &gotVars); err != nil || gotVars["Premise"] != "Water boils at 100 °C." {
		t.Errorf("Render vars = %s, want the vars as JSON", req.Vars)
	}
	if req.Schema == nil || req.Schema.Name != "verify_support" {
		t.Fatalf("Render schema = %+v, want one named verify_support", req.Schema)
	}
	if err := llm.Validate(req.Schema.JSON, json.RawMessage(`{"label":"neutral"}`)); err != nil {
		t.Errorf("the YAML schema rejects a valid answer: %v", err)
	}
	if err := llm.Validate(req.Schema.JSON, json.RawMessage(`{"label":"perhaps"}`)); err == nil {
		t.Error("the YAML schema accepts an answer outside its enum")
	}
}

func TestPromptBodyWithoutDefines(t *testing.T) {
	p, err := llm.ParsePrompt("p.md", []byte("---\nname: judge.yes_no\nversion: 1a\n---\nIs {{.X}} true?\n"))
	if err != nil {
		t.Fatal(err)
	}
	req, err := p.Render(struct{ X string }{"it"})
	if err != nil {
		t.Fatal(err)
	}
	if req.System != "" || req.Messages[0].Content != "Is it true?" || req.PromptVersion != "judge.yes_no@1a" || req.Schema != nil {
		t.Errorf("Render = %+v", req)
	}
}

func TestPromptMissingVarIsAnError(t *testing.T) {
	p, err := llm.ParsePrompt("p.md", []byte("---\nname: a.b\nversion: 1\n---\n{{.Premise}} {{.Hypothesis}}"))
	if err != nil {
		t.Fatal(err)
	}
	_, err = p.Render(map[string]any{"Premise": "p"})
	if got := verity.ErrorCode(err); got != verity.EINVALID {
		t.Errorf("Render with a missing var: error %v, want EINVALID", err)
	}
}

func TestParsePromptRejects(t *testing.T) {
	tests := []struct{ name, in, want string }{
		{"no front matter", "hello", "front matter"},
		{"unclosed front matter", "---\nname: a\nversion: 1\n", "not closed"},
		{"bad yaml", "---\nname: [\n---\nx", "front matter"},
		{"bad name", "---\nname: Verify Support\nversion: 1\n---\nx", "name"},
		{"no version", "---\nname: a.b\n---\nx", "version"},
		{"bad template", "---\nname: a.b\nversion: 1\n---\n{{.X", "template"},
		{"no user message", "---\nname: a.b\nversion: 1\n---\n{{define \"system\"}}s{{end}}\n", "no user message"},
	}
	for _, tt := range tests {
		_, err := llm.ParsePrompt("f.md", []byte(tt.in))
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: ParsePrompt error = %v, want one mentioning %q", tt.name, err, tt.want)
		}
	}
}

func TestLoadPrompts(t *testing.T) {
	fsys := fstest.MapFS{
		"prompts/support.md": {Data: []byte(supportPrompt)},
		"prompts/yes_no.md":  {Data: []byte("---\nname: judge.yes_no\nversion: 2\n---\nIs {{.X}} true?")},
	}
	ps, err := llm.LoadPrompts(fsys, "prompts")
	if err != nil {
		t.Fatal(err)
	}
	if got := ps.String(); got != "judge.yes_no@2, verify.support@3" {
		t.Errorf("LoadPrompts = %s, want judge.yes_no@2, verify.support@3", got)
	}
	if _, err := ps.Render("judge.yes_no", map[string]string{"X": "it"}); err != nil {
		t.Errorf("Render(judge.yes_no) error %v", err)
	}
	if _, err := ps.Render("nope", nil); err == nil {
		t.Error("Render of an unknown prompt succeeded")
	}
	fsys["prompts/dup.md"] = &fstest.MapFile{Data: []byte("---\nname: judge.yes_no\nversion: 3\n---\nx")}
	if _, err := llm.LoadPrompts(fsys, "prompts"); err == nil || !strings.Contains(err.Error(), "second prompt") {
		t.Errorf("LoadPrompts with a duplicate name: %v, want an error", err)
	}
}
