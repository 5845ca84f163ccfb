package quotebench_test

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/veritykb/verity/eval/quotebench"
	"github.com/veritykb/verity/quote"
)

var update = flag.Bool("update", false, "rewrite testdata/frozen.sha256")

func locate(c quotebench.Case) quotebench.Result {
	m := quote.Locate(c.Text, c.Quote, quote.Options{Hint: c.Hint})
	return quotebench.Result{Found: m.Found, Start: m.Start, End: m.End, Kind: string(m.Kind)}
}

// TestFixtureBenchmark runs the verbatim gate on cases generated from the
// embedded corpus, so it never skips: no fabricated or paraphrased quote may
// be accepted, and nearly every other verdict must be right.
func TestFixtureBenchmark(t *testing.T) {
	corpus := quotebench.Fixture()
	for _, tt := range []struct {
		split quotebench.Split
		seed  uint64
	}{{quotebench.Dev, quotebench.DevSeed}, {quotebench.Test, quotebench.TestSeed}} {
		t.Run(string(tt.split), func(t *testing.T) {
			cases := quotebench.Generate(tt.seed, 210, corpus, tt.split)
			if len(cases) != 210 {
				t.Fatalf("Generate(%d, 210, fixture, %s) = %d cases, want 210", tt.seed, tt.split, len(cases))
			}
			rep := quotebench.Run(cases, locate)
			if rep.FalseAccepts != 0 {
				t.Errorf("Run on %s: %d fabricated or paraphrased quotes accepted, want 0 (failed: %v)", tt.split, rep.FalseAccepts, rep.Failed)
			}
			if rep.Accuracy < 0.97 {
				var b bytes.Buffer
				rep.Print(&b)
				t.Errorf("Run on %s: accuracy %.4f, want >= 0.97\n%s", tt.split, rep.Accuracy, b.String())
			}
		})
	}
}

// TestCases checks the labels themselves: spans in bounds, kinds and splits
// as asked, documents from the right split only, every kind present.
func TestCases(t *testing.T) {
	corpus := quotebench.Fixture()
	splitOf := map[string]quotebench.Split{}
	for _, d := range corpus.Docs {
		splitOf[d.Title] = quotebench.SplitOf(d.ID)
	}
	cases := quotebench.Generate(quotebench.TestSeed, 140, corpus, quotebench.Test)
	kinds := map[string]int{}
	for _, c := range cases {
		kinds[c.Kind]++
		if c.Split != quotebench.Test || c.Quote == "" || c.Text == "" {
			t.Fatalf("case %s: split %q, quote %q, want test split and non-empty text and quote", c.ID, c.Split, c.Quote)
		}
		if c.Want && (c.Start < 0 || c.End > len(c.Text) || c.Start >= c.End) {
			t.Fatalf("case %s: span [%d, %d) out of text of %d bytes", c.ID, c.Start, c.End, len(c.Text))
		}
		if c.Want == (c.Kind == "fabricated" || c.Kind == "paraphrased") {
			t.Fatalf("case %s: kind %s with want %v", c.ID, c.Kind, c.Want)
		}
		if c.Hint != nil && (c.Hint.Start < 0 || c.Hint.End > len(c.Text)) {
			t.Fatalf("case %s: hint %v out of bounds", c.ID, c.Hint)
		}
		for _, line := range strings.Split(c.Text, "\n") {
			if sp, ok := splitOf[line]; ok && sp != quotebench.Test {
				t.Fatalf("case %s: page holds %q from the %s split", c.ID, line, sp)
			}
		}
	}
	for _, k := range quotebench.Kinds {
		if kinds[k] != 20 {
			t.Errorf("Generate made %d %s cases, want 20", kinds[k], k)
		}
	}
}

// TestGenerateFrozen pins the generator's output: a change to what it makes
// for a seed would silently change every reported number. Run with -update
// only when changing the benchmark on purpose, and say so in the commit.
func TestGenerateFrozen(t *testing.T) {
	corpus := quotebench.Fixture()
	h := sha256.New()
	for _, sp := range []quotebench.Split{quotebench.Dev, quotebench.Test} {
		for _, c := range quotebench.Generate(quotebench.DevSeed, 70, corpus, sp) {
			b, err := json.Marshal(c)
			if err != nil {
				t.Fatal(err)
			}
			h.Write(b)
			h.Write([]byte("\n"))
		}
	}
	got := hex.EncodeToString(h.Sum(nil))
	path := filepath.Join("testdata", "frozen.sha256")
	if *update {
		if err := os.WriteFile(path, []byte(got+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if got != strings.TrimSpace(string(want)) {
		t.Errorf("Generate output checksum = %s, want %s: the frozen generator changed", got, strings.TrimSpace(string(want)))
	}
}

func TestGenerateDeterministic(t *testing.T) {
	corpus := quotebench.Fixture()
	a := quotebench.Generate(5, 30, corpus, quotebench.Dev)
	b := quotebench.Generate(5, 30, corpus, quotebench.Dev)
	if diff := cmp.Diff(a, b); diff != "" {
		t.Errorf("Generate(5, 30) twice differs (-first +second):\n%s", diff)
	}
}

func TestCorrect(t *testing.T) {
	pos := quotebench.Case{Kind: "exact", Want: true, Start: 10, End: 20}
	fz := quotebench.Case{Kind: "fuzzy", Want: true, Start: 0, End: 100}
	neg := quotebench.Case{Kind: "fabricated"}
	tests := []struct {
		name string
		c    quotebench.Case
		r    quotebench.Result
		want bool
	}{
		{"exact span", pos, quotebench.Result{Found: true, Start: 10, End: 20}, true},
		{"exact off by one", pos, quotebench.Result{Found: true, Start: 10, End: 21}, false},
		{"not found", pos, quotebench.Result{}, false},
		{"fuzzy overlapping enough", fz, quotebench.Result{Found: true, Start: 2, End: 95}, true},
		{"fuzzy overlapping too little", fz, quotebench.Result{Found: true, Start: 20, End: 100}, false},
		{"negative rejected", neg, quotebench.Result{}, true},
		{"negative accepted", neg, quotebench.Result{Found: true, End: 5}, false},
	}
	for _, tt := range tests {
		if got := quotebench.Correct(tt.c, tt.r); got != tt.want {
			t.Errorf("%s: Correct(%+v, %+v) = %v, want %v", tt.name, tt.c, tt.r, got, tt.want)
		}
	}
}

// TestSciFact runs a small benchmark on the real corpus when it is there.
func TestSciFact(t *testing.T) {
	path := filepath.Join("..", "..", "..", "shared", "data", "scifact", "corpus.jsonl")
	corpus, err := quotebench.LoadSciFact(path)
	if err != nil {
		t.Skipf("SciFact corpus not available (%v); the fixture benchmark covers the code", err)
	}
	cases := quotebench.Generate(quotebench.DevSeed, 140, corpus, quotebench.Dev)
	rep := quotebench.Run(cases, locate)
	if rep.FalseAccepts != 0 || rep.Accuracy < 0.97 {
		t.Errorf("Run on SciFact dev: accuracy %.4f, %d false accepts; want >= 0.97 and 0", rep.Accuracy, rep.FalseAccepts)
	}
}
