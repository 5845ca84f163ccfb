package offline

import (
	"strings"

	"github.com/veritykb/verity/analysis"
)

// kind is what sort of value a question asks for, as far as its question
// words tell: a time ("когда", "when", "в каком году"), an amount
// ("сколько", "how many", "what percentage"), a person ("кто", "who"), an
// organization ("какая компания", "which company") or a place ("где",
// "where", "в каком городе"). Other questions ("как часто", "how long",
// "what is", "почему") ask for no one kind: kindAny.
type kind int

const (
	kindAny kind = iota
	kindTime
	kindAmount
	kindPerson
	kindOrg
	kindPlace
)

func (k kind) String() string {
	return [...]string{"any", "time", "amount", "person", "organization", "place"}[k]
}

// askedKind reads the kind of value a question asks for from its words.
// The question phrase must open the question, after nothing but
// prepositions and conjunctions ("А когда...", "С кем...", "And where..."):
// "who" in "patients who smoke" and "when" in "what happens when it fails"
// are no question words. Phrases come before single words, so "во сколько"
// asks a time and not an amount, "в каком городе" a place and "какая
// компания" an organization; of two question words the first decides ("кто
// и когда" asks who).
func askedKind(question string) kind {
	k, _ := askedKindAt(question)
	return k
}

// askedKindAt is askedKind that also returns the index of the first word
// after the question phrase (0 when there is none).
func askedKindAt(question string) (kind, int) {
	w := foldWords(question)
	for i := range w {
		if k, n := kindPhraseAt(w, i); n > 0 {
			return k, i + n
		}
		if !leadWords[w[i]] {
			break
		}
	}
	return kindAny, 0
}

// leadWords may come before a question phrase.
var leadWords = analysis.WordSet(`а и но так ну вот тогда с со у в во к ко до от для по за при на о об про из
	and but so then now well in at from for by to of on with since until`)

// kindPhraseAt matches a question phrase at word i of w and returns its
// kind and length (0 when none starts there).
func kindPhraseAt(w []string, i int) (kind, int) {
	at := func(j int) string {
		if i+j < len(w) {
			return w[i+j]
		}
		return ""
	}
	// "how often" and "how long" ask a frequency and a duration, which a
	// plain answer sentence states in its own words; "как часто" likewise.
	if (at(0) == "how" || at(0) == "как") && (at(1) == "often" || at(1) == "long" || at(1) == "часто" || at(1) == "долго") {
		return kindAny, 2
	}
	switch {
	case at(0) == "во" && at(1) == "сколько", at(0) == "what" && at(1) == "time":
		return kindTime, 2
	case at(0) == "how" && (at(1) == "many" || at(1) == "much"):
		return kindAmount, 2
	case (at(0) == "what" || at(0) == "which") && timeNouns[at(1)]:
		return kindTime, 2 // what year, which day, what date
	case (at(0) == "what" || at(0) == "which") && amountNouns[at(1)]:
		return kindAmount, 2 // what percentage, what share
	case (at(0) == "what" || at(0) == "which") && orgNouns[at(1)]:
		return kindOrg, 2 // which company, what organization
	case (at(0) == "what" || at(0) == "which") && placeNouns[at(1)]:
		return kindPlace, 2 // which city, what country
	case (at(0) == "in" || at(0) == "from" || at(0) == "at") && (at(1) == "which" || at(1) == "what"):
		if placeNouns[at(2)] {
			return kindPlace, 3
		}
		if timeNouns[at(2)] {
			return kindTime, 3
		}
		if orgNouns[at(2)] {
			return kindOrg, 3
		}
	case interrogativeRu(at(0)):
		next := analysis.Stem(at(1))
		switch {
		case at(0) == "какого" && at(1) == "числа":
			return kindTime, 2 // "какого числа": on what day of the month
		case timeStems[next]:
			return kindTime, 2 // в каком году, какого числа, к какому сроку
		case amountStems[next]:
			return kindAmount, 2 // какое количество, какой процент, какова доля
		case orgStems[next]:
			return kindOrg, 2 // какая компания, в каком банке
		case placeStems[next]:
			return kindPlace, 2 // в каком городе, в какой стране
		}
	}
	switch at(0) {
	case "когда", "when":
		return kindTime, 1
	case "сколько", "скольких", "скольким", "сколькими":
		return kindAmount, 1
	case "кто", "кого", "кому", "кем", "who", "whom", "whose", "чей", "чья", "чье", "чьи", "чьим", "чьей":
		return kindPerson, 1
	case "где", "куда", "откуда", "where":
		return kindPlace, 1
	}
	return kindAny, 0
}

// interrogativeRu reports whether a folded word is a form of какой or
// каков, the Russian "which".
func interrogativeRu(w string) bool {
	return strings.HasPrefix(w, "как") && w != "как" && w != "както" && w != "какнибудь" ||
		strings.HasPrefix(w, "каков")
}

// Nouns that turn "which" or "какой" into a question of a kind.
var (
	timeNouns   = analysis.WordSet(`year years day date month time week quarter century decade hour`)
	amountNouns = analysis.WordSet(`percentage percent share proportion number amount fraction`)
	orgNouns    = analysis.WordSet(`company companies organization organisation firm bank vendor supplier customer
		client partner investor integrator manufacturer university institute agency startup`)
	placeNouns = analysis.WordSet(`city town country region state province place street building floor office
		room site location continent island area district`)

	timeStems   = analysis.StemSet(`год году года дня день дату дата месяце месяца месяц неделе квартале квартала срока срок сроку время момент веке века`)
	amountStems = analysis.StemSet(`количество количества число процент процента процентов доля долю сумма сумму сумме стоимость цена цену размер объем`)
	orgStems    = analysis.StemSet(`компания компании компанию организация организации организацию фирма фирмы банк банке банка
		клиент клиента поставщик поставщика вендор вендора интегратор интегратора производитель инвестор партнер
		университет университете институт агентство`)
	placeStems = analysis.StemSet(`город городе города страна стране страны регион регионе области область месте место
		улица улице здание здании этаж этаже офис офисе районе район континент континенте остров острове`)
)
