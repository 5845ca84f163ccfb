package extract_test

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/extract"
	"github.com/veritykb/verity/ingest"
	"github.com/veritykb/verity/llm/offline"
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
