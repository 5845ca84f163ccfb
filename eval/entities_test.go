package eval

import (
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/veritykb/verity/extract"
)

func TestCompanyNews(t *testing.T) {
	c := CompanyNews(NewsOptions{Pages: 200, Distractors: 40, Seed: 3})
	if again := CompanyNews(NewsOptions{Pages: 200, Distractors: 40, Seed: 3}); !reflect.DeepEqual(c, again) {
		t.Fatal("CompanyNews with the same options gave two corpora")
	}
	if len(c.Pages) != 200 {
		t.Fatalf("CompanyNews(200 pages) = %d pages", len(c.Pages))
	}
	byName := map[string]NewsCompany{}
	distract, pages := 0, 0
	for _, co := range c.Companies {
		byName[co.Name] = co
		pages += co.Pages
		if co.Distractor {
			distract++
		}
	}
	if distract != 40 || pages != 200 {
		t.Fatalf("CompanyNews: %d distractor companies, %d pages over companies; want 40 and 200", distract, pages)
	}
	seen := map[string]bool{}
	parts := map[string]int{}
	for _, p := range c.Pages {
		co := byName[p.Company]
		if n := strings.Count(p.Text, co.Name); n != 2 {
			t.Errorf("page %s names %s %d times, want 2:\n%s", p.URI, co.Name, n, p.Text)
		}
		var tmpl newsTemplate
		for _, tt := range newsTemplates {
			if tt.id == p.Template {
				tmpl = tt
			}
		}
		if tmpl.partName() != co.Part || co.HeldOut != (co.Part != PartTuned) || tmpl.distractor != co.Distractor || tmpl.lang != co.Lang {
			t.Errorf("page %s of %+v uses template %+v", p.URI, co, tmpl)
		}
		if seen[p.URI] {
			t.Errorf("two pages at %s", p.URI)
		}
		seen[p.URI] = true
		parts[co.Part]++
	}
	for _, part := range NewsParts {
		if parts[part] == 0 {
			t.Errorf("CompanyNews: no page of part %q in %v", part, parts)
		}
	}
}

// TestNewsTemplates checks every part has users and distractors in both
// languages, so no company draws from an empty pool, and every template
// names its company exactly twice.
func TestNewsTemplates(t *testing.T) {
	pools := map[string]int{}
	for _, tt := range newsTemplates {
		pools[fmt.Sprint(tt.partName(), tt.lang, tt.distractor)]++
		slots := 0
		for _, slot := range []string{"{nom}", "{gen}", "{prep}", "{n}"} {
			slots += strings.Count(tt.text, slot)
		}
		if slots != 2 || strings.Count(tt.text, "{n}") != 1 {
			t.Errorf("template %s names its company %d times, want a first mention and {n}: %s", tt.id, slots, tt.text)
		}
	}
	for _, part := range NewsParts {
		for _, lang := range []string{"ru", "en"} {
			for _, d := range []bool{false, true} {
				if pools[fmt.Sprint(part, lang, d)] == 0 {
					t.Errorf("no template for part %q, %s, distractor %v", part, lang, d)
				}
			}
		}
	}
}

func TestScoreEntities(t *testing.T) {
	c := &NewsCorpus{
		Companies: []NewsCompany{
			{Name: "Росмаш", Pages: 2}, {Name: "Роснефть", Pages: 1, Part: PartHeldOut, HeldOut: true},
			{Name: "Альтагро", Pages: 1}, {Name: "Сибтех", Pages: 1, Distractor: true},
		},
		Pages: []NewsPage{{URI: "a", Company: "Росмаш"}, {URI: "b", Company: "Росмаш"}, {URI: "c", Company: "Роснефть"},
			{URI: "d", Company: "Альтагро", Template: "ru-1"}, {URI: "e", Company: "Сибтех", Template: "ru-d1"}},
	}
	ev := func(src string) []extract.EvidenceView { return []extract.EvidenceView{{SourceID: src}} }
	edges := []extract.EdgeView{
		{Subject: "Компания «Росмаш»", SubjectID: "ent:1", Evidence: ev("a")},
		{Subject: "«Росмаш»", SubjectID: "ent:2", Evidence: ev("b")},
		{Subject: "Роснефть", SubjectID: "ent:3", Evidence: ev("c")},
		{Subject: "«Сибтех»", SubjectID: "ent:4", Evidence: ev("e")},
		{Subject: "Росмашина", SubjectID: "ent:5", Evidence: ev("a")},
	}
	rep := ScoreEntities(c, edges)
	tuned, held := rep.Parts[0], rep.Parts[1]
	if len(rep.Parts) != len(NewsParts) || rep.Parts[2].Companies != 0 {
		t.Errorf("ScoreEntities parts = %+v, want one per part of the templates", rep.Parts)
	}
	if !reflect.DeepEqual(rep.Missed, map[string]int{"ru-1": 1}) {
		t.Errorf("ScoreEntities missed = %v, want Альтагро's page on ru-1", rep.Missed)
	}
	if !reflect.DeepEqual(rep.Admitted, map[string]int{"ru-d1": 1}) {
		t.Errorf("ScoreEntities admitted = %v, want Сибтех's page on ru-d1", rep.Admitted)
	}
	if tuned.Companies != 2 || tuned.Split != 1 || tuned.Missing != 1 || tuned.OneNode != 0 || tuned.PagesHeld != 2 || tuned.Pages != 3 ||
		tuned.DistractIn != 1 || tuned.Distractors != 1 {
		t.Errorf("ScoreEntities tuned = %+v", tuned)
	}
	if held.Companies != 1 || held.OneNode != 1 || held.PagesHeld != 1 {
		t.Errorf("ScoreEntities held out = %+v", held)
	}
	if rep.Nodes != 5 || !reflect.DeepEqual(rep.Unmatched, []string{"Росмашина"}) {
		t.Errorf("ScoreEntities = %d nodes, unmatched %v; want 5 and [Росмашина]", rep.Nodes, rep.Unmatched)
	}
}
