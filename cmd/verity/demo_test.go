package main

import (
	"bytes"
	"context"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/veritykb/verity/demo"
	"github.com/veritykb/verity/kb"
	"github.com/veritykb/verity/llm"
	"github.com/veritykb/verity/offline"
)

// demoApp returns an app on a fresh store holding the demo corpus, with the
// offline engine as its model, and the buffer its output goes to.
func demoApp(t *testing.T) (*app, *kb.Service, *bytes.Buffer) {
	t.Helper()
	var out, errb bytes.Buffer
	a := &app{stdin: strings.NewReader(""), stdout: &out, stderr: &errb, getenv: func(string) string { return "" }, now: time.Now,
		dbPath: filepath.Join(t.TempDir(), "demo.db"), concurrency: 4}
	a.meter = llm.NewMeter(nil)
	a.llm = llm.WithMeter(offline.New(offline.Options{}), a.meter)
	ctx := context.Background()
	svc, err := a.service(ctx)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { a.closeStore() })
	if err := a.demoIngest(ctx, svc); err != nil {
		t.Fatal(err)
	}
	out.Reset()
	return a, svc, &out
}

// demoScript is the demo's script over svc as a's demo command runs it.
func demoScript(t *testing.T, a *app, svc *kb.Service) *demo.Script {
	t.Helper()
	s, err := a.demoScript(svc)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// TestDemoIngestTwice checks that ingesting the demo corpus again finds
// every source unchanged: nothing versioned, no metadata update.
func TestDemoIngestTwice(t *testing.T) {
	a, svc, out := demoApp(t)
	if err := a.demoIngest(context.Background(), svc); err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`(\d+) sources \(0 new, (\d+) unchanged\)`).FindStringSubmatch(out.String())
	if m == nil || m[1] != m[2] {
		t.Errorf("demo ingest again said %q, want every source unchanged", out.String())
	}
}
