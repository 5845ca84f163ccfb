package verity_test

import (
	"go/parser"
	"go/token"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

const mod = "github.com/veritykb/verity"

// Package groups of the layout (see STYLE.md). Stores and model providers
// are adapters; transports are adapters over the service layer.
var (
	stores     = []string{"/sqlite", "/postgres", sqlCore, "/queue"}
	models     = []string{"/llm/openai", "/llm/anthropic", "/llm/offline", "/llm/nli"}
	transports = []string{"/http", "/mcp", "/web"}
	// Pipelines, the service layer, the evaluation harnesses and the demo's
	// script take their stores and models as interfaces that cmd/verity
	// wires.
	pipelines = []string{"/extract", "/answer", "/receipt", "/verify", "/summary", "/audit", "/relocate", "/collect", "/eval", "/kb", "/demo"}
)

// sqlCore is the SQL store both store adapters run: they import it, and
// nothing else of each other.
const sqlCore = "/internal/sqlstore"

// adapterUses are the only imports of a pipeline by a store or model
// adapter, each with the reason it is not a wrong arrow. An adapter never
// runs a pipeline's logic for it; where it imports one, it implements the
// interface that pipeline consumes, in that pipeline's own types.
var adapterUses = map[string]map[string]string{
	"/internal/sqlstore": {
		"/receipt": "the store implements receipt.Store and runs the revocation log's arithmetic inside its own transaction, so a cascade and its log entry commit together",
		"/extract": "the store implements extract.Store: runs, page results, steps and review items are extract's types",
		"/audit":   "the store keeps audit runs (audit.Run, Verdict, Probe) and implements audit.Log",
	},
	"/llm/nli": {
		"/verify": "the NLI service client is a verify.Verifier: it returns verify's verdicts, settles empty and verbatim pairs with verify.Settle and grades labels with verify.GradeFor, as the package's contract asks of every backend",
	},
	"/llm/offline": {
		"/verify":  "the offline verifier is a verify.Verifier: it returns verify's verdicts and settles empty and verbatim pairs with verify.Settle, as the package's contract asks of every backend",
		"/extract": "the offline engine answers extraction's prompts, whose vars and answers are extract's types (the prompts' contract), and keys names with extract.Key as the pipeline does",
	},
}

// wiring lists the files of cmd/verity that may name a store package: the
// command reaches the store only through the service layer otherwise.
var wiring = map[string]bool{"wire.go": true}

// TestLayout enforces the arrows of the package layout: the domain imports
// only the standard library; adapters never import one another; store and
// model adapters import a pipeline only as adapterUses says; pipelines,
// the service layer, eval and the demo never import an adapter;
// transports reach data only through the service layer, never a store;
// only cmd/verity imports the web UI; in cmd/verity only the wiring names
// a store.
func TestLayout(t *testing.T) {
	out, err := exec.Command("go", "list", "-f", `{{.ImportPath}}|{{.Dir}}|{{join .GoFiles " "}}|{{join .Imports " "}}`, "./...").Output()
	if err != nil {
		t.Skipf("go list unavailable: %v", err)
	}
	adapters := append(append(append([]string{}, stores...), models...), transports...)
	checked := 0
	for line := range strings.SplitSeq(strings.TrimSpace(string(out)), "\n") {
		f := strings.SplitN(line, "|", 4)
		pkg, dir, files, imps := f[0], f[1], strings.Fields(f[2]), strings.Fields(f[3])
		checked++
		for _, imp := range imps {
			own := strings.HasPrefix(imp, mod)
			switch {
			case pkg == mod && (own || strings.Contains(strings.SplitN(imp, "/", 2)[0], ".")):
				t.Errorf("domain package %s imports %s: it must stay on the standard library", pkg, imp)
			case in(pkg, adapters) && in(imp, adapters) && !sameTree(pkg, imp, adapters) && !(in(pkg, stores) && imp == mod+sqlCore):
				t.Errorf("adapter %s imports adapter %s: adapters never import each other", pkg, imp)
			case root(imp, []string{"/web"}) != "" && pkg != mod+"/cmd/verity" && !sameTree(pkg, imp, transports):
				t.Errorf("%s imports %s: the web UI is wired by cmd/verity alone", pkg, imp)
			case in(pkg, transports) && in(imp, stores):
				t.Errorf("transport %s imports store %s: transports reach data only through the service layer (kb)", pkg, imp)
			case in(pkg, append(append([]string{}, stores...), models...)) && in(imp, pipelines) && adapterUses[root(pkg, adapters)][root(imp, pipelines)] == "":
				t.Errorf("adapter %s imports pipeline %s: adapters implement the interfaces pipelines consume, they do not call them (or record the reason in adapterUses)", pkg, imp)
			case in(pkg, pipelines) && in(imp, adapters) && !strings.HasSuffix(pkg, "test"):
				t.Errorf("pipeline %s imports adapter %s: pipelines take interfaces, cmd/verity wires adapters", pkg, imp)
			}
		}
		if pkg == mod+"/cmd/verity" {
			checkWiring(t, dir, files)
		}
	}
	if checked < 5 {
		t.Fatalf("go list reported %d packages; the layout check saw nothing", checked)
	}
	for a, uses := range adapterUses {
		for p := range uses {
			if !importsOf(t, a, out, p) {
				t.Errorf("adapterUses lets %s import %s, which it no longer does: drop the exception", a, p)
			}
		}
	}
}

// checkWiring fails for any non-test file of cmd/verity outside wiring that
// imports a store package.
func checkWiring(t *testing.T, dir string, files []string) {
	t.Helper()
	fset := token.NewFileSet()
	for _, name := range files {
		f, err := parser.ParseFile(fset, filepath.Join(dir, name), nil, parser.ImportsOnly)
		if err != nil {
			t.Fatalf("parse %s: %v", name, err)
		}
		for _, spec := range f.Imports {
			path, _ := strconv.Unquote(spec.Path.Value)
			if in(path, stores) && !wiring[name] {
				t.Errorf("cmd/verity/%s imports %s: commands reach the store through the service layer; only %v wire it", name, path, keys(wiring))
			}
		}
	}
}

// importsOf reports whether package mod+a imports mod+p in the go list output.
func importsOf(t *testing.T, a string, out []byte, p string) bool {
	t.Helper()
	for line := range strings.SplitSeq(strings.TrimSpace(string(out)), "\n") {
		f := strings.SplitN(line, "|", 4)
		if f[0] == mod+a {
			for _, imp := range strings.Fields(f[3]) {
				if imp == mod+p {
					return true
				}
			}
		}
	}
	return false
}

func in(pkg string, set []string) bool { return root(pkg, set) != "" }

// root returns the member of set that pkg is or lies under, "" for none.
func root(pkg string, set []string) string {
	for _, s := range set {
		if pkg == mod+s || strings.HasPrefix(pkg, mod+s+"/") {
			return s
		}
	}
	return ""
}

// sameTree reports whether two packages belong to the same adapter (a
// package and its own subpackages may import each other).
func sameTree(a, b string, adapters []string) bool {
	r := root(a, adapters)
	return r != "" && r == root(b, adapters)
}

func keys(m map[string]bool) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	return out
}
