package demo

import (
	"context"
	"os"
	"slices"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/extract"
	"github.com/veritykb/verity/kb"
)

// corpusGold is testdata/corpus-gold.yaml: what a careful reader finds
// in the bundled corpus.
type corpusGold struct {
	Pages       []goldPage       `yaml:"pages"`
	Customers   []goldCustomer   `yaml:"customers"`
	Distractors []goldDistractor `yaml:"distractors"`
}

type goldPage struct {
	File string `yaml:"file"`
	URI  string `yaml:"uri"`
	Lang string `yaml:"lang"`
	Kind string `yaml:"kind"`
}

type goldCustomer struct {
	Name    string   `yaml:"name"`
	Aliases []string `yaml:"aliases"`
	Pages   []struct {
		URI string `yaml:"uri"`
		Why string `yaml:"why"`
	} `yaml:"pages"`
}

type goldDistractor struct {
	Name    string   `yaml:"name"`
	Aliases []string `yaml:"aliases"`
	URI     string   `yaml:"uri"`
	Why     string   `yaml:"why"`
}

func loadCorpusGold(t *testing.T) *corpusGold {
	t.Helper()
	data, err := os.ReadFile("testdata/corpus-gold.yaml")
	if err != nil {
		t.Fatal(err)
	}
	var g corpusGold
	if err := yaml.Unmarshal(data, &g); err != nil {
		t.Fatal(err)
	}
	return &g
}

// corpusScore is how one run over the corpus compares with the gold:
// customers (edges) and (customer, page) pairs.
type corpusScore struct {
	GoldCustomers, FoundCustomers, RightCustomers int
	GoldPairs, FoundPairs, RightPairs             int
}

func ratio(a, b int) float64 {
	if b == 0 {
		return 1
	}
	return float64(a) / float64(b)
}

// TestCorpusGold runs extraction over the bundled corpus as `verity
// demo` does (the Russian spec with oblako.example as a vendor domain over
// every web page, and the English spec over the pages in English) and
// checks it against the gold: every customer found with every page that
// supports it in its receipt, no page that does not, and no distractor.
// Losing one page must not lose a customer that other pages still prove.
func TestCorpusGold(t *testing.T) {
	g := loadCorpusGold(t)
	for k, uri := range WebURIs {
		if !slices.ContainsFunc(g.Pages, func(p goldPage) bool { return p.File == k && p.URI == uri }) {
			t.Errorf("demo page %s (%s) is not in the gold: read it and say what it supports", k, uri)
		}
	}
	runs := []struct {
		spec string
		lang string // only pages in this language; "" for all
	}{
		{"bitrix24-ru", ""},
		{"bitrix24-en", "en"},
	}
	for _, r := range runs {
		t.Run(r.spec, func(t *testing.T) {
			svc, op := corpusService(t)
			ctx := context.Background()
			spec, err := extract.BuiltinSpec(r.spec)
			if err != nil {
				t.Fatal(err)
			}
			spec.Vendor.Domains = append(spec.Vendor.Domains, "oblako.example")
			inRun := map[string]bool{}
			var ids []string
			for _, p := range g.Pages {
				if r.lang == "" || p.Lang == r.lang {
					inRun[p.URI] = true
					ids = append(ids, p.URI)
				}
			}
			if r.lang == "" {
				ids = nil // every target, as the demo reads them
			}
			out, err := svc.Extract(ctx, op, kb.ExtractRequest{Parsed: spec, Sources: ids, Pages: 2})
			if err != nil {
				t.Fatal(err)
			}
			var sc corpusScore
			matched := map[int]bool{}
			for _, e := range out.Edges {
				k := extract.Key(e.Subject)
				ci := slices.IndexFunc(g.Customers, func(c goldCustomer) bool { return keyIn(k, c.Name, c.Aliases) })
				var pages []string
				for _, ev := range e.Evidence {
					pages = append(pages, ev.URI)
				}
				slices.Sort(pages)
				sc.FoundCustomers++
				sc.FoundPairs += len(pages)
				if ci < 0 {
					why := "no customer of the gold"
					for _, d := range g.Distractors {
						if keyIn(k, d.Name, d.Aliases) {
							why = "a distractor: " + d.Why
						}
					}
					t.Errorf("accepted %q from %v: %s", e.Subject, pages, why)
					continue
				}
				sc.RightCustomers++
				matched[ci] = true
				var want []string
				for _, p := range g.Customers[ci].Pages {
					if inRun[p.URI] {
						want = append(want, p.URI)
					}
				}
				slices.Sort(want)
				for _, p := range pages {
					if slices.Contains(want, p) {
						sc.RightPairs++
					} else {
						t.Errorf("%s: evidence from %s, which the gold says does not support it", e.Subject, p)
					}
				}
				for _, p := range want {
					if !slices.Contains(pages, p) {
						t.Errorf("%s: receipt lacks %s (%s)", e.Subject, p, whyPage(g, ci, p))
					}
				}
			}
			for ci, c := range g.Customers {
				var want []string
				for _, p := range c.Pages {
					if inRun[p.URI] {
						want = append(want, p.URI)
					}
				}
				if len(want) == 0 {
					continue
				}
				sc.GoldCustomers++
				sc.GoldPairs += len(want)
				if !matched[ci] {
					t.Errorf("missed %s, which %v support", c.Name, want)
				}
			}
			t.Logf("%s over the corpus: customers %d gold, %d accepted, %d right (precision %.2f, recall %.2f); "+
				"customer–page pairs %d gold, %d accepted, %d right (precision %.2f, recall %.2f)",
				r.spec, sc.GoldCustomers, sc.FoundCustomers, sc.RightCustomers, ratio(sc.RightCustomers, sc.FoundCustomers),
				ratio(sc.RightCustomers, sc.GoldCustomers), sc.GoldPairs, sc.FoundPairs, sc.RightPairs,
				ratio(sc.RightPairs, sc.FoundPairs), ratio(sc.RightPairs, sc.GoldPairs))

			// Revoking one page of a customer that several pages support
			// leaves it alive through the others.
			for _, e := range out.Edges {
				if len(e.Evidence) < 2 {
					continue
				}
				gone := e.Evidence[0].SourceID
				if _, err := svc.Revoke(ctx, op, kb.RevokeRequest{Refs: []string{string(verity.SourceRef(gone))}, Reason: "test: one page withdrawn"}); err != nil {
					t.Fatal(err)
				}
				edges, err := svc.Graph(ctx, op, kb.GraphFilter{IDs: []string{e.ID}})
				if err != nil {
					t.Fatal(err)
				}
				if len(edges.Edges) != 1 || len(edges.Edges[0].Evidence) != len(e.Evidence)-1 {
					t.Errorf("after revoking %s, %s = %+v; want it alive on its other %d pages", gone, e.Subject, edges, len(e.Evidence)-1)
				}
				break
			}
		})
	}
}

// keyIn reports whether key is the key of name or one of aliases.
func keyIn(key, name string, aliases []string) bool {
	return key == extract.Key(name) || slices.ContainsFunc(aliases, func(a string) bool { return key == extract.Key(a) })
}

func whyPage(g *corpusGold, ci int, uri string) string {
	for _, p := range g.Customers[ci].Pages {
		if p.URI == uri {
			return strings.TrimSpace(p.Why)
		}
	}
	return ""
}
