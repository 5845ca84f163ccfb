package offline

import (
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"unicode"
	"unicode/utf8"

	"github.com/veritykb/verity/analysis"
	"github.com/veritykb/verity/extract"
)

// The extraction tasks (package extract's contract, see its documentation):
// pattern candidates, referent resolution and a rule judge, deterministic
// stand-ins for the seed's three prompts. This file holds what they share:
// a page cut into sentences that know their section heading, relation cues,
// names of organizations and products, and first-person testimonials.

// exSentence is one sentence of a page, with list and heading markers and
// the page's own spacing kept out of Text, which is still a verbatim
// substring of the page.
type exSentence struct {
	Text       string
	Start, End int
	Heading    bool // a Markdown heading line
	Item       bool // a list item
	Section    int  // index of the heading this sentence is under, -1 for none
}

// exPage is a page cut into sentences.
type exPage struct {
	Text  string
	Sents []exSentence

	lower map[string]bool // words the page writes in lower case, built on first need
}

// writesLower reports whether the page writes the folded word w in lower
// case somewhere: then a capitalized w opening a sentence is grammar
// ("High quality cinematics..."), not a name.
func (p *exPage) writesLower(w string) bool {
	if p.lower == nil {
		p.lower = map[string]bool{}
		for _, t := range analysis.Tokens(p.Text) {
			if r, _ := utf8.DecodeRuneInString(t.Text); unicode.IsLower(r) {
				p.lower[analysis.Fold(t.Text)] = true
			}
		}
	}
	return p.lower[w]
}

func newExPage(text string) *exPage {
	p := &exPage{Text: text}
	section := -1
	for _, s := range analysis.Sentences(text) {
		raw := text[s.Start:s.End]
		start := s.Start
		heading, item := false, false
		if analysis.IsHeadingLine(raw) {
			heading = true
			n := strings.IndexFunc(raw, func(r rune) bool { return r != '#' && r != ' ' })
			if n < 0 {
				continue
			}
			start += n
		} else if strings.HasPrefix(raw, "- ") || strings.HasPrefix(raw, "* ") || strings.HasPrefix(raw, "• ") {
			item = true
			_, size := utf8.DecodeRuneInString(raw)
			start += size + 1
		}
		for start < s.End && text[start] == ' ' {
			start++
		}
		if start >= s.End {
			continue
		}
		es := exSentence{Text: text[start:s.End], Start: start, End: s.End, Heading: heading, Item: item, Section: section}
		if heading {
			section = len(p.Sents)
			es.Section = -1
		}
		p.Sents = append(p.Sents, es)
	}
	return p
}

// title returns the page's first heading, or "" when it has none.
func (p *exPage) title() *exSentence {
	for i := range p.Sents {
		if p.Sents[i].Heading {
			return &p.Sents[i]
		}
	}
	return nil
}

// section returns the sentences of section h (the heading's index) up to
// the next heading.
func (p *exPage) section(h int) []exSentence {
	if h < 0 {
		return nil
	}
	var out []exSentence
	for i := h + 1; i < len(p.Sents) && !p.Sents[i].Heading; i++ {
		out = append(out, p.Sents[i])
	}
	return out
}

// exWord is a folded word of a sentence with its byte span in the page.
type exWord struct {
	Fold       string
	Start, End int
}

func exWords(text string, base int) []exWord {
	var out []exWord
	for _, t := range analysis.Tokens(text) {
		out = append(out, exWord{Fold: analysis.Fold(t.Text), Start: base + t.Start, End: base + t.End})
	}
	return out
}

// cueAt finds the first cue of cues among words and returns the index of
// its first word and the cue, or -1. Cues match word families, several
// words consecutive words (see [extract.Cue]).
func cueAt(words []exWord, cues []string) (int, string) {
	folds := make([]string, len(words))
	for i, w := range words {
		folds[i] = w.Fold
	}
	parsed := make([]extract.Cue, len(cues))
	for k, c := range cues {
		parsed[k] = parsedCue(c)
	}
	for i := range words {
		for _, c := range parsed {
			if c.MatchAt(folds, i) {
				return i, c.Text
			}
		}
	}
	return -1, ""
}

// cueCache holds parsed cues: specs repeat the same few on every page. It
// is bounded like the stem memo, in case specs keep coming.
var (
	cueCache     sync.Map
	cueCacheSize atomic.Int64
)

func parsedCue(s string) extract.Cue {
	if c, ok := cueCache.Load(s); ok {
		return c.(extract.Cue)
	}
	c := extract.ParseCue(s)
	if cueCacheSize.Add(1) > 1<<12 {
		cueCache.Clear()
		cueCacheSize.Store(0)
	}
	cueCache.Store(s, c)
	return c
}

// negations are words that, within three words before a cue, deny it:
// "declined to adopt" is "did not adopt".
var negations = []string{"не", "нет", "без", "ни", "никогда", "not", "no", "never", "without", "nor", "t",
	"declined", "declines", "refused", "refuses"}

// usedCue returns the first relation cue of the sentence that no negation
// in the three words before it denies and that is not a cue of evaluating
// rather than using, or "" when there is none.
func usedCue(words []exWord, cues []string) string {
	for from := 0; from < len(words); {
		i, c := cueAt(words[from:], cues)
		if i < 0 {
			return ""
		}
		i += from
		denied := false
		for k := max(0, i-3); k < i; k++ {
			if slices.Contains(negations, words[k].Fold) {
				denied = true
			}
		}
		if !denied {
			return c
		}
		from = i + 1
	}
	return ""
}

// cuePositions returns the word indexes of the undenied relation cues of a
// sentence.
func cuePositions(words []exWord, cues []string) []int {
	var out []int
	for from := 0; from < len(words); {
		i, _ := cueAt(words[from:], cues)
		if i < 0 {
			return out
		}
		i += from
		denied := false
		for k := max(0, i-3); k < i; k++ {
			if slices.Contains(negations, words[k].Fold) {
				denied = true
			}
		}
		if !denied {
			out = append(out, i)
		}
		from = i + 1
	}
	return out
}

// cueBetween returns the first undenied relation cue of the sentence that
// stands between a mention of the subject and a mention of the object, in
// either order ("X moved to Y", "Y is used by X"), or "".
func cueBetween(text string, s exSentence, subj, obj, cues []string) string {
	words := exWords(s.Text, s.Start)
	ss, os := mentionSpans(text, s, subj), mentionSpans(text, s, obj)
	ss = slices.DeleteFunc(ss, func(sp [2]int) bool { return ofOtherParty(text, words, sp) })
	if len(ss) == 0 || len(os) == 0 {
		return ""
	}
	for _, i := range cuePositions(words, cues) {
		c := words[i].Start
		before := func(spans [][2]int) bool {
			return slices.ContainsFunc(spans, func(sp [2]int) bool { return sp[1] <= c })
		}
		after := func(spans [][2]int) bool {
			return slices.ContainsFunc(spans, func(sp [2]int) bool { return sp[0] > c })
		}
		if (before(ss) && after(os)) || (before(os) && after(ss)) {
			return words[i].Fold
		}
		if nominalAt(s.Text, s.Start, c, ss, os) {
			return words[i].Fold
		}
	}
	return ""
}

// nominalAt reports whether a cue at offset c heads a noun phrase whose
// object comes next and whose subject follows the object through a
// preposition of place alone: «Внедрение Битрикс24 в «Альтагро» заняло
// три месяца», "the rollout of Bitrix24 at Contoso" — the relation named
// as a noun, with the organization where it happened after it. The cue
// must come first in that order and nothing but the preposition may stand
// between the object and the subject, so "Внедрение Битрикс24 обсуждают
// в «Альтагро»" or a subject named elsewhere in the sentence does not
// count.
func nominalAt(sentence string, start, c int, ss, os [][2]int) bool {
	for _, o := range os {
		if o[0] <= c {
			continue
		}
		// Between the cue and the object: nothing, or "of".
		if gap := strings.TrimSpace(sentence[min(len(sentence), c-start):max(0, o[0]-start)]); strings.ContainsAny(gap, ",.;:") {
			continue
		} else if f := strings.Fields(gap); len(f) > 2 || len(f) == 2 && strings.ToLower(f[1]) != "of" {
			continue
		}
		for _, sp := range ss {
			if sp[0] <= o[1] {
				continue
			}
			between := strings.Fields(strings.ToLower(strings.NewReplacer("«", " ", "»", " ", `"`, " ", "“", " ", "”", " ").Replace(sentence[o[1]-start : sp[0]-start])))
			if len(between) == 1 && placePrepositions[between[0]] {
				return true
			}
		}
	}
	return false
}

// otherParties are nouns of a party other than the organization they
// govern: "Competitors of Acme use Bitrix24", «Клиенты компании «Ромашка»
// работают в Битрикс24» tell of the competitors and the clients, not of
// Acme or Ромашка. They are cues, read by word family; the organization's
// own people (staff, «сотрудники») are not among them.
var otherParties = []string{"competitor", "rival", "customer", "client", "partner", "supplier", "contractor",
	"reseller", "конкурент", "соперник", "клиент", "заказчик", "покупатель", "партнёр", "поставщик", "подрядчик"}

// peopleOf reports whether words[i] names people or a party that a name
// after "of" has: [otherParties], or the organization's own people.
func peopleOf(words []exWord, i int) bool {
	folds := make([]string, len(words))
	for k, w := range words {
		folds[k] = w.Fold
	}
	for _, c := range append(slices.Clip(otherParties), ownPeople...) {
		if parsedCue(c).MatchAt(folds, i) {
			return true
		}
	}
	return false
}

// ownPeople are nouns of an organization's own people, which "of" ties to
// its name ("Employees of Acme").
var ownPeople = []string{"employee", "staff", "manager", "worker", "representative", "specialist", "engineer"}

// ofOtherParty reports whether the mention at sp is governed by a noun of
// [otherParties]: the noun just before it with only "of" and what the
// name's key drops (a descriptor in any case, a legal form, "the") between
// ("competitors of the Acme Company", «конкуренты холдинга «Ромашка»»),
// or after it with a possessive ("Acme's rivals").
func ofOtherParty(text string, words []exWord, sp [2]int) bool {
	k := slices.IndexFunc(words, func(w exWord) bool { return w.Start == sp[0] })
	if k < 0 {
		return false
	}
	folds := make([]string, len(words))
	for i, w := range words {
		folds[i] = w.Fold
	}
	party := func(i int) bool {
		if i < 0 || i >= len(words) {
			return false
		}
		for _, c := range otherParties {
			if parsedCue(c).MatchAt(folds, i) {
				return true
			}
		}
		return false
	}
	name := extract.Key(text[sp[0]:sp[1]])
	for n := k - 1; n >= max(0, k-4); n-- {
		if !party(n) {
			continue
		}
		between := strings.TrimSpace(text[words[n].End:sp[0]])
		between = strings.TrimSpace(strings.TrimPrefix(between+" ", "of "))
		if between == "" || extract.Key(between+" "+text[sp[0]:sp[1]]) == name {
			return true
		}
	}
	mention, after := text[sp[0]:sp[1]], text[sp[1]:]
	if strings.HasPrefix(after, "'s ") || strings.HasPrefix(after, "’s ") ||
		strings.HasSuffix(mention, "'s") || strings.HasSuffix(mention, "’s") {
		return party(slices.IndexFunc(words, func(w exWord) bool { return w.Start >= sp[1] && w.Fold != "s" }))
	}
	return false
}

// placePrepositions introduce the organization where a relation named as
// a noun took place.
var placePrepositions = map[string]bool{"в": true, "во": true, "у": true, "на": true, "at": true, "in": true, "by": true, "across": true}

// evaluating are words of considering a product rather than using it.
// They are cues, read by word family ("тестирует" is "тестирование"; "test"
// is "tested", not "testimonial"); the verbs of planning are exact, since
// their family holds the noun "plan", "план".
var evaluating = []string{"evaluat*", "consider*", "test", "pilot*", "trial*", "compar*", "рассматрива*", "оценива*",
	"тестирует", "выбирают", "выбира*", "сравнива*", "присматрива*", "=planned", "=plans", "=planning",
	"=планирует", "=планируют", "=планировала", "=планировали", "=планируется",
	// A decision still to be made about it: "to decide on a rollout",
	// «принять решение о переходе» (not «решение на базе Битрикс24», a
	// solution).
	"=decide on", "=decide whether", "=decide if", "=decision on", "=decision whether",
	"=решение о", "=решение об", "=решения о", "=решения об"}

// excluded returns the code of the first does-not-count entry whose cues
// occur in words, or "".
func excluded(words []exWord, ex []extract.Exclusion) string {
	for _, e := range ex {
		if i, _ := cueAt(words, e.Cues); i >= 0 {
			return e.Code
		}
	}
	return ""
}

// firstPerson reports whether a sentence speaks as "we" (a testimonial's
// author and their organization).
func firstPerson(words []exWord) bool {
	for _, w := range words {
		switch w.Fold {
		case "мы", "нам", "нас", "наш", "наша", "наше", "наши", "нашей", "нашего", "нашим", "we", "our", "us":
			return true
		}
	}
	return false
}

// quoted reports whether a sentence is (or opens with) quoted speech.
func quoted(s string) bool {
	s = strings.TrimSpace(s)
	return strings.HasPrefix(s, "«") || strings.HasPrefix(s, "\"") || strings.HasPrefix(s, "“") || strings.HasPrefix(s, "„")
}

func isTrustHeading(s string) bool { return extract.IsCustomerHeading(s) }

// exName is a name in a sentence: of an organization or a product, as far
// as code can tell.
type exName struct {
	Text       string
	Start, End int  // byte span in the page
	Marked     bool // a legal form or quotation marks make it an organization's name
}

// russianForms and suffixForms are legal forms that mark the names they
// precede or follow.
var (
	russianForms = []string{"ооо", "оао", "зао", "пао", "ао", "нао", "ано", "нко", "гк", "ип", "фгуп", "гуп", "муп", "тоо"}
	suffixForms  = []string{"gmbh", "ltd", "llc", "inc", "ag", "plc", "corp", "co", "llp", "sa", "se", "nv", "bv", "oy", "ab", "kg", "spa", "srl", "limited", "corporation"}
)

// minorCapitals are capitalized words that are grammar or page furniture,
// not names, when they stand alone.
var minorCapitals = func() map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(`the a an we our in at on for this that these those it its his her their
		after before since from with by as if when while during how why what who where customer story case result
		results challenge solution about today now more also then there here
		january february march april may june july august september october november december
		monday tuesday wednesday thursday friday saturday sunday
		мы наш наша наши в на с по это как кейс отзыв результат результаты задача решение клиент клиенты
		более теперь до за после при для от из у о об так также сегодня здесь там
		январь февраль март апрель май июнь июль август сентябрь октябрь ноябрь декабрь
		января февраля марта апреля мая июня июля августа сентября октября ноября декабря`) {
		m[w] = true
	}
	return m
}()

// names finds the names of a sentence, in order: a legal form with a
// quoted or capitalized name (ООО «Ромашка», АО Вектор), a quoted name of a
// few words, optionally after a capitalized word (Фонд «Развитие»), and runs
// of capitalized words or words with digits (Acme Logistics GmbH, Bitrix24,
// Nexus Q), with a legal suffix after a comma kept (Atari, Inc.).
func names(p *exPage, s exSentence) []exName {
	page := p.Text
	words := exWords(s.Text, s.Start)
	var out []exName
	used := make([]bool, len(words))
	gap := func(i int) string { return page[words[i].End:words[i+1].Start] }
	// Quoted names, with a legal form or a capitalized word just before.
	for i := 0; i < len(words); i++ {
		open := page[max(s.Start, words[i].Start-3):words[i].Start]
		if !strings.HasSuffix(open, "«") && !strings.HasSuffix(open, "\"") && !strings.HasSuffix(open, "“") {
			continue
		}
		j := i
		for j < len(words) && j-i < 6 {
			after := page[words[j].End:min(s.End, words[j].End+3)]
			if strings.HasPrefix(after, "»") || strings.HasPrefix(after, "\"") || strings.HasPrefix(after, "”") {
				break
			}
			j++
		}
		if j == len(words) || j-i >= 6 || strings.ContainsAny(page[words[i].Start:words[j].End], "«“\"") {
			continue
		}
		start, end := words[i].Start-len(lastRune(open)), words[j].End+1
		if r, size := utf8.DecodeRuneInString(page[words[j].End:]); r != utf8.RuneError {
			end = words[j].End + size
		}
		if k := orgPrefix(page, words, i, start); k >= 0 {
			start = words[k].Start
			for ; k < i; k++ {
				used[k] = true
			}
		} else if i > 0 && !used[i-1] && (slices.Contains(russianForms, words[i-1].Fold) || capitalized(page, words[i-1]) && !minorCapitals[words[i-1].Fold] && i-1 > 0) &&
			strings.TrimSpace(page[words[i-1].End:start]) == "" {
			// A capitalized word just before the quote joins the name
			// ("Торговый Дом «Гамма»"), but not the sentence's first word,
			// whose capital is grammar ("Сотрудники «Гамма» работают…").
			start = words[i-1].Start
			used[i-1] = true
		}
		for k := i; k <= j; k++ {
			used[k] = true
		}
		out = append(out, exName{Text: page[start:end], Start: start, End: end, Marked: true})
		i = j
	}
	// Runs of capitalized words.
	for i := 0; i < len(words); i++ {
		if used[i] || !nameWord(page, words[i]) {
			continue
		}
		j := i
		for j+1 < len(words) && !used[j+1] {
			g := strings.TrimSpace(gap(j))
			if (g == "" || g == "-") && nameWord(page, words[j+1]) {
				j++
				continue
			}
			if (g == "" || g == ",") && slices.Contains(suffixForms, words[j+1].Fold) {
				j++
				continue
			}
			if g == "&" && nameWord(page, words[j+1]) {
				j++
				continue
			}
			if g == "" && j+2 < len(words) && !used[j+2] && slices.Contains(nameConnectors, words[j+1].Fold) &&
				strings.TrimSpace(gap(j+1)) == "" && nameWord(page, words[j+2]) {
				j += 2
				continue
			}
			break
		}
		for k := i; k <= j; k++ {
			used[k] = true
		}
		// "The Bank of America": an article or a preposition opening the
		// run is not part of the name; nor are people or a party "of" it
		// ("Employees of Acme", "Competitors of the Acme Company").
		for i < j && minorCapitals[words[i].Fold] {
			i++
		}
		if i+2 <= j && words[i+1].Fold == "of" && peopleOf(words, i) {
			for i += 2; i < j && minorCapitals[words[i].Fold]; i++ {
			}
		}
		start, end := words[i].Start, words[j].End
		if end < len(page) && page[end] == '.' && slices.Contains(suffixForms, words[j].Fold) {
			end++
		}
		marked := slices.Contains(suffixForms, words[j].Fold) && j > i
		if i > 0 && slices.Contains(russianForms, words[i-1].Fold) && gap(i-1) == " " {
			start, marked = words[i-1].Start, true
		}
		if j == i && !marked && !commonWordAsName(p, s, words, i) {
			continue
		}
		if j == i && slices.Contains(russianForms, words[i].Fold) {
			continue
		}
		out = append(out, exName{Text: page[start:end], Start: start, End: end, Marked: marked})
	}
	slices.SortFunc(out, func(a, b exName) int { return a.Start - b.Start })
	return out
}

// orgPrefixes are words that name what kind of organization a quoted name
// is ("Торговый дом «Гамма»", "Фонд «Развитие»"), folded.
var orgPrefixes = [][]string{{"торговый", "дом"}, {"группа", "компаний"}, {"фонд"}, {"компания"}, {"банк"}, {"холдинг"},
	{"корпорация"}, {"концерн"}, {"агентство"}, {"издательство"}, {"студия"}, {"завод"}, {"фабрика"}, {"клиника"},
	{"больница"}, {"сеть"}, {"кооператив"}, {"ассоциация"}, {"университет"}, {"институт"}}

// orgPrefix returns the index of the first word of an organization-kind
// phrase that ends right before the quote opening at start, or -1.
func orgPrefix(page string, words []exWord, i, start int) int {
	for _, p := range orgPrefixes {
		k := i - len(p)
		if k < 0 || strings.TrimSpace(page[words[i-1].End:start]) != "" {
			continue
		}
		ok := true
		for j, w := range p {
			if words[k+j].Fold != w || (j > 0 && page[words[k+j-1].End:words[k+j].Start] != " ") {
				ok = false
				break
			}
		}
		if ok {
			return k
		}
	}
	return -1
}

// nameConnectors join capitalized words into one name ("Bank of America",
// "Banco de Chile"); "and" does not, since it joins two names as often.
var nameConnectors = []string{"of", "de", "du", "des", "la", "le", "von", "van", "der", "für", "del", "di"}

// demonyms are capitalized adjectives of nationality or region, never the
// name of an organization or a product on their own.
var demonyms = func() map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(`american british english european german french chinese japanese korean russian
		italian spanish canadian australian swedish dutch indian finnish norwegian danish polish swiss austrian irish
		scottish welsh mexican brazilian israeli taiwanese asian african western eastern northern southern soviet
		roman greek turkish arab arabic persian hungarian czech ukrainian portuguese belgian christian catholic
		islamic jewish muslim`) {
		m[w] = true
	}
	return m
}()

// commonWordAsName reports whether a lone capitalized word (not marked as an
// organization's) may still be a name: not grammar or page furniture, not a
// demonym, and not a word that opens the sentence while the page writes it
// in lower case elsewhere or that reads as an adverb or a participle
// ("Originally", "Unveiled").
func commonWordAsName(p *exPage, s exSentence, words []exWord, i int) bool {
	w := words[i].Fold
	if minorCapitals[w] || demonyms[w] || isFunctionWord(w) || analysis.IsStopWord(w) {
		return false
	}
	if words[i].Start == s.Start {
		if p.writesLower(w) {
			return false
		}
		for _, suf := range []string{"ly", "ed", "ing"} {
			if strings.HasSuffix(w, suf) && len(w) > len(suf)+3 {
				return false
			}
		}
	}
	return true
}

func lastRune(s string) string {
	_, size := utf8.DecodeLastRuneInString(s)
	return s[len(s)-size:]
}

func capitalized(page string, w exWord) bool {
	r, _ := utf8.DecodeRuneInString(page[w.Start:])
	return unicode.IsUpper(r)
}

// nameWord reports whether a word can be part of a name: capitalized, or a
// mix of letters and digits (Bitrix24, 1С).
func nameWord(page string, w exWord) bool {
	raw := page[w.Start:w.End]
	if capitalized(page, w) {
		return true
	}
	letters, digits := false, false
	for _, r := range raw {
		letters = letters || unicode.IsLetter(r)
		digits = digits || unicode.IsDigit(r)
	}
	return letters && digits
}

// overlaps reports whether [s, e) overlaps any of spans.
func overlaps(s, e int, spans [][2]int) bool {
	for _, sp := range spans {
		if s < sp[1] && sp[0] < e {
			return true
		}
	}
	return false
}

// opensWith reports whether one of spans starts at s.
func opensWith(s int, spans [][2]int) bool {
	for _, sp := range spans {
		if sp[0] == s {
			return true
		}
	}
	return false
}

// within reports whether [s, e) lies inside any of spans.
func within(s, e int, spans [][2]int) bool {
	for _, sp := range spans {
		if sp[0] <= s && e <= sp[1] {
			return true
		}
	}
	return false
}

// mentionSpans returns the spans in the sentence where any of the names
// occurs, compared by stems of folded words (so «Битрикс24» matches
// "Битрикс24", and "Ромашке" matches "Ромашка").
func mentionSpans(page string, s exSentence, nameList []string) [][2]int {
	words := exWords(s.Text, s.Start)
	stems := make([]string, len(words))
	for i, w := range words {
		stems[i] = analysis.Stem(w.Fold)
	}
	var out [][2]int
	for _, n := range nameList {
		var needle []string
		for _, w := range exWords(extract.Key(n), 0) {
			needle = append(needle, analysis.Stem(w.Fold))
		}
		if len(needle) == 0 {
			continue
		}
		for i := 0; i+len(needle) <= len(stems); i++ {
			if slices.Equal(stems[i:i+len(needle)], needle) {
				out = append(out, [2]int{words[i].Start, words[i+len(needle)-1].End})
			}
		}
	}
	return out
}

// objectNames returns every name of every object.
func objectNames(objs []extract.Object) []string {
	var out []string
	for _, o := range objs {
		out = append(out, o.Names()...)
	}
	return out
}
