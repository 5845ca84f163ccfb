package offline

import (
	"math"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Dimensions of a quantity. Values are kept in one base unit per dimension
// so that "12 months" equals "1 year" and "9,6 млн" equals "9 600 000".
const (
	dimPlain   = ""       // a bare number
	dimPercent = "%"      // percent
	dimTime    = "time"   // a duration, in days
	dimFreq    = "freq"   // a frequency, in times per day
	dimTimes   = "times"  // a count of occurrences or a factor: twice, 3 раза, 2-fold
	dimRatio   = "ratio"  // "one in five", "1 in 5 million", "3 out of 10", "один из пяти"
	dimMass    = "mass"   // grams
	dimVolume  = "volume" // litres
	dimLength  = "length" // metres
	dimTemp    = "°C"
	dimUSD     = "usd"
	dimEUR     = "eur"
	dimGBP     = "gbp"
	dimRUB     = "rub"
)

const (
	daysPerYear  = 365.25
	daysPerMonth = daysPerYear / 12
)

// quantity is a number in a text with its unit, normalized: "12 months" is
// {Value: 365.25, Dim: dimTime}, "9,6 млн" is {9.6e6, dimPlain}, "50%" is
// {50, dimPercent}, "once a year" is {1/365.25, dimFreq}.
type quantity struct {
	Value       float64
	Dim         string
	Start, End  int // byte span of the quantity as written
	First, Last int // its words d.Words[First:Last]
}

// same reports whether two quantities state the same amount: one
// dimension and equal values, up to the rounding of unit conversions
// ("12 months" and "1 year"). Amounts rounded differently in the text
// (32% and 32.1%) are not the same: precision comes first.
func (q quantity) same(o quantity) bool {
	if q.Dim != o.Dim {
		return false
	}
	a, b := q.Value, o.Value
	return math.Abs(a-b) <= 1e-9*math.Max(math.Abs(a), math.Abs(b))
}

type unitDef struct {
	dim    string
	factor float64
}

// units maps folded unit words to their dimension and factor to the base
// unit. Words ending in * match any word they begin.
var units = func() map[string]unitDef {
	m := map[string]unitDef{}
	add := func(dim string, factor float64, words string) {
		for _, w := range strings.Fields(words) {
			m[w] = unitDef{dim, factor}
		}
	}
	add(dimPercent, 1, "percent percentage pct процент* проц")
	add(dimTime, 1.0/86400, "s sec secs second seconds секунд* сек")
	add(dimTime, 1.0/1440, "min mins minute minutes минут* мин")
	add(dimTime, 1.0/24, "h hr hrs hour hours час часа часов часу")
	add(dimTime, 1, "d day days день дня дней дн сутки суток")
	add(dimTime, 7, "wk wks week weeks недел*")
	add(dimTime, daysPerMonth, "mo month months месяц* мес")
	add(dimTime, daysPerYear, "y yr yrs year years год года году лет")
	add(dimTime, 10*daysPerYear, "decade decades десятилет*")
	add(dimTimes, 1, "times fold раз раза")
	add(dimMass, 1e-9, "ng нг")
	add(dimMass, 1e-6, "µg μg mcg ug мкг")
	add(dimMass, 1e-3, "mg мг")
	add(dimMass, 1, "g gram grams гр грамм*") // not "г", which is "год" in "2020 г."
	add(dimMass, 1e3, "kg kilogram kilograms кг килограмм*")
	add(dimMass, 1e6, "t tonne tonnes тонн*")
	add(dimVolume, 1e-3, "ml мл")
	add(dimVolume, 1, "l litre litres liter liters л литр*")
	add(dimLength, 1e-3, "mm мм")
	add(dimLength, 1e-2, "cm см")
	add(dimLength, 1, "m metre metres meter meters м метр*")
	add(dimLength, 1e3, "km км километр*")
	add(dimUSD, 1, "usd dollar dollars доллар*")
	add(dimEUR, 1, "eur euro euros евро")
	add(dimGBP, 1, "gbp pound pounds")
	add(dimRUB, 1, "rub руб рубл* ₽")
	return m
}()

var currencySigns = []struct{ sign, dim string }{{"$", dimUSD}, {"€", dimEUR}, {"£", dimGBP}}

// scales are the words that multiply the number before them.
var scales = map[string]float64{
	"thousand": 1e3, "thousands": 1e3, "тыс": 1e3, "тысяч*": 1e3,
	"million": 1e6, "millions": 1e6, "mln": 1e6, "млн": 1e6, "миллион*": 1e6,
	"billion": 1e9, "billions": 1e9, "bn": 1e9, "млрд": 1e9, "миллиард*": 1e9,
	"trillion": 1e12, "трлн": 1e12, "триллион*": 1e12,
}

// numberWords are spelled-out numbers. They count as quantities only with
// a unit or scale after them ("two years", "три раза"), since "one of the"
// states no amount.
var numberWords = map[string]float64{
	"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
	"nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "twenty": 20, "thirty": 30, "forty": 40,
	"fifty": 50, "hundred": 100, "dozen": 12, "a": 1, "an": 1,
	"один": 1, "одна": 1, "одно": 1, "одного": 1, "одной": 1, "одну": 1, "два": 2, "две": 2,
	"двух": 2, "три": 3, "трех": 3, "четыре": 4, "четырех": 4, "пять": 5, "пяти": 5,
	"шесть": 6, "шести": 6, "семь": 7, "семи": 7, "восемь": 8, "восьми": 8, "девять": 9,
	"девяти": 9, "десять": 10, "десяти": 10, "пятерых": 5, "троих": 3, "двоих": 2, "двенадцать": 12, "двенадцати": 12, "сто": 100,
}

// dimOrdinal is the dimension of ordinals: "sixth place", "шестое место".
const dimOrdinal = "ordinal"

// ordinalStems are the stems of spelled-out ordinals, second to
// twentieth, in English (whole words) and Russian (stems taking adjective
// endings; третий inflects on its own). "First" is left out: it ranks far
// more often than it counts ("first described", "первое упоминание"), and
// English "second" is also a unit of time.
var ordinalStems = map[string]float64{
	"втор": 2, "четверт": 4, "пят": 5, "шест": 6, "седьм": 7, "восьм": 8, "девят": 9,
	"десят": 10, "одиннадцат": 11, "двенадцат": 12, "тринадцат": 13, "четырнадцат": 14,
	"пятнадцат": 15, "шестнадцат": 16, "семнадцат": 17, "восемнадцат": 18, "девятнадцат": 19, "двадцат": 20,
}

var ordinalWordsEN = map[string]float64{
	"third": 3, "fourth": 4, "fifth": 5, "sixth": 6, "seventh": 7,
	"eighth": 8, "ninth": 9, "tenth": 10, "eleventh": 11, "twelfth": 12, "thirteenth": 13,
	"fourteenth": 14, "fifteenth": 15, "sixteenth": 16, "seventeenth": 17, "eighteenth": 18,
	"nineteenth": 19, "twentieth": 20,
}

// adjectiveEndings are the case endings of Russian adjectives, longest
// first.
var adjectiveEndings = []string{"ыми", "ими", "ого", "его", "ому", "ему", "ой", "ый", "ий", "ая", "яя",
	"ое", "ее", "ом", "ем", "ую", "юю", "ые", "ие", "ых", "их", "ым", "им"}

// ordinalOf reads a folded word as a spelled-out ordinal.
func ordinalOf(w string) (float64, bool) {
	if n, ok := ordinalWordsEN[w]; ok {
		return n, true
	}
	w = strings.ReplaceAll(w, "ё", "е")
	if rest, ok := strings.CutPrefix(w, "трет"); ok {
		switch rest {
		case "ий", "ья", "ье", "ьего", "ьему", "ьим", "ьем", "ью", "ьи", "ьих", "ьими", "ьей":
			return 3, true
		}
		return 0, false
	}
	for _, e := range adjectiveEndings {
		if stem, ok := strings.CutSuffix(w, e); ok {
			if n, ok := ordinalStems[stem]; ok {
				return n, true
			}
		}
	}
	return 0, false
}

// countWords are counts of occurrences on their own.
var countWords = map[string]float64{
	"once": 1, "twice": 2, "thrice": 3, "однажды": 1, "дважды": 2, "трижды": 3, "раз": 1,
	"раза": 1, // "не реже раза в год"
}

// periodWords are adverbs of frequency, in times per day.
var periodWords = map[string]float64{
	"hourly": 24, "daily": 1, "weekly": 1.0 / 7, "monthly": 1 / daysPerMonth,
	"annually": 1 / daysPerYear, "yearly": 1 / daysPerYear,
	"ежечасно": 24, "ежедневно": 1, "еженедельно": 1.0 / 7, "ежемесячно": 1 / daysPerMonth,
	"ежегодно": 1 / daysPerYear,
}

// every marks a period as a frequency: "every 12 months", "каждые 3 дня".
var every = map[string]bool{"every": true, "each": true, "каждые": true, "каждый": true,
	"каждую": true, "каждое": true, "каждого": true}

// per joins a count to its period: "once a year", "twice per week", "раз в год".
var per = map[string]bool{"a": true, "an": true, "per": true, "in": true, "в": true, "за": true,
	"every": true, "each": true}

func lookupPrefixed[V any](m map[string]V, w string) (V, bool) {
	if v, ok := m[w]; ok {
		return v, true
	}
	for r := []rune(w); len(r) > 2; r = r[:len(r)-1] {
		if v, ok := m[string(r)+"*"]; ok {
			return v, true
		}
	}
	var zero V
	return zero, false
}

// findQuantities finds the quantities of d, left to right.
func findQuantities(d *doc) []quantity {
	var out []quantity
	for i := 0; i < len(d.Words); {
		q, ok := d.quantityAt(i)
		if !ok {
			i = max(i+1, d.numeralEnd(i))
			continue
		}
		out = append(out, q)
		i = q.Last
	}
	return d.frequencies(out)
}

// quantityAt reads a quantity starting at word i.
func (d *doc) quantityAt(i int) (quantity, bool) {
	if q, ok := d.ratioAt(i); ok {
		return q, true
	}
	w := d.Words[i]
	if f, ok := periodWords[w.Fold]; ok {
		return quantity{Value: f, Dim: dimFreq, Start: w.Start, End: w.End, First: i, Last: i + 1}, true
	}
	if n, ok := countWords[w.Fold]; ok {
		return quantity{Value: n, Dim: dimTimes, Start: w.Start, End: w.End, First: i, Last: i + 1}, true
	}
	if n, ok := ordinalOf(w.Fold); ok {
		return quantity{Value: n, Dim: dimOrdinal, Start: w.Start, End: w.End, First: i, Last: i + 1}, true
	}
	if n, ok := numberWords[w.Fold]; ok {
		q := quantity{Value: n, Start: w.Start, End: w.End, First: i, Last: i + 1}
		if d.unitAfter(&q) && (w.Fold != "a" && w.Fold != "an" || q.Dim == dimTime) {
			return q, true
		}
		return quantity{}, false
	}
	r, _ := utf8.DecodeRuneInString(w.Fold)
	if !unicode.IsDigit(r) || d.identifierDigits(i) || d.citationMarker(i) {
		return quantity{}, false
	}
	q, suffix, ok := d.literal(i)
	if !ok {
		return quantity{}, false
	}
	if suffix != "" {
		// "400mg", "12h", "3x": a unit glued to the number. Anything else
		// ("3D", "2a") is a label, not an amount.
		u, ok := lookupPrefixed(units, suffix)
		if utf8.RuneCountInString(suffix) == 1 && suffix != "h" {
			ok = false // "3D", "5G", "2d" are names more often than amounts
		}
		if !ok {
			if suffix == "x" || suffix == "х" {
				u, ok = unitDef{dimTimes, 1}, true
			} else if suffix == "st" || suffix == "nd" || suffix == "rd" || suffix == "th" {
				return q, true // an ordinal: 12th
			}
		}
		if !ok {
			return quantity{}, false
		}
		q.Value *= u.factor
		q.Dim = u.dim
		q.End = d.Words[q.Last-1].End
		return q, true
	}
	d.unitAfter(&q)
	return q, true
}

// numeralEnd returns the word after the digit groups that start at word i
// (i itself when it holds no digits), so a failed read is not retried from
// every group of "1,2,3,4...".
func (d *doc) numeralEnd(i int) int {
	j := i
	for j < len(d.Words) && isDigitByte(d.Words[j].Fold[0]) {
		j++
		if j < len(d.Words) {
			gap := d.Text[d.Words[j-1].End:d.Words[j].Start]
			if gap != "," && gap != "." {
				break
			}
		}
	}
	return j
}

// ratioAt reads "N in M" at word i: "one in five", "1 in 5 million", "3
// out of 10", "один из пяти".
func (d *doc) ratioAt(i int) (quantity, bool) {
	a, ok := d.simpleNumber(i)
	if !ok {
		return quantity{}, false
	}
	j := i + 1
	switch {
	case j < len(d.Words) && (d.Words[j].Fold == "in" || d.Words[j].Fold == "из"):
		j++
	case j+1 < len(d.Words) && d.Words[j].Fold == "out" && d.Words[j+1].Fold == "of":
		j += 2
	default:
		return quantity{}, false
	}
	b, ok := d.simpleNumber(j)
	if !ok || b == 0 || d.clauseBreak(i, j) {
		return quantity{}, false
	}
	last := j + 1
	if last < len(d.Words) {
		if s, ok := lookupPrefixed(scales, d.Words[last].Fold); ok {
			b *= s
			last++
		}
	}
	return quantity{Value: a / b, Dim: dimRatio, Start: d.Words[i].Start, End: d.Words[last-1].End,
		First: i, Last: last}, true
}

// simpleNumber reads word i as a whole number: digits or a number word
// ("five", "пяти"; not "a").
func (d *doc) simpleNumber(i int) (float64, bool) {
	if i >= len(d.Words) {
		return 0, false
	}
	f := d.Words[i].Fold
	if isNumeric(f) && isASCII(f) {
		v, err := strconv.ParseFloat(f, 64)
		return v, err == nil
	}
	if f == "a" || f == "an" {
		return 0, false
	}
	v, ok := numberWords[f]
	return v, ok
}

// identifierDigits reports whether the number at word i is part of a name
// ("COVID-19", "IL-6", "HIV-1", "4-PBA"), not an amount.
func (d *doc) identifierDigits(i int) bool {
	if i > 0 {
		prev := d.Words[i-1]
		gap := d.Text[prev.End:d.Words[i].Start]
		r, _ := utf8.DecodeLastRuneInString(prev.Fold)
		if gap == "-" && unicode.IsLetter(r) {
			return true
		}
	}
	if i+1 < len(d.Words) && d.Text[d.Words[i].End:d.Words[i+1].Start] == "-" {
		next := d.Words[i+1]
		_, unit := lookupPrefixed(units, next.Fold)
		r, _ := utf8.DecodeRuneInString(d.Text[next.Start:])
		if !unit && unicode.IsUpper(r) {
			return true
		}
	}
	return false
}

// literal reads the numeral starting at word i: digit groups joined by
// separators, a sign, a leading decimal point. It returns the quantity
// (plain), the letters glued after the last group, and whether it read one.
func (d *doc) literal(i int) (quantity, string, bool) {
	groups := []string{}
	seps := []string{}
	j := i
	suffix := ""
	for {
		digits, rest := splitDigits(d.Words[j].Fold)
		groups = append(groups, digits)
		if rest != "" {
			suffix = rest
			break
		}
		if j+1 >= len(d.Words) {
			break
		}
		gap := d.Text[d.Words[j].End:d.Words[j+1].Start]
		nd, nrest := splitDigits(d.Words[j+1].Fold)
		if nd == "" {
			break
		}
		switch {
		case gap == "," || gap == ".":
		case gap == "\u00a0" || gap == "\u202f" || gap == "\u2009" || gap == "'":
			if len(nd) != 3 {
				gap = ""
			}
		case gap == " ":
			// "1 000" writes thousands with a space; only plain three-digit
			// groups after a short first group qualify, so "2 100" in "Table
			// 2 100 patients" stays the rare misreading it must be.
			if len(nd) != 3 || nrest != "" || len(groups[0]) > 3 || len(seps) > 0 && seps[0] != " " {
				gap = ""
			}
		default:
			gap = ""
		}
		if gap == "" {
			break
		}
		seps = append(seps, gap)
		j++
	}
	v, ok := numeral(groups, seps)
	if !ok {
		return quantity{}, "", false
	}
	start, end := d.Words[i].Start, d.Words[j].End
	if suffix != "" {
		end = d.Words[j].Start + len(groups[len(groups)-1]) // ASCII digits fold to themselves
	}
	// ".58" is 0.58 when no digit comes before the point.
	if start > 0 && d.Text[start-1] == '.' && (start < 2 || !isDigitByte(d.Text[start-2])) && len(groups) == 1 {
		if f, err := strconv.ParseFloat("0."+groups[0], 64); err == nil {
			v, start = f, start-1
		}
	}
	// A minus sign right before the number, not between two numbers (a range).
	if r, size := utf8.DecodeLastRuneInString(d.Text[:start]); (r == '-' || r == '−') && size > 0 {
		before, _ := utf8.DecodeLastRuneInString(d.Text[:start-size])
		if start-size == 0 || !(unicode.IsLetter(before) || unicode.IsDigit(before)) {
			v, start = -v, start-size
		}
	}
	return quantity{Value: v, Start: start, End: end, First: i, Last: j + 1}, suffix, true
}

// numeral turns digit groups and their separators into a value. A single
// point is a decimal mark; a single comma is one too ("9,6") unless the
// group after it has three digits and the first group is not 0 ("1,000");
// a repeated mark separates thousands ("1,000,000", "1.000.000"); with both
// marks present the last one is the decimal mark ("1,000.5", "1.000,5");
// spaces are thousands ("1 000 000").
func numeral(groups, seps []string) (float64, bool) {
	var b strings.Builder
	b.WriteString(groups[0])
	decimal := -1 // index of the separator that is the decimal mark
	last := len(seps) - 1
	if last >= 0 && seps[last] != " " && seps[last] != "\u00a0" && seps[last] != "\u202f" && seps[last] != "\u2009" && seps[last] != "'" {
		mixed := false
		for _, s := range seps[:last] {
			if (s == "," || s == ".") && s != seps[last] {
				mixed = true
			}
		}
		allThree := true
		for k := 1; k < len(groups); k++ {
			if len(groups[k]) != 3 {
				allThree = false
			}
		}
		repeated := false
		for _, s := range seps[:last] {
			if s == seps[last] {
				repeated = true
			}
		}
		switch {
		case mixed:
			decimal = last
		case repeated:
			decimal = -1 // "1,000,000": only thousands repeat
		case seps[last] == ".":
			decimal = last // a single point is decimal: "1.125" in English, not 1125
		case !allThree || groups[0] == "0":
			decimal = last
		}
	}
	for k := 1; k < len(groups); k++ {
		if k-1 == decimal {
			b.WriteByte('.')
		}
		b.WriteString(groups[k])
	}
	v, err := strconv.ParseFloat(b.String(), 64)
	return v, err == nil
}

// unitAfter reads a scale and a unit after q (a percent sign, "млн руб",
// "-month", "раза") and applies them. It reports whether it read any.
func (d *doc) unitAfter(q *quantity) bool {
	read := false
	// Symbols right after the number: 50%, 5 %, 37 °C, $ before it.
	rest := d.Text[q.End:]
	trimmed := strings.TrimLeft(rest, " \u00a0\u202f")
	switch {
	case strings.HasPrefix(trimmed, "%") || strings.HasPrefix(trimmed, "٪"):
		q.Dim, q.End = dimPercent, q.End+len(rest)-len(trimmed)+1
		return true
	case strings.HasPrefix(trimmed, "°"):
		q.Dim = dimTemp
		read = true
	case strings.HasPrefix(trimmed, "₽"):
		q.Dim = dimRUB
		read = true
	}
	before := strings.TrimRight(d.Text[:q.Start], " \u00a0")
	for _, c := range currencySigns {
		if strings.HasSuffix(before, c.sign) {
			q.Dim, read = c.dim, true
		}
	}
	j := q.Last
	next := func() (word, bool) {
		if j >= len(d.Words) {
			return word{}, false
		}
		gap := d.Text[d.Words[j-1].End:d.Words[j].Start]
		if strings.Trim(gap, " \u00a0\u202f-°") != "" || len(gap) > 4 {
			return word{}, false
		}
		return d.Words[j], true
	}
	if w, ok := next(); ok {
		if s, ok := lookupPrefixed(scales, w.Fold); ok {
			q.Value *= s
			j++
			q.Last, q.End, read = j, w.End, true
		}
	}
	if read && q.Dim == dimTemp {
		if w, ok := next(); ok && (w.Fold == "c" || w.Fold == "с") {
			j++
			q.Last, q.End = j, w.End
		}
		return true
	}
	if w, ok := next(); ok {
		if u, ok := lookupPrefixed(units, w.Fold); ok && q.Dim == dimPlain {
			if u.factor == daysPerYear && q.Value >= 1000 && q.Value <= 2200 && q.Value == math.Trunc(q.Value) {
				// "в 2021 году" is a date, not 2021 years: it stays the
				// number 2021, as "in 2021" is.
				q.Last, q.End = j+1, w.End
				return true
			}
			q.Value *= u.factor
			q.Dim = u.dim
			j++
			q.Last, q.End, read = j, w.End, true
		}
	}
	return read
}

// frequencies rewrites counts and periods that together state how often:
// "once a year", "twice per week", "раз в год", "одного раза в 12
// месяцев" (a count, a joining word, a period), and "every 12 months",
// "каждые 3 дня", "every month" (a period after "every").
func (d *doc) frequencies(qs []quantity) []quantity {
	var out []quantity
	for k := 0; k < len(qs); k++ {
		q := qs[k]
		if q.Dim == dimTimes {
			// A count followed by a joining word and a period.
			j := q.Last
			if j < len(d.Words) && per[d.Words[j].Fold] {
				if p, ok := d.periodAt(j+1, qs, k+1); ok {
					f := q
					f.Dim, f.Value = dimFreq, q.Value/p.Value
					f.Last, f.End = p.Last, p.End
					out = append(out, f)
					for k+1 < len(qs) && qs[k+1].First < p.Last {
						k++
					}
					continue
				}
			}
		}
		if q.Dim == dimTime && q.First > 0 && every[d.Words[q.First-1].Fold] {
			f := q
			f.Dim, f.Value = dimFreq, 1/q.Value
			f.First, f.Start = q.First-1, d.Words[q.First-1].Start
			out = append(out, f)
			continue
		}
		out = append(out, q)
	}
	// "every month", "каждый год": a bare period after "every".
	for i := 1; i < len(d.Words); i++ {
		if !every[d.Words[i-1].Fold] {
			continue
		}
		u, ok := lookupPrefixed(units, d.Words[i].Fold)
		if !ok || u.dim != dimTime || covered(out, i) {
			continue
		}
		out = insertQuantity(out, quantity{Value: 1 / u.factor, Dim: dimFreq,
			Start: d.Words[i-1].Start, End: d.Words[i].End, First: i - 1, Last: i + 1})
	}
	return out
}

// periodAt reads a period at word j: a time quantity found by the scanner
// (qs[k]) or a bare period word ("a year": one year).
func (d *doc) periodAt(j int, qs []quantity, k int) (quantity, bool) {
	if k < len(qs) && qs[k].First == j && qs[k].Dim == dimTime {
		return qs[k], true
	}
	if j < len(d.Words) {
		if u, ok := lookupPrefixed(units, d.Words[j].Fold); ok && u.dim == dimTime {
			return quantity{Value: u.factor, Dim: dimTime, Start: d.Words[j].Start, End: d.Words[j].End,
				First: j, Last: j + 1}, true
		}
	}
	return quantity{}, false
}

func covered(qs []quantity, i int) bool {
	for _, q := range qs {
		if q.First <= i && i < q.Last {
			return true
		}
	}
	return false
}

func insertQuantity(qs []quantity, q quantity) []quantity {
	k := 0
	for k < len(qs) && qs[k].First < q.First {
		k++
	}
	qs = append(qs, quantity{})
	copy(qs[k+1:], qs[k:])
	qs[k] = q
	return qs
}

// splitDigits splits a folded token into its leading digits and the rest.
func splitDigits(s string) (string, string) {
	i := 0
	for i < len(s) && isDigitByte(s[i]) {
		i++
	}
	return s[:i], s[i:]
}

func isDigitByte(c byte) bool { return '0' <= c && c <= '9' }

// citationMarker reports whether word i is a number in a citation marker
// ("[5]", "[2, 3]", "[1][4]"): it points at a source and is no amount the
// claim states.
func (d *doc) citationMarker(i int) bool {
	w := d.Words[i]
	if !isNumeric(w.Fold) {
		return false
	}
	before := strings.TrimRight(d.Text[:w.Start], " ")
	after := strings.TrimLeft(d.Text[w.End:], " ")
	open := strings.HasSuffix(before, "[") || strings.HasSuffix(before, ",") && strings.Contains(before[max(0, len(before)-8):], "[")
	shut := strings.HasPrefix(after, "]") || strings.HasPrefix(after, ",") && strings.Contains(after[:min(len(after), 8)], "]")
	return open && shut
}
