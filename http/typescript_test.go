package http

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// TestTypedClient generates a TypeScript client's types from openapi.json
// with openapi-typescript and type-checks clients/typescript/check.ts, a
// client that reads results[0].chunk.text, outcome and
// claims[0].verbatim_quote without casts (and expects errors where the
// types must refuse). The npm packages are pinned by the lockfile in
// clients/typescript; .ci/run installs them (npm ci). Without them the
// test skips, but never under CI=true.
func TestTypedClient(t *testing.T) {
	dir, err := filepath.Abs("../clients/typescript")
	if err != nil {
		t.Fatal(err)
	}
	bin := filepath.Join(dir, "node_modules", ".bin")
	if _, err := os.Stat(filepath.Join(bin, "tsc")); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("the typed-client check needs its npm packages: npm ci --prefix clients/typescript (%v)", err)
		}
		t.Skip("no npm packages in clients/typescript: npm ci --prefix clients/typescript to run this check")
	}
	if _, err := exec.LookPath("node"); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatal("the typed-client check needs node")
		}
		t.Skip("no node on PATH")
	}
	work := t.TempDir()
	for _, name := range []string{"check.ts", "tsconfig.json"} {
		b, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(work, name), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	doc, err := filepath.Abs("openapi.json")
	if err != nil {
		t.Fatal(err)
	}
	run := func(name string, args ...string) {
		t.Helper()
		cmd := exec.Command(filepath.Join(bin, name), args...)
		cmd.Dir = work
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("%s %v: %v\n%s", name, args, err, out)
		}
	}
	run("openapi-typescript", doc, "-o", filepath.Join(work, "verity.d.ts"))
	run("tsc", "-p", filepath.Join(work, "tsconfig.json"))
}
