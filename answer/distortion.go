package answer

import (
	"fmt"
	"regexp"
	"slices"
	"strings"

	"golang.org/x/text/unicode/norm"

	"github.com/veritykb/verity/analysis"
)

// Distortion compares a claim with the verbatim quote that supports it and
// says how likely the claim distorts it: it looks for what the seed warns
// about — a number, a negation, a qualifier or a condition present on one
// side and not the other ("не реже одного раза в 12 месяцев; чаще — при
// инцидентах" retold as "once a year"). It is code, not a model: it reads
// Russian and English cue words and numbers (digits and number words), so
// it also compares a claim with a quote in the other language.
//
// The risk is high when the claim asserts something the quote does not
// (a number, a restriction, a condition), when one side is negated and the
// other not, or when the quote bounds or restricts what the claim states
// flatly; it is low when the claim only leaves out a detail (a number, a
// condition) or a hedge differs; otherwise none. The differences say what
// differs, each with its own risk.
func Distortion(claim, quote string) (Risk, []Difference) {
	c, q := features(claim), features(quote)
	risk := RiskNone
	var diffs []Difference
	raise := func(r Risk, kind, in, qualifier string, cues []string) {
		if r == RiskHigh || risk == RiskNone {
			risk = r
		}
		diffs = append(diffs, Difference{Kind: kind, In: in, Qualifier: qualifier, Cues: cues, Risk: r})
	}
	for _, n := range c.numbers {
		if !slices.Contains(q.numbers, n) {
			raise(RiskHigh, DiffNumber, SideClaim, "", []string{n})
		}
	}
	// Presence, not parity: "No, exports are not enabled" says "not" once
	// in meaning, and double negatives are rarer than interjections.
	if (c.negations > 0) != (q.negations > 0) {
		if q.negations > 0 {
			raise(RiskHigh, DiffNegation, SideQuote, "", q.cues[cueNegation])
		} else {
			raise(RiskHigh, DiffNegation, SideClaim, "", c.cues[cueNegation])
		}
	}
	for _, k := range []string{cueLower, cueUpper, cueOnly, cueExcept} {
		switch {
		case len(q.cues[k]) > 0 && len(c.cues[k]) == 0:
			raise(RiskHigh, DiffQualifier, SideQuote, k, q.cues[k])
		case len(c.cues[k]) > 0 && len(q.cues[k]) == 0:
			raise(RiskHigh, DiffQualifier, SideClaim, k, c.cues[k])
		}
	}
	switch {
	case len(c.cues[cueCondition]) > 0 && len(q.cues[cueCondition]) == 0:
		raise(RiskHigh, DiffCondition, SideClaim, "", c.cues[cueCondition])
	case len(q.cues[cueCondition]) > 0 && len(c.cues[cueCondition]) == 0:
		raise(RiskLow, DiffCondition, SideQuote, "", q.cues[cueCondition])
	}
	for _, n := range q.numbers {
		if !slices.Contains(c.numbers, n) {
			raise(RiskLow, DiffNumber, SideQuote, "", []string{n})
		}
	}
	switch {
	case len(q.cues[cueHedge]) > 0 && len(c.cues[cueHedge]) == 0:
		raise(RiskLow, DiffHedge, SideQuote, "", q.cues[cueHedge])
	case len(c.cues[cueHedge]) > 0 && len(q.cues[cueHedge]) == 0:
		raise(RiskLow, DiffHedge, SideClaim, "", c.cues[cueHedge])
	}
	return risk, diffs
}

// A Difference is one thing a claim and the quote it rests on do not
// share: its kind, the side that has it, and the cues (a number, or the
// cue words as found, folded).
type Difference struct {
	Kind string `json:"kind"` // number, negation, qualifier, condition or hedge
	In   string `json:"in"`   // claim or quote: the side that has it
	// Qualifier is what a qualifier does: lower (bounds from below), upper
	// (from above), only (restricts), except (makes an exception).
	Qualifier string   `json:"qualifier,omitempty"`
	Cues      []string `json:"cues"`
	Risk      Risk     `json:"risk"` // what this difference alone risks: low or high
}

// Kinds of Difference, and its sides.
const (
	DiffNumber    = "number"
	DiffNegation  = "negation"
	DiffQualifier = "qualifier"
	DiffCondition = "condition"
	DiffHedge     = "hedge"
	SideClaim     = "claim"
	SideQuote     = "quote"
)

// String says the difference in English words, as distortion_reasons has
// it: 'negation: the quote is negated ("не"), the claim is not'.
func (d Difference) String() string {
	cues := quoted(d.Cues)
	switch d.Kind + " " + d.In {
	case "number claim":
		return fmt.Sprintf("number: the claim says %s, the quote does not", strings.Join(d.Cues, ", "))
	case "number quote":
		return fmt.Sprintf("number: the quote's %s is not in the claim", strings.Join(d.Cues, ", "))
	case "negation quote":
		return fmt.Sprintf("negation: the quote is negated (%s), the claim is not", cues)
	case "negation claim":
		return fmt.Sprintf("negation: the claim is negated (%s), the quote is not", cues)
	case "qualifier quote":
		return fmt.Sprintf("qualifier: the quote %s (%s), the claim does not", cueVerb[d.Qualifier], cues)
	case "qualifier claim":
		return fmt.Sprintf("qualifier: the claim %s (%s), the quote does not", cueVerb[d.Qualifier], cues)
	case "condition claim":
		return fmt.Sprintf("condition: the claim adds a condition (%s) the quote does not state", cues)
	case "condition quote":
		return fmt.Sprintf("condition: the quote holds only under a condition (%s), the claim leaves it out", cues)
	case "hedge quote":
		return fmt.Sprintf("hedge: the quote hedges (%s), the claim states it flatly", cues)
	case "hedge claim":
		return fmt.Sprintf("hedge: the claim hedges (%s), the quote does not", cues)
	}
	return d.Kind + ": " + cues
}

// Reasons are the differences in English words.
func Reasons(ds []Difference) []string {
	out := make([]string, len(ds))
	for i, d := range ds {
		out[i] = d.String()
	}
	return out
}

func quoted(ss []string) string {
	parts := make([]string, len(ss))
	for i, s := range ss {
		parts[i] = `"` + s + `"`
	}
	return strings.Join(parts, ", ")
}

// Kinds of cue.
const (
	cueNegation  = "negation"
	cueLower     = "lower"  // a lower bound: at least, не реже, more often
	cueUpper     = "upper"  // an upper bound: at most, не позднее
	cueOnly      = "only"   // a restriction: only, лишь
	cueExcept    = "except" // an exception: except, кроме
	cueCondition = "condition"
	cueHedge     = "hedge" // usually, may, около
	cueInert     = "inert" // a phrase holding a cue word that is no cue: "not only"
)

var cueVerb = map[string]string{
	cueLower:  "bounds it from below",
	cueUpper:  "bounds it from above",
	cueOnly:   "restricts it",
	cueExcept: "makes an exception",
}

type phrase struct {
	kind  string
	words []string // folded; a trailing * matches any word with that prefix
}

// cues lists the cue phrases, longest first, so that "не реже" is a bound
// and not a negation, and "not only" is nothing at all.
var cues = func() []phrase {
	var t []phrase
	add := func(kind string, ps ...string) {
		for _, p := range ps {
			t = append(t, phrase{kind, strings.Fields(p)})
		}
	}
	add(cueInert, "not only", "не только", "whether or not", "no doubt")
	add(cueLower, "at least", "not less than", "no less than", "not fewer than", "no fewer than",
		"more than", "or more", "not earlier than", "no earlier than", "a minimum of", "minimum",
		"more often", "more frequently", "не менее", "не меньше", "не реже", "не ранее",
		"как минимум", "по крайней мере", "по меньшей мере", "более", "свыше", "минимум", "чаще")
	add(cueUpper, "at most", "not more than", "no more than", "up to", "less than", "fewer than",
		"or less", "not later than", "no later than", "a maximum of", "maximum", "less often",
		"не более", "не больше", "не чаще", "не позднее", "не позже", "не свыше", "менее",
		"максимум", "вплоть до", "реже")
	add(cueOnly, "only", "solely", "exclusively", "только", "лишь", "исключительно")
	add(cueExcept, "except", "excluding", "other than", "apart from", "кроме", "за исключением", "исключая")
	add(cueCondition, "if", "unless", "provided that", "in case of", "in the event of", "only if",
		"если", "при", "в случае", "при условии", "в том случае")
	add(cueHedge, "usually", "typically", "generally", "normally", "often", "sometimes", "may", "might",
		"possibly", "probably", "approximately", "roughly", "nearly", "almost",
		"обычно", "как правило", "часто", "иногда", "может", "возможно", "вероятно", "около",
		"примерно", "приблизительно", "почти")
	add(cueNegation, "not", "no", "never", "without", "none", "neither", "nor", "cannot",
		"не", "нет", "без", "ни", "никогда", "нельзя", "ничего", "никто", "отсутств*")
	slices.SortStableFunc(t, func(a, b phrase) int { return len(b.words) - len(a.words) })
	return t
}()

// numberWords gives the value of number words that state a count or a
// frequency, in English and Russian (common case forms).
var numberWords = func() map[string]string {
	m := map[string]string{}
	add := func(v string, ws ...string) {
		for _, w := range ws {
			m[w] = v
		}
	}
	add("1", "one", "once", "single", "один", "одна", "одно", "одного", "одной", "одному", "одним", "одну", "однажды")
	add("2", "two", "twice", "два", "две", "двух", "двум", "двумя", "дважды")
	add("3", "three", "thrice", "три", "трёх", "трех", "трем", "тремя", "трижды")
	add("4", "four", "четыре", "четырёх", "четырех")
	add("5", "five", "пять", "пяти")
	add("6", "six", "шесть", "шести")
	add("7", "seven", "семь", "семи")
	add("8", "eight", "восемь", "восьми")
	add("9", "nine", "девять", "девяти")
	add("10", "ten", "десять", "десяти")
	add("11", "eleven", "одиннадцать", "одиннадцати")
	add("12", "twelve", "dozen", "двенадцать", "двенадцати")
	add("14", "fourteen", "четырнадцать", "четырнадцати")
	add("15", "fifteen", "пятнадцать", "пятнадцати")
	add("20", "twenty", "двадцать", "двадцати")
	add("30", "thirty", "тридцать", "тридцати")
	add("100", "hundred", "сто", "ста")
	return m
}()

var digits = regexp.MustCompile(`\d+(?:[.,]\d+)?`)

type textFeatures struct {
	numbers   []string            // distinct values, in order
	negations int                 // negation cues outside other cues
	cues      map[string][]string // kind → the cue phrases found
}

func features(text string) textFeatures {
	text = norm.NFKC.String(StripMarkers(text))
	f := textFeatures{cues: map[string][]string{}}
	addNum := func(n string) {
		if !slices.Contains(f.numbers, n) {
			f.numbers = append(f.numbers, n)
		}
	}
	for _, d := range digits.FindAllString(text, -1) {
		addNum(normalNumber(d))
	}
	toks := analysis.Tokens(text)
	words := make([]string, len(toks))
	for i, t := range toks {
		words[i] = analysis.Fold(t.Text)
	}
	for i := 0; i < len(words); {
		// An English contraction's "n't" is a negation: "doesn't" → "doesn", "t".
		if words[i] == "t" && i > 0 && strings.HasSuffix(words[i-1], "n") &&
			strings.ContainsAny(text[toks[i-1].End:toks[i].Start], "'’") {
			f.negations++
			f.cues[cueNegation] = append(f.cues[cueNegation], "n't")
			i++
			continue
		}
		if p, ok := cueAt(words, i); ok {
			if p.kind != cueInert {
				if p.kind == cueNegation {
					f.negations++
				}
				f.cues[p.kind] = appendOnce(f.cues[p.kind], strings.Join(words[i:i+len(p.words)], " "))
			}
			i += len(p.words)
			continue
		}
		if v, ok := numberWords[words[i]]; ok {
			addNum(v)
		} else if words[i] == "раз" && (i == 0 || !isNumberWord(words[i-1])) {
			// "раз в год" is once a year; "два раза" is not also once.
			addNum("1")
		}
		i++
	}
	return f
}

func isNumberWord(w string) bool {
	if _, ok := numberWords[w]; ok {
		return true
	}
	return w != "" && strings.Trim(w, "0123456789") == ""
}

func cueAt(words []string, i int) (phrase, bool) {
	for _, p := range cues {
		if i+len(p.words) > len(words) {
			continue
		}
		ok := true
		for k, pw := range p.words {
			w := words[i+k]
			if pre, wild := strings.CutSuffix(pw, "*"); wild {
				ok = strings.HasPrefix(w, pre)
			} else {
				ok = w == pw
			}
			if !ok {
				break
			}
		}
		if ok {
			return p, true
		}
	}
	return phrase{}, false
}

func appendOnce(ss []string, s string) []string {
	if slices.Contains(ss, s) {
		return ss
	}
	return append(ss, s)
}

// normalNumber writes a number so that "9,6" and "9.6", "012" and "12"
// compare equal.
func normalNumber(d string) string {
	d = strings.ReplaceAll(d, ",", ".")
	intPart, frac, hasFrac := strings.Cut(d, ".")
	intPart = strings.TrimLeft(intPart, "0")
	if intPart == "" {
		intPart = "0"
	}
	if hasFrac {
		frac = strings.TrimRight(frac, "0")
		if frac != "" {
			return intPart + "." + frac
		}
	}
	return intPart
}

// paraphrased reports whether the claim is not, word for word, a run of the
// quote's words (case, punctuation and typography set aside).
func paraphrased(claim, quote string) bool {
	c, q := foldedWords(StripMarkers(claim)), foldedWords(quote)
	if len(c) == 0 {
		return true
	}
	for i := 0; i+len(c) <= len(q); i++ {
		if slices.Equal(q[i:i+len(c)], c) {
			return false
		}
	}
	return true
}

func foldedWords(s string) []string {
	s = analysis.NormalizeString(s)
	toks := analysis.Tokens(s)
	out := make([]string, len(toks))
	for i, t := range toks {
		out[i] = analysis.Fold(t.Text)
	}
	return out
}
