package offline

import "strings"

// antonymPairs are common opposites in English and Russian, each side a
// list of folded word patterns (a trailing * matches any ending). A claim
// that says one side where the passage says the other is not entailed by
// it ("the Huguenots won" against "ended in the Huguenots' defeat"), but
// neither is it contradicted: paraphrases swap opposites with their
// arguments ("A defeated B" is "B lost to A"), so an opposite word alone
// never makes a contradiction.
var antonymPairs = [][2]string{
	{"win wins won winning victor* victory victories", "lose loses lost losing defeat* loser*"},
	{"success* succeed*", "failure* unsuccessful"},
	{"support supports supported supporting supporter* proponent*", "oppose* opposed opposing opponent* opposition"},
	{"accept accepts accepted accepting", "reject* rejected"},
	{"confirm* corroborat*", "refut* disprov*"},
	{"first", "last"},
	{"earlier earliest", "later latest"},
	{"east eastern eastward*", "west western westward*"},
	{"north northern northward*", "south southern southward*"},
	{"open opens opened opening", "closed closing"},
	{"oldest", "newest"},
	{"alive survive* survived survivor*", "dead died die dies killed"},
	{"include* included including", "exclude* excluded excluding"},
	{"allow* permit* permitted", "forbid* forbidden prohibit* banned"},
	{"public", "private"},
	{"positive positively", "negative negatively"},
	{"maximum maximal", "minimum minimal"},
	{"largest biggest", "smallest"},
	{"strong stronger strongest", "weak weaker weakest"},
	{"fast faster fastest quick* rapid*", "slowly"},
	{"benefit* beneficial", "harm* harmful"},
	{"safe safer safety", "dangerous unsafe hazardous"},
	{"true", "false"},
	{"better best", "worse worst"},
	{"ally allies allied", "enemy enemies"},
	{"morning", "evening night"},
	{"победи* победа* победу победой победы побед", "поражен* проигра* проиграл*"},
	{"успех* успешн*", "неудач* провал* провали*"},
	{"поддерж* сторонник*", "против противник*"},
	{"принял* приняли принимал* принимают", "отверг* отклони*"},
	{"подтверд* подтвержд*", "опроверг* опровер*"},
	{"перв* первой", "последн*"},
	{"раньше ранее ранн*", "позже позднее поздн*"},
	{"восто* восточн*", "запад* западн*"},
	{"север* северн*", "юг юга югу юге южн*"},
	{"открыл* открыт* открыва*", "закрыл* закрыт* закрыва*"},
	{"старейш* стар стары* старо* старой", "нов новы* новей* новой новое"},
	{"жив* выжил* выжив*", "умер* умерл* погиб* мёртв* мертв* убит*"},
	{"включа* включен* включил*", "исключа* исключен* исключил*"},
	{"разреш* позволя*", "запрещ* запрет*"},
	{"государствен* публичн*", "частн*"},
	{"положительн*", "отрицательн*"},
	{"максимальн* наибольш* крупнейш*", "минимальн* наименьш*"},
	{"сильн*", "слаб*"},
	{"быстр*", "медленн*"},
	{"польза пользу пользы полезн*", "вред вреда вредн*"},
	{"безопасн*", "опасн*"},
	{"истин* правд*", "ложн*"},
	{"лучш*", "худш*"},
	{"союзник* союзн*", "враг* враж*"},
	{"утро утром утра", "вечер* ночь ночью"},
}

// antonyms is antonymPairs split into patterns.
var antonyms = func() [][2][]string {
	out := make([][2][]string, len(antonymPairs))
	for i, p := range antonymPairs {
		out[i] = [2][]string{strings.Fields(p[0]), strings.Fields(p[1])}
	}
	return out
}()

// matchesAny reports whether any word of d in [lo, hi) matches one of the
// patterns, and returns the first such word.
func (d *doc) matchesAny(patterns []string, lo, hi int) (string, bool) {
	for j := lo; j < hi; j++ {
		for _, p := range patterns {
			if cueWordMatch(p, d.Words[j].Fold) {
				return d.Words[j].Fold, true
			}
		}
	}
	return "", false
}

// oppositeOf finds a word of the claim h whose opposite (antonymPairs) the
// passage words [lo, hi) of p use, where the claim does not use the
// opposite and the passage does not use the claim's word. It returns the
// two words.
func oppositeOf(h, p *doc, lo, hi int) (said, opposite string, ok bool) {
	for _, pair := range antonyms {
		for side := 0; side < 2; side++ {
			a, b := pair[side], pair[1-side]
			hw, inClaim := h.matchesAny(a, 0, len(h.Words))
			if !inClaim {
				continue
			}
			if _, both := h.matchesAny(b, 0, len(h.Words)); both {
				continue
			}
			pw, inPassage := p.matchesAny(b, lo, hi)
			if !inPassage {
				continue
			}
			if _, same := p.matchesAny(a, lo, hi); same {
				continue
			}
			return hw, pw, true
		}
	}
	return "", "", false
}
