package eval

import "math"

// NDCG returns nDCG@k of a ranking against graded relevance, as trec_eval and
// BEIR compute it: gain = grade, discount 1/log2(rank+1), ideal from the
// qrels. A query without relevant documents scores 0.
func NDCG(ranked []string, rel Qrels, k int) float64 {
	var dcg float64
	for i, id := range ranked {
		if i >= k {
			break
		}
		if g := rel[id]; g > 0 {
			dcg += float64(g) / math.Log2(float64(i+2))
		}
	}
	grades := make([]int, 0, len(rel))
	for _, g := range rel {
		if g > 0 {
			grades = append(grades, g)
		}
	}
	sortDesc(grades)
	var ideal float64
	for i, g := range grades {
		if i >= k {
			break
		}
		ideal += float64(g) / math.Log2(float64(i+2))
	}
	if ideal == 0 {
		return 0
	}
	return dcg / ideal
}

// RecallAt returns the share of relevant documents found in the top k.
func RecallAt(ranked []string, rel Qrels, k int) float64 {
	n := 0
	for _, g := range rel {
		if g > 0 {
			n++
		}
	}
	if n == 0 {
		return 0
	}
	found := 0
	for i, id := range ranked {
		if i >= k {
			break
		}
		if rel[id] > 0 {
			found++
		}
	}
	return float64(found) / float64(n)
}

func sortDesc(xs []int) {
	for i := 1; i < len(xs); i++ {
		for j := i; j > 0 && xs[j] > xs[j-1]; j-- {
			xs[j], xs[j-1] = xs[j-1], xs[j]
		}
	}
}
