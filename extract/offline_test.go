package extract_test

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"unicode"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/extract"
	"github.com/veritykb/verity/ingest"
	"github.com/veritykb/verity/offline"
)

var webURIs = map[string]string{
	"romashka-case.html": "https://oblako.example/cases/romashka",
	"trust-wall.html":    "https://oblako.example/clients",
	"acme-case.html":     "https://bitrix-stories.example/acme-logistics",
	"partners.html":      "https://oblako.example/partners",
}

func webPages(t *testing.T) []*verity.Source {
	t.Helper()
	var out []*verity.Source
	files, _ := filepath.Glob("testdata/web/*.html")
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		uri := webURIs[filepath.Base(f)]
		if uri == "" {
			uri = "https://pages.example/" + filepath.Base(f)
		}
		p, err := ingest.HTML(data, uri)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, &verity.Source{ID: filepath.Base(f), URI: uri, System: verity.SystemWeb, Title: p.Title, Version: 1,
			ACL: []verity.Principal{verity.Public}, Text: p.Text, UpdatedAt: t0})
	}
	return out
}

// TestOfflineEngineEndToEnd runs the Russian Bitrix24 spec with the
// offline engine (pattern candidates, rule referent, rule judge) over the
// demo's vendor pages and a news page: the seed's failure modes end as the
// seed wants them.
func TestOfflineEngineEndToEnd(t *testing.T) {
	s, err := extract.BuiltinSpec("bitrix24-ru")
	if err != nil {
		t.Fatal(err)
	}
	s.Vendor.Domains = append(s.Vendor.Domains, "oblako.example") // the integrator's site counts as the vendor's own
	x := extract.New(offline.New(offline.Options{}), s, extract.Options{})
	got := map[string]string{}
	for _, src := range webPages(t) {
		res, err := x.Page(context.Background(), src)
		if err != nil {
			t.Fatal(err)
		}
		for _, o := range res.Outcomes {
			if o.Verdict == extract.Duplicate {
				continue
			}
			v := o.Verdict
			if o.Reason != "" {
				v += " " + string(o.Reason)
			}
			if o.Detail != "" && o.Reason == extract.ReasonNotCounted {
				v += "/" + o.Detail
			}
			if prev, ok := got[o.Subject]; ok && prev != v {
				t.Errorf("subject %q has two outcomes: %s and %s", o.Subject, prev, v)
			}
			got[o.Subject] = v
			if o.Evidence != nil && src.Text[o.Evidence.Quote.Start:o.Evidence.Quote.End] != o.Evidence.Quote.Text {
				t.Errorf("quote of %q is not the page's span", o.Subject)
			}
		}
	}
	want := map[string]string{
		"ООО «Ромашка»":             "accepted",
		"Acme Logistics":            "accepted",
		"АО «Северный ветер»":       "accepted", // a logo under «Нам доверяют» on the vendor's own page
		"ПАО «Лотос Банк»":          "accepted",
		"Торговый дом «Гамма»":      "accepted", // an explicit statement on a third-party page
		"Ирина Соколова":            "rejected subject_person",
		"Городские больницы Казани": "rejected subject_generic",
		"Hospitals":          "rejected subject_generic",
		"Клиники Москвы":     "rejected subject_generic",
		"Northwind Ventures": "rejected not_counted/investment",
		"Contoso Ltd":        "rejected not_counted/partnership",
		"«Облако»":           "rejected not_counted/award",
		"ООО «Вектор»":       "rejected not_counted/membership",
	}
	for subj, w := range want {
		if got[subj] != w {
			t.Errorf("offline outcome of %q = %q, want %q", subj, got[subj], w)
		}
	}
	for subj, g := range got {
		if _, ok := want[subj]; !ok {
			t.Errorf("unexpected candidate %q: %s", subj, g)
		}
	}
	c := x.Cost()
	if c.Steps[extract.StepCandidates].Calls != 5 || c.Total.InputTokens != 0 {
		t.Errorf("cost = %+v, want one extraction call per page and no tokens", c)
	}
}

// TestOfflineMessagesInOneLanguage runs the offline engine over the example
// pages in each language a user may ask for and checks that every message
// it writes — the detail of a rejection, the whole-page read's argument,
// every judge's reason — is in that language alone: once the quotes «…»
// and the names of the two sides are set aside, no word of the other
// script is left.
func TestOfflineMessagesInOneLanguage(t *testing.T) {
	for _, lang := range []string{extract.English, extract.Russian} {
		s, err := extract.BuiltinSpec("bitrix24-ru")
		if err != nil {
			t.Fatal(err)
		}
		s.Vendor.Domains = append(s.Vendor.Domains, "oblako.example")
		x := extract.New(offline.New(offline.Options{}), s, extract.Options{Language: lang})
		checked := 0
		for _, src := range webPages(t) {
			res, err := x.Page(context.Background(), src)
			if err != nil {
				t.Fatal(err)
			}
			for _, o := range res.Outcomes {
				names := append([]string{o.Subject, o.Proposed.Subject, o.Object}, s.Objects[0].Names()...)
				msgs := []string{}
				if o.Reason != extract.ReasonNotCounted && o.Reason != extract.ReasonBannedSource && o.Reason != extract.ReasonDuplicate {
					msgs = append(msgs, o.Detail)
				}
				if ev := o.Evidence; ev != nil {
					if ev.Referent != nil {
						msgs = append(msgs, ev.Referent.Argument)
					}
					if ev.Panel != nil {
						for _, cv := range ev.Panel.Criteria {
							for _, r := range cv.Reasons {
								// "yes: " and "no: " are the vote's answer, a code.
								_, why, _ := strings.Cut(r, ": ")
								msgs = append(msgs, why)
							}
						}
					}
				}
				for _, m := range msgs {
					if m == "" {
						continue
					}
					checked++
					if w := foreignWord(m, lang, names); w != "" {
						t.Errorf("%s message %q has %q, a word of the other language", lang, m, w)
					}
				}
			}
		}
		if checked < 20 {
			t.Errorf("%s: checked only %d messages", lang, checked)
		}
	}
}

// foreignWord returns the first word of msg outside quotes «…» and names
// that is written in the other script than lang's, or "".
func foreignWord(msg, lang string, names []string) string {
	slices.SortFunc(names, func(a, b string) int { return len(b) - len(a) })
	for _, n := range names {
		if n != "" {
			msg = strings.ReplaceAll(msg, n, " ")
		}
	}
	var b strings.Builder
	depth := 0
	for _, r := range msg {
		switch {
		case r == '«':
			depth++
		case r == '»' && depth > 0:
			depth--
		case depth == 0:
			b.WriteRune(r)
		}
	}
	for _, w := range strings.FieldsFunc(b.String(), func(r rune) bool { return !unicode.IsLetter(r) }) {
		for _, r := range w {
			if (lang == extract.English && unicode.Is(unicode.Cyrillic, r)) || (lang == extract.Russian && unicode.Is(unicode.Latin, r)) {
				return w
			}
		}
	}
	return ""
}
