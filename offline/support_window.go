package offline

// What the words of one window of a premise say about a claim, for
// judgeWindow: the weight of what the window lacks, whether a negation
// reaches the claim's words, how many of the claim's word pairs it keeps,
// whether a name stands in the claim's role, and what a number's context
// says.

// missingWeight is the largest share of the claim's IDF weight that one
// stem the window lacks carries: a claim can share most of its words with
// a passage and still be about something else, when the word it lacks is
// the rare one.
func missingWeight(query []string, credit []float64, x idf) float64 {
	var total, most float64
	for i, q := range query {
		wt := x.weight(q)
		if lightStem(q) {
			wt *= lightWeight
		}
		total += wt
		if credit[i] == 0 {
			most = max(most, wt)
		}
	}
	if total == 0 {
		return 0
	}
	return most / total
}

// negationReaches reports whether a negation in the passage words [lo,
// hi) reaches a word the claim shares.
func (p *doc) negationReaches(lo, hi int, relevant []bool, reach int) bool {
	for _, cu := range p.Cues {
		if cu.Kind == cueNegation && cu.First >= lo && cu.Last <= hi && p.reachesRelevant(cu, lo, hi, relevant, reach) {
			return true
		}
	}
	return false
}

// pairShare is the share of the claim's consecutive content-word pairs
// that occur near each other (within pairReach words, in either order) in
// the passage words [lo, hi): word order carries meaning that a bag of
// stems does not ("rare variants with larger effects" is not "larger
// variants with rare effects").
func (p *doc) pairShare(h *doc, lo, hi int) float64 {
	var seq []string
	for _, w := range h.Words {
		if w.Content && (len(seq) == 0 || seq[len(seq)-1] != w.Stem) {
			seq = append(seq, w.Stem)
		}
	}
	if len(seq) < 2 {
		return 0
	}
	at := map[string][]int{}
	for j := lo; j < hi; j++ {
		if w := p.Words[j]; w.Content {
			at[w.Stem] = append(at[w.Stem], j)
		}
	}
	positions := func(s string) []int {
		if ps, ok := at[s]; ok {
			return ps
		}
		var out []int
		for t, ps := range at {
			if nearStem(s, t) {
				out = append(out, ps...)
			}
		}
		return out
	}
	n := 0
	for i := 0; i+1 < len(seq); i++ {
		a, b := positions(seq[i]), positions(seq[i+1])
	pair:
		for _, x := range a {
			for _, y := range b {
				if d := x - y; d != 0 && d <= pairReach && d >= -pairReach {
					n++
					break pair
				}
			}
		}
	}
	return float64(n) / float64(len(seq)-1)
}

// pairReach is how far apart two words of a claim's pair may stand in the
// passage.
const pairReach = 4

// nameInRole returns a name of the passage words [lo, hi) that stands
// where the claim's name n stands: not in the claim, and in a clause that
// shares at least two content stems, and at least half of them, with the
// claim's name's clause ("moved its sales to Salesforce" against "moved
// its sales and support to Bitrix24").
func (p *doc) nameInRole(h *doc, n name, lo, hi int) (string, bool) {
	ctx := map[string]bool{}
	for _, s := range h.clauseStems(n) {
		ctx[s] = true
	}
	if len(ctx) < 2 {
		return "", false
	}
	for _, m := range p.Names {
		if m.First < lo || m.Last > hi || h.hasName(m) {
			continue
		}
		shared := 0
		for _, s := range p.clauseStems(m) {
			if ctx[s] {
				shared++
			}
		}
		if shared >= 2 && 2*shared >= len(ctx) {
			return m.Text, true
		}
	}
	return "", false
}

// clauseStems returns the distinct content stems of the clause holding
// name n, other than the name's own and other names'.
func (d *doc) clauseStems(n name) []string {
	inName := map[int]bool{}
	for _, m := range d.Names {
		for j := m.First; j < m.Last; j++ {
			inName[j] = true
		}
	}
	seen := map[string]bool{}
	var out []string
	add := func(j int) {
		if w := d.Words[j]; w.Content && !inName[j] && !seen[w.Stem] {
			seen[w.Stem] = true
			out = append(out, w.Stem)
		}
	}
	for j := n.First - 1; j >= 0 && !d.clauseBreak(j, n.First); j-- {
		add(j)
	}
	for j := n.Last; j < len(d.Words) && !d.clauseBreak(n.Last-1, j); j++ {
		add(j)
	}
	return out
}

// around returns the content stems within contextReach words of words
// [first, last) of d, in their clause.
func (d *doc) around(first, last int) []string {
	var out []string
	for j := max(first-contextReach, 0); j < min(last+contextReach, len(d.Words)); j++ {
		switch {
		case j < first && d.Words[j].Content && !d.clauseBreak(j, first):
			out = append(out, d.Words[j].Stem)
		case j >= last && d.Words[j].Content && !d.clauseBreak(last-1, j):
			out = append(out, d.Words[j].Stem)
		}
	}
	return out
}

// relevantWords marks the words of p[lo:hi] that a negation or qualifier
// must reach to bear on the claim: words sharing a stem (or near stem) the
// claim has, direction words, and numbers.
func (p *doc) relevantWords(lo, hi int, query []string, credit []float64) []bool {
	rel := make([]bool, hi-lo)
	for j := lo; j < hi; j++ {
		w := p.Words[j]
		if !w.Content {
			continue
		}
		for i, q := range query {
			if credit[i] > 0 && (q == w.Stem || nearStem(q, w.Stem)) {
				rel[j-lo] = true
				break
			}
		}
	}
	for _, cu := range p.Cues {
		if cu.direction() != 0 {
			for j := max(cu.First, lo); j < min(cu.Last, hi); j++ {
				rel[j-lo] = true
			}
		}
	}
	for _, q := range p.Quants {
		for j := max(q.First, lo); j < min(q.Last, hi); j++ {
			rel[j-lo] = true
		}
	}
	return rel
}

// mentions reports whether any word of d has stem s or a near stem of it.
func (d *doc) mentions(s string) bool {
	for _, w := range d.Words {
		if w.Stem == s || nearStem(w.Stem, s) {
			return true
		}
	}
	return false
}

// hasCueKind reports whether words [lo, hi) of d hold a cue of kind.
func (d *doc) hasCueKind(kind string, lo, hi int) bool {
	for _, cu := range d.Cues {
		if cu.Kind == kind && cu.First >= lo && cu.Last <= hi {
			return true
		}
	}
	return false
}

// contextReach is how many words either side of a number say what it
// counts.
const contextReach = 3

// sharesContext reports whether two quantities count the same thing: a
// content stem within contextReach words of one is within contextReach
// words of the other ("12 patients" and "15 patients", not "12 patients"
// and "15 doses").
func sharesContext(a *doc, qa quantity, b *doc, qb quantity) bool {
	ctx := map[string]bool{}
	for _, s := range a.contextStems(qa) {
		ctx[s] = true
	}
	for _, s := range b.contextStems(qb) {
		if ctx[s] {
			return true
		}
	}
	return false
}

func (d *doc) contextStems(q quantity) []string {
	var out []string
	for j := max(q.First-contextReach, 0); j < min(q.Last+contextReach, len(d.Words)); j++ {
		// The break test skips the number's own separators ("9,6").
		switch {
		case j < q.First && d.Words[j].Content && !d.clauseBreak(j, q.First):
			out = append(out, d.Words[j].Stem)
		case j >= q.Last && d.Words[j].Content && !d.clauseBreak(q.Last-1, j):
			out = append(out, d.Words[j].Stem)
		}
	}
	return out
}

func dirWord(d int) string {
	if d > 0 {
		return "up (increases, higher)"
	}
	return "down (reduces, lower)"
}
