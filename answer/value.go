package answer

import (
	"strings"

	"github.com/veritykb/verity/analysis"
	"unicode"
	"unicode/utf8"
)

// This file decides whether a claim states a value of the kind its
// question asks for, by rules over words — no gazetteer, no model:
//
//   - when: a year (1565, 1990s), a month, a weekday, a season, a date or a
//     clock time (14.11.2026, 10:00), a century, or a word of relative time
//     (yesterday, ago, назад);
//   - how many: a number in digits or words (308, twelve, двенадцать,
//     million, тысяч), a percentage;
//   - how often: a frequency word (every, weekly, once, ежегодно, раз,
//     не реже) or a number with a unit of time;
//   - how long: a number with a unit of time or length (35 days, 6,400 km,
//     12 месяцев), or a plural unit after "for" or "many" (for decades);
//   - where: a name or a word for a place after a preposition of place (in
//     Hamburg, в Бразилии, on the third floor, в хранилище секретов);
//   - who: a name (a capitalized word inside a sentence, two capitalized
//     words at its start), a role (engineer, руководитель), an address
//     (@anna, anna@corp.example);
//   - why: a word of reason (because, due to, потому что, из-за, чтобы);
//   - yes/no about being allowed: a word that permits, forbids or obliges
//     (allowed, not allowed, must, только, запрещено, нельзя).
//
// A value counts only when it is not one of the question's own words:
// "in 2027" does not answer "what happens in 2027", "Pepsi" does not answer
// "who bought Pepsi". Which, what and other questions ask for no kind of
// value: any claim meets their type, and the focus and predicate decide.

// TypeMet reports whether text states a value of the kind q asks for.
func (q Question) TypeMet(text string) bool {
	if !q.typed() {
		return true
	}
	return len(q.Values(text)) > 0
}

// typed reports whether q asks for a kind of value.
func (q Question) typed() bool {
	switch q.Type {
	case AskWhat, AskWhich, AskOther:
		return q.Target == targetName
	case AskYesNo:
		return q.Permission
	}
	return true
}

// Values returns the words of text that state a value of the kind q asks
// for, as byte spans into text, in order, adjacent words joined into one
// value: the date of a "when", the number
// of a "how many", the name of a "who", the word that permits or forbids
// of a "can I". A question that asks for no kind of value gets none.
func (q Question) Values(text string) []analysis.Span {
	c := claimWords{w: readWords(text), text: text, q: q}
	var rules []func(int) bool
	switch q.Type {
	case AskWhen:
		rules = append(rules, c.time)
	case AskHowMany:
		rules = append(rules, c.number)
	case AskHowOften:
		rules = append(rules, c.frequency, c.duration)
	case AskHowLong:
		rules = append(rules, c.duration)
	case AskWhere:
		rules = append(rules, c.place)
	case AskWho:
		rules = append(rules, c.person)
	case AskWhy:
		rules = append(rules, c.reason)
	case AskYesNo:
		if q.Permission {
			rules = append(rules, c.modal)
		}
	case AskWhat, AskWhich, AskOther:
		if q.Target == targetName {
			rules = append(rules, c.name)
		}
	}
	var out []analysis.Span
	for i := range c.w {
		for _, r := range rules {
			if !r(i) {
				continue
			}
			sp := analysis.Span{Start: c.w[i].start, End: c.w[i].end}
			// Words of one value are one value: "Irina Petrova", "March 3".
			if n := len(out); n > 0 && strings.TrimSpace(text[out[n-1].End:sp.Start]) == "" {
				out[n-1].End = sp.End
			} else {
				out = append(out, sp)
			}
			break
		}
	}
	return out
}

// name reports whether word i is a name the question does not use: a
// capitalized word inside a sentence, a word with digits or inner capitals
// (Bitrix24, OpenTV), or a word in quotes.
func (c *claimWords) name(i int) bool {
	w := c.w[i]
	if !c.novel(i) || w.term == "" {
		return false
	}
	if i > 0 && strings.ContainsAny(c.gap(i-1), "«\"“'") {
		return true
	}
	if strings.IndexFunc(w.raw, unicode.IsDigit) >= 0 && strings.IndexFunc(w.raw, unicode.IsLetter) >= 0 {
		return true
	}
	return w.capital && (!c.sentenceStart(i) || i+1 < len(c.w) && c.w[i+1].capital) && !months[w.fold] && !weekdays[w.fold]
}

// claimWords is a claim's words as the value rules read them.
type claimWords struct {
	w    []qword
	text string
	q    Question
	qset map[string]bool
}

func (c *claimWords) any(rule func(i int) bool) bool {
	for i := range c.w {
		if rule(i) {
			return true
		}
	}
	return false
}

// novel reports whether word i is not one of the question's words.
func (c *claimWords) novel(i int) bool {
	if c.qset == nil {
		c.qset = map[string]bool{}
		for _, w := range c.q.words {
			c.qset[w.fold] = true
			if w.term != "" {
				c.qset["#"+w.term] = true
			}
		}
	}
	w := c.w[i]
	return !c.qset[w.fold] && (w.term == "" || !c.qset["#"+w.term])
}

func (c *claimWords) fold(i int) string {
	if i < 0 || i >= len(c.w) {
		return ""
	}
	return c.w[i].fold
}

// gap returns the text between words i and i+1.
func (c *claimWords) gap(i int) string {
	if i < 0 || i+1 >= len(c.w) {
		return ""
	}
	return c.text[c.w[i].end:c.w[i+1].start]
}

// sentenceStart reports whether word i starts a sentence of the claim.
func (c *claimWords) sentenceStart(i int) bool {
	if i == 0 {
		return true
	}
	g := strings.TrimSpace(c.gap(i - 1))
	return strings.ContainsAny(g, ".!?…\n") && !strings.HasSuffix(g, ",")
}

func (c *claimWords) time(i int) bool {
	f := c.fold(i)
	if !c.novel(i) {
		return false
	}
	switch {
	case yearLike(f):
		return true
	case monthOrDay(f) && (f != "may" || c.w[i].capital), timeWords[f]:
		return true
	case isDigits(f) && (strings.HasPrefix(c.gap(i), ":") && isDigits(c.fold(i+1))):
		return true // 10:00
	case dateLike(f):
		return true // 14.11.2026
	case centuryWords[f] && i > 0 && (isDigits(c.fold(i-1)) || roman(c.w[i-1].raw) || ordinal(c.fold(i-1))):
		return true
	case (f == "am" || f == "pm") && i > 0 && isDigits(c.fold(i-1)):
		return true
	}
	return false
}

// dateLike reports whether a joined number reads as a date: 14.11.2026,
// 1.2.26.
func dateLike(f string) bool {
	parts := strings.Split(f, ".")
	if len(parts) != 3 {
		return false
	}
	for _, p := range parts {
		if !isDigits(p) || len(p) > 4 {
			return false
		}
	}
	return len(parts[0]) <= 2 && len(parts[1]) <= 2
}

// yearLike reports whether a folded token reads as a year or a decade:
// 1000–2199, or such digits with s or х (1990s, 1990-х reads as 1990).
func yearLike(f string) bool {
	d := strings.TrimSuffix(f, "s")
	if !isDigits(d) || len(d) != 4 {
		return false
	}
	return d >= "1000" && d <= "2199"
}

func monthOrDay(f string) bool {
	if months[f] || weekdays[f] {
		return true
	}
	for _, p := range monthPrefixesRu {
		if strings.HasPrefix(f, p) {
			return true
		}
	}
	return false
}

func roman(s string) bool {
	if s == "" || len(s) > 6 {
		return false
	}
	for _, r := range s {
		if !strings.ContainsRune("IVXLC", r) {
			return false
		}
	}
	return true
}

func ordinal(f string) bool {
	if len(f) < 3 || !unicode.IsDigit(rune(f[0])) {
		return false
	}
	return strings.HasSuffix(f, "th") || strings.HasSuffix(f, "st") || strings.HasSuffix(f, "nd") || strings.HasSuffix(f, "rd")
}

func (c *claimWords) number(i int) bool {
	f := c.fold(i)
	if !c.novel(i) {
		return false
	}
	if isDigits(f) || strings.IndexFunc(f, unicode.IsDigit) == 0 {
		return true
	}
	return numberWords[f] != "" || bigNumber(f)
}

// bigNumber reports whether a folded word names a number in words that
// numberWords does not list: tens, hundreds, thousands, millions, halves.
func bigNumber(f string) bool {
	if countWords[f] {
		return true
	}
	for _, p := range countPrefixesRu {
		if strings.HasPrefix(f, p) {
			return true
		}
	}
	return false
}

func (c *claimWords) quantity(i int) bool {
	f := c.fold(i)
	return isDigits(f) || strings.IndexFunc(f, unicode.IsDigit) == 0 || numberWords[f] != "" || bigNumber(f) ||
		f == "a" || f == "an" || f == "several" || f == "few" || f == "many" || f == "несколько" || f == "много"
}

func (c *claimWords) frequency(i int) bool {
	f := c.fold(i)
	if frequencyWords[f] || strings.HasPrefix(f, "кажд") || strings.HasPrefix(f, "ежедн") || strings.HasPrefix(f, "еженед") ||
		strings.HasPrefix(f, "ежемес") || strings.HasPrefix(f, "ежегод") {
		return c.novel(i)
	}
	// "раз в год", "3 раза в неделю", "twice a year", "not less than".
	return (f == "раз" || f == "раза") && c.novel(i)
}

func (c *claimWords) duration(i int) bool {
	f := c.fold(i)
	if !unitWord(f) {
		return false
	}
	for j := i - 1; j >= 0 && j >= i-3; j-- {
		if c.quantity(j) && c.novel(j) {
			return true
		}
	}
	prev := c.fold(i - 1)
	return (prev == "for" || prev == "many" || prev == "decades" || prev == "многие" || prev == "долгие") && c.novel(i)
}

func unitWord(f string) bool {
	if unitsEn[f] {
		return true
	}
	for _, p := range unitPrefixesRu {
		if strings.HasPrefix(f, p) {
			return true
		}
	}
	return false
}

func (c *claimWords) place(i int) bool {
	w := c.w[i]
	if !c.novel(i) {
		return false
	}
	if placeNouns[w.term] {
		// A word for a place after a preposition of place: "on the third
		// floor", «в хранилище секретов» (where a thing is kept is a place).
		for j := i - 1; j >= 0 && j >= i-3; j-- {
			if placePrepositions[c.fold(j)] {
				return true
			}
		}
		return false
	}
	if !w.capital || months[w.fold] || weekdays[w.fold] {
		return false
	}
	// A name after a preposition of place, with at most an article or
	// another name between: "in Hamburg", "in the United States", "в Бразилии".
	for j := i - 1; j >= 0 && j >= i-3; j-- {
		f := c.fold(j)
		if placePrepositions[f] {
			return true
		}
		if !articles[f] && !c.w[j].capital {
			return false
		}
	}
	return false
}

func (c *claimWords) person(i int) bool {
	w := c.w[i]
	if !c.novel(i) {
		return false
	}
	if roleNouns[w.term] {
		// "to lead", "to head": after "to" it is a verb, no role.
		return c.fold(i-1) != "to"
	}
	if strings.Contains(c.gap(i), "@") || i > 0 && strings.HasSuffix(c.gap(i-1), "@") {
		return true
	}
	if !w.capital || months[w.fold] || weekdays[w.fold] || w.fold == "i" || utf8.RuneCountInString(w.raw) < 2 {
		return false
	}
	if !c.sentenceStart(i) {
		return true
	}
	// At a sentence start any word is capitalized: a name there is two
	// capitalized words ("Peyton Manning became…"), and no article,
	// pronoun or preposition is one ("His Liber servitoris…", "On
	// September 20…").
	return i+1 < len(c.w) && c.w[i+1].capital && !strings.ContainsAny(c.gap(i), ",.;:") &&
		!articles[w.fold] && !leadWords[w.fold] && !functionWords[w.fold] && !pronounsRu[w.fold]
}

func (c *claimWords) reason(i int) bool {
	f := c.fold(i)
	if reasonWords[f] {
		return true
	}
	next := c.fold(i + 1)
	switch f {
	case "due", "owing", "thanks":
		return next == "to"
	case "so", "in":
		return next == "that" || next == "order"
	case "так":
		return next == "как" || next == "что"
	case "из":
		return next == "за"
	case "в":
		return next == "связи" || next == "результате" || next == "силу"
	}
	return strings.HasPrefix(f, "причин") || strings.HasPrefix(f, "вследстви")
}

func (c *claimWords) modal(i int) bool {
	f := c.fold(i)
	if modalWordsClaim[f] {
		return true
	}
	for _, p := range []string{"разреш", "запрещ", "допуска", "допуст", "обязан", "необходим", "требует", "должн"} {
		if strings.HasPrefix(f, p) {
			return true
		}
	}
	return false
}

// termSet returns the index terms of words, for matching a claim's words
// by their terms.
func termSet(words string) map[string]bool {
	m := map[string]bool{}
	for _, t := range analysis.Terms(words) {
		m[t] = true
	}
	return m
}

var (
	months = analysis.WordSet(`january february march april may june july august september october november december
		jan feb mar apr jun jul aug sep sept oct nov dec`)
	weekdays = analysis.WordSet(`monday tuesday wednesday thursday friday saturday sunday mondays tuesdays wednesdays
		thursdays fridays saturdays sundays понедельник понедельника понедельникам вторник вторника вторникам
		среда среду среды средам четверг четверга четвергам пятница пятницу пятницы пятницам суббота субботу
		субботы субботам воскресенье воскресенья воскресеньям`)
	monthPrefixesRu = []string{"январ", "феврал", "апрел", "июн", "июл", "август", "сентябр", "октябр", "ноябр", "декабр", "марта", "мае", "мая"}
	timeWords       = analysis.WordSet(`yesterday today tomorrow tonight ago recently formerly later earlier spring summer
		autumn winter morning evening night noon midnight weekend weekends nightly annually
		вчера сегодня завтра назад недавно ранее позднее весной летом осенью зимой утром вечером ночью
		полдень полночь выходные`)
	centuryWords = analysis.WordSet(`century centuries век века веке веков столетие столетия`)
	countWords   = analysis.WordSet(`hundred hundreds thousand thousands million millions billion billions trillion
		dozen dozens half percent thirteen sixteen seventeen eighteen nineteen forty fifty sixty seventy
		eighty ninety double triple quarter`)
	countPrefixesRu = []string{"тысяч", "миллион", "миллиард", "триллион", "сотн", "десятк", "дюжин", "половин", "процент",
		"тринадцат", "шестнадцат", "семнадцат", "восемнадцат", "девятнадцат", "сорок", "пятьдесят", "шестьдесят",
		"семьдесят", "восемьдесят", "девяност", "двест", "трист", "четырест", "пятьсот", "шестьсот", "семьсот",
		"восемьсот", "девятьсот", "четверт", "трет", "вдво", "втро"}
	frequencyWords = analysis.WordSet(`every each daily weekly monthly annually yearly nightly hourly once twice thrice
		times always usually often rarely regularly periodically frequently seldom per
		ежедневно еженедельно ежемесячно ежегодно ежечасно дважды трижды всегда обычно часто редко
		регулярно периодически реже чаще`)
	unitsEn = analysis.WordSet(`second seconds minute minutes hour hours day days week weeks month months year years
		decade decades century centuries millennia millennium night nights
		mile miles kilometre kilometres kilometer kilometers km metre metres meter meters m ft foot feet inch
		inches yard yards acre acres hectare hectares mi`)
	unitPrefixesRu = []string{"секунд", "минут", "час", "дней", "дня", "день", "сут", "недел", "месяц", "год", "лет",
		"десятилет", "век", "столет", "тысячелет", "ноч", "километр", "км", "метр", "миль", "гектар", "ярд", "фут"}
	placeNouns = func() map[string]bool {
		m := termSet(`city cities town country countries state states region continent island islands province county
			district village capital street building floor office room campus river ocean sea coast border
			mountain mountains valley basin lake bay port airport station hospital university school church
			museum stadium park headquarters area territory peninsula desert forest home homes
			город городе стране страна регион регионе области континент острове провинции округе районе
			деревне столице улице здании этаже офисе кампусе реке океане море побережье границе горах
			долине бассейне озере заливе порту аэропорту станции больнице университете школе церкви музее
			стадионе штаб-квартире территории полуострове пустыне лесу доме домах домом
			склад складе хранилище хранилищах сервер сервере репозиторий репозитории папка папке каталог
			каталоге облако облаке сейф сейфе архив архиве кабинет кабинете комната комнате
			warehouse vault server repository folder directory cloud safe archive avenue`)
		return m
	}()
	placePrepositions = analysis.WordSet(`in at on near from to into across throughout within outside inside along off under behind above below
		towards toward around between beside
		в во на из у около возле под над близ вблизи между через по к ко до от`)
	roleNouns = termSet(`engineer engineers manager managers lead leader president director team department
		officer owner king queen emperor minister chief head founder ceo chairman coach author inventor
		scientist government army police committee council board administrator admin owner architect
		руководитель руководителя инженер инженера менеджер директор президент отдел команда начальник глава
		владелец король император министр правительство комитет администратор основатель автор изобретатель`)
	pronounsRu  = analysis.WordSet(`он она оно они его её ее их это эта этот эти тот та те`)
	reasonWords = analysis.WordSet(`because since therefore thus hence reason reasons caused cause causes
		потому поскольку благодаря чтобы ради поэтому оттого`)
	modalWordsClaim = analysis.WordSet(`allowed permitted prohibited forbidden banned may must can cannot need needs
		required requires only except never always should mandatory
		можно нельзя только кроме`)
)
