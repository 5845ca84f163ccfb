package main

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/veritykb/verity/llm"
	"github.com/veritykb/verity/llm/offline"
)

// evalSupportRun runs `verity eval support args...` with the offline
// engine built directly and stacked with a meter, as a.model builds it.
func evalSupportRun(t *testing.T, asJSON bool, args ...string) (string, error) {
	t.Helper()
	var out bytes.Buffer
	meter := llm.NewMeter(llm.DefaultPrices())
	a := &app{stdin: strings.NewReader(""), stdout: &out, stderr: io.Discard,
		getenv: func(string) string { return "" }, now: time.Now, json: asJSON,
		llm: llm.Stack(offline.New(offline.Options{}), llm.StackConfig{Meter: meter, NoRetry: true}), meter: meter}
	cmd := a.evalSupportCmd()
	cmd.SetArgs(args)
	cmd.SetOut(&out)
	cmd.SetErr(io.Discard)
	err := cmd.ExecuteContext(context.Background())
	return out.String(), err
}

// supportFixture is a seven-pair SciFact in miniature whose verdicts follow from
// the offline rule: an entailed paraphrase and a verbatim sentence (true
// positives), a claim true only of mice (a false positive), an unrelated
// wording of a supported claim (a false negative), a flipped direction, a
// changed number and a claim about children where the abstract excludes
// them (true negatives).
const supportFixture = "../../eval/testdata/scifact-mini"

func TestEvalSupportFixture(t *testing.T) {
	out, err := evalSupportRun(t, true, "--data", supportFixture)
	if err != nil {
		t.Fatalf("eval support: %v\n%s", err, out)
	}
	var rep supportOutput
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatalf("eval support --json: %v\n%s", err, out)
	}
	if rep.Split != "dev" || rep.Pairs != 7 || rep.Model != "offline" {
		t.Errorf("report split %q, pairs %d, model %q; want dev, 7, offline", rep.Split, rep.Pairs, rep.Model)
	}
	if rep.Binary.TP != 2 || rep.Binary.FP != 1 || rep.Binary.FN != 1 || rep.Binary.TN != 3 {
		t.Errorf("confusion %+v, want TP 2 FP 1 FN 1 TN 3\n%s", rep.Binary, out)
	}
	if d := rep.BalancedAccuracy - (2.0/3+3.0/4)/2; d > 1e-9 || d < -1e-9 || rep.Precision != 2.0/3 || rep.Recall != 2.0/3 {
		t.Errorf("precision %.3f recall %.3f balanced accuracy %.4f, want 0.667 0.667 0.7083", rep.Precision, rep.Recall, rep.BalancedAccuracy)
	}
	for _, c := range []struct {
		gold, label string
		want        int
	}{
		{"SUPPORT", "entailed", 2}, {"SUPPORT", "neutral", 1},
		{"CONTRADICT", "contradicted", 2}, {"NOEVIDENCE", "neutral", 1}, {"NOEVIDENCE", "entailed", 1},
	} {
		if got := rep.Confusion.Count(c.gold, c.label); got != c.want {
			t.Errorf("confusion[%s][%s] = %d, want %d", c.gold, c.label, got, c.want)
		}
	}
	// One verdict is decided by code; the other six are one call each.
	if rep.Verbatim != 1 || rep.Calls != 6 || rep.CacheHits != 0 || rep.Failures != 0 {
		t.Errorf("verbatim %d, calls %d, cache hits %d, failures %d; want 1, 6, 0, 0", rep.Verbatim, rep.Calls, rep.CacheHits, rep.Failures)
	}
}

func TestEvalSupportText(t *testing.T) {
	out, err := evalSupportRun(t, false, "--data", supportFixture, "--split", "train")
	if err != nil {
		t.Fatalf("eval support --split train: %v\n%s", err, out)
	}
	for _, want := range []string{
		"SciFact train: 2 claim-abstract pairs, model offline",
		"precision          1.000",
		"recall             1.000",
		"balanced accuracy  1.000",
		"TP 1  FP 0  FN 0  TN 1",
		"model: 1 calls, 0 from cache",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("eval support output lacks %q:\n%s", want, out)
		}
	}
}

func TestEvalSupportTune(t *testing.T) {
	out, err := evalSupportRun(t, true, "--data", supportFixture, "--tune")
	if err != nil {
		t.Fatalf("eval support --tune: %v\n%s", err, out)
	}
	var rep supportOutput
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatal(err)
	}
	if rep.Tuning == nil || rep.Tuning.Split != "train" || len(rep.Tuning.Grid) != len(supportGrid()) {
		t.Fatalf("tuning = %+v, want a train-split grid of %d", rep.Tuning, len(supportGrid()))
	}
	if rep.Pairs != 7 || rep.Split != "dev" {
		t.Errorf("after tuning the report is on %s with %d pairs, want dev with 7", rep.Split, rep.Pairs)
	}
}

func TestEvalSupportErrors(t *testing.T) {
	if _, err := evalSupportRun(t, false, "--data", supportFixture, "--split", "test"); err == nil || exitCode(err) != exitInvalid {
		t.Errorf("--split test: error %v, want an invalid-input error", err)
	}
	if _, err := evalSupportRun(t, false, "--data", t.TempDir()); err == nil || exitCode(err) != exitNotFound {
		t.Errorf("missing data: error %v, want not found", err)
	}
}

// TestEvalSupportSciFact runs the real dev split when the shared data is
// there, and reports the numbers.
func TestEvalSupportSciFact(t *testing.T) {
	if testing.Short() {
		t.Skip("SciFact dev: skipped in -short")
	}
	if _, err := os.Stat(filepath.Join("../..", defaultData, "scifact", "corpus.jsonl")); err != nil {
		t.Skipf("SciFact not found under %s (the shared datasets are not checked out): %v", defaultData, err)
	}
	out, err := evalSupportRun(t, true, "--data", filepath.Join("../..", defaultData))
	if err != nil {
		t.Fatal(err)
	}
	var rep supportOutput
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatal(err)
	}
	if rep.Pairs != 340 || rep.Binary.N() != 340 {
		t.Errorf("SciFact dev pairs = %d, want 340", rep.Pairs)
	}
	t.Logf("SciFact dev: precision %.3f recall %.3f balanced accuracy %.3f (%+v)", rep.Precision, rep.Recall, rep.BalancedAccuracy, rep.Binary)
}
