package verity_test

import (
	"os/exec"
	"strings"
	"testing"
)

// TestLayout enforces the arrows of the package layout: the domain imports
// only the standard library; adapters (stores, model providers, transports)
// never import one another; pipelines (and eval, which runs them) never
// import an adapter. Only cmd/verity wires concrete things together.
func TestLayout(t *testing.T) {
	out, err := exec.Command("go", "list", "-f", `{{.ImportPath}}|{{join .Imports " "}}`, "./...").Output()
	if err != nil {
		t.Skipf("go list unavailable: %v", err)
	}
	const mod = "github.com/veritykb/verity"
	adapters := []string{"/sqlite", "/postgres", "/llm/openai", "/llm/anthropic", "/llm/offline", "/http", "/mcp"}
	// eval runs the pipelines over datasets and is held to their rule: it
	// takes its stores and models as interfaces that cmd/verity wires.
	pipelines := []string{"/extract", "/answer", "/receipt", "/verify", "/summary", "/audit", "/relocate", "/eval"}
	isIn := func(pkg string, set []string) bool {
		for _, s := range set {
			if pkg == mod+s || strings.HasPrefix(pkg, mod+s+"/") {
				return true
			}
		}
		return false
	}
	checked := 0
	for line := range strings.SplitSeq(strings.TrimSpace(string(out)), "\n") {
		pkg, imps, _ := strings.Cut(line, "|")
		checked++
		for _, imp := range strings.Fields(imps) {
			own := strings.HasPrefix(imp, mod)
			switch {
			case pkg == mod && (own || strings.Contains(strings.SplitN(imp, "/", 2)[0], ".")):
				t.Errorf("domain package %s imports %s: it must stay on the standard library", pkg, imp)
			case isIn(pkg, adapters) && isIn(imp, adapters) && !sameTree(pkg, imp, adapters, mod):
				t.Errorf("adapter %s imports adapter %s: adapters never import each other", pkg, imp)
			case isIn(pkg, pipelines) && isIn(imp, adapters) && !strings.HasSuffix(pkg, "test"):
				t.Errorf("pipeline %s imports adapter %s: pipelines take interfaces, cmd/verity wires adapters", pkg, imp)
			}
		}
	}
	if checked < 5 {
		t.Fatalf("go list reported %d packages; the layout check saw nothing", checked)
	}
}

// sameTree reports whether two packages belong to the same adapter (a
// package and its own subpackages may import each other).
func sameTree(a, b string, adapters []string, mod string) bool {
	for _, s := range adapters {
		root := mod + s
		if (a == root || strings.HasPrefix(a, root+"/")) && (b == root || strings.HasPrefix(b, root+"/")) {
			return true
		}
	}
	return false
}
