package offline

import (
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/veritykb/verity/analysis"
)

// This file finds values of a kind in a sentence — times, amounts,
// persons, organizations, places — by rules over words, with no gazetteer
// and no model:
//
//   - a time is a date (14 ноября, November 14, 14.11.2026, 2026-11-14), a
//     month, a weekday, a year written as one (в 2025 году, in 2025, 1990s),
//     a clock time (10:00, 3 pm), a quarter (Q3, в первом квартале), a
//     century (XIX века), a relative day or period (tomorrow, next week, на
//     следующей неделе, in two weeks, 3 дня назад) or a frequency (nightly,
//     every Sunday, раз в год);
//   - an amount is a number that is not part of a time — digits, with or
//     without a unit, a percentage, money, a count (twice, 3 раза), a
//     spelled-out number (двенадцать, twelve; not "one", which is as often
//     "one of"), or hundreds, thousands, dozens;
//   - a person is a name (capitalized inside a sentence, or quoted), a role
//     (руководитель подразделения, the team lead, on-call engineer) or an
//     address (@anna, anna@corp.example); an organization answers "who" too;
//   - an organization is a quoted name («Ромашка»), a name with a legal
//     form (ООО, Ltd, GmbH) or a word of company names (Ventures, Bank,
//     Logistics), a name after a word for a company (компания Contoso,
//     integrator Oblako), an acronym (IBM, МГЭИК) or a brand written with
//     digits or inner capitals (Bitrix24, PayPal);
//   - a place is a name after a preposition of place (в Москве, in Hamburg,
//     из Казани) or a word for a place after one (на третьем этаже, on the
//     third floor, в офисе, в хранилище секретов: where a thing is kept is
//     a place too). A place named without a preposition ("Hamburg
//     is ...") is not found: without a gazetteer a bare name is as likely a
//     person or a company.
//
// A value counts only if it says something the question does not: a word
// of it is not among the question's words ("в 2027 году" does not answer
// "когда в 2027 году...", "Pepsi" does not answer "who bought Pepsi").

// question is a question read for answering.
type question struct {
	stems []string // the content stems an answer must cover (questionQuery)
	kind  kind     // the kind of value it asks for
	folds map[string]bool
	// numbers and names are its anchors: the numbers and names it states,
	// which an answer must be about — its sentence or its document's
	// title must mention each — and which are no answer themselves.
	numbers []string
	names   []name
	qstems  map[string]bool // every stem of the question, for names
	// focus is, for an amount, the stem of what is counted: the first
	// content word after "сколько" or "how many" ("сколько задач", "how
	// much did it cost"). An amount of something else is no answer:
	// "42 задачи" does not say "сколько стоит релиз".
	focus string
}

// readQuestion reads a question's stems, kind and anchors.
func readQuestion(text string) question {
	d := analyze(text)
	k, after := askedKindAt(text)
	q := question{stems: questionQuery(text), kind: k, folds: map[string]bool{}, qstems: map[string]bool{}}
	for i, w := range d.Words {
		q.folds[w.Fold] = true
		q.qstems[w.Stem] = true
		if k == kindAmount && q.focus == "" && i >= after && w.Content && !questionStems[w.Stem] && !degreeWords[w.Fold] {
			q.focus = w.Stem
		}
	}
	q.numbers = numerals(d, 0, len(d.Words))
	for _, n := range d.Names {
		if !allQuestionWords(d, n) {
			q.names = append(q.names, n)
		}
	}
	return q
}

// allQuestionWords reports whether a name is made of question words only
// ("Who", "Когда" capitalized in the middle of a title-cased question).
func allQuestionWords(d *doc, n name) bool {
	for i := n.First; i < n.Last; i++ {
		if !questionWords[d.Words[i].Fold] {
			return false
		}
	}
	return true
}

// about reports whether sentence s of d, with its document's title t,
// mentions every anchor of q, and the sentence what an amount counts.
func (q question) about(d *doc, s sentence, t *doc) bool {
	have := map[string]bool{}
	for _, w := range d.Words[s.First:s.Last] {
		have[w.Fold], have[w.Stem] = true, true
	}
	for _, w := range t.Words {
		have[w.Fold], have[w.Stem] = true, true
	}
	for _, x := range append(numerals(d, s.First, s.Last), numerals(t, 0, len(t.Words))...) {
		have["#"+x] = true
	}
	for _, x := range q.numbers {
		if !have["#"+x] {
			return false
		}
	}
	for _, n := range q.names {
		for _, st := range n.Stems {
			if !have[st] {
				return false
			}
		}
	}
	if q.focus != "" && !have[q.focus] {
		for _, w := range d.Words[s.First:s.Last] {
			if nearStem(q.focus, w.Stem) {
				return true
			}
		}
		return false
	}
	return true
}

// numerals returns the numbers written in words [first, last) of d as
// written, digit groups joined by a point or a comma kept together: "3.2"
// is one number, not the digits 3 and 2, so release 3.3 is not release 3.2.
func numerals(d *doc, first, last int) []string {
	var out []string
	for i := first; i < last; i++ {
		if !isNumeric(d.Words[i].Fold) {
			continue
		}
		j := i
		for j+1 < last && isNumeric(d.Words[j+1].Fold) {
			gap := d.Text[d.Words[j].End:d.Words[j+1].Start]
			if gap != "." && gap != "," {
				break
			}
			j++
		}
		out = append(out, d.Text[d.Words[i].Start:d.Words[j].End])
		i = j
	}
	return out
}

// holds reports whether sentence s of d states a value of the kind q asks
// for that is not one of q's own words.
func (q question) holds(d *doc, s sentence) bool {
	v := values{d: d, q: q, first: s.First, last: s.Last}
	switch q.kind {
	case kindTime:
		return len(v.times()) > 0
	case kindAmount:
		return v.amount()
	case kindPerson:
		return v.person() || v.org()
	case kindOrg:
		return v.org()
	case kindPlace:
		return v.place()
	}
	return true
}

// values finds values in the words d.Words[first:last].
type values struct {
	d           *doc
	q           question
	first, last int
}

func (v values) fold(i int) string {
	if i < v.first || i >= v.last {
		return ""
	}
	return v.d.Words[i].Fold
}

func (v values) raw(i int) string {
	w := v.d.Words[i]
	return v.d.Text[w.Start:w.End]
}

// gap returns the text between words i and i+1.
func (v values) gap(i int) string {
	if i+1 >= len(v.d.Words) {
		return ""
	}
	return v.d.Text[v.d.Words[i].End:v.d.Words[i+1].Start]
}

// novel reports whether any of words [a, b) is not a word of the question
// and not a mere marker such as "года" or "year".
func (v values) novel(a, b int) bool {
	for i := max(a, v.first); i < min(b, v.last); i++ {
		f := v.d.Words[i].Fold
		if !v.q.folds[f] && !timeMarkers[f] {
			return true
		}
	}
	return false
}

// span is a run of words [First, Last).
type span struct{ First, Last int }

// times returns the spans of the sentence's time expressions that say
// something new.
func (v values) times() []span {
	var out []span
	add := func(a, b int) {
		a, b = max(a, v.first), min(b, v.last)
		if a < b && v.novel(a, b) {
			out = append(out, span{a, b})
		}
	}
	digits := func(i int) bool { f := v.fold(i); return f != "" && isNumeric(f) }
	for i := v.first; i < v.last; i++ {
		f := v.fold(i)
		switch {
		case monthWords[f] || ambiguousMonths[f] && (digits(i-1) || digits(i+1)):
			a, b := i, i+1
			if digits(i - 1) {
				a = i - 1
			}
			for b < v.last && b < i+3 && digits(b) {
				b++
			}
			add(a, b)
		case weekdayWords[f], relativeWords[f]:
			add(i, i+1)
		case isYear(f) && (timeMarkers[v.fold(i+1)] || timePreps[v.fold(i-1)]):
			add(i, i+1)
		case decadeToken(f):
			add(i, i+1)
		case digits(i) && v.gap(i) == ":" && clockMinutes(v.fold(i+1)) && clockHour(f):
			add(i, i+2)
		case digits(i) && clockHour(f) && (v.fold(i+1) == "am" || v.fold(i+1) == "pm"):
			add(i, i+2)
		case digits(i) && numericDate(v, i):
			add(i, i+3)
		case quarterToken(f):
			add(i, i+1)
		case (strings.HasPrefix(f, "квартал") || strings.HasPrefix(f, "полугод") || f == "quarter" || f == "half") && ordinalBefore(v.fold(i-1)):
			add(i-1, i+1)
		case (strings.HasPrefix(f, "век") && len([]rune(f)) <= 4 || f == "century" || f == "centuries") && (digits(i-1) || romanNumeral(v.fold(i-1)) || ordinalBefore(v.fold(i-1))):
			add(i-1, i+1)
		case periodNext[f] && periodWord(v.fold(i+1)):
			add(i, i+2)
		case frequencyWords[f]:
			add(i, i+1)
		}
	}
	for _, qt := range v.d.Quants {
		if qt.First < v.first || qt.Last > v.last {
			continue
		}
		switch {
		case qt.Dim == dimFreq:
			add(qt.First, qt.Last)
		case qt.Dim == dimTime && (relativeBefore[v.fold(qt.First-1)] || relativeAfter[v.fold(qt.Last)]):
			add(qt.First-1, qt.Last+1)
		}
	}
	return out
}

// amount reports whether the sentence states a number that is not part of
// a time and not one of the question's.
func (v values) amount() bool {
	times := v.times()
	inTime := func(i int) bool {
		for _, t := range times {
			if t.First <= i && i < t.Last {
				return true
			}
		}
		return false
	}
	for _, qt := range v.d.Quants {
		if qt.First < v.first || qt.Last > v.last || qt.Dim == dimFreq || inTime(qt.First) {
			continue
		}
		if v.novel(qt.First, qt.Last) {
			return true
		}
	}
	for i := v.first; i < v.last; i++ {
		f := v.fold(i)
		if inTime(i) || v.q.folds[f] {
			continue
		}
		if n, ok := numberWords[f]; ok && n != 1 || vagueAmounts[f] {
			return true
		}
	}
	return false
}

// newName reports whether name n lies in the sentence, is not a name of
// the question and is not a month or a weekday (English capitalizes them).
func (v values) newName(n name) bool {
	if n.First < v.first || n.Last > v.last {
		return false
	}
	calendar := true
	for i := n.First; i < n.Last; i++ {
		f := v.d.Words[i].Fold
		calendar = calendar && (monthWords[f] || ambiguousMonths[f] || weekdayWords[f])
	}
	if calendar {
		return false
	}
	for _, st := range n.Stems {
		if !v.q.qstems[st] {
			return true
		}
	}
	return false
}

// person reports whether the sentence names a person: a name not after a
// preposition of place, a role, or an address.
func (v values) person() bool {
	for _, n := range v.d.Names {
		if v.newName(n) && !placePreps[v.fold(n.First-1)] {
			return true
		}
	}
	for i := v.first; i < v.last; i++ {
		if roleStems[v.d.Words[i].Stem] && !v.q.qstems[v.d.Words[i].Stem] && v.fold(i-1) != "to" {
			return true
		}
		if w := v.d.Words[i]; w.Start > 0 && v.d.Text[w.Start-1] == '@' || strings.HasPrefix(v.gap(i), "@") {
			return true // @anna, anna@corp.example
		}
	}
	return false
}

// org reports whether the sentence names an organization.
func (v values) org() bool {
	for _, n := range v.d.Names {
		if !v.newName(n) {
			continue
		}
		if n.Quoted {
			return true
		}
		for i := n.First; i < n.Last; i++ {
			raw := v.raw(i)
			if orgSuffixes[v.d.Words[i].Fold] || acronym(raw) || brand(raw) {
				return true
			}
		}
		if orgWordStems[v.d.Words[max(n.First-1, 0)].Stem] && n.First > v.first {
			return true // компания Contoso, integrator Oblako
		}
		if n.Last < v.last && legalForms[v.fold(n.Last)] {
			return true // Acme Ltd
		}
	}
	for i := v.first; i < v.last; i++ {
		if legalForms[v.fold(i)] && startsUpper(v.raw(i)) {
			return true // ООО «...», Acme GmbH at the start of a sentence
		}
	}
	return false
}

// place reports whether the sentence says where: a name or a word for a
// place after a preposition of place.
func (v values) place() bool {
	for _, n := range v.d.Names {
		if v.newName(n) && (placePreps[v.fold(n.First-1)] || placePreps[v.fold(n.First-2)] && modifier(v.fold(n.First-1))) {
			return true
		}
	}
	for i := v.first; i < v.last; i++ {
		if !placeWordStems[v.d.Words[i].Stem] || v.q.qstems[v.d.Words[i].Stem] {
			continue
		}
		for j := i - 1; j >= max(v.first, i-3); j-- {
			if placePreps[v.fold(j)] || v.fold(j) == "on" {
				return true
			}
		}
	}
	return false
}

// modifier reports whether a folded word may stand between a preposition
// and a place name: "the", or a Russian adjective (в северной Сирии).
func modifier(f string) bool {
	if f == "the" {
		return true
	}
	for _, end := range []string{"ой", "ый", "ий", "ая", "ое", "ом", "ей", "ем", "их", "ых", "ую"} {
		if strings.HasSuffix(f, end) && utf8.RuneCountInString(f) > 3 {
			return true
		}
	}
	return false
}

func isYear(f string) bool {
	if len(f) != 4 || !isNumeric(f) {
		return false
	}
	n, _ := strconv.Atoi(f)
	return n >= 1000 && n <= 2199
}

// decadeToken matches "1990s" and "90s".
func decadeToken(f string) bool {
	d, rest := splitDigits(f)
	return rest == "s" && (len(d) == 4 && d[3] == '0' || len(d) == 2 && d[1] == '0')
}

func clockHour(f string) bool {
	n, err := strconv.Atoi(f)
	return err == nil && len(f) <= 2 && n <= 24
}

func clockMinutes(f string) bool {
	n, err := strconv.Atoi(f)
	return err == nil && len(f) == 2 && n < 60
}

// numericDate matches d.m.yyyy, dd/mm/yy, yyyy-mm-dd and the like at word
// i: three digit groups joined by one separator, one group a year or all
// three in range for a day and a month.
func numericDate(v values, i int) bool {
	if i+2 >= v.last {
		return false
	}
	sep := v.gap(i)
	if (sep != "." && sep != "/" && sep != "-") || v.gap(i+1) != sep {
		return false
	}
	a, b, c := v.fold(i), v.fold(i+1), v.fold(i+2)
	if !isNumeric(a) || !isNumeric(b) || !isNumeric(c) {
		return false
	}
	na, _ := strconv.Atoi(a)
	nb, _ := strconv.Atoi(b)
	nc, _ := strconv.Atoi(c)
	switch {
	case len(a) == 4: // 2026-11-14
		return nb >= 1 && nb <= 12 && nc >= 1 && nc <= 31
	case len(c) == 4 || len(c) == 2: // 14.11.2026, 11/14/26
		return na >= 1 && na <= 31 && nb >= 1 && nb <= 31 && (na <= 12 || nb <= 12)
	}
	return false
}

func quarterToken(f string) bool {
	return len(f) == 2 && (f[0] == 'q' || f[0] == 'h') && f[1] >= '1' && f[1] <= '4'
}

func ordinalBefore(f string) bool {
	return ordinals[f] || romanNumeral(f) || isNumeric(f)
}

func romanNumeral(f string) bool {
	if f == "" || len(f) > 6 {
		return false
	}
	for _, r := range f {
		if !strings.ContainsRune("ivxlc", r) {
			return false
		}
	}
	return true
}

func periodWord(f string) bool {
	return weekdayWords[f] || f == "week" || f == "month" || f == "year" || f == "quarter" || f == "weekend" ||
		strings.HasPrefix(f, "недел") || strings.HasPrefix(f, "месяц") || strings.HasPrefix(f, "квартал") ||
		f == "год" || f == "году" || f == "года"
}

// acronym reports whether a word as written is two or more capitals (IBM,
// МГЭИК), which names an organization more often than anything else.
func acronym(raw string) bool {
	n := 0
	for _, r := range raw {
		if !unicode.IsUpper(r) {
			return false
		}
		n++
	}
	return n >= 2
}

// brand reports whether a word as written mixes letters with digits or
// has a capital inside (Bitrix24, PayPal).
func brand(raw string) bool {
	first, size := utf8.DecodeRuneInString(raw)
	if !unicode.IsLetter(first) {
		return false
	}
	letters, digits, inner := false, false, false
	for i, r := range raw {
		switch {
		case unicode.IsDigit(r):
			digits = true
		case unicode.IsLetter(r):
			letters = true
			if i >= size && unicode.IsUpper(r) {
				inner = true
			}
		}
	}
	return letters && digits || inner && !acronym(raw)
}

func startsUpper(raw string) bool {
	r, _ := utf8.DecodeRuneInString(raw)
	return unicode.IsUpper(r)
}

var (
	monthWords = analysis.WordSet(`январь января январе январю февраль февраля феврале марта марте апрель
		апреля апреле мая мае июнь июня июне июль июля июле август августа августе сентябрь сентября
		сентябре октябрь октября октябре ноябрь ноября ноябре декабрь декабря декабре март май
		янв фев февр апр июн июл авг сент окт нояб дек
		january february april june july august september october november december
		jan feb apr jun jul aug sep sept oct nov dec`)
	// ambiguousMonths are months that are also common words ("may",
	// "march"): a time only beside a number.
	ambiguousMonths = analysis.WordSet(`may march mar`)
	weekdayWords    = analysis.WordSet(`понедельник понедельника понедельникам вторник вторника вторникам среду
		средам четверг четверга четвергам пятница пятницу пятницы пятницам суббота субботу субботы
		субботам воскресенье воскресенья воскресеньям будни будням выходные выходных выходным
		monday tuesday wednesday thursday friday saturday sunday mondays tuesdays wednesdays
		thursdays fridays saturdays sundays weekday weekdays weekend weekends`)
	relativeWords = analysis.WordSet(`today tomorrow yesterday tonight сегодня завтра вчера послезавтра позавчера`)
	// periodNext are the words that make a period a point in time: next
	// week, last month, на следующей неделе, в прошлом году.
	periodNext = analysis.WordSet(`next last this coming following previous следующей следующем следующий
		прошлой прошлом прошлый этой этом текущем текущей будущем будущей ближайшей ближайшем`)
	frequencyWords = analysis.WordSet(`nightly hourly daily weekly monthly yearly annually quarterly ежечасно
		ежедневно еженедельно ежемесячно ежегодно ежеквартально`)
	timeMarkers = analysis.WordSet(`год года году годах годов годы г гг year years`)
	timePreps   = analysis.WordSet(`in since by until till from before after during в с до к по после около от между`)
	// relativeBefore and relativeAfter make a duration a point in time:
	// через две недели, in 2 weeks, 3 дня назад, two days later.
	relativeBefore = analysis.WordSet(`через спустя within in after`)
	relativeAfter  = analysis.WordSet(`назад спустя ago later`)
	ordinals       = analysis.WordSet(`first second third fourth last next this первом втором третьем четвертом
		первый второй третий четвертый первого второго третьего четвертого прошлом следующем`)
	vagueAmounts = analysis.WordSet(`сотни сотен тысячи тысяч десятки десятков миллионы миллионов дюжина дюжины
		hundreds thousands dozens millions billions`)
	placePreps = analysis.WordSet(`в во на из под около возле близ in at near from`)
	legalForms = analysis.WordSet(`ооо оао зао пао ао ип нко гк inc ltd llc gmbh corp plc ag sa llp lp oy ab bv nv`)
	// orgSuffixes are words that end company names.
	orgSuffixes = analysis.WordSet(`ventures group bank systems labs technologies tech holdings holding partners
		logistics capital solutions software networks media motors airlines pharma industries
		university institute foundation agency consulting`)
	roleStems = analysis.StemSet(`руководитель руководителя руководители директор директора менеджер менеджеры
		начальник начальника администратор администраторы инженер инженеры разработчик разработчики
		специалист специалисты аналитик аналитики сотрудник сотрудники команда команды отдел отдела
		служба службы департамент владелец владельца ответственный дежурный
		head manager managers director directors lead leads owner owners engineer engineers developer
		developers administrator administrators admin officer team teams department staff employee
		employees chief ceo cto cfo president founder author analyst specialist`)
	orgWordStems = analysis.StemSet(`компания компании компанию компанией организация организации фирма фирмы банк банка
		банке корпорация холдинг завод университет институт агентство фонд интегратор интегратора
		партнер партнера клиент клиента поставщик поставщика вендор
		company companies firm bank corporation university agency fund integrator vendor partner
		customer client startup supplier manufacturer`)
	placeWordStems = analysis.StemSet(`город городе страна стране область области край крае район районе регион регионе
		улица улице проспект площадь здание здании этаж этаже офис офисе кабинет кабинете комната
		комнате склад складе кампус хранилище хранилищах сервер сервере репозиторий репозитории папка папке
		каталог каталоге облако облаке сейф сейфе архив архиве дом доме домах
		home homes city country region state province street avenue building floor office room campus
		warehouse headquarters continent island coast vault server repository folder directory cloud safe archive`)
)
