package render

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/veritykb/verity/extract"
	"github.com/veritykb/verity/kb"
	"github.com/veritykb/verity/printable"
)

// Extraction prints a run for a terminal in lang: accepted edges with
// their quotes and URLs, rejections with their reasons, the review queue and
// the cost by step.
func Extraction(w io.Writer, out *kb.ExtractReport, lang string) {
	fmt.Fprintln(w, Label(lang, "run", out.Run.Spec, out.Run.Model, out.Pages.Read, out.Pages.Resumed))
	fmt.Fprintf(w, "\n%s\n", Label(lang, "accepted", len(out.Edges)))
	for _, e := range out.Edges {
		Edge(w, e, lang)
	}
	if len(out.Review) > 0 {
		fmt.Fprintf(w, "\n%s\n", Label(lang, "review", len(out.Review)))
		for _, r := range out.Review {
			ReviewItem(w, r, lang)
		}
	}
	fmt.Fprintf(w, "\n%s\n", Label(lang, "rejected", len(out.Rejected)))
	for _, r := range out.Rejected {
		detail := ""
		if r.Detail != "" && r.Detail != r.Subject {
			detail = ": " + printable.Text(printable.Line(r.Detail, 100))
		}
		subj := r.Subject
		if subj == "" {
			subj = Label(lang, "page")
		}
		fmt.Fprintf(w, "  ✗ %-28s %s%s  [%s]\n", printable.Text(printable.Line(subj, 40)), r.Reason, detail, printable.Text(r.SourceID))
	}
	// What the codes above mean, in the user's language; the codes
	// themselves never change.
	var used []extract.Reason
	for _, r := range out.Rejected {
		if !slices.Contains(used, r.Reason) {
			used = append(used, r.Reason)
		}
	}
	if len(used) > 0 {
		fmt.Fprintf(w, "  %s\n", Label(lang, "codes"))
		for _, r := range used {
			fmt.Fprintf(w, "    %-26s %s\n", r, extract.ReasonText(r, lang))
		}
	}
	Cost(w, out.Cost, len(out.Edges), lang)
}

// Review prints the review queue for a terminal, in English: each
// candidate with its quote, or that nothing is waiting.
func Review(w io.Writer, items []kb.ReviewView) {
	if len(items) == 0 {
		fmt.Fprintln(w, "nothing to review")
	}
	for _, r := range items {
		ReviewItem(w, r, extract.English)
	}
}

// ReviewItem prints one candidate waiting for a person, in lang.
func ReviewItem(w io.Writer, r kb.ReviewView, lang string) {
	fmt.Fprintf(w, "  %s  %s %s %s  (%s)\n    «%s»\n    %s\n", r.ID, printable.Text(r.Subject), r.Relation, printable.Text(r.Object),
		Confidence(lang, r.Confidence, r.Votes, r.Deterministic), printable.Text(printable.Line(r.Quote, 200)), printable.Text(r.URI))
}

// Confidence says how sure a panel was, in lang: its vote fraction and
// votes, or, for a deterministic model's single vote, that there is no
// confidence estimate — never "confidence 1.00", which would read as
// five agreeing votes. votes 0 leaves the count out.
func Confidence(lang string, c *float64, votes int, deterministic bool) string {
	if c == nil || deterministic {
		s := Label(lang, "deterministic")
		if votes > 1 {
			s += Label(lang, "people", votes-1)
		}
		return s
	}
	switch votes {
	case 0:
		return Label(lang, "confidence", *c)
	case 1:
		return Label(lang, "confidence", *c) + ", " + Label(lang, "vote")
	}
	return Label(lang, "confidence", *c) + ", " + Label(lang, "votes", votes)
}

// Edge prints one edge with every piece of evidence the caller may
// see, in lang.
func Edge(w io.Writer, e extract.EdgeView, lang string) {
	fmt.Fprintf(w, "  ✓ %s —%s→ %s   %s   [%s]\n", printable.Text(e.Subject), e.Relation, printable.Text(e.Object),
		Label(lang, "edge", Confidence(lang, e.Confidence, e.Votes, e.Deterministic), printable.Text(e.Model)), e.ID)
	for _, ev := range e.Evidence {
		fmt.Fprintf(w, "      «%s»\n      %s\n", printable.Text(printable.Line(ev.Quote.Text, 220)), Label(lang, "evidence", printable.Text(ev.URI), ev.Version,
			ev.FetchedAt.Format("2006-01-02"), ev.Quote.Start, ev.Quote.End, ev.EvidenceType))
		if ev.Referent != "" {
			fmt.Fprintf(w, "      %s\n", Label(lang, "whole_page", printable.Text(printable.Line(ev.Referent, 160))))
		}
	}
}

func Cost(w io.Writer, c extract.CostReport, accepted int, lang string) {
	if len(c.Steps) == 0 {
		return
	}
	fmt.Fprintf(w, "\n%s", Label(lang, "cost"))
	for _, s := range c.StepNames() {
		st := c.Steps[s]
		if st.Calls+st.CacheHits == 0 {
			fmt.Fprint(w, Label(lang, "checks", s, st.Items))
			continue
		}
		fmt.Fprint(w, Label(lang, "calls", s, st.Calls+st.CacheHits, st.CacheHits))
	}
	if accepted > 0 {
		fmt.Fprint(w, Label(lang, "per_edge", float64(c.Total.Calls+c.Total.CacheHits)/float64(accepted)))
	}
	fmt.Fprintln(w)
}

// Label renders one of labels in lang (English unless Russian).
func Label(lang, key string, args ...any) string {
	l := labels[key]
	f := l[0]
	if lang == extract.Russian {
		f = l[1]
	}
	if len(args) == 0 {
		return f
	}
	return fmt.Sprintf(f, args...)
}

func Explanation(w io.Writer, ex *extract.Explanation, full bool) {
	state := ex.State
	if state == "" {
		state = "never accepted"
	}
	fmt.Fprintf(w, "%s — %s\n", ex.EdgeID, state)
	if ex.Edge != nil {
		Edge(w, *ex.Edge, extract.English)
	}
	for _, h := range ex.Human {
		fmt.Fprintf(w, "  person: %s %s %s %s\n", printable.Text(h.Author), h.Vote, h.At.Format("2006-01-02 15:04"), printable.Text(printable.Line(h.Why, 120)))
	}
	page := ""
	for _, s := range ex.Steps {
		if key := fmt.Sprintf("%s v%d", s.SourceID, s.Version); key != page && s.SourceID != "" {
			page = key
			fmt.Fprintf(w, "\n%s\n", printable.Text(page))
		}
		meta := []string{}
		if s.PromptVersion != "" {
			meta = append(meta, "prompt "+s.PromptVersion)
		}
		if s.Model != "" {
			meta = append(meta, "model "+s.Model)
		}
		if s.Votes != nil {
			v := fmt.Sprintf("%d of %d votes cast", s.Votes.Cast(), s.Votes.Requested)
			if s.Votes.Deterministic {
				v += " (deterministic model: one vote)"
			}
			meta = append(meta, v)
		}
		cand := ""
		if s.Candidate >= 0 {
			cand = fmt.Sprintf(" #%d", s.Candidate)
		}
		fmt.Fprintf(w, "  %-10s%s  %s  %s\n", s.Name, cand, s.At.Format("2006-01-02 15:04:05"), strings.Join(meta, ", "))
		if len(s.Input) > 0 && string(s.Input) != "null" {
			fmt.Fprintf(w, "    in:  %s\n", printable.Text(compact(s.Input, full)))
		}
		if len(s.Output) > 0 && string(s.Output) != "null" {
			fmt.Fprintf(w, "    out: %s\n", printable.Text(compact(s.Output, full)))
		}
	}
	if ex.Hidden > 0 {
		fmt.Fprintf(w, "\n%d steps on pages this caller may not read are not shown\n", ex.Hidden)
	}
}

// compact renders JSON on one line, cut to 400 runes unless full.
func compact(raw json.RawMessage, full bool) string {
	var b bytes.Buffer
	if err := json.Compact(&b, raw); err != nil {
		return string(raw)
	}
	s := b.String()
	if !full {
		s = printable.Line(s, 400)
	}
	return s
}

// labels are the words of `verity extract`'s terminal output in
// English and Russian: the whole output is in the user's language (--lang,
// else the spec's), except quotes, which stay as their pages write them,
// and codes (reason codes, step names, evidence types, the relation's
// name), which never change.
var labels = map[string][2]string{
	"run":        {"spec %s, model %s: %d pages read, %d finished earlier", "спецификация %s, модель %s: прочитано страниц: %d, готово раньше: %d"},
	"accepted":   {"Accepted (%d):", "Принято (%d):"},
	"review":     {"For review (%d) — decide with: verity review approve|reject ID", "На проверку (%d) — решите: verity review approve|reject ID"},
	"confidence": {"confidence %.2f", "уверенность %.2f"},
	"rejected":   {"Rejected (%d):", "Отклонено (%d):"},
	"page":       {"(page)", "(страница)"},
	"edge":       {"%s, model %s", "%s, модель %s"},
	"votes":      {"%d votes", "голосов: %d"},
	"vote":       {"1 vote", "голосов: 1"},
	// A deterministic model votes once: that is a verdict, with no
	// vote fraction to call a confidence.
	"deterministic": {"1 deterministic vote — no confidence estimate", "1 детерминированный голос — без оценки уверенности"},
	"people":        {", and %d from people", ", и от людей: %d"},
	"evidence":      {"%s (v%d, %s) bytes %d–%d, %s", "%s (v%d, %s) байты %d–%d, %s"},
	"whole_page":    {"whole-page read: «%s»", "чтение всей страницы: «%s»"},
	"codes":         {"what the codes mean:", "что значат коды:"},
	"cost":          {"Cost by step:", "Стоимость по шагам:"},
	"checks":        {" %s %d checks;", " %s: проверок %d;"},
	"calls":         {" %s %d calls (%d cached);", " %s: вызовов %d (из кэша %d);"},
	"per_edge":      {" %.1f calls per accepted edge", " вызовов на принятую связь: %.1f"},
	"usage":         {"model: %d calls, %d from cache, %d tokens in, %d out", "модель: вызовов %d, из кэша %d, токенов на входе %d, на выходе %d"},
	"note":          {"note: %s", "заметка: %s"},
	"why":           {"Why was it accepted? verity explain %s   Export: verity graph --format graphml", "Почему принято? verity explain %s   Выгрузка: verity graph --format graphml"},
}

// Graph prints the edges a caller sees, each with its evidence.
func Graph(w io.Writer, list *kb.EdgeList) {
	if len(list.Edges) == 0 {
		fmt.Fprintln(w, "no live edges visible to this caller (run verity extract --spec FILE)")
		return
	}
	fmt.Fprintf(w, "%d edges:\n", len(list.Edges))
	for _, e := range list.Edges {
		Edge(w, e, extract.English)
	}
}

// Entities prints the entities a caller sees, a line each with the key
// that names with the same meaning share.
func Entities(w io.Writer, list *kb.EntityList) {
	for _, e := range list.Entities {
		fmt.Fprintf(w, "%s  %-14s %s  (key %q)\n", e.ID, e.Type, printable.Text(e.Name), printable.Text(e.Key))
	}
}
