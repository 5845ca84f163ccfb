package main

import (
	"fmt"

	"github.com/veritykb/verity/extract"
)

// extractLabels are the words of `verity extract`'s terminal output in
// English and Russian: the whole output is in the user's language (--lang,
// else the spec's), except quotes, which stay as their pages write them,
// and codes (reason codes, step names, evidence types, the relation's
// name), which never change.
var extractLabels = map[string][2]string{
	"run":        {"spec %s, model %s: %d pages read, %d finished earlier", "спецификация %s, модель %s: прочитано страниц: %d, готово раньше: %d"},
	"accepted":   {"Accepted (%d):", "Принято (%d):"},
	"review":     {"For review (%d) — decide with: verity review approve|reject ID", "На проверку (%d) — решите: verity review approve|reject ID"},
	"confidence": {"confidence %.2f", "уверенность %.2f"},
	"rejected":   {"Rejected (%d):", "Отклонено (%d):"},
	"page":       {"(page)", "(страница)"},
	"edge":       {"confidence %.2f, %s, model %s", "уверенность %.2f, %s, модель %s"},
	"votes":      {"%d votes", "голосов: %d"},
	"vote":       {"1 vote", "голосов: 1"},
	"evidence":   {"%s (v%d, %s) bytes %d–%d, %s", "%s (v%d, %s) байты %d–%d, %s"},
	"whole_page": {"whole-page read: «%s»", "чтение всей страницы: «%s»"},
	"codes":      {"what the codes mean:", "что значат коды:"},
	"cost":       {"Cost by step:", "Стоимость по шагам:"},
	"checks":     {" %s %d checks;", " %s: проверок %d;"},
	"calls":      {" %s %d calls (%d cached);", " %s: вызовов %d (из кэша %d);"},
	"per_edge":   {" %.1f calls per accepted edge", " вызовов на принятую связь: %.1f"},
	"usage":      {"model: %d calls, %d from cache, %d tokens in, %d out", "модель: вызовов %d, из кэша %d, токенов на входе %d, на выходе %d"},
	"note":       {"note: %s", "заметка: %s"},
	"why":        {"Why was it accepted? verity explain %s   Export: verity graph --format graphml", "Почему принято? verity explain %s   Выгрузка: verity graph --format graphml"},
}

// label renders one of extractLabels in lang (English unless Russian).
func label(lang, key string, args ...any) string {
	l := extractLabels[key]
	f := l[0]
	if lang == extract.Russian {
		f = l[1]
	}
	if len(args) == 0 {
		return f
	}
	return fmt.Sprintf(f, args...)
}
