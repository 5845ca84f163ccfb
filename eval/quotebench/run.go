package quotebench

import (
	"fmt"
	"io"
	"sort"
	"text/tabwriter"
)

// Result is a locator's answer to one case.
type Result struct {
	Found bool   `json:"found"`
	Start int    `json:"start"`
	End   int    `json:"end"`
	Kind  string `json:"kind,omitempty"` // the locator's own kind, for the record
}

// minOverlap is how much a found span must overlap the labelled one
// (intersection over union) for stitched and fuzzy cases, whose edges may
// differ by punctuation; every other positive needs the exact span.
const minOverlap = 0.9

// Correct reports whether r is the right verdict on c.
func Correct(c Case, r Result) bool {
	if !c.Want {
		return !r.Found
	}
	if !r.Found {
		return false
	}
	switch c.Kind {
	case "stitched", "fuzzy":
		return IoU(r.Start, r.End, c.Start, c.End) >= minOverlap
	}
	return r.Start == c.Start && r.End == c.End
}

// IoU is the intersection over union of two byte ranges.
func IoU(s1, e1, s2, e2 int) float64 {
	inter := min(e1, e2) - max(s1, s2)
	if inter <= 0 {
		return 0
	}
	return float64(inter) / float64(max(e1, e2)-min(s1, s2))
}

// Report is the accuracy of a locator on a set of cases.
type Report struct {
	Cases    int          `json:"cases"`
	Correct  int          `json:"correct"`
	Accuracy float64      `json:"accuracy"`
	Kinds    []KindReport `json:"kinds"`
	// FalseAccepts counts fabricated and paraphrased quotes that were
	// found: the verbatim gate's one unforgivable error.
	FalseAccepts int      `json:"false_accepts"`
	Failed       []string `json:"failed,omitempty"` // ids of incorrect cases
}

// KindReport is the accuracy on one kind of case.
type KindReport struct {
	Kind     string  `json:"kind"`
	Cases    int     `json:"cases"`
	Correct  int     `json:"correct"`
	Accuracy float64 `json:"accuracy"`
}

// Run asks locate about every case and scores the answers.
func Run(cases []Case, locate func(Case) Result) Report {
	results := make([]Result, len(cases))
	for i, c := range cases {
		results[i] = locate(c)
	}
	return Score(cases, results)
}

// Score scores results[i] as the answer to cases[i].
func Score(cases []Case, results []Result) Report {
	var rep Report
	byKind := map[string]*KindReport{}
	for i, c := range cases {
		k := byKind[c.Kind]
		if k == nil {
			k = &KindReport{Kind: c.Kind}
			byKind[c.Kind] = k
		}
		k.Cases++
		rep.Cases++
		if Correct(c, results[i]) {
			k.Correct++
			rep.Correct++
		} else {
			rep.Failed = append(rep.Failed, c.ID)
			if !c.Want {
				rep.FalseAccepts++
			}
		}
	}
	order := map[string]int{}
	for i, k := range Kinds {
		order[k] = i
	}
	for _, k := range byKind {
		k.Accuracy = ratio(k.Correct, k.Cases)
		rep.Kinds = append(rep.Kinds, *k)
	}
	sort.Slice(rep.Kinds, func(i, j int) bool { return order[rep.Kinds[i].Kind] < order[rep.Kinds[j].Kind] })
	rep.Accuracy = ratio(rep.Correct, rep.Cases)
	return rep
}

func ratio(a, b int) float64 {
	if b == 0 {
		return 0
	}
	return float64(a) / float64(b)
}

// Print writes the report as a table.
func (r Report) Print(w io.Writer) error {
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "kind\tcases\tcorrect\taccuracy\t")
	for _, k := range r.Kinds {
		fmt.Fprintf(tw, "%s\t%d\t%d\t%.4f\t\n", k.Kind, k.Cases, k.Correct, k.Accuracy)
	}
	fmt.Fprintf(tw, "overall\t%d\t%d\t%.4f\t\n", r.Cases, r.Correct, r.Accuracy)
	if err := tw.Flush(); err != nil {
		return err
	}
	_, err := fmt.Fprintf(w, "fabricated or paraphrased accepted: %d\n", r.FalseAccepts)
	return err
}
