package analysis

import (
	"strings"
	"unicode/utf8"
)

// Family returns the root that a folded word (see Fold) shares with the
// other words of its family, so that a verb, its verbal noun and its
// participles compare equal: "использует", "используют", "использование",
// "используемый" and "использовать" all give "использ"; "adopt", "adopted",
// "adopting" and "adoption" give "adopt"; "partner" and "partnership" give
// "partner".
//
// The rule starts from the Snowball stem ([Stem]) and then, for Russian,
// removes one derivational suffix of a verbal noun or a participle
// (-ирован-, -ован-, -еван-, -ств-, -ен-, -ан-, -ян-, -ем-, -им-, -ущ-,
// -ющ-, -ащ-, -ящ-, -вш-, -ац-, -яц-, -иц-) and then one verb theme
// (-ирова-, -ова-, -ева-, -ыва-, -ива-, -ир-, and a final vowel: -а-, -я-,
// -и-, -е-, -у-, -ю-) or two, never leaving a root shorter than four letters
// ("член", "прем" stay whole). For English the Snowball stem is the family,
// except that the -ship and -ion of nouns go ("membership" is "member",
// "creation" is "creat" like "created"), and that two kinds of derived word
// keep a family of their own, because they name something else than the
// act:
//   - adjectives of quality or possibility in -ful, -less, -able, -ible, -ive
//     ("useful" is not "use", "reliable" is not "relies");
//   - agent nouns in -er whose stem drops the -er ("manager" is not
//     "manages", "developer" is not "develops"); words the stemmer keeps
//     whole ("user", "member", "partner") are their own family anyway.
//
// Russian agent nouns (-тель, -ник, -ор: "пользователь", "работник",
// "инвестор") keep their own family for the same reason. Suppletive and
// alternating forms ("перейти" / "перешла", "перевести" / "переводит",
// "choose" / "chose") are not united: a cue list names each of them. A few
// families the rule joins are homonyms of each other ("настроить" and
// "настроение", "manage" and "management", "design" and "designation"); numbers and words of other
// scripts are their own family.
func Family(word string) string {
	s := Stem(word)
	switch scriptOf(word) {
	case scriptCyrillic:
		s = cutSuffix(s, russianNominal)
		if t := cutSuffix(s, russianTheme); t != s {
			// A theme can stand on a theme: "ассоци-ирова-ть", "ассоци-ац-ия".
			s = cutSuffix(t, russianTheme)
		}
		return s
	case scriptLatin:
		return englishFamily(word, s)
	}
	return s
}

// Russian suffixes Family removes, longest first within each list.
var (
	russianNominal = []string{"ирован", "ован", "еван", "ств", "ен", "ан", "ян", "ем", "им", "ущ", "ющ", "ащ", "ящ", "вш", "ац", "яц", "иц"}
	russianTheme   = []string{"ирова", "ова", "ева", "ыва", "ива", "ир", "а", "я", "и", "е", "у", "ю"}
)

// minFamilyRoot is the fewest letters a Russian root keeps.
const minFamilyRoot = 4

// cutSuffix removes the first of suffixes that s ends with, unless the root
// left would be shorter than minFamilyRoot letters.
func cutSuffix(s string, suffixes []string) string {
	for _, x := range suffixes {
		if strings.HasSuffix(s, x) && utf8.RuneCountInString(s)-utf8.RuneCountInString(x) >= minFamilyRoot {
			return s[:len(s)-len(x)]
		}
	}
	return s
}

// englishKeep are the endings of derived English words that keep a family
// of their own (see Family), each with the tag that marks that family, so
// that "evaluate", "evaluated" and "evaluation" still share one.
var englishKeep = []struct{ ending, tag string }{
	{"fulness", "ful"}, {"fully", "ful"}, {"ful", "ful"},
	{"lessly", "less"}, {"less", "less"},
	{"ably", "able"}, {"able", "able"}, {"ibly", "able"}, {"ible", "able"},
	{"ively", "ive"}, {"ive", "ive"},
	{"ities", "ity"}, {"ity", "ity"},
	{"ating", "ate"}, {"ated", "ate"}, {"ates", "ate"}, {"ate", "ate"},
	{"izations", "ize"}, {"ization", "ize"}, {"izing", "ize"}, {"ized", "ize"}, {"izes", "ize"}, {"ize", "ize"},
	{"isations", "ize"}, {"isation", "ize"}, {"ising", "ize"}, {"ised", "ize"}, {"ises", "ize"}, {"ise", "ize"},
}

// englishFamily is Family for a Latin word and its stem. A word with one of
// the endings of englishKeep is tagged when the stemmer cut into the ending
// (the stem no longer ends with its first two letters): "useful" → "use",
// "designated" → "design" and "authority" → "author" are marked, while
// "receive" → "receiv" and "migrated" → "migrat" are plain verbs.
func englishFamily(word, s string) string {
	for _, k := range englishKeep {
		if strings.HasSuffix(word, k.ending) && len(word) > len(k.ending)+2 && !strings.HasSuffix(s, k.ending[:2]) {
			return s + "~" + k.tag
		}
	}
	if (strings.HasSuffix(word, "er") || strings.HasSuffix(word, "ers")) && !strings.HasSuffix(s, "er") {
		return s + "~er"
	}
	if strings.HasSuffix(s, "ship") && len(s)-len("ship") >= minFamilyRoot {
		return s[:len(s)-len("ship")]
	}
	return s
}
