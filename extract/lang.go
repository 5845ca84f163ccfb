package extract

import "fmt"

// Languages of messages. Every output of a run is written in one of them:
// quotes in the page's own language, everything else — what a reason code
// means, the detail of a rejection, the offline engine's arguments and the
// judge's reasons — in the user's. A real model is asked to write its
// argument and reasons in the user's language too. Reason codes themselves
// never change.
const (
	English = "en"
	Russian = "ru"
)

// MessageLanguage returns the language a run's messages are written in:
// lang when it is one Verity writes (ru, en); else the spec's language
// when it is; else English. The CLI passes --lang as lang.
func MessageLanguage(lang string, spec *Spec) string {
	for _, l := range []string{lang, specLanguage(spec)} {
		if l == English || l == Russian {
			return l
		}
	}
	return English
}

func specLanguage(spec *Spec) string {
	if spec == nil {
		return ""
	}
	return spec.Language
}

// ReasonText returns what a reason code means, in lang (English for a
// language Verity does not write); "" for an unknown code.
func ReasonText(r Reason, lang string) string {
	for _, x := range Reasons {
		if x.Code == r {
			if lang == Russian {
				return x.RU
			}
			return x.Text
		}
	}
	return ""
}

// messages are the texts the pipeline itself writes into outcomes and
// traces, in English and Russian.
var messages = map[string][2]string{
	"referent_unreadable": {"the whole-page read's answer could not be read", "ответ шага чтения всей страницы не удалось прочитать"},
	"vote_unreadable":     {"(unreadable vote: %s)", "(голос не прочитан: %s)"},
	"no_answer":           {"(no answer to this question)", "(нет ответа на этот вопрос)"},
	"no_criterion":        {"no criterion applies to evidence type %s", "ни один критерий не относится к типу доказательства %s"},
}

// message renders one of messages in lang.
func message(lang, key string, args ...any) string {
	m, ok := messages[key]
	if !ok {
		return key
	}
	f := m[0]
	if lang == Russian {
		f = m[1]
	}
	if len(args) == 0 {
		return f
	}
	return fmt.Sprintf(f, args...)
}
