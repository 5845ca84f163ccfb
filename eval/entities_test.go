package eval

import (
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
		if tmpl.held != co.HeldOut || tmpl.distractor != co.Distractor || tmpl.lang != co.Lang {
			t.Errorf("page %s of %+v uses template %+v", p.URI, co, tmpl)
		}
		if seen[p.URI] {
			t.Errorf("two pages at %s", p.URI)
		}
		seen[p.URI] = true
	}
}

func TestScoreEntities(t *testing.T) {
	c := &NewsCorpus{
		Companies: []NewsCompany{
			{Name: "Росмаш", Pages: 2}, {Name: "Роснефть", Pages: 1, HeldOut: true},
			{Name: "Альтагро", Pages: 1}, {Name: "Сибтех", Pages: 1, Distractor: true},
		},
		Pages: []NewsPage{{URI: "a", Company: "Росмаш"}, {URI: "b", Company: "Росмаш"}, {URI: "c", Company: "Роснефть"},
			{URI: "d", Company: "Альтагро"}, {URI: "e", Company: "Сибтех"}},
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
