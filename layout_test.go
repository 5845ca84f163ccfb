package verity_test

import (
	"bytes"
	"errors"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

const mod = "github.com/veritykb/verity"

// Package groups of the layout: the rooms docs/ARCHITECTURE.md draws. Every
// package of the module belongs to exactly one: the group of the longest
// folder listed that it is or lies under, so /verify/nli is a model
// adapter and /verify a pipeline; a package in no group fails the test,
// so a new package is placed on purpose. Test support packages (their
// names end in "test") form a group of their own.
var (
	// libraries are pure building blocks: text analysis, quote finding,
	// ranking, the inverted index, readers of files. They import the root
	// and each other, never a pipeline, the model seam or an adapter.
	libraries = []string{"/analysis", "/quote", "/rank", "/postings", "/ingest", "/printable"}
	// seam is the model seam: the model interface, caching, votes,
	// schemas. It imports the root only.
	seam       = []string{"/llm"}
	stores     = []string{"/sqlite", "/postgres", sqlCore, "/queue"}
	models     = []string{"/llm/openai", "/llm/anthropic", "/verify/nli"}
	transports = []string{"/http", "/mcp", "/scim", "/slack", "/telegram", "/web", "/webhook"}
	// scripts are clients of the service layer that are not transports:
	// the demo reads its bundled corpus with the libraries and does all
	// else through kb; connectors read their platforms and sync through kb.
	scripts = []string{"/demo", "/connector"}
	// presentation writes kb's shapes for people (terminals, Markdown,
	// chat): the command and the transports print with it.
	presentation = []string{"/render"}
	// Pipelines and the evaluation harnesses take their stores and models
	// as interfaces that cmd/verity wires, and a caller's view from kb.
	pipelines = []string{"/extract", "/answer", "/receipt", "/verify", "/summary", "/audit", "/relocate", "/collect", "/eval"}
	// service is the one door: every operation with the caller explicit.
	service = []string{"/kb"}
	// Engines answer the pipelines' prompts with no model: the offline
	// engine reads each task's vars and writes its answer in the pipeline's
	// own types (extract's vars, verify's verdicts), so it sits above the
	// pipelines, in a room of its own, and only cmd/verity wires it.
	engines = []string{"/offline"}
	// command is the only binary: it wires and renders.
	command = []string{"/cmd/verity"}
)

// groups names every group, for the check that each package has one.
var groups = map[string]*[]string{"library": &libraries, "model seam": &seam, "store": &stores, "model adapter": &models,
	"transport": &transports, "script": &scripts, "presentation": &presentation, "pipeline": &pipelines, "service": &service, "engine": &engines, "command": &command}

// maxCommandLines bounds the non-test lines of cmd/verity: a command only
// wires and renders, so logic that grows there belongs to kb, a pipeline
// or eval.
const maxCommandLines = 5000

// engineUses are the project packages an engine may import besides the
// root: the pipelines whose prompts it answers (not the service layer or
// the harnesses), the model seam and the pure text packages.
var engineUses = []string{"/extract", "/answer", "/receipt", "/verify", "/summary", "/audit", "/relocate", "/collect", "/llm", "/quote", "/analysis"}

// sqlCore is the SQL store both store adapters run: they import it, and
// nothing else of each other.
const sqlCore = "/internal/sqlstore"

// sqlCoreUses are the only project packages the SQL store imports besides
// the root, whose nouns are what it keeps: no pipeline but receipt (see
// adapterUses) and nothing under /llm.
var sqlCoreUses = []string{"/receipt", "/postings", "/rank"}

// adapterUses are the only imports of a pipeline by a store or model
// adapter, each with the reason it is not a wrong arrow. An adapter never
// runs a pipeline's logic for it; where it imports one, it implements the
// interface that pipeline consumes, in that pipeline's own types.
var adapterUses = map[string]map[string]string{
	"/internal/sqlstore": {
		"/receipt": "the store implements receipt.Store and runs the revocation log's arithmetic inside its own transaction, so a cascade and its log entry commit together",
	},
	"/verify/nli": {
		"/verify": "the NLI service client is a verify.Verifier: it returns verify's verdicts, settles empty and verbatim pairs with verify.Settle and grades labels with verify.GradeFor, as the package's contract asks of every backend",
	},
}

// wiring lists the files of cmd/verity that may name a store package: the
// command reaches the store only through the service layer otherwise.
var wiring = map[string]bool{"wire.go": true}

// TestLayout enforces the arrows of the package layout: the domain imports
// only the standard library; adapters never import one another; store and
// model adapters import a pipeline only as adapterUses says, and the SQL
// store nothing of the project but sqlCoreUses; pipelines, the service
// layer and eval never import an adapter; transports reach data only
// through the service layer, never a store; an engine imports only
// engineUses and only cmd/verity imports it; only cmd/verity imports the
// web UI; in cmd/verity only the wiring names a store; no two top-level
// folders import each other, directly or around a cycle.
func TestLayout(t *testing.T) {
	out, err := exec.Command("go", "list", "-f", `{{.ImportPath}}|{{.Dir}}|{{join .GoFiles " "}}|{{join .Imports " "}}`, "./...").Output()
	var exit *exec.ExitError
	if errors.As(err, &exit) {
		// An import cycle between packages, say, would skip every check.
		t.Fatalf("go list: %v\n%s", err, exit.Stderr)
	}
	if err != nil {
		t.Skipf("go list unavailable: %v", err)
	}
	adapters := append(append(append([]string{}, stores...), models...), transports...)
	checked := 0
	for line := range strings.SplitSeq(strings.TrimSpace(string(out)), "\n") {
		f := strings.SplitN(line, "|", 4)
		pkg, dir, files, imps := f[0], f[1], strings.Fields(f[2]), strings.Fields(f[3])
		checked++
		if pkg != mod && !testSupport(pkg) && group(pkg) == "" {
			t.Errorf("package %s belongs to no group of the layout: add it to one in layout_test.go (and to docs/ARCHITECTURE.md)", pkg)
		}
		if pkg != mod+"/kb" && pkg != mod && !testSupport(pkg) {
			checkAccess(t, pkg, dir, files)
		}
		for _, imp := range imps {
			own := strings.HasPrefix(imp, mod)
			switch {
			case pkg == mod && (own || strings.Contains(strings.SplitN(imp, "/", 2)[0], ".")):
				t.Errorf("domain package %s imports %s: it must stay on the standard library", pkg, imp)
			case in(pkg, adapters) && in(imp, adapters) && !sameTree(pkg, imp, adapters) && !(in(pkg, stores) && imp == mod+sqlCore):
				t.Errorf("adapter %s imports adapter %s: adapters never import each other", pkg, imp)
			case root(imp, []string{"/web"}) != "" && pkg != mod+"/cmd/verity" && !sameTree(pkg, imp, transports):
				t.Errorf("%s imports %s: the web UI is wired by cmd/verity alone", pkg, imp)
			case in(pkg, transports) && own && imp != mod && imp != mod+"/kb" && !in(imp, presentation) && !sameTree(pkg, imp, transports):
				t.Errorf("transport %s imports %s: a transport imports kb, the root package, render and outside libraries only (it authenticates, decodes, calls one kb method and encodes)", pkg, imp)
			case in(pkg, presentation) && own && (in(imp, adapters) || in(imp, engines) || in(imp, command) || in(imp, scripts)):
				t.Errorf("presentation %s imports %s: it writes kb's shapes and reaches nothing else", pkg, imp)
			case in(pkg, scripts) && own && imp != mod && imp != mod+"/kb" && !in(imp, libraries) && !sameTree(pkg, imp, scripts):
				t.Errorf("script %s imports %s: a script does its work through kb, reading its own files with the libraries", pkg, imp)
			case in(pkg, libraries) && own && imp != mod && !in(imp, libraries):
				t.Errorf("library %s imports %s: libraries import the root and each other only", pkg, imp)
			case in(pkg, seam) && !in(pkg, models) && own && imp != mod && !in(imp, seam):
				t.Errorf("the model seam %s imports %s: it imports the root only (providers, pipelines and engines import it)", pkg, imp)
			case in(pkg, pipelines) && own && (in(imp, service) || in(imp, command)) && !strings.HasPrefix(pkg, mod+"/eval/"):
				t.Errorf("pipeline %s imports %s: pipelines sit below the service layer", pkg, imp)
			case in(pkg, append(append([]string{}, stores...), models...)) && (in(imp, pipelines) || in(imp, service)) && adapterUses[root(pkg, adapters)][root(imp, pipelines)] == "":
				t.Errorf("adapter %s imports pipeline %s: adapters implement the interfaces pipelines consume, they do not call them (or record the reason in adapterUses)", pkg, imp)
			case (in(pkg, pipelines) || in(pkg, service)) && in(imp, adapters) && !strings.HasSuffix(pkg, "test"):
				t.Errorf("pipeline %s imports adapter %s: pipelines take interfaces, cmd/verity wires adapters", pkg, imp)
			case pkg == mod+sqlCore && own && imp != mod && !slices.Contains(sqlCoreUses, strings.TrimPrefix(imp, mod)):
				t.Errorf("the SQL store %s imports %s: it keeps the root package's nouns and imports no pipeline but receipt and nothing under /llm (it may import %v)", pkg, imp, sqlCoreUses)
			case in(pkg, engines) && own && imp != mod && !sameTree(pkg, imp, engines) && !engineMay(imp):
				t.Errorf("engine %s imports %s: an engine imports only the pipelines whose prompts it answers, the model seam and the text packages (%v)", pkg, imp, engineUses)
			case in(imp, engines) && !sameTree(pkg, imp, engines) && pkg != mod+"/cmd/verity" && !testSupport(pkg):
				t.Errorf("%s imports the engine %s: only cmd/verity wires it (pipelines, kb and adapters are handed an llm.Model)", pkg, imp)
			case testSupport(imp) && !testSupport(pkg):
				t.Errorf("%s imports the test support package %s: only tests and other test support may", pkg, imp)
			}
		}
		if pkg == mod+"/kb" {
			checkConcerns(t, dir, files)
		}
		if pkg == mod+"/cmd/verity" {
			checkWiring(t, dir, files)
			if n := lines(t, dir, files); n > maxCommandLines {
				t.Errorf("cmd/verity has %d non-test lines, more than %d: a command wires and renders; move logic to kb, a pipeline or eval", n, maxCommandLines)
			}
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
	checkArchitecture(t)
	if cycle := folderCycle(out); cycle != nil {
		t.Errorf("the top-level folders import each other around a cycle: %s; move the package that closes it (a folder is one room: its arrows point one way)", strings.Join(cycle, ", "))
	}
}

// folderCycle returns a cycle of imports between top-level folders in the
// go list output, one "a imports b" per edge, or nil when there is none.
// Each top-level folder is one node and the root package another; test
// support packages (kbtest, storetest...) are left out, since only tests
// and other test support import them.
func folderCycle(out []byte) []string {
	edges := map[string]map[string]string{} // folder → folder → an import that makes the edge
	for line := range strings.SplitSeq(strings.TrimSpace(string(out)), "\n") {
		f := strings.SplitN(line, "|", 4)
		pkg := f[0]
		if testSupport(pkg) {
			continue
		}
		for _, imp := range strings.Fields(f[3]) {
			if !strings.HasPrefix(imp, mod) || testSupport(imp) {
				continue
			}
			a, b := folder(pkg), folder(imp)
			if a == b {
				continue
			}
			if edges[a] == nil {
				edges[a] = map[string]string{}
			}
			if _, ok := edges[a][b]; !ok {
				edges[a][b] = strings.TrimPrefix(pkg, mod+"/") + " imports " + strings.TrimPrefix(imp, mod+"/")
			}
		}
	}
	const (
		unseen = iota
		open
		done
	)
	state := map[string]int{}
	var path []string
	var visit func(n string) []string
	visit = func(n string) []string {
		state[n] = open
		path = append(path, n)
		next := make([]string, 0, len(edges[n]))
		for m := range edges[n] {
			next = append(next, m)
		}
		slices.Sort(next)
		for _, m := range next {
			switch state[m] {
			case open:
				loop := append(path[slices.Index(path, m):], m)
				var cycle []string
				for i := 0; i+1 < len(loop); i++ {
					cycle = append(cycle, edges[loop[i]][loop[i+1]])
				}
				return cycle
			case unseen:
				if c := visit(m); c != nil {
					return c
				}
			}
		}
		path = path[:len(path)-1]
		state[n] = done
		return nil
	}
	nodes := make([]string, 0, len(edges))
	for n := range edges {
		nodes = append(nodes, n)
	}
	slices.Sort(nodes)
	for _, n := range nodes {
		if state[n] == unseen {
			if c := visit(n); c != nil {
				return c
			}
		}
	}
	return nil
}

// folder returns the top-level folder of pkg, "verity (root)" for the
// root package.
func folder(pkg string) string {
	rel := strings.TrimPrefix(strings.TrimPrefix(pkg, mod), "/")
	if rel == "" {
		return "verity (root)"
	}
	top, _, _ := strings.Cut(rel, "/")
	return top
}

// testSupport reports whether pkg is a package of the project that exists
// for tests (kbtest, llmtest, storetest...).
func testSupport(pkg string) bool {
	return strings.HasPrefix(pkg, mod+"/") && strings.HasSuffix(pkg, "test")
}

// group returns the name of pkg's group, "" for none.
func group(pkg string) string {
	best, name := "", ""
	for n, g := range groups {
		for _, s := range *g {
			if (pkg == mod+s || strings.HasPrefix(pkg, mod+s+"/")) && len(s) > len(best) {
				best, name = s, n
			}
		}
	}
	return name
}

// checkAccess fails for a call of CanRead in a non-test file of pkg:
// whether a caller may read something is decided in kb alone, which hands
// pipelines a verity.View and the store the principals to filter by.
func checkAccess(t *testing.T, pkg, dir string, files []string) {
	t.Helper()
	fset := token.NewFileSet()
	for _, name := range files {
		f, err := parser.ParseFile(fset, filepath.Join(dir, name), nil, 0)
		if err != nil {
			t.Fatalf("parse %s: %v", name, err)
		}
		ast.Inspect(f, func(n ast.Node) bool {
			if sel, ok := n.(*ast.SelectorExpr); ok && sel.Sel.Name == "CanRead" {
				t.Errorf("%s: %s uses CanRead: access is decided in kb alone (take a verity.View, or let the store filter by the caller's principals)",
					strings.TrimPrefix(pkg, mod+"/"), fset.Position(sel.Pos()))
			}
			return true
		})
	}
}

// checkArchitecture fails when docs/ARCHITECTURE.md, the map a newcomer
// reads, leaves out a folder of a group: every room's folders are named in
// it as `folder`.
func checkArchitecture(t *testing.T) {
	t.Helper()
	doc, err := os.ReadFile(filepath.Join("docs", "ARCHITECTURE.md"))
	if err != nil {
		t.Fatalf("read the architecture map: %v", err)
	}
	for name, g := range groups {
		for _, f := range *g {
			if !bytes.Contains(doc, []byte("`"+strings.TrimPrefix(f, "/")+"`")) {
				t.Errorf("docs/ARCHITECTURE.md does not name %s, a folder of the %s room: add it to the map", f, name)
			}
		}
	}
}

// maxConcern bounds the methods of one interface kb depends on: a store
// is named concern by concern, so a test double or a new backend
// implements what it needs, not everything at once.
const maxConcern = 20

// checkConcerns fails for an interface declared in kb with more than
// maxConcern methods of its own. An interface that only joins other
// interfaces of kb (Store, a whole backend) is their union, not a concern.
func checkConcerns(t *testing.T, dir string, files []string) {
	t.Helper()
	fset := token.NewFileSet()
	for _, name := range files {
		f, err := parser.ParseFile(fset, filepath.Join(dir, name), nil, 0)
		if err != nil {
			t.Fatalf("parse %s: %v", name, err)
		}
		ast.Inspect(f, func(n ast.Node) bool {
			ts, ok := n.(*ast.TypeSpec)
			if !ok {
				return true
			}
			it, ok := ts.Type.(*ast.InterfaceType)
			if !ok {
				return true
			}
			own := 0
			for _, m := range it.Methods.List {
				switch m.Type.(type) {
				case *ast.FuncType:
					own += len(m.Names)
				case *ast.SelectorExpr:
					own++ // an interface of another package, counted as one
				}
			}
			if own > maxConcern {
				t.Errorf("kb.%s has %d methods, more than %d: name the store kb needs concern by concern (kb/store.go)", ts.Name.Name, own, maxConcern)
			}
			return true
		})
	}
}

// lines counts the lines of files in dir.
func lines(t *testing.T, dir string, files []string) int {
	t.Helper()
	n := 0
	for _, name := range files {
		data, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		n += bytes.Count(data, []byte("\n"))
	}
	return n
}

// engineMay reports whether an engine may import imp.
func engineMay(imp string) bool { return imp == mod || in(imp, engineUses) }

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

// root returns the folder of set that pkg belongs to, "" for none: the
// longest listed folder (of any group) that pkg is or lies under, when set
// holds it.
func root(pkg string, set []string) string {
	best := ""
	for _, g := range [][]string{libraries, seam, stores, models, transports, scripts, presentation, pipelines, service, engines, command, set} {
		for _, s := range g {
			if (pkg == mod+s || strings.HasPrefix(pkg, mod+s+"/")) && len(s) > len(best) {
				best = s
			}
		}
	}
	if !slices.Contains(set, best) {
		return ""
	}
	return best
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
