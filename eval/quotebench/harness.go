package quotebench

import (
	"bufio"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"time"

	"github.com/veritykb/verity"
)

// SciFactCorpus and FixtureCorpus name the corpus [CorpusAt] built the
// pages from.
const (
	SciFactCorpus = "SciFact abstracts + Russian texts"
	FixtureCorpus = "embedded fixture corpus"
)

// CorpusAt is the corpus the published runs use: SciFact's abstracts read
// from data (data/scifact/corpus.jsonl) with the Russian texts, named
// [SciFactCorpus]; when SciFact cannot be read, the embedded fixture
// corpus, named [FixtureCorpus], and why SciFact was not used.
func CorpusAt(data string) (c Corpus, name string, fallback error) {
	c, err := LoadSciFact(filepath.Join(data, "scifact", "corpus.jsonl"))
	if err != nil {
		return Fixture(), FixtureCorpus, err
	}
	return c, SciFactCorpus, nil
}

// Locate runs locate on every case, one after another, and returns its
// answers and how long locating took in all.
func Locate(cases []Case, locate func(Case) Result) ([]Result, time.Duration) {
	start := time.Now()
	res := make([]Result, len(cases))
	for i, c := range cases {
		res[i] = locate(c)
	}
	return res, time.Since(start)
}

// ScoreFiles scores another locator's answers against written cases: the
// cases as JSON Lines (what [Generate] made, written out), the answers as
// JSON Lines of {"id","found","start","end"}. A case without an answer
// counts as not found.
func ScoreFiles(casesPath, resultsPath string) (Report, error) {
	cs, err := readJSONL[Case](casesPath)
	if err != nil {
		return Report{}, err
	}
	type line struct {
		ID string `json:"id"`
		Result
	}
	rs, err := readJSONL[line](resultsPath)
	if err != nil {
		return Report{}, err
	}
	byID := make(map[string]Result, len(rs))
	for _, r := range rs {
		byID[r.ID] = r.Result
	}
	results := make([]Result, len(cs))
	for i, c := range cs {
		results[i] = byID[c.ID]
	}
	return Score(cs, results), nil
}

// readJSONL reads a file of JSON values, one after another.
func readJSONL[T any](path string) ([]T, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, verity.Errorf(verity.EINVALID, "read %s: %w", path, err)
	}
	defer f.Close()
	var out []T
	dec := json.NewDecoder(bufio.NewReaderSize(f, 1<<20))
	for line := 1; ; line++ {
		var v T
		if err := dec.Decode(&v); err == io.EOF {
			return out, nil
		} else if err != nil {
			return nil, verity.Errorf(verity.EINVALID, "%s: value %d: %w", path, line, err)
		}
		out = append(out, v)
	}
}
