package eval

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/veritykb/verity"
)

// How an AttributionBench pair's hypothesis is read: the question and the
// claim, as the benchmark's own models read them, or the claim alone, as
// the answer path checks a sentence of its answer.
const (
	HypothesisQuestionClaim = "question+claim"
	HypothesisClaim         = "claim"
)

// AttributionBenchFile is the dev split's file under
// attributionbench-dev/ of the data folder.
const AttributionBenchFile = "dev_all_subset_balanced.jsonl"

// AttributionBenchLabels says how AttributionBench's labels map to the
// binary question, for reports.
const AttributionBenchLabels = "attributable is positive (supported), not attributable negative"

// abLine is one line of AttributionBench; other fields are ignored.
type abLine struct {
	ID         string   `json:"id"`
	Question   string   `json:"question"`
	Claim      string   `json:"claim"`
	References []string `json:"references"`
	Label      string   `json:"attribution_label"`
	Source     string   `json:"src_dataset"`
}

// LoadAttributionBench reads AttributionBench's dev split from dir
// (attributionbench-dev/ of the data folder) as support pairs: the
// premise is the references joined by blank lines, the hypothesis the
// question and the claim (hypothesis HypothesisQuestionClaim, with the
// pair's Question set) or the claim alone (HypothesisClaim), the label
// supported when the claim is attributable. Each pair keeps its source
// dataset, and its Group numbers its question (from 1, in order of first
// appearance), so that folds can keep one answer's sentences together.
func LoadAttributionBench(dir, hypothesis string) ([]SupportPair, error) {
	if hypothesis != HypothesisQuestionClaim && hypothesis != HypothesisClaim {
		return nil, verity.Errorf(verity.EINVALID, "--hypothesis must be %s or %s, got %q", HypothesisQuestionClaim, HypothesisClaim, hypothesis)
	}
	path := filepath.Join(dir, AttributionBenchFile)
	f, err := os.Open(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, verity.Errorf(verity.ENOTFOUND, "AttributionBench dev split not found at %s", path)
	}
	if err != nil {
		return nil, fmt.Errorf("open attributionbench: %w", err)
	}
	defer f.Close()
	groups := map[string]int{}
	var out []SupportPair
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<26)
	for n := 1; sc.Scan(); n++ {
		if strings.TrimSpace(sc.Text()) == "" {
			continue
		}
		var l abLine
		if err := json.Unmarshal(sc.Bytes(), &l); err != nil {
			return nil, verity.Errorf(verity.EINVALID, "%s line %d: %v", path, n, err)
		}
		gold := LabelNotSupported
		switch strings.ToLower(strings.TrimSpace(l.Label)) {
		case "attributable":
			gold = LabelSupported
		case "not attributable":
		default:
			return nil, verity.Errorf(verity.EINVALID, "%s line %d: attribution_label %q: want attributable or not attributable", path, n, l.Label)
		}
		q, claim := strings.TrimSpace(l.Question), strings.TrimSpace(l.Claim)
		if claim == "" {
			return nil, verity.Errorf(verity.EINVALID, "%s line %d: empty claim", path, n)
		}
		if _, ok := groups[q]; !ok {
			groups[q] = len(groups) + 1
		}
		id := l.ID
		if id == "" {
			id = fmt.Sprint(n)
		}
		p := SupportPair{ID: id, Premise: strings.Join(l.References, "\n\n"), Hypothesis: claim, Gold: gold,
			Source: l.Source, Group: groups[q]}
		if hypothesis == HypothesisQuestionClaim && q != "" {
			p.Hypothesis, p.Question = q+"\n"+claim, q
		}
		out = append(out, p)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("read attributionbench: %w", err)
	}
	if len(out) == 0 {
		return nil, verity.Errorf(verity.EINVALID, "%s holds no pairs", path)
	}
	return out, nil
}
