package quotebench

import (
	"strings"
	"unicode"
	"unicode/utf8"

	verity "github.com/veritykb/verity"
)

// words returns the spans of the whitespace-separated words of s.
func words(s string) []verity.Span {
	var out []verity.Span
	start := -1
	for i, r := range s {
		if unicode.IsSpace(r) {
			if start >= 0 {
				out = append(out, verity.Span{Start: start, End: i})
				start = -1
			}
		} else if start < 0 {
			start = i
		}
	}
	if start >= 0 {
		out = append(out, verity.Span{Start: start, End: len(s)})
	}
	return out
}

// simple reduces s to its lowercase letters and digits, words separated by
// one space, ё as е: the generator's own, deliberately coarse check that a
// made-up quote is not on the page after all.
func simple(s string) string {
	var b strings.Builder
	space := false
	for _, r := range strings.ToLower(s) {
		switch {
		case r == 'ё':
			r = 'е'
		case r == 0xAD || r == 0x200B:
			continue
		}
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			if space && b.Len() > 0 {
				b.WriteByte(' ')
			}
			space = false
			b.WriteRune(r)
		} else {
			space = true
		}
	}
	return b.String()
}

// drift applies one to three typographic changes to a quote, the kind a
// model or a copy-paste makes, and names them.
func (g *gen) drift(q string) (string, string) {
	type op struct {
		name string
		fn   func(string) string
	}
	ops := []op{
		{"case", func(s string) string {
			if g.rng.IntN(2) == 0 {
				return strings.ToLower(s)
			}
			r, w := utf8.DecodeRuneInString(s)
			if unicode.IsUpper(r) {
				return string(unicode.ToLower(r)) + s[w:]
			}
			return string(unicode.ToUpper(r)) + s[w:]
		}},
		{"quotes", func(s string) string {
			switch {
			case strings.ContainsAny(s, "«»"):
				return strings.NewReplacer("«", `"`, "»", `"`).Replace(s)
			case strings.Contains(s, `"`):
				return curl(s)
			case strings.Contains(s, "'"):
				return strings.ReplaceAll(s, "'", "’")
			}
			return "«" + s + "»"
		}},
		{"dash", func(s string) string {
			return strings.NewReplacer(" - ", " — ", " — ", " - ", "—", "-", "–", "-", "-", "‐").Replace(s)
		}},
		{"ellipsis", func(s string) string {
			return strings.NewReplacer("...", "…", "…", "...").Replace(s)
		}},
		{"yo", func(s string) string { return strings.NewReplacer("ё", "е", "Ё", "Е").Replace(s) }},
		{"ligature", func(s string) string { return strings.NewReplacer("fi", "ﬁ", "fl", "ﬂ").Replace(s) }},
		{"space", func(s string) string {
			ws := words(s)
			if len(ws) < 2 {
				return s
			}
			k := 1 + g.rng.IntN(len(ws)-1)
			sep := []string{"  ", "\u00a0", "\n", " \n "}[g.rng.IntN(4)]
			return s[:ws[k-1].End] + sep + s[ws[k].Start:]
		}},
		{"wrap", func(s string) string {
			return []string{"“" + s + "”", "«" + s + "»", `"` + s + `"`, "…" + s, s + "..."}[g.rng.IntN(5)]
		}},
	}
	n := 1 + g.rng.IntN(3)
	var names []string
	out := q
	for _, k := range g.rng.Perm(len(ops)) {
		if len(names) == n {
			break
		}
		if next := ops[k].fn(out); next != out {
			out = next
			names = append(names, ops[k].name)
		}
	}
	return out, strings.Join(names, "+")
}

// curl turns straight double quotes into curly ones, opening and closing
// in turn.
func curl(s string) string {
	var b strings.Builder
	open := true
	for _, r := range s {
		if r == '"' {
			if open {
				b.WriteString("“")
			} else {
				b.WriteString("”")
			}
			open = !open
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}

// noisify adds page-side noise to a sentence: no-break and thin spaces,
// line breaks, soft hyphens, hyphenation at a line end, zero-width spaces,
// ligatures and curly quotes. forced makes at least two changes.
func (g *gen) noisify(s string, forced bool) string {
	ops := []func(string) string{
		func(s string) string {
			return g.replaceSpace(s, []string{"\u00a0", "\u2009", "\u202f", "\u00a0\u00a0"})
		},
		func(s string) string { return g.replaceSpace(s, []string{"\n", "\r\n", " \n", "\n  "}) },
		func(s string) string { return g.insertInWord(s, "\u00ad") },
		func(s string) string { return g.insertInWord(s, "-\n") },
		func(s string) string { return g.insertInWord(s, "\u200b") },
		func(s string) string { return strings.Replace(s, "fi", "ﬁ", 1) },
		func(s string) string { return curl(strings.ReplaceAll(s, "'", "’")) },
		func(s string) string { return strings.ReplaceAll(s, " - ", " – ") },
	}
	n := 1 + g.rng.IntN(2)
	if forced {
		n = 2 + g.rng.IntN(2)
	}
	done := 0
	for _, k := range g.rng.Perm(len(ops)) {
		if done == n {
			break
		}
		if next := ops[k](s); next != s {
			s = next
			done++
		}
	}
	return s
}

// replaceSpace replaces one random space of s with one of seps.
func (g *gen) replaceSpace(s string, seps []string) string {
	var at []int
	for i := 0; i < len(s); i++ {
		if s[i] == ' ' {
			at = append(at, i)
		}
	}
	if len(at) == 0 {
		return s
	}
	i := at[g.rng.IntN(len(at))]
	return s[:i] + seps[g.rng.IntN(len(seps))] + s[i+1:]
}

// insertInWord inserts mark between two lowercase letters inside a word of
// seven letters or more, as hyphenation would.
func (g *gen) insertInWord(s, mark string) string {
	var cands []int
	for _, w := range words(s) {
		word := []rune(s[w.Start:w.End])
		if len(word) < 7 {
			continue
		}
		off := w.Start
		for k, r := range word {
			if k >= 3 && k <= len(word)-3 && unicode.IsLower(r) && unicode.IsLower(word[k-1]) {
				cands = append(cands, off)
			}
			off += utf8.RuneLen(r)
		}
	}
	if len(cands) == 0 {
		return s
	}
	i := cands[g.rng.IntN(len(cands))]
	return s[:i] + mark + s[i:]
}

// negationWords are never touched by slips: dropping one is fabrication.
var negationWords = map[string]bool{
	"not": true, "no": true, "never": true, "none": true, "nor": true, "neither": true,
	"without": true, "cannot": true, "nothing": true, "nobody": true, "не": true, "нет": true,
	"ни": true, "без": true, "никогда": true, "ничего": true, "нельзя": true,
}

// core returns the letters and digits of a word, lowercased.
func core(w string) string {
	return strings.ToLower(strings.TrimFunc(w, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) }))
}

func hasDigit(w string) bool { return strings.ContainsAny(w, "0123456789") }

func lettersOnly(w string) bool {
	for _, r := range w {
		if !unicode.IsLetter(r) {
			return false
		}
	}
	return w != ""
}

// slips applies edits small changes, each to a different inner word: drop
// or add a word, change an ending, swap two letters, reformat a number,
// drop a comma. Negations and numbers are never dropped or changed in value.
func (g *gen) slips(s, lang string, edits int) (string, string) {
	ws := strings.Split(s, " ")
	if len(ws) < 6 {
		return s, ""
	}
	touched := map[int]bool{}
	var names []string
	fillers := []string{"also", "very", "clearly", "further", "indeed", "then"}
	if lang == "ru" {
		fillers = []string{"также", "очень", "именно", "уже", "ещё", "действительно"}
	}
	inner := func(ok func(string) bool) int {
		for _, k := range g.rng.Perm(len(ws) - 2) {
			i := k + 1
			if !touched[i] && !touched[i-1] && !touched[i+1] && ok(ws[i]) && !negationWords[core(ws[i])] {
				return i
			}
		}
		return -1
	}
	for tries := 0; len(names) < edits && tries < 20; tries++ {
		switch op := []string{"drop", "insert", "inflect", "typo", "number", "comma"}[g.rng.IntN(6)]; op {
		case "drop":
			if i := inner(func(w string) bool { return !hasDigit(w) && lettersOnly(core(w)) }); i > 0 && !strings.ContainsAny(ws[i], ".;:") {
				ws[i] = ""
				touched[i] = true
				names = append(names, op)
			}
		case "insert":
			if i := inner(func(string) bool { return true }); i > 0 {
				ws[i] = fillers[g.rng.IntN(len(fillers))] + " " + ws[i]
				touched[i] = true
				names = append(names, op)
			}
		case "inflect":
			if i := inner(func(w string) bool { return lettersOnly(w) && utf8.RuneCountInString(w) >= 6 }); i > 0 {
				ws[i] = inflect(ws[i], lang)
				touched[i] = true
				names = append(names, op)
			}
		case "typo":
			if i := inner(func(w string) bool { return lettersOnly(w) && utf8.RuneCountInString(w) >= 6 }); i > 0 {
				r := []rune(ws[i])
				k := 1 + g.rng.IntN(len(r)-3)
				if r[k] != r[k+1] {
					r[k], r[k+1] = r[k+1], r[k]
					ws[i] = string(r)
					touched[i] = true
					names = append(names, op)
				}
			}
		case "number":
			for _, k := range g.rng.Perm(len(ws)) {
				if touched[k] || !hasDigit(ws[k]) {
					continue
				}
				if next := reformat(ws, k, lang); next != "" {
					ws[k] = next
					touched[k] = true
					names = append(names, op)
					break
				}
			}
		case "comma":
			if i := inner(func(w string) bool { return strings.HasSuffix(w, ",") }); i > 0 {
				ws[i] = strings.TrimSuffix(ws[i], ",")
				touched[i] = true
				names = append(names, op)
			}
		}
	}
	var out []string
	for _, w := range ws {
		if w != "" {
			out = append(out, w)
		}
	}
	return strings.Join(out, " "), strings.Join(names, "+")
}

// inflect changes a word's ending the way a careless copy does: a plural s
// in English, a case ending in Russian.
func inflect(w, lang string) string {
	r := []rune(w)
	last := r[len(r)-1]
	if lang == "ru" {
		swap := map[rune]rune{'а': 'ы', 'ы': 'а', 'и': 'е', 'е': 'и', 'о': 'а', 'у': 'а', 'я': 'и', 'й': 'е'}
		if n, ok := swap[last]; ok {
			r[len(r)-1] = n
			return string(r)
		}
		return w + "а"
	}
	if last == 's' {
		return string(r[:len(r)-1])
	}
	return w + "s"
}

// reformat writes the number in word k of ws differently without changing
// its value: thousands separators added or removed, a space before % added
// or removed. It returns "" when there is nothing to reformat.
func reformat(ws []string, k int, lang string) string {
	w := ws[k]
	if k+1 < len(ws) && strings.HasPrefix(ws[k+1], "%") && hasDigit(w) {
		// "12 %": join. The % word is emptied by the caller's join below.
		ws[k+1] = strings.TrimPrefix(ws[k+1], "%")
		return w + "%"
	}
	if strings.IndexFunc(w, unicode.IsLetter) >= 0 {
		return "" // an identifier such as rs36084323 or IL-12, not a number
	}
	if i := strings.Index(w, "%"); i > 0 && w[i-1] >= '0' && w[i-1] <= '9' {
		return w[:i] + " " + w[i:]
	}
	// Digits with thousands commas: drop them.
	if strings.Count(w, ",") >= 1 && isGrouped(w) {
		return strings.ReplaceAll(w, ",", "")
	}
	// Four or more plain digits: group them.
	start, end := -1, -1
	for i := 0; i < len(w); i++ {
		if w[i] >= '0' && w[i] <= '9' {
			if start < 0 {
				start = i
			}
			end = i + 1
		} else if start >= 0 {
			break
		}
	}
	if start < 0 || end-start < 5 || strings.IndexFunc(w, unicode.IsLetter) >= 0 || (end < len(w) && (w[end] == '.' || w[end] == ',')) || (start > 0 && w[start-1] == '.') {
		return "" // years (four digits) stay as they are
	}
	digits := w[start:end]
	sep := ","
	if lang == "ru" {
		sep = "\u00a0"
	}
	var b strings.Builder
	for i, c := range digits {
		if i > 0 && (len(digits)-i)%3 == 0 {
			b.WriteString(sep)
		}
		b.WriteRune(c)
	}
	return w[:start] + b.String() + w[end:]
}

// isGrouped reports whether w holds a number written with thousands commas,
// such as 1,204 or 106,214.
func isGrouped(w string) bool {
	parts := strings.Split(strings.TrimRight(strings.TrimLeft(w, "($"), ").,;:%"), ",")
	if len(parts) < 2 || len(parts[0]) == 0 || len(parts[0]) > 3 {
		return false
	}
	for i, p := range parts {
		if !allDigits(p) || (i > 0 && len(p) != 3) {
			return false
		}
	}
	return true
}

func allDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return s != ""
}

// changeNumber changes one digit of one number in s.
func (g *gen) changeNumber(s string) string {
	var at []int
	for i := 0; i < len(s); i++ {
		if s[i] >= '0' && s[i] <= '9' {
			at = append(at, i)
		}
	}
	if len(at) == 0 {
		return ""
	}
	i := at[g.rng.IntN(len(at))]
	d := (int(s[i]-'0') + 1 + g.rng.IntN(8)) % 10
	leading := i == 0 || s[i-1] < '0' || s[i-1] > '9'
	if d == 0 && leading {
		d = 9
	}
	return s[:i] + string(rune('0'+d)) + s[i+1:]
}

// flipNegation removes a negation from s or adds one.
func (g *gen) flipNegation(s, lang string) string {
	ws := strings.Split(s, " ")
	for i, w := range ws {
		if i > 0 && (w == "not" || w == "не") {
			return strings.Join(append(append([]string{}, ws[:i]...), ws[i+1:]...), " ")
		}
	}
	if lang == "ru" {
		for _, k := range g.rng.Perm(len(ws)) {
			w := ws[k]
			if k > 0 && lettersOnly(w) && hasAnySuffix(w, "ет", "ит", "ют", "ят", "ал", "ла", "ли", "ло", "ся") {
				ws[k] = "не " + w
				return strings.Join(ws, " ")
			}
		}
		return ""
	}
	aux := map[string]bool{"is": true, "are": true, "was": true, "were": true, "did": true, "does": true, "do": true,
		"could": true, "can": true, "may": true, "might": true, "should": true, "will": true, "has": true, "have": true, "had": true, "would": true}
	for i, w := range ws {
		if i > 0 && aux[w] && i+1 < len(ws) {
			ws[i] = w + " not"
			return strings.Join(ws, " ")
		}
	}
	return ""
}

func hasAnySuffix(w string, suffixes ...string) bool {
	for _, s := range suffixes {
		if strings.HasSuffix(w, s) {
			return true
		}
	}
	return false
}

// swapWord replaces a content word of s with an unrelated content word
// from another document of the same language.
func (g *gen) swapWord(s string, d *Doc) string {
	ws := strings.Split(s, " ")
	var cands []int
	for i, w := range ws {
		if lettersOnly(w) && utf8.RuneCountInString(w) >= 5 && !stopWords[strings.ToLower(w)] {
			cands = append(cands, i)
		}
	}
	if len(cands) == 0 {
		return ""
	}
	i := cands[g.rng.IntN(len(cands))]
	pool := g.pool(d.Lang)
	for try := 0; try < 30; try++ {
		o := g.pick(pool)
		if o == d {
			continue
		}
		ow := strings.Split(o.Sentences[g.rng.IntN(len(o.Sentences))], " ")
		r := ow[g.rng.IntN(len(ow))]
		if !lettersOnly(r) || utf8.RuneCountInString(r) < 5 || stopWords[strings.ToLower(r)] {
			continue
		}
		a, b := []rune(strings.ToLower(ws[i])), []rune(strings.ToLower(r))
		if string(a[:3]) == string(b[:3]) {
			continue
		}
		if unicode.IsUpper([]rune(ws[i])[0]) {
			b[0] = unicode.ToUpper(b[0])
		}
		ws[i] = string(b)
		return strings.Join(ws, " ")
	}
	return ""
}

// ellipsisOverNegation quotes s with its negation replaced by an ellipsis:
// both pieces are on the page, but together they say the opposite.
func ellipsisOverNegation(s, lang string) string {
	ws := strings.Split(s, " ")
	for i, w := range ws {
		if i >= 3 && len(ws)-i-1 >= 3 && negationWords[core(w)] && core(w) == w {
			return strings.Join(ws[:i], " ") + " ... " + strings.Join(ws[i+1:], " ")
		}
	}
	return ""
}

// synonyms rewrites s with at least two words replaced by synonyms and,
// sometimes, its two halves around a comma swapped.
func (g *gen) synonyms(s, lang string) (string, string) {
	table := synonymsEN
	if lang == "ru" {
		table = synonymsRU
	}
	ws := strings.Split(s, " ")
	n := 0
	for i, w := range ws {
		c := core(w)
		rep, ok := table[c]
		if !ok {
			continue
		}
		k := strings.Index(strings.ToLower(w), c)
		if k < 0 {
			continue
		}
		if r, _ := utf8.DecodeRuneInString(w[k:]); unicode.IsUpper(r) {
			rr := []rune(rep)
			rr[0] = unicode.ToUpper(rr[0])
			rep = string(rr)
		}
		ws[i] = w[:k] + rep + w[k+len(c):]
		n++
	}
	if n < 2 {
		return "", ""
	}
	out := strings.Join(ws, " ")
	variant := "synonyms"
	if i := strings.Index(out, ", "); i > 0 && g.rng.IntN(3) == 0 {
		head, tail := out[:i], strings.TrimSuffix(out[i+2:], ".")
		out = upperFirst(tail) + ", " + lowerFirst(head) + "."
		variant += "+reorder"
	}
	return out, variant
}

func upperFirst(s string) string {
	r, w := utf8.DecodeRuneInString(s)
	return string(unicode.ToUpper(r)) + s[w:]
}

func lowerFirst(s string) string {
	r, w := utf8.DecodeRuneInString(s)
	return string(unicode.ToLower(r)) + s[w:]
}

// stopWords are left alone by swaps: swapping them is not fabricating.
var stopWords = map[string]bool{
	"which": true, "these": true, "those": true, "there": true, "their": true, "about": true,
	"after": true, "before": true, "between": true, "during": true, "other": true, "where": true,
	"while": true, "under": true, "although": true, "however": true, "может": true, "также": true,
	"после": true, "более": true, "всего": true, "когда": true, "чтобы": true, "этого": true,
}

var synonymsEN = map[string]string{
	"increased": "raised", "increase": "rise", "increases": "rises", "decreased": "fell",
	"decrease": "decline", "reduced": "lowered", "reduce": "lower", "reduces": "lowers",
	"showed": "demonstrated", "show": "demonstrate", "shows": "demonstrates", "shown": "demonstrated",
	"significant": "notable", "significantly": "notably", "patients": "individuals",
	"participants": "subjects", "associated": "linked", "association": "link", "risk": "likelihood",
	"effect": "impact", "effects": "impacts", "study": "investigation", "studies": "investigations",
	"results": "findings", "suggest": "indicate", "suggests": "indicates", "higher": "greater",
	"lower": "smaller", "common": "frequent", "rare": "uncommon", "large": "big", "small": "little",
	"important": "key", "role": "function", "levels": "concentrations", "level": "concentration",
	"treatment": "therapy", "mice": "rodents", "human": "people's", "identify": "pinpoint",
	"identified": "pinpointed", "required": "needed", "requires": "needs", "using": "employing",
	"used": "employed", "examined": "investigated", "analysis": "assessment", "method": "approach",
	"methods": "approaches", "however": "nevertheless", "therefore": "thus", "observed": "seen",
	"found": "discovered", "demonstrate": "prove", "demonstrated": "proved", "compared": "contrasted",
	"children": "kids", "women": "females", "men": "males", "disease": "illness", "diseases": "illnesses",
	"cancer": "malignancy", "infection": "contagion", "mortality": "death rate", "rate": "frequency",
	"rates": "frequencies", "major": "principal", "novel": "new", "potential": "possible",
	"mechanism": "process", "mechanisms": "processes", "response": "reaction", "responses": "reactions",
	"activity": "action", "function": "role", "expression": "production", "develop": "form",
	"development": "formation", "promote": "foster", "promotes": "fosters", "inhibit": "block",
	"inhibits": "blocks", "inhibition": "blocking", "cell": "unit", "approximately": "roughly",
	"several": "multiple", "previously": "earlier", "recently": "lately", "evidence": "proof",
	"population": "group", "outcomes": "results", "outcome": "result", "determine": "establish",
	"assessed": "evaluated", "measured": "quantified", "received": "got", "randomly": "arbitrarily",
	"benefit": "advantage", "harm": "damage", "early": "initial", "older": "elderly", "adults": "grown-ups",
	"trial": "experiment", "trials": "experiments", "data": "information",
}

var synonymsRU = map[string]string{
	"компания": "фирма", "компании": "фирмы", "сотрудники": "работники", "снизился": "уменьшился",
	"снизилось": "уменьшилось", "вырос": "увеличился", "выросло": "увеличилось", "около": "примерно",
	"больше": "свыше", "теперь": "сейчас", "говорит": "утверждает", "отмечают": "указывают",
	"планирует": "намерена", "считает": "полагает", "признаёт": "соглашается", "новой": "свежей",
	"новое": "свежее", "главный": "основной", "быстрее": "скорее", "раньше": "прежде",
	"система": "платформа", "систему": "платформу", "системы": "платформы", "жители": "горожане",
	"получили": "обрели", "получат": "обретут", "проект": "замысел", "проекты": "замыслы",
	"стоимость": "цена", "предупреждают": "остерегают", "специалисты": "эксперты", "эксперты": "специалисты",
	"врачи": "медики", "врач": "медик", "пациенты": "больные",
	"исследование": "изучение", "исследователи": "учёные", "почти": "практически", "позволяет": "даёт возможность",
	"начнётся": "стартует", "обещает": "сулит", "по-прежнему": "как раньше", "ожидается": "предполагается",
	"открыла": "запустила", "внедрила": "ввела", "время": "срок",
}
