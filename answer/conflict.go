package answer

import (
	"fmt"
	"slices"
	"strings"
	"unicode"
)

// Conflict is two claims whose sources disagree on a value in the same
// role: both answer the same question (the same subject and predicate,
// "launched in" for the same product), from different records, with
// different values of the kind it asks for — "запущен в 2000 году" [1]
// and "после запуска в 2001" [2]. Verity keeps both and says so; it never
// keeps one silently.
type Conflict struct {
	Claims []int    `json:"claims"` // indexes into Answer.Claims
	Kind   string   `json:"kind"`   // date, number or name
	Values []string `json:"values"` // each claim's value, in the order of Claims
}

// Kinds of conflicting values.
const (
	ConflictDate   = "date"
	ConflictNumber = "number"
	ConflictName   = "name"
)

// conflictKind is the kind of value whose disagreement a question type can
// show: a "when" asks for a date, a "how many" for a number, a "who" or a
// name for a name.
func conflictKind(q Question) string {
	switch q.Type {
	case AskWhen:
		return ConflictDate
	case AskHowMany, AskHowLong, AskHowOften:
		return ConflictNumber
	case AskWho:
		return ConflictName
	case AskWhat, AskWhich:
		if q.Target == targetName {
			return ConflictName
		}
	}
	return ""
}

// findConflicts lists the conflicts among a's claims: per part of a
// compound question, or over the whole question, two claims that answer
// it, cite no record in common, hold most of the question's focus between
// them alike, and state values of the asked kind that the other does not.
// The answer's text then says so after the claims, naming both values with
// their footnotes.
func (a *Answer) findConflicts() {
	type group struct {
		q      Question
		claims []int
	}
	var groups []group
	if len(a.Parts) > 0 {
		for _, p := range a.Parts {
			groups = append(groups, group{ReadQuestion(p.Question), p.Claims})
		}
	} else {
		all := make([]int, len(a.Claims))
		for i := range all {
			all[i] = i
		}
		groups = append(groups, group{ReadQuestion(a.Question), all})
	}
	seen := map[[2]int]bool{}
	for _, g := range groups {
		kind := conflictKind(g.q)
		if kind == "" {
			continue
		}
		for x, i := range g.claims {
			for _, j := range g.claims[x+1:] {
				if seen[[2]int{i, j}] {
					continue
				}
				if c, ok := a.conflict(g.q, kind, i, j); ok {
					seen[[2]int{i, j}] = true
					a.Conflicts = append(a.Conflicts, c)
				}
			}
		}
	}
	if len(a.Conflicts) == 0 {
		return
	}
	var notes []string
	for _, c := range a.Conflicts {
		notes = append(notes, conflictNote(a.Question, c, a.Claims))
	}
	a.Text = strings.TrimSpace(a.Text + " " + strings.Join(notes, " "))
}

// conflict reports whether claims i and j of a disagree.
func (a *Answer) conflict(q Question, kind string, i, j int) (Conflict, bool) {
	ci, cj := a.Claims[i], a.Claims[j]
	if ci.Relevance == nil || cj.Relevance == nil || shareSource(ci, cj) {
		return Conflict{}, false
	}
	// The same role: the focus each holds (with its context) is mostly
	// the same.
	hi := termSetOf(append(ci.Relevance.Matched, ci.Relevance.Context...))
	common := 0
	for _, t := range append(cj.Relevance.Matched, cj.Relevance.Context...) {
		if hi[t] {
			common++
		}
	}
	if 2*common < len(q.Focus) {
		return Conflict{}, false
	}
	vi, vj := conflictValues(q, kind, ci.Claim, ci.Relevance.Matched), conflictValues(q, kind, cj.Claim, cj.Relevance.Matched)
	if len(vi) == 0 || len(vj) == 0 {
		return Conflict{}, false
	}
	// A value both state is no disagreement: "10:00–16:00" and "after
	// 14:00" may both be true, "2000" and "2001" for one launch may not.
	ki, kj := map[string]bool{}, map[string]bool{}
	for _, v := range vi {
		ki[valueKey(v)] = true
	}
	for _, v := range vj {
		kj[valueKey(v)] = true
	}
	for k := range ki {
		if kj[k] {
			return Conflict{}, false
		}
	}
	return Conflict{Claims: []int{i, j}, Kind: kind, Values: []string{vi[0], vj[0]}}, true
}

// conflictValues returns the values of a claim that can disagree — the
// years, dates and numbers of a date or number, the names of a name —
// nearest first to the focus terms the claim holds: in "opened in 2019,
// employs 150 people", 150 is the number of people.
func conflictValues(q Question, kind string, claim string, matched []string) []string {
	words := readWords(claim)
	want := termSetOf(matched)
	type value struct {
		text string
		dist int
	}
	var vals []value
	for _, sp := range q.Values(claim) {
		v := claim[sp.Start:sp.End]
		hasDigit := strings.IndexFunc(v, unicode.IsDigit) >= 0
		if (kind == ConflictDate || kind == ConflictNumber) != hasDigit {
			continue
		}
		at := -1
		for i, w := range words {
			if w.start == sp.Start {
				at = i
			}
		}
		dist := len(words)
		for i, w := range words {
			if want[w.term] && at >= 0 {
				dist = min(dist, max(i-at, at-i))
			}
		}
		vals = append(vals, value{v, dist})
	}
	slices.SortStableFunc(vals, func(a, b value) int { return a.dist - b.dist })
	out := make([]string, len(vals))
	for i, v := range vals {
		out[i] = v.text
	}
	return out
}

// valueKey compares values typography aside: "1,000" is "1000".
func valueKey(v string) string {
	return strings.Map(func(r rune) rune {
		switch {
		case unicode.IsDigit(r), unicode.IsLetter(r):
			return unicode.ToLower(r)
		}
		return -1
	}, v)
}

func shareSource(a, b Claim) bool {
	for _, x := range a.Citations {
		for _, y := range b.Citations {
			if x.SourceID == y.SourceID {
				return true
			}
		}
	}
	return false
}

func termSetOf(ts []string) map[string]bool {
	m := map[string]bool{}
	for _, t := range ts {
		m[t] = true
	}
	return m
}

// conflictNote says that sources disagree, in the question's language,
// with each value and its footnotes: "The sources disagree on the date:
// 2000 [1], 2001 [2]."
func conflictNote(question string, c Conflict, claims []Claim) string {
	var vals []string
	for k, i := range c.Claims {
		vals = append(vals, c.Values[k]+" "+FormatMarkers(claims[i].Refs))
	}
	if isCyrillic(question) {
		what := map[string]string{ConflictDate: "в дате", ConflictNumber: "в числе", ConflictName: "в имени"}[c.Kind]
		return fmt.Sprintf("Источники расходятся %s: %s.", what, strings.Join(vals, ", "))
	}
	return fmt.Sprintf("The sources disagree on the %s: %s.", c.Kind, strings.Join(vals, ", "))
}
