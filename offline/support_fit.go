package offline

import (
	"fmt"
	"math"
	"slices"

	"github.com/veritykb/verity/verify"
)

// SupportExample is one labelled pair to fit the support score on.
type SupportExample struct {
	Premise, Hypothesis string
	// Question is the question the hypothesis begins with, when it
	// answers one (see verify.Pair).
	Question  string
	Supported bool
	// Set names the dataset the pair comes from ("scifact",
	// "attributionbench"): thresholds are chosen for every set at once,
	// and the fit is reported per set.
	Set string
	// Group keeps related pairs (one claim's abstracts) in the same fold
	// of the cross-validation, so that the calibration is fitted on
	// scores of claims the weights never saw.
	Group int
}

// FitOptions configure [FitSupport].
type FitOptions struct {
	Params SupportParams // the lexical thresholds; zero fields mean DefaultSupport's
	// L2 is the ridge penalty on the weights (not the bias); 0 means
	// choose it by nested cross-validation.
	L2 float64
	// Folds is the number of cross-validation folds the calibration is
	// fitted on; 0 means 5.
	Folds int
	// PrecisionFloor is the training precision Strict must keep (the
	// baseline's, so that the verifier is never less precise than it);
	// Strict is the threshold of the best macro-F1 above the floor.
	PrecisionFloor float64
	// Floors, when set, are the training precision Strict must keep on
	// each set of examples (SupportExample.Set; the baseline's on that
	// set): Strict is then the threshold of the best mean macro-F1 over
	// the sets among those that keep every set's floor, so that a large
	// set does not choose a threshold that costs a small one.
	Floors map[string]float64
	// Fitted describes the training data, for the model's record.
	Fitted string
}

// FitReport says how the fitted model did on its own training data,
// out of fold (each pair scored by weights fitted without its group).
type FitReport struct {
	Examples  int     `json:"examples"`
	Positives int     `json:"positives"`
	Strict    float64 `json:"strict"`
	Broad     float64 `json:"broad"`
	// Precision, recall and macro-F1 at Strict, out of fold.
	Precision float64 `json:"precision"`
	Recall    float64 `json:"recall"`
	MacroF1   float64 `json:"macro_f1"`
	ECE       float64 `json:"ece"` // of the calibrated out-of-fold probabilities, 10 bins
	// Sets are the same figures for each set of examples, out of fold.
	Sets []FitSetReport `json:"sets,omitempty"`
}

// FitSetReport is how the fitted model did on one set of its training
// examples, out of fold, at Strict.
type FitSetReport struct {
	Set       string  `json:"set"`
	Examples  int     `json:"examples"`
	Positives int     `json:"positives"`
	Floor     float64 `json:"floor"`
	Precision float64 `json:"precision"`
	Recall    float64 `json:"recall"`
	MacroF1   float64 `json:"macro_f1"`
	ECE       float64 `json:"ece"`
}

// FitSupport fits the support score on labelled pairs: a logistic
// regression over the window features (the window each pair's first fit
// scores highest among its best-aligned ones), weights by Newton's method
// with a ridge penalty; then, from out-of-fold scores, an isotonic map to
// probabilities (pool-adjacent-violators, each block's rate smoothed by
// half a pair either way) and the Strict and Broad thresholds. It is
// deterministic: the same examples give the same model.
func FitSupport(ex []SupportExample, opt FitOptions) (*SupportModel, FitReport) {
	return NewFitter().Fit(ex, opt)
}

// Fitter fits support models ([FitSupport]) and remembers the features of
// every pair it has read, so that refitting on overlapping pairs (the
// folds of a cross-validation) reads each pair once. It is not safe for
// concurrent use.
type Fitter struct {
	features map[fitKey][]supportFeatures
}

type fitKey struct {
	premise, hypothesis, question string
	par                           SupportParams
}

// NewFitter returns a Fitter that has read nothing yet.
func NewFitter() *Fitter { return &Fitter{features: map[fitKey][]supportFeatures{}} }

// candidates returns the window features of example e under par.
func (ft *Fitter) candidates(e SupportExample, par SupportParams) []supportFeatures {
	k := fitKey{e.Premise, e.Hypothesis, e.Question, par}
	if fs, ok := ft.features[k]; ok {
		return fs
	}
	h := claimOf(verify.Pair{Premise: e.Premise, Hypothesis: e.Hypothesis, Question: e.Question})
	fs := candidateFeatures(analyze(e.Premise), h, par)
	ft.features[k] = fs
	return fs
}

// Fit is [FitSupport] with the Fitter's memory of features.
func (ft *Fitter) Fit(ex []SupportExample, opt FitOptions) (*SupportModel, FitReport) {
	if opt.Folds <= 1 {
		opt.Folds = 5
	}
	par := opt.Params.withDefaults(DefaultSupportModel)
	cands := make([][]supportFeatures, len(ex))
	y := make([]bool, len(ex))
	for i, e := range ex {
		cands[i] = ft.candidates(e, par)
		y[i] = e.Supported
	}
	// First fit on each pair's best-aligned window, then refit on the
	// window that fit scores highest, as checkSupport picks it.
	pick := func(w []float64, b float64) [][]float64 {
		X := make([][]float64, len(ex))
		for i, cs := range cands {
			best, bz := 0, math.Inf(-1)
			for k, c := range cs {
				if z := dot(w, c.vector()) + b; w == nil && k == 0 || w != nil && z > bz {
					best, bz = k, z
				}
			}
			X[i] = cs[best].vector()
		}
		return X
	}
	l2 := opt.L2
	if l2 <= 0 {
		l2 = 1
	}
	w, b := logistic(pick(nil, 0), y, l2)
	X := pick(w, b)
	w, b = logistic(X, y, l2)

	vetoed := make([]bool, len(ex))
	for i, cs := range cands {
		best, bz := 0, math.Inf(-1)
		for k, c := range cs {
			if z := dot(w, c.vector()) + b; z > bz {
				best, bz = k, z
			}
		}
		vetoed[i] = cs[best].vetoed()
	}
	groups := make([]int, len(ex))
	for i, e := range ex {
		groups[i] = e.Group
	}
	all := make([]int, len(ex))
	for i := range all {
		all[i] = i
	}

	// The ridge penalty and the calibration map are chosen by nested
	// cross-validation on the training pairs: each setting is fitted
	// without one fold and scored on it by Brier score: the penalty, then
	// the map (steps or lines between them, and how many pairs a step
	// rests on at least). The Brier score rewards a map that keeps the
	// score's ranking as well as one that is calibrated; the calibration
	// error alone prefers a map of two steps, which is calibrated and
	// tells little apart.
	type setting struct {
		l2    float64
		steps bool
		block float64
	}
	heldOut := func(st setting) (brier, meanECE float64) {
		for k := 0; k < opt.Folds; k++ {
			var in, out []int
			for _, i := range all {
				if groups[i]%opt.Folds == k {
					out = append(out, i)
				} else {
					in = append(in, i)
				}
			}
			c := fitCalibrated(X, y, vetoed, groups, in, opt.Folds, st.l2, st.steps, st.block)
			var ps []float64
			var ys []bool
			for _, i := range out {
				p := c.probability(X[i], vetoed[i])
				t := 0.0
				if y[i] {
					t = 1
				}
				brier += (p - t) * (p - t)
				ps, ys = append(ps, p), append(ys, y[i])
			}
			meanECE += ece(ps, ys, 10) / float64(opt.Folds)
		}
		return brier, meanECE
	}
	best := setting{l2: opt.L2, block: minBlock}
	if opt.L2 <= 0 {
		bestBrier := math.Inf(1)
		for _, l2 := range []float64{0.3, 1, 3, 10, 30} {
			if b, _ := heldOut(setting{l2: l2, block: minBlock}); b < bestBrier {
				best.l2, bestBrier = l2, b
			}
		}
	}
	bestBrier, bestECE := math.Inf(1), math.Inf(1)
	for _, steps := range []bool{false, true} {
		for _, block := range []float64{minBlock, 2 * minBlock, 3 * minBlock} {
			st := setting{best.l2, steps, block}
			if b, e := heldOut(st); b < bestBrier-1e-9 {
				best, bestBrier, bestECE = st, b, e
			}
		}
	}
	fit := fitCalibrated(X, y, vetoed, groups, all, opt.Folds, best.l2, best.steps, best.block)
	form := "lines between steps"
	if best.steps {
		form = "steps"
	}
	m := &SupportModel{Features: slices.Clone(SupportFeatureNames), Weights: fit.w, Bias: fit.b,
		Calibration: fit.cal, Vetoed: fit.vetoed, Steps: best.steps,
		Fitted: fmt.Sprintf("%s; chosen by nested cross-validation: ridge %g, calibration by %s over blocks of at least %g of the pairs (held-out ECE %.3f)",
			opt.Fitted, best.l2, form, best.block, bestECE)}
	prob := fit.oof
	rep := FitReport{Examples: len(ex)}
	for _, v := range y {
		if v {
			rep.Positives++
		}
	}
	// Vetoed claims are never entailed, so the thresholds are chosen on
	// the decisions the verifier will make.
	decided := slices.Clone(prob)
	for i := range decided {
		if vetoed[i] {
			decided[i] = 0
		}
	}
	sets := make([]string, len(ex))
	for i, e := range ex {
		sets[i] = e.Set
	}
	if len(opt.Floors) > 0 {
		m.Strict = thresholdSets(decided, y, sets, opt.Floors)
		rep.Precision, rep.Recall, rep.MacroF1 = cutFigures(decided, y, m.Strict, nil)
	} else {
		m.Strict, rep.Precision, rep.Recall, rep.MacroF1 = threshold(decided, y, opt.PrecisionFloor, false)
	}
	m.Broad, _, _, _ = threshold(prob, y, opt.PrecisionFloor*0.9, true)
	m.Broad = min(m.Broad, m.Strict)
	rep.Strict, rep.Broad = m.Strict, m.Broad
	rep.ECE = ece(prob, y, 10)
	for _, set := range setOrder(sets) {
		if set == "" {
			continue
		}
		in := func(i int) bool { return sets[i] == set }
		sr := FitSetReport{Set: set, Floor: opt.Floors[set]}
		var ps []float64
		var ys []bool
		for i := range ex {
			if in(i) {
				sr.Examples++
				if y[i] {
					sr.Positives++
				}
				ps, ys = append(ps, prob[i]), append(ys, y[i])
			}
		}
		sr.Precision, sr.Recall, sr.MacroF1 = cutFigures(decided, y, m.Strict, in)
		sr.ECE = ece(ps, ys, 10)
		rep.Sets = append(rep.Sets, sr)
	}
	return m, rep
}

// setOrder returns the distinct sets in order of first appearance.
func setOrder(sets []string) []string {
	var out []string
	seen := map[string]bool{}
	for _, s := range sets {
		if !seen[s] {
			seen[s] = true
			out = append(out, s)
		}
	}
	return out
}

// cutFigures returns precision, recall and macro-F1 of "prob >= cut" over
// the examples in keeps (nil keeps all).
func cutFigures(prob []float64, y []bool, cut float64, keep func(int) bool) (precision, recall, macro float64) {
	var tp, fp, fn, tn float64
	for i, p := range prob {
		if keep != nil && !keep(i) {
			continue
		}
		switch pred := p >= cut; {
		case pred && y[i]:
			tp++
		case pred:
			fp++
		case y[i]:
			fn++
		default:
			tn++
		}
	}
	if tp+fp > 0 {
		precision = tp / (tp + fp)
	}
	if tp+fn > 0 {
		recall = tp / (tp + fn)
	}
	if d := 2*tp + fp + fn; d > 0 {
		macro += tp / d
	}
	if d := 2*tn + fp + fn; d > 0 {
		macro += tn / d
	}
	return precision, recall, macro
}

// thresholdSets picks, among the probabilities as cut points (rounded down
// to two decimals), the one with the best mean macro-F1 over the sets
// whose precision on every set is at least that set's floor; with none,
// the one whose least margin over the floors is the largest.
func thresholdSets(prob []float64, y []bool, sets []string, floors map[string]float64) float64 {
	cuts := slices.Clone(prob)
	for i := range cuts {
		cuts[i] = math.Floor(cuts[i]*100) / 100
	}
	slices.Sort(cuts)
	cuts = slices.Compact(cuts)
	order := setOrder(sets)
	best, bestVal, bestMargin := 1.0, -1.0, math.Inf(-1)
	for _, c := range cuts {
		var val float64
		margin := math.Inf(1)
		for _, set := range order {
			p, _, m := cutFigures(prob, y, c, func(i int) bool { return sets[i] == set })
			val += m / float64(len(order))
			margin = min(margin, p-floors[set])
		}
		switch {
		case margin >= 0 && (bestMargin < 0 || val > bestVal):
		case margin < 0 && bestMargin < 0 && margin > bestMargin:
		default:
			continue
		}
		best, bestVal, bestMargin = c, val, margin
	}
	return best
}

// calibratedFit is a logistic fit with its calibration maps, fitted on
// some of the pairs.
type calibratedFit struct {
	w           []float64
	b           float64
	steps       bool
	cal, vetoed []CalibrationPoint
	oof         []float64 // calibrated out-of-fold probability, by pair (0 outside the fit)
}

func (c calibratedFit) probability(x []float64, vetoed bool) float64 {
	s := sigmoid(dot(c.w, x) + c.b)
	if vetoed && len(c.vetoed) > 0 {
		return calibrate(c.vetoed, c.steps, s)
	}
	return calibrate(c.cal, c.steps, s)
}

// fitCalibrated fits the weights on the pairs idx and the calibration maps
// on their out-of-fold scores (folds by group), the vetoed and the other
// pairs apart.
func fitCalibrated(X [][]float64, y, vetoed []bool, groups, idx []int, folds int, l2 float64, steps bool, block float64) calibratedFit {
	sub := func(keep func(i int) bool) ([][]float64, []bool) {
		var tx [][]float64
		var ty []bool
		for _, i := range idx {
			if keep(i) {
				tx, ty = append(tx, X[i]), append(ty, y[i])
			}
		}
		return tx, ty
	}
	// The weights are the mean of the folds' weights, so that the scores
	// of new pairs are spread like the out-of-fold scores the
	// calibration is fitted on (a model refitted on every pair scores
	// more boldly than any of them).
	var w []float64
	var b float64
	oof := make([]float64, len(X))
	for k := 0; k < folds; k++ {
		fx, fy := sub(func(i int) bool { return groups[i]%folds != k })
		fw, fb := logistic(fx, fy, l2)
		if w == nil {
			w = make([]float64, len(fw))
		}
		for a := range fw {
			w[a] += fw[a] / float64(folds)
		}
		b += fb / float64(folds)
		for _, i := range idx {
			if groups[i]%folds == k {
				oof[i] = sigmoid(dot(fw, X[i]) + fb)
			}
		}
	}
	var cs, vs []float64
	var cy, vy []bool
	for _, i := range idx {
		if vetoed[i] {
			vs, vy = append(vs, oof[i]), append(vy, y[i])
		} else {
			cs, cy = append(cs, oof[i]), append(cy, y[i])
		}
	}
	c := calibratedFit{w: w, b: b, steps: steps, cal: isotonic(cs, cy, block), vetoed: isotonic(vs, vy, block)}
	for _, i := range idx {
		if vetoed[i] {
			oof[i] = calibrate(c.vetoed, steps, oof[i])
		} else {
			oof[i] = calibrate(c.cal, steps, oof[i])
		}
	}
	c.oof = oof
	return c
}

// candidateFeatures are the features of the windows checkSupport scores
// for a pair, best-aligned first.
func candidateFeatures(p, h *doc, par SupportParams) []supportFeatures {
	query := h.stems()
	if len(query) == 0 && len(h.Quants) == 0 || len(p.Sents) == 0 {
		return []supportFeatures{{}}
	}
	var out []supportFeatures
	for _, c := range candidateChecks(p, h, query, par) {
		out = append(out, c.Features)
	}
	return out
}

// threshold picks, among the probabilities themselves as cut points, the
// one with the best macro-F1 (or, with f1, the best F1 of the positives)
// whose precision is at least floor, rounded down to two decimals; with
// none above the floor, the most precise. It returns the cut and its
// precision, recall and macro-F1.
func threshold(prob []float64, y []bool, floor float64, f1 bool) (cut, precision, recall, macro float64) {
	cuts := slices.Clone(prob)
	slices.Sort(cuts)
	cuts = slices.Compact(cuts)
	bestVal, bestP := -1.0, -1.0
	for _, c := range cuts {
		c = math.Floor(c*100) / 100
		var tp, fp, fn, tn float64
		for i, p := range prob {
			switch pred := p >= c; {
			case pred && y[i]:
				tp++
			case pred:
				fp++
			case y[i]:
				fn++
			default:
				tn++
			}
		}
		if tp == 0 {
			continue
		}
		pr, rc := tp/(tp+fp), tp/(tp+fn)
		posF1 := 2 * tp / (2*tp + fp + fn)
		negF1 := 2 * tn / (2*tn + fp + fn)
		val := (posF1 + negF1) / 2
		if f1 {
			val = posF1
		}
		switch {
		case pr >= floor && (bestP < floor || val > bestVal):
		case pr < floor && bestP < floor && pr > bestP:
		default:
			continue
		}
		cut, precision, recall, macro, bestVal, bestP = c, pr, rc, (posF1+negF1)/2, val, pr
	}
	return cut, precision, recall, macro
}

// logistic fits weights and a bias by Newton's method on the
// log-likelihood with a ridge penalty l2 on the weights.
func logistic(X [][]float64, y []bool, l2 float64) ([]float64, float64) {
	if len(X) == 0 {
		return nil, 0
	}
	d := len(X[0]) + 1 // the bias is the last coordinate
	xs := make([][]float64, len(X))
	for i, x := range X {
		xs[i] = append(slices.Clone(x), 1)
	}
	beta := make([]float64, d)
	grad := make([]float64, d)
	hess := make([][]float64, d)
	for i := range hess {
		hess[i] = make([]float64, d)
	}
	for iter := 0; iter < 50; iter++ {
		clear(grad)
		for a := range hess {
			clear(hess[a])
		}
		for i, xb := range xs {
			p := sigmoid(dot(beta, xb))
			t := 0.0
			if y[i] {
				t = 1
			}
			r, v := t-p, p*(1-p)
			for a, xa := range xb {
				if xa == 0 {
					continue
				}
				grad[a] += r * xa
				row, vx := hess[a], v*xa
				for c := a; c < d; c++ {
					row[c] += vx * xb[c]
				}
			}
		}
		for a := 0; a < d; a++ {
			for c := 0; c < a; c++ {
				hess[a][c] = hess[c][a]
			}
		}
		for a := 0; a < d-1; a++ {
			grad[a] -= l2 * beta[a]
			hess[a][a] += l2
		}
		hess[d-1][d-1] += 1e-9
		step, ok := solve(hess, grad)
		if !ok {
			break
		}
		change := 0.0
		for a := range beta {
			beta[a] += step[a]
			change = max(change, math.Abs(step[a]))
		}
		if change < 1e-9 {
			break
		}
	}
	return beta[:d-1], beta[d-1]
}

// solve solves A x = b by Gaussian elimination with partial pivoting.
func solve(A [][]float64, b []float64) ([]float64, bool) {
	n := len(b)
	M := make([][]float64, n)
	for i := range M {
		M[i] = append(slices.Clone(A[i]), b[i])
	}
	for c := 0; c < n; c++ {
		p := c
		for r := c + 1; r < n; r++ {
			if math.Abs(M[r][c]) > math.Abs(M[p][c]) {
				p = r
			}
		}
		if math.Abs(M[p][c]) < 1e-12 {
			return nil, false
		}
		M[c], M[p] = M[p], M[c]
		for r := c + 1; r < n; r++ {
			f := M[r][c] / M[c][c]
			for k := c; k <= n; k++ {
				M[r][k] -= f * M[c][k]
			}
		}
	}
	x := make([]float64, n)
	for r := n - 1; r >= 0; r-- {
		s := M[r][n]
		for k := r + 1; k < n; k++ {
			s -= M[r][k] * x[k]
		}
		x[r] = s / M[r][r]
	}
	return x, true
}

// isotonic fits a non-decreasing map from scores to the rate of
// positives by pool-adjacent-violators, and returns one point per block
// (its mean score, its rate with half a pair of each class added, so that
// a small block never claims certainty).
func isotonic(score []float64, y []bool, minShare float64) []CalibrationPoint {
	idx := make([]int, len(score))
	for i := range idx {
		idx[i] = i
	}
	slices.SortStableFunc(idx, func(a, b int) int {
		switch {
		case score[a] < score[b]:
			return -1
		case score[a] > score[b]:
			return 1
		}
		return 0
	})
	type block struct{ sum, pos, n float64 }
	var bs []block
	for _, i := range idx {
		t := 0.0
		if y[i] {
			t = 1
		}
		bs = append(bs, block{score[i], t, 1})
		for len(bs) > 1 {
			a, b := bs[len(bs)-2], bs[len(bs)-1]
			if (a.pos+0.5)/(a.n+1) < (b.pos+0.5)/(b.n+1) {
				break
			}
			bs = append(bs[:len(bs)-2], block{a.sum + b.sum, a.pos + b.pos, a.n + b.n})
		}
	}
	// Blocks of a few pairs are noise, not calibration: merge each block
	// smaller than minBlock of the pairs into its neighbour with the
	// closer rate.
	minN := math.Max(3, minShare*float64(len(score)))
	for len(bs) > 1 {
		k := -1
		for i, b := range bs {
			if b.n < minN && (k < 0 || b.n < bs[k].n) {
				k = i
			}
		}
		if k < 0 {
			break
		}
		j := k + 1
		rate := func(b block) float64 { return b.pos / b.n }
		if k == len(bs)-1 || k > 0 && math.Abs(rate(bs[k-1])-rate(bs[k])) < math.Abs(rate(bs[k+1])-rate(bs[k])) {
			j = k - 1
		}
		lo, hi := min(k, j), max(k, j)
		merged := block{bs[lo].sum + bs[hi].sum, bs[lo].pos + bs[hi].pos, bs[lo].n + bs[hi].n}
		bs = append(bs[:lo], append([]block{merged}, bs[hi+1:]...)...)
	}
	out := make([]CalibrationPoint, len(bs))
	for i, b := range bs {
		out[i] = CalibrationPoint{Score: b.sum / b.n, P: (b.pos + 0.5) / (b.n + 1)}
	}
	return out
}

// minBlock is the smallest share of the training pairs one calibration
// block may rest on (132 of the 3,315 pairs of SciFact's training claims
// and AttributionBench dev read both ways), so that each probability the
// verifier reports is a rate known to about ±0.04 rather than the noise of
// a dozen pairs; the fit may choose coarser blocks.
const minBlock = 0.04

// ece is the expected calibration error of probabilities over n bins.
func ece(prob []float64, y []bool, n int) float64 {
	sum := make([]float64, n)
	pos := make([]float64, n)
	cnt := make([]float64, n)
	for i, p := range prob {
		k := min(max(int(p*float64(n)), 0), n-1)
		sum[k] += p
		cnt[k]++
		if y[i] {
			pos[k]++
		}
	}
	e := 0.0
	for k := range cnt {
		if cnt[k] > 0 {
			e += cnt[k] / float64(len(prob)) * math.Abs(pos[k]/cnt[k]-sum[k]/cnt[k])
		}
	}
	return e
}

func sigmoid(z float64) float64 { return 1 / (1 + math.Exp(-z)) }

func dot(w, x []float64) float64 {
	s := 0.0
	for i := range w {
		if i < len(x) {
			s += w[i] * x[i]
		}
	}
	return s
}

// String summarizes a fit for logs.
func (r FitReport) String() string {
	s := fmt.Sprintf("%d pairs (%d supported): strict %.2f (P %.3f R %.3f macro-F1 %.3f out of fold), broad %.2f, ECE %.3f",
		r.Examples, r.Positives, r.Strict, r.Precision, r.Recall, r.MacroF1, r.Broad, r.ECE)
	for _, st := range r.Sets {
		s += fmt.Sprintf("\n  %s: %d pairs (%d supported): P %.3f (floor %.3f) R %.3f macro-F1 %.3f out of fold, ECE %.3f",
			st.Set, st.Examples, st.Positives, st.Precision, st.Floor, st.Recall, st.MacroF1, st.ECE)
	}
	return s
}
