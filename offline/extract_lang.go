package offline

import (
	"fmt"

	"github.com/veritykb/verity/extract"
)

// exMessages are the offline engine's arguments (referent step) and reasons
// (judge), in English and Russian, chosen by the Vars' Language. Names are
// names and every «…» is a quote, of the page or of the spec, so a message
// is in one language whatever the page's: the relation's phrase is only
// ever quoted, never built into the sentence.
var exMessages = map[string][2]string{
	"ref_yes": {"The page ties %s to %s in «%s» (cue «%s»).",
		"Страница связывает %s с %s во фразе «%s» (признак «%s»)."},
	"ref_logo_third": {"%s appears as a logo under «%s», but this is a third-party page: a logo is no statement of use.",
		"%s — логотип под заголовком «%s», но это сторонняя страница: логотип не говорит об использовании."},
	"ref_logo_own": {"%s appears as a logo under «%s» on the vendor's own page, which names %s: «%s».",
		"%s — логотип под заголовком «%s» на странице самого вендора, которая называет %s: «%s»."},
	"ref_logo_wall": {"%s appears as a logo under «%s» on the vendor's own page: the vendor's customers use %s, which such a page need not name.",
		"%s — логотип под заголовком «%s» на странице самого вендора: клиенты вендора пользуются %s, даже если страница его не называет."},
	"ref_not_counted": {"The page ties %s to %s only as %s: «%s».",
		"Страница связывает %s с %s только как %s: «%s»."},
	"ref_no": {"No sentence of the page names both %s and %s with a cue of the relation «%s».",
		"Ни одно предложение страницы не называет одновременно %s и %s с признаком связи «%s»."},
	"named_org":     {"%s is a named organization", "%s — организация, названная по имени"},
	"person":        {"%s is a person", "%s — человек"},
	"generic":       {"%s is a class of organizations, not one", "%s — класс организаций, а не одна организация"},
	"excluded":      {"«%s» describes %s", "«%s» — это %s"},
	"not_excluded":  {"none of the does-not-count cues", "ни одного признака из списка «не считается»"},
	"names_object":  {"the evidence names %s", "доказательство называет %s"},
	"no_object":     {"the evidence does not name %s", "доказательство не называет %s"},
	"no_rule":       {"the offline engine has no rule for this criterion", "у офлайн-движка нет правила для этого критерия"},
	"logo_third":    {"a logo on a third-party page is no statement of use", "логотип на сторонней странице — не заявление об использовании"},
	"logo_untied":   {"nothing ties the logo to %s", "ничто не связывает логотип с %s"},
	"logo_own":      {"a customer logo on the vendor's own page, which says «%s»", "логотип клиента на странице самого вендора, где сказано «%s»"},
	"presents":      {"«%s»: %s, cue «%s»", "«%s»: %s, признак «%s»"},
	"not_presented": {"no sentence of the evidence ties %s to %s with a cue of the relation «%s»", "ни одно предложение доказательства не связывает %s с %s признаком связи «%s»"},
}

// exCodeNames say what the usual does-not-count codes are; another code is
// quoted as it is.
var exCodeNames = map[string][2]string{
	"investment":  {"an investment", "инвестиция"},
	"award":       {"an award", "награда"},
	"membership":  {"a membership", "членство"},
	"partnership": {"a partnership without deployment", "партнёрство без внедрения"},
	"former":      {"a use given up", "отказ от продукта"},
}

// say renders one of exMessages in lang (English unless it is Russian).
func say(lang, key string, args ...any) string {
	m := exMessages[key]
	f := m[0]
	if lang == extract.Russian {
		f = m[1]
	}
	return fmt.Sprintf(f, args...)
}

// codeName says what a does-not-count code is, in lang.
func codeName(lang, code string) string {
	if n, ok := exCodeNames[code]; ok {
		if lang == extract.Russian {
			return n[1]
		}
		return n[0]
	}
	return "«" + code + "»"
}
