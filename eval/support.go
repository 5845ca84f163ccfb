package eval

import (
	"fmt"
	"strings"

	"github.com/veritykb/verity"
)

// SciFact evidence labels, and the gold label of a cited abstract that
// holds no evidence for the claim.
const (
	GoldSupport    = "SUPPORT"
	GoldContradict = "CONTRADICT"
	GoldNoEvidence = "NOEVIDENCE"
)

// SupportPair is one claim-support check from SciFact: a claim against one
// abstract it cites. The claim is the hypothesis, the abstract (title, a
// blank line, its sentences) the premise. It is a positive when the
// abstract supports the claim; contradicting abstracts and abstracts with
// no evidence are the negatives.
//
// Pairs read from a file by [LoadPairs] are SupportPairs too, with the
// file's id and label and no claim or abstract.
type SupportPair struct {
	ID         string `json:"id"`
	ClaimID    int    `json:"claim_id,omitempty"`
	DocID      string `json:"doc_id,omitempty"`
	Premise    string `json:"premise"`
	Hypothesis string `json:"hypothesis"`
	// Gold is GoldSupport, GoldContradict or GoldNoEvidence for SciFact,
	// and the file's label (supported, not_supported, entailment, neutral,
	// contradiction) for a pairs file.
	Gold string `json:"gold"`
	// Question is the question the hypothesis begins with, for pairs that
	// read question and claim as one hypothesis (verify.Pair's Question).
	Question string `json:"question,omitempty"`
	// Source is the dataset a pair comes from, for per-source figures.
	Source string `json:"source,omitempty"`
	// Group numbers the pairs that must sit in the same cross-validation
	// fold (one question's answer sentences); 0 is none.
	Group int `json:"group,omitempty"`
}

// Positive reports whether the premise supports the claim: SciFact's
// SUPPORT, a file's supported or entailment.
func (p SupportPair) Positive() bool { return goldSupported[p.Gold] }

// SupportPairs returns the claim-support pairs of a split: "dev" (the
// reported numbers) or "train" (the only split thresholds may be tuned
// on), one per claim and cited abstract, in file order.
func (sf *SciFact) SupportPairs(split string) ([]SupportPair, error) {
	var claims []Claim
	switch split {
	case "dev":
		claims = sf.Dev
	case "train":
		claims = sf.Train
	default:
		return nil, verity.Errorf(verity.EINVALID, "split %q: want dev or train", split)
	}
	docs := make(map[string]SciDoc, len(sf.Docs))
	for _, d := range sf.Docs {
		docs[d.ID] = d
	}
	var out []SupportPair
	for _, c := range claims {
		for _, id := range c.CitedDoc {
			d, ok := docs[id]
			if !ok {
				return nil, verity.Errorf(verity.EINVALID, "claim %d cites abstract %s, which the corpus lacks", c.ID, id)
			}
			gold := c.Label(id)
			if gold == "" {
				gold = GoldNoEvidence
			}
			out = append(out, SupportPair{ID: fmt.Sprintf("%d:%s", c.ID, id), ClaimID: c.ID, DocID: id, Premise: d.Premise(),
				Hypothesis: c.Claim, Gold: gold})
		}
	}
	return out, nil
}

// Premise returns the abstract as a verifier reads it: the title as a
// paragraph of its own, then the sentences.
func (d SciDoc) Premise() string {
	title := strings.TrimSpace(d.Title)
	if title == "" {
		return d.Text()
	}
	return title + "\n\n" + d.Text()
}

// NegativeF1 is the F1 of the negative class: how well the classifier
// finds what is not supported.
func (b Binary) NegativeF1() float64 {
	if 2*b.TN+b.FN+b.FP == 0 {
		return 0
	}
	return float64(2*b.TN) / float64(2*b.TN+b.FN+b.FP)
}

// MacroF1 is the mean of the F1 of both classes, so that a classifier that
// says "supported" to everything scores no better on a set where most
// pairs are supported.
func (b Binary) MacroF1() float64 { return (b.F1() + b.NegativeF1()) / 2 }

// PredictedPositive is the share of decisions that said positive.
func (b Binary) PredictedPositive() float64 { return ratio(b.TP+b.FP, b.N()) }

// Binary counts the outcomes of a binary classifier against gold labels.
type Binary struct {
	TP int `json:"tp"`
	FP int `json:"fp"`
	FN int `json:"fn"`
	TN int `json:"tn"`
}

// Add counts one decision.
func (b *Binary) Add(gold, predicted bool) {
	switch {
	case gold && predicted:
		b.TP++
	case gold:
		b.FN++
	case predicted:
		b.FP++
	default:
		b.TN++
	}
}

// N returns the number of decisions counted.
func (b Binary) N() int { return b.TP + b.FP + b.FN + b.TN }

// Precision is TP/(TP+FP): of the positives predicted, the share that are.
// It is 0 when nothing was predicted positive.
func (b Binary) Precision() float64 { return ratio(b.TP, b.TP+b.FP) }

// Recall is TP/(TP+FN): of the gold positives, the share predicted.
func (b Binary) Recall() float64 { return ratio(b.TP, b.TP+b.FN) }

// Specificity is TN/(TN+FP): of the gold negatives, the share predicted
// negative.
func (b Binary) Specificity() float64 { return ratio(b.TN, b.TN+b.FP) }

// BalancedAccuracy is the mean of recall and specificity: 0.5 for a
// classifier that says the same thing always, whatever the class balance.
func (b Binary) BalancedAccuracy() float64 { return (b.Recall() + b.Specificity()) / 2 }

// F1 is the harmonic mean of precision and recall.
func (b Binary) F1() float64 {
	p, r := b.Precision(), b.Recall()
	if p+r == 0 {
		return 0
	}
	return 2 * p * r / (p + r)
}

func ratio(a, b int) float64 {
	if b == 0 {
		return 0
	}
	return float64(a) / float64(b)
}

// Confusion counts gold labels against predicted labels. Rows and columns
// keep the order they were first seen in unless set up front, so reports
// print the same way every run.
type Confusion struct {
	Gold      []string         `json:"gold"`
	Predicted []string         `json:"predicted"`
	Counts    map[string][]int `json:"counts"` // gold → counts in Predicted order
}

// NewConfusion returns a confusion table with the given rows and columns.
func NewConfusion(gold, predicted []string) *Confusion {
	c := &Confusion{Gold: append([]string(nil), gold...), Predicted: append([]string(nil), predicted...),
		Counts: map[string][]int{}}
	for _, g := range gold {
		c.Counts[g] = make([]int, len(predicted))
	}
	return c
}

// Add counts one pair, growing the table for labels not seen before.
func (c *Confusion) Add(gold, predicted string) {
	col := -1
	for i, p := range c.Predicted {
		if p == predicted {
			col = i
		}
	}
	if col < 0 {
		c.Predicted = append(c.Predicted, predicted)
		for g := range c.Counts {
			c.Counts[g] = append(c.Counts[g], 0)
		}
		col = len(c.Predicted) - 1
	}
	if _, ok := c.Counts[gold]; !ok {
		c.Gold = append(c.Gold, gold)
		c.Counts[gold] = make([]int, len(c.Predicted))
	}
	c.Counts[gold][col]++
}

// Count returns how many pairs of gold were predicted predicted.
func (c *Confusion) Count(gold, predicted string) int {
	for i, p := range c.Predicted {
		if p == predicted {
			return c.Counts[gold][i]
		}
	}
	return 0
}
