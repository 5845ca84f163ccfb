package answer

import (
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/veritykb/verity/analysis"
)

// QuestionType is the kind of answer a question asks for, read from its
// question words in Russian or English.
type QuestionType string

// Question types.
const (
	AskWho      QuestionType = "who"       // a person, a team, an organization
	AskWhen     QuestionType = "when"      // a date or a time
	AskWhere    QuestionType = "where"     // a place
	AskHowMany  QuestionType = "how_many"  // a number or an amount (how many, how much, сколько)
	AskHowOften QuestionType = "how_often" // a frequency
	AskHowLong  QuestionType = "how_long"  // a duration or a length
	AskWhich    QuestionType = "which"     // one of a kind named by a noun (which fort, какой отдел)
	AskWhat     QuestionType = "what"      // what, how: no kind of value
	AskWhy      QuestionType = "why"       // a reason
	AskYesNo    QuestionType = "yes_no"    // can I…, is it…, можно ли…
	AskOther    QuestionType = "other"     // no question word: a query
)

// Question is a question read for the relevance gate: its type, the noun
// of "which X" (Target), its focus — the index terms of its content words
// other than question words, as search analyses them — and its predicate,
// the verb or noun naming what is asked ("park" in "Where do employees
// park?", «пересматриваются» in «Как часто пересматриваются права?»).
type Question struct {
	Text   string       `json:"question"`
	Type   QuestionType `json:"type"`
	Target string       `json:"target,omitempty"`
	Focus  []string     `json:"focus"`
	// Predicate is the predicate as written; PredicateTerms are its index
	// terms, any of which is a match (a short list when the question's
	// words leave two readings). Empty when the question names no
	// predicate of its own ("What is X?", "Where is X located?").
	Predicate      string   `json:"predicate,omitempty"`
	PredicateTerms []string `json:"-"`
	// Permission is set on a yes/no question about being allowed to do
	// something ("Can I deploy…?", «Можно ли…»): only a statement that
	// permits or forbids the asked action answers it.
	Permission bool `json:"permission,omitempty"`

	words []qword
	// inClause is set when the question word stands inside a clause
	// ("dealt with by whom?").
	inClause bool
}

// qword is one token of a question.
type qword struct {
	raw, fold, term, family string
	start, end              int
	capital                 bool // starts with an upper-case letter
	question                bool // part of the question phrase, an auxiliary or a question word
}

func readWords(text string) []qword {
	toks := joinNumbers(text, analysis.Tokens(maskEscapes(text)))
	out := make([]qword, len(toks))
	for i, t := range toks {
		f := analysis.Fold(t.Text)
		w := qword{raw: t.Text, fold: f, start: t.Start, end: t.End, family: analysis.Family(f)}
		if ts := analysis.Terms(t.Text); len(ts) == 1 {
			w.term = ts[0]
		} else if len(ts) > 1 {
			w.term = f // a number such as 3.2 or 1,345,596: one term, as written
		}
		r, _ := utf8.DecodeRuneInString(t.Text)
		w.capital = unicode.IsUpper(r)
		out[i] = w
	}
	return out
}

// escapeSeq matches a terminal escape sequence (CSI or OSC), which is no
// word: "\x1b[31mchecked" is the word "checked".
var escapeSeq = regexp.MustCompile(`\x1b(?:\[[0-9;?]*[ -/]*[@-~]|\][^\x07\x1b]*(?:\x07|\x1b\\)?)`)

// maskEscapes replaces terminal escape sequences with spaces of the same
// length, so that offsets into the text stay the same.
func maskEscapes(text string) string {
	if !strings.Contains(text, "\x1b") {
		return text
	}
	return escapeSeq.ReplaceAllStringFunc(text, func(m string) string { return strings.Repeat(" ", len(m)) })
}

// joinNumbers joins digit groups separated by a point or a comma into one
// token: "3.2" is one number, not the numbers 3 and 2, so release 3.3 is
// not release 3.2; "1,345,596" is one population.
func joinNumbers(text string, toks []analysis.Token) []analysis.Token {
	out := toks[:0:0]
	for i := 0; i < len(toks); i++ {
		t := toks[i]
		for i+1 < len(toks) && isDigits(t.Text) && isDigits(toks[i+1].Text) {
			gap := text[t.End:toks[i+1].Start]
			if gap != "." && gap != "," {
				break
			}
			i++
			t = analysis.Token{Start: t.Start, End: toks[i].End, Text: text[t.Start:toks[i].End]}
		}
		out = append(out, t)
	}
	return out
}

// targetName is the Target of a question that asks for a name: "what is
// the name of…", "what is X called", «как называется…», «как зовут…»; a
// claim answers it only with a name (see [Question.Values]).
const targetName = "name"

// ReadQuestion reads a question's type, focus and predicate.
func ReadQuestion(text string) Question {
	q := Question{Text: text, Type: AskOther, Focus: []string{}}
	q.words = readWords(text)
	w := q.words
	at, n := q.questionPhrase()
	for i := at; i < at+n && i < len(w); i++ {
		w[i].question = true
	}
	after := at + n
	if n == 0 {
		after = 0
	}
	// An auxiliary right after the question phrase, or after the noun
	// phrase it asks about ("how many points did…", "which fort was…"),
	// asks rather than says.
	for k := after; k < len(w) && k < after+5; k++ {
		if auxWords[w[k].fold] {
			for k < len(w) && auxWords[w[k].fold] {
				w[k].question = true
				k++
			}
			after = k
			break
		}
		if breakWords[w[k].fold] || isCyrillic(w[k].raw) {
			break
		}
	}
	seen := map[string]bool{}
	for i := range w {
		if w[i].question || w[i].term == "" || questionWords[w[i].fold] || auxWords[w[i].fold] || lightWords[w[i].fold] ||
			functionWords[w[i].fold] || seen[w[i].term] {
			continue
		}
		if i > 0 && (degreeWords[w[i].fold] && (w[i-1].fold == "how" || w[i-1].fold == "как")) {
			continue
		}
		seen[w[i].term] = true
		q.Focus = append(q.Focus, w[i].term)
	}
	q.predicate(after)
	if (q.Type == AskWhat || q.Type == AskWhich) && asksName(w) {
		q.Type, q.Target = AskWhat, targetName
	}
	return q
}

// asksName reports whether a question asks for a name: "name" or "called"
// after what or which, «называется», «называют», «зовут», «фамилия».
func asksName(w []qword) bool {
	for _, x := range w {
		switch x.fold {
		case "name", "called", "named", "называется", "называются", "называлась", "назывался", "назывались",
			"называют", "называли", "зовут", "звали", "фамилия", "название", "названию", "названия":
			return true
		}
	}
	return false
}

// questionPhrase finds the question phrase: its first word and length
// (0 when there is none) and sets the type. Question words that are never
// relative pronouns (сколько, какой, how many) count anywhere; the others
// only where a clause starts — after nothing but lead words and
// prepositions, or after a comma — so that "who" in "the player who
// scored" is no question word.
func (q *Question) questionPhrase() (int, int) {
	w := q.words
	clause := true // a clause may start here
	for i := range w {
		if i > 0 && strings.ContainsAny(q.Text[w[i-1].end:w[i].start], ",;:—") {
			clause = true
		}
		if t, n, target := phraseAt(w, i, clause); n > 0 {
			q.Type, q.Target = t, target
			if t == AskYesNo {
				q.Permission = permissionAt(w, i)
			}
			return i, n
		}
		if !leadWords[w[i].fold] {
			clause = false
		}
	}
	// A question word inside a clause still asks when no other does: "a
	// subject dealt with by whom?", «В виде произведения чего может быть
	// представлено…?» asks what, not yes or no.
	for i := range w {
		if inClauseWords[w[i].fold] {
			if t, n, target := phraseAt(w, i, true); n > 0 && t != AskYesNo {
				q.Type, q.Target, q.inClause = t, target, true
				return i, n
			}
		}
	}
	// A Russian question without a question word ("Я могу деплоить в
	// пятницу?") asks yes or no.
	if strings.HasSuffix(strings.TrimSpace(q.Text), "?") && len(w) > 0 {
		q.Type = AskYesNo
		for _, x := range w {
			if permissionVerbs[x.fold] {
				q.Permission = true
			}
		}
	}
	return 0, 0
}

// phraseAt matches a question phrase at word i and returns its type,
// length and target noun.
func phraseAt(w []qword, i int, clause bool) (QuestionType, int, string) {
	at := func(j int) string {
		if i+j < len(w) {
			return w[i+j].fold
		}
		return ""
	}
	a, b := at(0), at(1)
	switch {
	case (a == "how" || a == "как") && (b == "often" || b == "frequently" || b == "часто"):
		return AskHowOften, 2, ""
	case (a == "how" || a == "как") && (b == "long" || b == "far" || b == "долго"):
		return AskHowLong, 2, ""
	case a == "сколько" && (b == "времени" || b == "дней" || b == "часов" || b == "минут" || b == "недель" || b == "месяцев"):
		return AskHowLong, 2, ""
	case a == "how" && (b == "many" || b == "much" || b == "old" || b == "big" || b == "large" || b == "tall" ||
		b == "high" || b == "deep" || b == "wide" || b == "heavy" || b == "few"):
		return AskHowMany, 2, ""
	case strings.HasPrefix(a, "скольк"):
		return AskHowMany, 1, ""
	case a == "во" && b == "сколько", a == "what" && b == "time":
		return AskWhen, 2, ""
	case russianWhich(a):
		// A form of какой asks anywhere: it is no relative pronoun.
		if t, ok := targetType(at(1)); ok {
			return t, 2, w[i+1].fold
		}
		if b != "" && w[i+1].term != "" {
			return AskWhich, 2, w[i+1].fold
		}
		return AskWhat, 1, ""
	}
	if !clause {
		return "", 0, ""
	}
	switch a {
	case "what", "which":
		if b == "" || auxWords[b] || !contentWord(w[i+1]) {
			return AskWhat, 1, ""
		}
		if t, ok := targetType(b); ok {
			return t, 2, b
		}
		return AskWhich, 2, b
	case "who", "whom", "whose", "кто", "кого", "кому", "кем", "чей", "чья", "чье", "чьи", "чьей", "чьим":
		return AskWho, 1, ""
	case "when", "когда":
		return AskWhen, 1, ""
	case "where", "где", "куда", "откуда":
		return AskWhere, 1, ""
	case "why", "почему", "зачем", "отчего":
		return AskWhy, 1, ""
	case "how", "как", "каким":
		return AskWhat, 1, ""
	case "что", "чем", "чего", "чему":
		return AskWhat, 1, ""
	}
	if yesNoStarts[a] && i == firstNonLead(w) {
		return AskYesNo, 1, ""
	}
	if b == "ли" && i == firstNonLead(w) {
		return AskYesNo, 2, ""
	}
	return "", 0, ""
}

func firstNonLead(w []qword) int {
	for i := range w {
		if !leadWords[w[i].fold] {
			return i
		}
	}
	return len(w)
}

func contentWord(w qword) bool {
	return w.term != "" && !questionWords[w.fold] && !auxWords[w.fold]
}

// russianWhich reports whether a folded word is a form of какой or каков.
func russianWhich(w string) bool {
	switch w {
	case "какой", "какая", "какое", "какие", "какого", "какому", "каким", "каком", "какую", "каких", "какими",
		"каков", "какова", "каково", "каковы":
		return true
	}
	return false
}

// targetType maps the noun of "which X" to a question type when the noun
// names a kind of value: "what year" asks when, "which city" where, "what
// percentage" how many, "which company" who.
func targetType(noun string) (QuestionType, bool) {
	if noun == "" {
		return "", false
	}
	s := analysis.Stem(noun)
	switch {
	case timeTargets[s]:
		return AskWhen, true
	case placeTargets[s]:
		return AskWhere, true
	case amountTargets[s]:
		return AskHowMany, true
	case whoTargets[s]:
		return AskWho, true
	}
	return "", false
}

// permissionAt reports whether a yes/no question at word i asks whether an
// action is allowed: can, may, could, am/is/are … allowed, можно ли,
// разрешено ли, нужно ли, должен ли.
func permissionAt(w []qword, i int) bool {
	if permissionVerbs[w[i].fold] {
		return true
	}
	for _, x := range w[i:min(len(w), i+4)] {
		if permissionVerbs[x.fold] {
			return true
		}
	}
	return false
}

// predicate finds the question's predicate among the words from after on:
// the main verb (after do-support, the word that ends the subject; after
// a question word, the verb that follows it; in Russian, the first word
// inflected as a verb), or, when the verb is a copula, the noun it
// links ("Кто был лидером…" → лидером; "What is the parking policy?" →
// policy). Light verbs (located, called, находится) name no predicate.
func (q *Question) predicate(after int) {
	w := q.words
	var cands []int
	switch {
	case isCyrillic(q.Text):
		cands = russianPredicate(w, after)
	case q.inClause:
		// A question that asks inside a clause ("…can be represented as
		// a product of what?", "…a subject dealt with by whom?") states
		// its verb before the question word: its first participle.
		for i := range w {
			if participle(w[i].fold) && !w[i].capital {
				cands = []int{i}
				break
			}
		}
	default:
		cands = englishPredicate(w, after)
	}
	for _, i := range cands {
		if i < 0 || i >= len(w) || w[i].term == "" || lightWords[w[i].fold] || questionWords[w[i].fold] ||
			auxWords[w[i].fold] || strings.IndexFunc(w[i].fold, unicode.IsLetter) < 0 || numberWords[w[i].fold] != "" || w[i].capital && i > 0 {
			continue
		}
		if q.Predicate == "" {
			q.Predicate = w[i].raw
		}
		q.PredicateTerms = append(q.PredicateTerms, w[i].term)
	}
}

// englishPredicate returns the candidate words of an English question's
// predicate, best first.
func englishPredicate(w []qword, after int) []int {
	aux := ""
	if after > 0 && after <= len(w) && auxWords[w[after-1].fold] {
		aux = w[after-1].fold
	}
	switch {
	case doWords[aux] || modalWords[aux] || haveWords[aux]:
		// The subject, then the verb: the last word of the run of words
		// after the auxiliary that no function word, number or -ing form
		// interrupts ("did the Panthers defense surrender", "did ABC stop
		// using…", "can I deploy on Friday").
		i := after
		for i < len(w) && articles[w[i].fold] {
			i++
		}
		last := -1
		for j := i; j < len(w); j++ {
			f := w[j].fold
			if j > i && (breakWords[f] || isDigits(f) || numberWords[f] != "" || strings.HasSuffix(f, "ing") && j > i+1) {
				break
			}
			if j > i && strings.HasSuffix(f, "ing") {
				break
			}
			last = j
		}
		if last < 0 {
			return nil
		}
		return []int{last}
	case beWords[aux]:
		// Passive ("when was it founded", "which fort was rebuilt", "how
		// many players were selected for…"): the first participle. Otherwise
		// a copula: the head noun of what follows, before its first
		// preposition.
		for j := after; j < len(w); j++ {
			if w[j].capital {
				continue
			}
			// An -ing form is a verb ("is it coming out") when no noun
			// follows it; before one it is an adjective ("parking policy").
			ing := strings.HasSuffix(w[j].fold, "ing") && len(w[j].fold) > 5 &&
				(j+1 == len(w) || breakWords[w[j+1].fold] || functionWords[w[j+1].fold])
			if participle(w[j].fold) || ing {
				return []int{j}
			}
		}
		i := after
		for i < len(w) && articles[w[i].fold] {
			i++
		}
		head := -1
		for j := i; j < len(w) && !breakWords[w[j].fold]; j++ {
			if w[j].term != "" {
				head = j
			}
		}
		if head >= 0 {
			return []int{head}
		}
		return nil
	}
	// A question word as the subject: "who led", "which team won".
	if after < len(w) {
		return []int{after}
	}
	return nil
}

// russianPredicate returns the candidate words of a Russian question's
// predicate: the first word inflected as a verb that is no copula, else
// the noun after a copula, else the first content word.
func russianPredicate(w []qword, after int) []int {
	copula := -1
	for i := range w {
		if w[i].question {
			continue
		}
		f := w[i].fold
		if copulaRu[f] {
			if copula < 0 {
				copula = i
			}
			continue
		}
		if russianVerb(f) && !w[i].capital {
			return []int{i}
		}
	}
	if copula >= 0 {
		for j := copula + 1; j < len(w); j++ {
			if w[j].term != "" && !w[j].question && !w[j].capital {
				return []int{j}
			}
		}
	}
	for i := after; i < len(w); i++ {
		if w[i].term != "" && !w[i].question && !w[i].capital {
			return []int{i}
		}
	}
	return nil
}

// russianVerb reports whether a folded Russian word is inflected as a
// finite verb, an infinitive or a short passive participle, by its ending;
// nouns that end like verbs (бюджет, часть, скорость) are excepted.
func russianVerb(f string) bool {
	if utf8.RuneCountInString(f) < 4 || notVerbsRu[f] || strings.HasSuffix(f, "ость") || strings.HasSuffix(f, "есть") && f != "есть" {
		return false
	}
	for _, e := range []string{"ться", "тся", "ть", "ти", "чь", "лся", "лась", "лось", "лись",
		"ает", "яет", "еет", "ует", "ит", "ят", "ют", "ут", "ет", "ат",
		"ал", "ял", "ел", "ил", "ыл", "ол", "ул", "ала", "яла", "ела", "ила", "ыла", "ола", "ула",
		"али", "яли", "ели", "или", "ыли", "оли", "ули", "ало", "яло", "ело", "ило",
		"ешь", "ишь", "ена", "ено", "ены", "ана", "ано", "аны", "ен", "ан"} {
		if strings.HasSuffix(f, e) {
			switch e {
			case "ен", "ан", "ет", "ит", "ат", "ут":
				// Endings nouns and adjectives share: only on words long
				// enough to carry a verb stem before them.
				if utf8.RuneCountInString(f) < 6 {
					return false
				}
			}
			return true
		}
	}
	return false
}

// participle reports whether an English folded word reads as a past
// participle: -ed, or an irregular one.
func participle(f string) bool {
	return strings.HasSuffix(f, "ed") && len(f) > 4 || irregularParticiples[f]
}

func isDigits(s string) bool {
	for _, r := range s {
		if !unicode.IsDigit(r) {
			return false
		}
	}
	return s != ""
}

func isCyrillic(s string) bool {
	n, c := 0, 0
	for _, r := range s {
		if unicode.IsLetter(r) {
			n++
			if unicode.Is(unicode.Cyrillic, r) {
				c++
			}
		}
	}
	return c > 0 && 2*c >= n
}

var (
	leadWords = analysis.WordSet(`а и но так ну вот тогда с со у в во к ко до от для по за при на о об про из
		and but so then now well in at from for by to of on with since until during after before prior`)
	auxWords = analysis.WordSet(`do does did is are was were be been has have had can could will would shall should
		may might must am`)
	// inClauseWords ask even inside a clause, when no question word
	// starts one: pronouns, not conjunctions (что, как, when after a
	// comma are read where a clause starts).
	inClauseWords = analysis.WordSet(`who whom whose what which where why кто кого кому кем чего чему чем где куда откуда почему зачем`)
	doWords       = analysis.WordSet(`do does did`)
	beWords       = analysis.WordSet(`is are was were am be been`)
	haveWords     = analysis.WordSet(`has have had`)
	modalWords    = analysis.WordSet(`can could will would shall should may might must`)
	yesNoStarts   = analysis.WordSet(`can could may might is are was were do does did will would shall should must has
		have had am`)
	permissionVerbs = analysis.WordSet(`can could may might allowed permitted ok okay allow permit
		можно нельзя разрешено разрешается запрещено запрещается допускается могу можем может могут
		нужно надо должен должна должны обязан обязаны`)
	// functionWords are English function words that analysis's short
	// stop list (Lucene's, tuned for search) keeps, and that name nothing a
	// question is about ("coming out", "he played").
	functionWords = analysis.WordSet(`about above after again against all also any because been before being below
		between both down during each few from further he her here hers herself him himself his i its itself
		just me more most my myself nor now off once only other our ours ourselves out over own same she so
		some than them themselves those through too under until up very we what while whom you your yours
		yourself yourselves us upon onto within without every each prior`)
	articles   = analysis.WordSet(`the a an this that these those its their his her our my your`)
	breakWords = analysis.WordSet(`the a an of in on at to for from by with into onto about as than during after before
		over under between through against within without per via and or`)
	degreeWords = analysis.WordSet(`many much often long far old big large tall high deep wide heavy few frequently
		часто долго много`)
	// questionWords ask rather than say what is asked about.
	questionWords = analysis.WordSet(`how what when where which who whom whose why whatever
		сколько скольких скольким сколькими какой какая какое какие какого какому каким каком какую каких какими
		каков какова каково каковы когда где куда откуда почему зачем отчего кто кого кому кем что чем чего чему
		чей чья чье чьи чьей чьим ли можно нельзя нужно надо`)
	// lightWords are verbs and nouns that a question uses to ask, not to
	// name what it asks about: "Where is X located?", "What is X called?",
	// «Где находится X?». They are neither focus nor predicate.
	lightWords = analysis.WordSet(`located situated based called named known considered happen happened happens
		take took taken place kind type sort name term word use used find found exist exists existed refer
		зовут звали фамилия название названию названия имя
		refers referred describe described mean means meant
		находится находятся находился находилась находились расположен расположена расположено расположены
		называется называются называлась назывался называли называют является являются являлся являлась
		считается считаются происходит произошло произошел произошла случилось`)
	copulaRu   = analysis.WordSet(`был была было были является являются являлся являлась являлись стал стала стало стали есть будет будут`)
	notVerbsRu = analysis.WordSet(`бюджет совет ответ предмет объект проект кредит лимит формат результат кандидат
		институт маршрут часть власть область сеть путь мать дочь ночь помощь мощь речь смерть треть
		четверть площадь лошадь плоть нефть тетрадь память жизнь причина кабинет билет портрет секрет
		сюжет пакет паритет приоритет комитет факультет университет элит план город совет
		человек времен племен знамен имен семян стремян мешкам`)
	irregularParticiples = analysis.WordSet(`built made born found held known given taken written won led sold sent
		brought bought thought caught taught fought paid laid said told kept left lost meant met put read dealt
		run set shut spent spread stood struck understood begun done drawn driven eaten fallen flown forgotten
		frozen gotten grown hidden ridden risen seen shaken shown sung spoken stolen sworn thrown worn woken
		chosen become come gone`)

	timeTargets   = analysis.StemSet(`year years date day days month months time century centuries decade decades era period season week quarter hour год году года дата дату день дня месяц месяце время век веке десятилетие период сезон неделе квартале числа`)
	placeTargets  = analysis.StemSet(`city town country state place location region continent island province county district area village capital street building floor office room site город городе стране страна место месте регионе регион области континенте острове районе улице здании этаже офисе`)
	amountTargets = analysis.StemSet(`percentage percent number amount proportion share fraction size population процент процента доля долю количество число сумма сумму размер`)
	whoTargets    = analysis.StemSet(`person people player company companies organization organisation firm team man woman individual group человек игрок компания компании организация организации фирма команда`)
)
