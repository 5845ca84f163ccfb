package eval

import (
	"bufio"
	"encoding/json"
	"errors"
	"io/fs"
	"os"
	"strings"

	"github.com/veritykb/verity"
)

// Labels of a pairs file. A file says supported or not_supported, or uses
// the three NLI labels, which map to the binary question "does the premise
// support the claim?": entailment is supported, neutral and contradiction
// are not.
const (
	LabelSupported     = "supported"
	LabelNotSupported  = "not_supported"
	LabelEntailment    = "entailment"
	LabelNeutral       = "neutral"
	LabelContradiction = "contradiction"
)

// LabelMapping says in words how the labels of a pairs file are read, for
// reports and help.
const LabelMapping = "supported and entailment are positive; not_supported, neutral and contradiction are negative"

// goldSupported maps every gold label the harness reads to whether it is a
// positive.
var goldSupported = map[string]bool{
	GoldSupport: true, LabelSupported: true, LabelEntailment: true,
	GoldContradict: false, GoldNoEvidence: false, LabelNotSupported: false,
	LabelNeutral: false, LabelContradiction: false,
}

// fileLabels are the labels a pairs file may use.
var fileLabels = map[string]bool{LabelSupported: true, LabelNotSupported: true,
	LabelEntailment: true, LabelNeutral: true, LabelContradiction: true}

// pairLine is one line of a pairs file; other fields (provenance) are
// ignored.
type pairLine struct {
	ID         string  `json:"id"`
	Premise    *string `json:"premise"`
	Hypothesis string  `json:"hypothesis"`
	Label      string  `json:"label"`
}

// LoadPairs reads a JSONL file of labelled pairs, one
// {"id","premise","hypothesis","label"} a line (blank lines skipped), for
// measuring a verifier on any data. Labels are supported/not_supported or
// entailment/neutral/contradiction, in any case (see [LabelMapping]); an
// empty premise is allowed (a verifier must answer "no evidence"), a
// missing one is not. A malformed line, an unknown label, an empty
// hypothesis or a repeated id is an EINVALID error naming the line.
func LoadPairs(path string) ([]SupportPair, error) {
	f, err := os.Open(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, verity.Errorf(verity.ENOTFOUND, "pairs file %s does not exist", path)
	}
	if err != nil {
		return nil, verity.Errorf(verity.EINVALID, "open pairs file: %w", err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 0, 64*1024), 16<<20)
	var out []SupportPair
	seen := map[string]int{}
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" {
			continue
		}
		var l pairLine
		if err := json.Unmarshal([]byte(line), &l); err != nil {
			return nil, verity.Errorf(verity.EINVALID, "%s:%d: %w", path, n, err)
		}
		label := strings.ToLower(strings.TrimSpace(l.Label))
		if !fileLabels[label] {
			return nil, verity.Errorf(verity.EINVALID, "%s:%d: label %q: want supported, not_supported, entailment, neutral or contradiction", path, n, l.Label)
		}
		switch {
		case l.ID == "":
			return nil, verity.Errorf(verity.EINVALID, "%s:%d: no id", path, n)
		case l.Premise == nil:
			return nil, verity.Errorf(verity.EINVALID, "%s:%d: no premise (an empty one is allowed)", path, n)
		case strings.TrimSpace(l.Hypothesis) == "":
			return nil, verity.Errorf(verity.EINVALID, "%s:%d: empty hypothesis", path, n)
		}
		if m, ok := seen[l.ID]; ok {
			return nil, verity.Errorf(verity.EINVALID, "%s:%d: id %q repeats line %d", path, n, l.ID, m)
		}
		seen[l.ID] = n
		out = append(out, SupportPair{ID: l.ID, Premise: *l.Premise, Hypothesis: l.Hypothesis, Gold: label})
	}
	if err := sc.Err(); err != nil {
		return nil, verity.Errorf(verity.EINVALID, "read %s: %w", path, err)
	}
	if len(out) == 0 {
		return nil, verity.Errorf(verity.EINVALID, "%s holds no pairs", path)
	}
	return out, nil
}
