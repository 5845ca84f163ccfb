package llm

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io/fs"
	"path"
	"regexp"
	"slices"
	"strings"
	"text/template"

	"go.yaml.in/yaml/v3"

	"github.com/veritykb/verity"
)

// Prompt is a versioned prompt template, kept as data: one file per prompt,
// embedded by the pipeline that uses it. A file is YAML front matter, then a
// text/template body:
//
//	---
//	name: verify.support        # the task name requests carry
//	version: 3                  # bump on every change that could change answers
//	temperature: 0              # optional
//	max_tokens: 300             # optional
//	schema:                     # optional JSON Schema, written as YAML
//	  type: object
//	  required: [label]
//	  properties:
//	    label: {enum: [entailed, neutral, contradicted]}
//	---
//	{{define "system"}}You check whether ...{{end}}
//	{{define "user"}}Premise: {{.Premise}} ...{{end}}
//
// The "system" template is optional; without a "user" template the body
// outside the defines is the user message. Templates see the vars passed to
// [Prompt.Render]; a missing key is an error, not "<no value>".
type Prompt struct {
	Name        string
	Version     string
	Description string
	Temperature *float64
	MaxTokens   int
	Schema      *Schema

	tmpl *template.Template
}

// ID returns "name@version", what results record as their prompt version.
func (p *Prompt) ID() string { return p.Name + "@" + p.Version }

type frontMatter struct {
	Name        string         `yaml:"name"`
	Version     string         `yaml:"version"`
	Description string         `yaml:"description"`
	Temperature *float64       `yaml:"temperature"`
	MaxTokens   int            `yaml:"max_tokens"`
	Schema      map[string]any `yaml:"schema"`
	Strict      bool           `yaml:"strict"`
}

var promptName = regexp.MustCompile(`^[a-z][a-z0-9_]*(\.[a-z][a-z0-9_]*)*$`)

// templateFuncs are the helpers prompt bodies may use.
var templateFuncs = template.FuncMap{
	"json": func(v any) (string, error) {
		b, err := json.Marshal(v)
		return string(b), err
	},
	"inc":  func(i int) int { return i + 1 },
	"join": strings.Join,
	"trim": strings.TrimSpace,
}

// ParsePrompt parses one prompt file. file names it in errors.
func ParsePrompt(file string, data []byte) (*Prompt, error) {
	fail := func(format string, args ...any) (*Prompt, error) {
		return nil, verity.Errorf(verity.EINVALID, "prompt %s: "+format, append([]any{file}, args...)...)
	}
	text := strings.ReplaceAll(string(data), "\r\n", "\n")
	if !strings.HasPrefix(text, "---\n") {
		return fail("must start with a --- front matter line")
	}
	head, body, ok := strings.Cut(text[len("---\n"):], "\n---\n")
	if !ok {
		return fail("front matter is not closed by a --- line")
	}
	var fm frontMatter
	if err := yaml.Unmarshal([]byte(head), &fm); err != nil {
		return fail("front matter: %v", err)
	}
	if !promptName.MatchString(fm.Name) {
		return fail("name %q must be dotted lowercase words, like verify.support", fm.Name)
	}
	if fm.Version == "" {
		return fail("missing version")
	}
	t, err := template.New(fm.Name).Funcs(templateFuncs).Option("missingkey=error").Parse(body)
	if err != nil {
		return fail("template: %v", err)
	}
	p := &Prompt{Name: fm.Name, Version: fm.Version, Description: fm.Description,
		Temperature: fm.Temperature, MaxTokens: fm.MaxTokens, tmpl: t}
	if fm.Schema != nil {
		raw, err := json.Marshal(fm.Schema)
		if err != nil {
			return fail("schema: %v", err)
		}
		p.Schema = &Schema{Name: strings.ReplaceAll(fm.Name, ".", "_"), JSON: raw, Strict: fm.Strict}
	}
	if t.Lookup("user") == nil && strings.TrimSpace(stripDefines(body)) == "" {
		return fail("no user message: define \"user\" or write the body outside the defines")
	}
	return p, nil
}

var defineBlock = regexp.MustCompile(`(?s)\{\{-?\s*define\s+"[^"]*"\s*-?\}\}.*?\{\{-?\s*end\s*-?\}\}`)

func stripDefines(body string) string { return defineBlock.ReplaceAllString(body, "") }

// Render executes the prompt with vars and returns the request: Task and
// PromptVersion from the file, the system and user messages, the schema
// and sampling settings, and Vars holding vars as JSON for the offline
// engine. Callers add documents, tools and the sample index.
func (p *Prompt) Render(vars any) (*Request, error) {
	rawVars, err := json.Marshal(vars)
	if err != nil {
		return nil, verity.Errorf(verity.EINVALID, "prompt %s: vars: %w", p.ID(), err)
	}
	req := &Request{Task: p.Name, PromptVersion: p.ID(), Vars: rawVars,
		Temperature: p.Temperature, MaxTokens: p.MaxTokens, Schema: p.Schema}
	if p.tmpl.Lookup("system") != nil {
		if req.System, err = p.exec("system", vars); err != nil {
			return nil, err
		}
	}
	user := p.Name
	if p.tmpl.Lookup("user") != nil {
		user = "user"
	}
	text, err := p.exec(user, vars)
	if err != nil {
		return nil, err
	}
	req.Messages = []Message{User(text)}
	return req, nil
}

func (p *Prompt) exec(name string, vars any) (string, error) {
	var b bytes.Buffer
	if err := p.tmpl.ExecuteTemplate(&b, name, vars); err != nil {
		return "", verity.Errorf(verity.EINVALID, "prompt %s: %w", p.ID(), err)
	}
	return strings.TrimSpace(b.String()), nil
}

// Prompts is a set of prompts by name.
type Prompts struct {
	byName map[string]*Prompt
}

// LoadPrompts parses every file directly under dir in fsys (an embed.FS of
// the pipeline) as a prompt. Two files with the same name are an error.
func LoadPrompts(fsys fs.FS, dir string) (*Prompts, error) {
	entries, err := fs.ReadDir(fsys, dir)
	if err != nil {
		return nil, verity.Errorf(verity.EINVALID, "load prompts from %s: %w", dir, err)
	}
	ps := &Prompts{byName: map[string]*Prompt{}}
	for _, e := range entries {
		if e.IsDir() {
			continue
		}
		file := path.Join(dir, e.Name())
		data, err := fs.ReadFile(fsys, file)
		if err != nil {
			return nil, verity.Errorf(verity.EINVALID, "load prompt %s: %w", file, err)
		}
		p, err := ParsePrompt(file, data)
		if err != nil {
			return nil, err
		}
		if _, dup := ps.byName[p.Name]; dup {
			return nil, verity.Errorf(verity.EINVALID, "prompt %s: a second prompt named %s", file, p.Name)
		}
		ps.byName[p.Name] = p
	}
	return ps, nil
}

// MustLoadPrompts is LoadPrompts for package-level variables over embedded
// files, where a broken prompt is a build defect: it panics on error, and
// the package's tests catch it before anyone else can.
func MustLoadPrompts(fsys fs.FS, dir string) *Prompts {
	ps, err := LoadPrompts(fsys, dir)
	if err != nil {
		panic(err)
	}
	return ps
}

// Get returns the prompt called name.
func (ps *Prompts) Get(name string) (*Prompt, bool) {
	p, ok := ps.byName[name]
	return p, ok
}

// Render renders the prompt called name with vars.
func (ps *Prompts) Render(name string, vars any) (*Request, error) {
	p, ok := ps.byName[name]
	if !ok {
		return nil, verity.Errorf(verity.EINTERNAL, "no prompt named %s", name)
	}
	return p.Render(vars)
}

// Names returns the prompt names, sorted.
func (ps *Prompts) Names() []string {
	names := make([]string, 0, len(ps.byName))
	for n := range ps.byName {
		names = append(names, n)
	}
	slices.Sort(names)
	return names
}

// String lists the prompts with their versions.
func (ps *Prompts) String() string {
	var b strings.Builder
	for i, n := range ps.Names() {
		if i > 0 {
			b.WriteString(", ")
		}
		fmt.Fprint(&b, ps.byName[n].ID())
	}
	return b.String()
}
