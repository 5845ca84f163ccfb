package quotebench

import (
	"encoding/json"
	"fmt"
	"io"
	"time"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/eval"
	"github.com/veritykb/verity/quote"
)

// Options are verity eval quotes's flags.
type Options struct {
	Data     string // folder holding scifact/
	Split    string // dev or test
	N        int    // cases
	Seed     uint64 // 0: the split's published seed
	CasesOut string // write the generated cases here instead of running
	Cases    string // score Results against these written cases
	Results  string
	Failures bool // list the cases the locator got wrong on stderr
}

// Main runs verity eval quotes: generates the split's cases and scores
// quote.Locate on them (or scores written answers against written cases),
// printing the report as text or, with asJSON, JSON.
func Main(o Options, stdout, stderr io.Writer, asJSON bool) error {
	if o.Results != "" || o.Cases != "" {
		if o.Results == "" || o.Cases == "" {
			return verity.Errorf(verity.EINVALID, "--cases and --results go together")
		}
		rep, err := ScoreFiles(o.Cases, o.Results)
		if err != nil {
			return err
		}
		if asJSON {
			rep.Failed = nil
			return printJSON(stdout, rep)
		}
		return rep.Print(stdout)
	}
	sp := Split(o.Split)
	switch {
	case sp != Test && sp != Dev:
		return verity.Errorf(verity.EINVALID, "--split must be dev or test, got %q", o.Split)
	case o.N <= 0:
		return verity.Errorf(verity.EINVALID, "--n must be positive, got %d", o.N)
	case o.Seed == 0 && sp == Dev:
		o.Seed = DevSeed
	case o.Seed == 0:
		o.Seed = TestSeed
	}
	corpus, source, missing := CorpusAt(o.Data)
	if missing != nil {
		fmt.Fprintf(stderr, "note: %v; using the embedded fixture corpus\n", missing)
	}
	generated := Generate(o.Seed, o.N, corpus, sp)
	if o.CasesOut != "" {
		return eval.WriteJSONL(o.CasesOut, "write "+o.CasesOut, generated)
	}
	res, elapsed := Locate(generated, func(c Case) Result {
		m := quote.Locate(c.Text, c.Quote, quote.Options{Hint: c.Hint})
		return Result{Found: m.Found, Start: m.Start, End: m.End, Kind: string(m.Kind)}
	})
	rep := Score(generated, res)
	if o.Failures {
		PrintFailures(stderr, generated, res)
	}
	if asJSON {
		rep.Failed = nil
		return printJSON(stdout, struct {
			Split   string  `json:"split"`
			Seed    uint64  `json:"seed"`
			Corpus  string  `json:"corpus"`
			Seconds float64 `json:"locate_seconds"`
			Report  Report  `json:"report"`
		}{o.Split, o.Seed, source, elapsed.Seconds(), rep})
	}
	fmt.Fprintf(stdout, "quote benchmark, %s split (seed %d), %s: %d cases located in %v on one core\n",
		o.Split, o.Seed, source, len(generated), elapsed.Round(time.Millisecond))
	return rep.Print(stdout)
}

func printJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(v)
}
