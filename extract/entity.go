package extract

import (
	"crypto/sha256"
	"encoding/hex"
	"slices"
	"strings"
	"unicode"

	"golang.org/x/text/unicode/norm"

	"github.com/veritykb/verity/analysis"
)

// Entity is a node of the graph: an organization or a product, under the
// name it was first seen with and the key that names with the same meaning
// share.
type Entity struct {
	ID      string   `json:"id"`
	Name    string   `json:"name"`
	Key     string   `json:"key"`
	Type    string   `json:"type"`
	Aliases []string `json:"aliases,omitempty"`
	// Same are pages' statements that this entity is also another name
	// ([SameNames]), kept so a merge can be proposed once the other exists.
	Same []SameName `json:"same,omitempty"`
}

// EntityID returns the record id of the entity of type typ whose key is key.
func EntityID(typ, key string) string { return "ent:" + shortHash(typ, key) }

// EdgeID returns the record id of the edge subject –relation→ object, by
// their entity keys: the same pair found on many pages is one edge.
func EdgeID(relation, subjectKey, objectKey string) string {
	return "edge:" + shortHash(relation, subjectKey, objectKey)
}

// EvidenceID returns the record id of one page's evidence for an edge. A page
// supports an edge once; a new version of the page re-locates the same
// evidence.
func EvidenceID(edgeID, sourceID string) string { return "ev:" + shortHash(edgeID, sourceID) }

func shortHash(parts ...string) string {
	h := sha256.New()
	for _, p := range parts {
		h.Write([]byte(p))
		h.Write([]byte{0})
	}
	return hex.EncodeToString(h.Sum(nil)[:6])
}

// legalForms are the organization forms a name may carry before or after
// its proper part, folded. Long Russian forms come first so that
// "публичное акционерное общество" is not read as "акционерное общество".
var legalForms = []string{
	"общество с ограниченной ответственностью", "публичное акционерное общество",
	"закрытое акционерное общество", "открытое акционерное общество", "непубличное акционерное общество",
	"акционерное общество", "автономная некоммерческая организация", "индивидуальный предприниматель",
	"ооо", "пао", "зао", "оао", "нао", "ао", "ано", "нко", "ип", "фгуп", "гуп", "муп", "гк", "тоо",
	"limited liability company", "incorporated", "corporation", "limited", "company",
	"llc", "l.l.c.", "inc.", "inc", "ltd.", "ltd", "gmbh", "ag", "plc", "corp.", "corp", "co.",
	"llp", "lp", "s.a.", "sa", "s.a.s.", "sas", "b.v.", "bv", "n.v.", "nv", "oy", "ab", "as", "a/s",
	"kg", "se", "s.p.a.", "spa", "s.r.l.", "srl", "pty", "pty ltd", "k.k.",
}

// quoteRunes are the quotation marks names are written with.
const quoteRunes = "«»“”„‟\"'‘’‚‹›「」"

// Key returns the matching form of a name: NFKC, case folded (ё as е),
// quotation marks and legal forms (ООО, АО, ПАО, LLC, Inc, GmbH...) removed,
// a descriptor before a quoted name removed (Компания «Ромашка», в группе
// компаний «Ромашка», the company "Acme"), an English "the" before a name
// removed, punctuation at word edges dropped and spaces collapsed.
// "ООО «Ромашка»", "Компания «Ромашка»", "Ромашка" and "ромашка, ООО" share
// the key "ромашка", "The Acme Company" and "Acme" the key "acme"; names that
// differ in anything more stay apart ("Росмаш" and "Роснефть", "Компания
// Ромашка" without quotation marks). A name that is nothing but a legal form
// or a descriptor keeps it, so "АО" is not the empty key.
func Key(name string) string {
	words := keyWords(stripDescriptor(name))
	core := stripForms(words)
	if len(core) > 1 && core[0] == "the" {
		core = core[1:]
	}
	if len(core) == 0 {
		core = keyWords(name)
	}
	return strings.Join(core, " ")
}

// descriptors are the words that say what kind of organization a quoted
// name is, folded, in the cases a sentence puts them in: «Компания
// «Ромашка»», «в холдинге «Ромашка»», «для группы компаний «Ромашка»», and
// the prepositions before them. They are part of the sentence, not of the
// name, and only before a quoted name: "Холдинг Ромашка" without quotation
// marks may be the name itself.
var descriptors = func() [][]string {
	var out [][]string
	for _, d := range []string{
		"компания компании компанию компанией", "фирма фирмы фирме фирму фирмой",
		"холдинг холдинга холдингу холдингом холдинге", "корпорация корпорации корпорацию корпорацией",
		"группа группы группе группу группой", // of companies: see below
		"the company firm corporation holding",
		// Prepositions: a sentence's, never a name's first word before a
		// quoted name («В «Альтагро» внедрили…» names «Альтагро»).
		"в во у для от из на с со к ко по при о об про за над под через без до после",
		"in at for from with by of to on",
	} {
		for _, w := range strings.Fields(d) {
			if strings.HasPrefix(d, "группа") {
				out = append(out, []string{w, "компаний"})
				continue
			}
			out = append(out, []string{w})
		}
	}
	return out
}()

// stripDescriptor returns name without the descriptors and legal forms
// that stand before its first quotation mark ("Компания ООО «Ромашка»" is
// "«Ромашка»"), or name itself when anything else stands there or nothing
// is quoted after it.
func stripDescriptor(name string) string {
	i := strings.IndexFunc(name, func(r rune) bool { return strings.ContainsRune(quoteRunes, r) })
	if i <= 0 || len(keyWords(name[i:])) == 0 {
		return name
	}
	head := keyWords(name[:i])
	for len(head) > 0 {
		n := len(head)
		for _, d := range descriptors {
			if len(head) >= len(d) && slices.Equal(head[:len(d)], d) {
				head = head[len(d):]
				break
			}
		}
		for _, f := range legalForms {
			if fw := strings.Fields(f); len(head) >= len(fw) && equalWords(head[:len(fw)], fw) {
				head = head[len(fw):]
				break
			}
		}
		if len(head) == n {
			return name
		}
	}
	return name[i:]
}

// keyWords folds name and splits it into words without quotes and without
// punctuation at their edges ("Inc." becomes "inc", which the legal forms
// match with their dots set aside).
func keyWords(name string) []string {
	// NFKC again after folding: lowercasing can produce compatibility
	// characters (ǅ → ǆ) that NFKC would split, and a key must be a fixed
	// point so that keying a key changes nothing.
	s := strings.ToValidUTF8(name, "\uFFFD") // names come from models and pages: never trust the bytes
	s = norm.NFKC.String(analysis.Fold(norm.NFKC.String(s)))
	s = strings.Map(func(r rune) rune {
		if strings.ContainsRune(quoteRunes, r) {
			return ' '
		}
		return r
	}, s)
	var out []string
	for _, w := range strings.Fields(s) {
		if w == "&" {
			out = append(out, w)
			continue
		}
		w = strings.TrimFunc(w, func(r rune) bool {
			return !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '&' && r != '+'
		})
		if w != "" {
			out = append(out, w)
		}
	}
	return out
}

// stripForms removes legal forms at the start and the end of words.
func stripForms(words []string) []string {
	for {
		n := len(words)
		for _, f := range legalForms {
			fw := strings.Fields(f)
			if len(words) > len(fw) && equalWords(words[:len(fw)], fw) {
				words = words[len(fw):]
				break
			}
			if len(words) > len(fw) && equalWords(words[len(words)-len(fw):], fw) {
				words = words[:len(words)-len(fw)]
				break
			}
		}
		if len(words) == n {
			return words
		}
	}
}

func equalWords(a, b []string) bool {
	for i := range a {
		if strings.TrimRight(a[i], ".") != strings.TrimRight(b[i], ".") {
			return false
		}
	}
	return true
}

// LegalForm returns the legal form a name carries ("ооо", "gmbh"), folded,
// or "" when it has none.
func LegalForm(name string) string {
	words := keyWords(name)
	for _, f := range legalForms {
		fw := strings.Fields(f)
		if len(words) > len(fw) && (equalWords(words[:len(fw)], fw) || equalWords(words[len(words)-len(fw):], fw)) {
			return f
		}
	}
	return ""
}

// DisplayName returns name as it should be shown: spaces collapsed,
// typographic quotes kept as written, a trailing comma or dot dropped.
func DisplayName(name string) string {
	s := strings.Join(strings.Fields(name), " ")
	return strings.TrimRight(s, ",;: ")
}

// Shape verdicts of a subject name.
const (
	ShapeOK      = ""
	ShapeEmpty   = "empty"
	ShapeGeneric = "generic" // a class of organizations: "больницы", "hospitals in the region"
	ShapePerson  = "person"  // a person's name: "Ирина Соколова", "Jana Weber"
)

// Shape checks without a model whether name can be the subject of an edge:
// a specific named thing, not a generic plural and not a person. page is
// the text the name was found in, read for the words around it (a job title
// before a name marks a person). It returns ShapeOK or the problem.
func Shape(name, page string) string {
	words := keyWords(name)
	if len(words) == 0 || Key(name) == "" {
		return ShapeEmpty
	}
	marked := LegalForm(name) != "" || strings.ContainsAny(name, "«»“”\"")
	if !marked && isGeneric(name, words) {
		return ShapeGeneric
	}
	if !marked && isPerson(name, words, page) {
		return ShapePerson
	}
	return ShapeOK
}

// isGeneric reports a class of organizations rather than one: a plural
// common noun of the kinds organizations come in ("больницы",
// "hospitals", "городские клиники"), or a name with no capital letter at all.
func isGeneric(name string, words []string) bool {
	for _, w := range words {
		if genericPlurals[w] {
			return true
		}
	}
	hasUpper := false
	for _, r := range name {
		if unicode.IsUpper(r) || unicode.IsDigit(r) {
			hasUpper = true
			break
		}
	}
	return !hasUpper
}

// genericPlurals are plural nouns that name kinds of organization, folded,
// in the forms lists and sentences use them.
var genericPlurals = func() map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(`
		hospitals clinics banks companies firms businesses schools universities colleges
		retailers stores shops manufacturers enterprises agencies organizations organisations
		customers clients partners startups municipalities governments ministries pharmacies
		insurers carriers airlines hotels restaurants distributors dealers integrators vendors
		больницы больниц больницам больницах клиники клиник клиникам поликлиники поликлиник
		банки банков банкам компании компаний компаниям фирмы фирм школы школ университеты
		университетов вузы вузов колледжи магазины магазинов предприятия предприятий
		организации организаций клиенты клиентов партнеры партнеров стартапы стартапов
		аптеки аптек застройщики застройщиков ритейлеры ритейлеров интеграторы интеграторов
		министерства ведомства муниципалитеты заводы заводов гостиницы отели рестораны
		дилеры дистрибьюторы перевозчики страховщики`) {
		m[w] = true
	}
	return m
}()

// isPerson reports a person's name: two or three capitalized words of
// which one is a known first name or a patronymic, or which the page puts
// next to a job title or a verb of speech ("says Jana Weber, head of
// sales"; "говорит директор по продажам Ирина Соколова").
func isPerson(name string, words []string, page string) bool {
	if len(words) < 2 || len(words) > 3 {
		return false
	}
	for _, f := range strings.Fields(name) {
		r := []rune(strings.Trim(f, ".,"))
		if len(r) == 0 || !unicode.IsUpper(r[0]) {
			return false
		}
	}
	for _, w := range words {
		if firstNames[w] || isPatronymic(w) {
			return true
		}
	}
	if page == "" {
		return false
	}
	folded := analysis.Fold(page)
	target := analysis.Fold(DisplayName(name))
	for from := 0; ; {
		i := strings.Index(folded[from:], target)
		if i < 0 {
			return false
		}
		i += from
		// Only words of the same sentence count.
		before, after := folded[:i], folded[i+len(target):]
		if k := strings.LastIndexAny(before, ".!?\n"); k >= 0 {
			before = before[k+1:]
		}
		if k := strings.IndexAny(after, ".!?\n"); k >= 0 {
			after = after[:k]
		}
		for _, w := range append(lastWords(before, 4), firstWords(after, 3)...) {
			if personCues[w] {
				return true
			}
		}
		from = i + len(target)
	}
}

func isPatronymic(w string) bool {
	for _, suf := range []string{"ович", "евич", "овна", "евна", "ична", "инична"} {
		if strings.HasSuffix(w, suf) && len([]rune(w)) > len([]rune(suf))+2 {
			return true
		}
	}
	return false
}

func lastWords(s string, n int) []string {
	f := strings.FieldsFunc(s, notWord)
	if len(f) > n {
		f = f[len(f)-n:]
	}
	return f
}

func firstWords(s string, n int) []string {
	f := strings.FieldsFunc(s, notWord)
	if len(f) > n {
		f = f[:n]
	}
	return f
}

func notWord(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) }

// personCues are words that stand next to people's names: job titles and
// verbs of speech, folded.
var personCues = func() map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(`says said told explains explained according head director
		manager ceo cto cfo coo founder cofounder owner president chief officer lead engineer
		mr mrs ms dr
		говорит сказал сказала рассказал рассказала рассказывает отмечает отметил отметила
		поясняет пояснил пояснила директор директора руководитель руководителя основатель
		владелец генеральный менеджер начальник глава president заместитель`) {
		m[w] = true
	}
	return m
}()

// firstNames are common first names, folded: enough to tell "Ирина
// Соколова" or "Jana Weber" from "Лотос Банк" without a model.
var firstNames = func() map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(`
		александр алексей андрей антон артем борис вадим валентин валерий василий виктор
		виталий владимир владислав вячеслав геннадий георгий григорий денис дмитрий евгений
		егор иван игорь илья кирилл константин леонид максим михаил никита николай олег павел
		петр роман руслан сергей станислав степан тимур федор юрий ярослав
		александра алена алина алла анастасия анна валентина валерия вера виктория галина
		дарья екатерина елена елизавета жанна зоя инна ирина карина кристина ксения лариса
		любовь людмила маргарита марина мария надежда наталья наталия нина оксана ольга
		полина светлана софья софия татьяна юлия яна
		james john robert michael william david richard joseph thomas charles christopher daniel
		matthew anthony mark donald steven paul andrew joshua kenneth kevin brian george edward
		ronald timothy jason jeffrey ryan jacob gary nicholas eric jonathan stephen larry justin
		scott brandon benjamin samuel frank gregory raymond alexander patrick jack dennis jerry
		peter hans klaus jürgen stefan thomas michael andreas markus martin tobias lukas felix
		mary patricia jennifer linda elizabeth barbara susan jessica sarah karen nancy lisa
		betty margaret sandra ashley kimberly emily donna michelle dorothy carol amanda melissa
		deborah stephanie rebecca sharon laura cynthia kathleen amy shirley angela helen anna
		brenda pamela nicole emma samantha katherine christine debra rachel catherine carolyn
		janet ruth maria heather diane virginia julie joyce victoria olivia kelly christina
		lauren joan evelyn judith megan cheryl andrea hannah martha jacqueline frances gloria
		jana julia eva sabine petra monika claudia susanne nina lena sophie marie
		`) {
		m[w] = true
	}
	return m
}()
