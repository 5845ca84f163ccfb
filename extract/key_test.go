package extract_test

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/extract"
	"github.com/veritykb/verity/offline"
	"github.com/veritykb/verity/receipt/receipttest"
)

// TestOneNodePerCompany reads pages that name one company twice in the
// usual ways with the offline engine: one page's two mentions are one
// candidate with both quotes, every page's evidence pools into one edge of
// one node shown under the name most pages use, losing a page leaves the
// edge on the others, and a company whose name merely starts the same
// stays a node of its own.
func TestOneNodePerCompany(t *testing.T) {
	ctx := context.Background()
	db := openStore(t)
	pages := map[string]string{
		"a.example": "Компания «Альтагро» переводит отдел продаж на Битрикс24. По словам директора, «Альтагро» использует Битрикс24 для работы с клиентами.",
		"b.example": "ООО «Альтагро» использует Битрикс24 с прошлого года. «Альтагро» подключила к Битрикс24 ещё два филиала.",
		"c.example": "Холдинг «Альтагро» использует Битрикс24 для учёта заявок.",
		"d.example": "Компания «Альтагромаш» использует Битрикс24 для складского учёта.",
	}
	for id, text := range pages {
		put(t, db, id, "# Новости\n\n"+text)
	}
	s, err := extract.BuiltinSpec("bitrix24-ru")
	if err != nil {
		t.Fatal(err)
	}
	res, err := runner(db, offline.New(offline.Options{}), s).Run(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range res.Pages {
		if p.SourceID != "a.example" {
			continue
		}
		acc := p.Accepted()
		if len(acc) != 1 || len(acc[0].Evidence.Also) != 1 || !slices.Contains(acc[0].Evidence.Names, "Компания «Альтагро»") ||
			!slices.Contains(acc[0].Evidence.Names, "«Альтагро»") {
			t.Fatalf("page a accepted %+v, want one outcome with both quotes and both names", acc)
		}
		for _, o := range p.Outcomes {
			if o.Verdict == extract.Rejected && extract.Key(o.Subject) == "альтагро" {
				t.Errorf("page a rejected %q (%s) while accepting the same subject", o.Subject, o.Reason)
			}
		}
	}
	edges := graph(t, db, verity.NewCaller())
	byKey := map[string][]extract.EdgeView{}
	for _, e := range edges {
		byKey[extract.Key(e.Subject)] = append(byKey[extract.Key(e.Subject)], e)
	}
	alt := byKey["альтагро"]
	if len(alt) != 1 || len(byKey["альтагромаш"]) != 1 || len(edges) != 2 {
		t.Fatalf("Graph = %+v, want one edge for Альтагро and one for Альтагромаш", edges)
	}
	if got := sources(alt[0]); !slices.Equal(got, []string{"a.example", "b.example", "c.example"}) {
		t.Errorf("Альтагро's edge rests on %v, want pages a, b and c", got)
	}
	if alt[0].Subject != "«Альтагро»" {
		t.Errorf("Альтагро's edge is shown as %q, want «Альтагро», the name most pages use", alt[0].Subject)
	}
	ents, err := extract.Entities(ctx, db, receipttest.View(ctx, db, verity.NewCaller()))
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, e := range ents {
		if strings.Contains(e.Name, "Альтагро»") {
			n++
		}
	}
	if n != 1 {
		t.Errorf("Entities = %+v, want one entity for Альтагро", ents)
	}
	rec, err := db.Record(ctx, alt[0].ID)
	if err != nil || len(rec.Receipt.Sets) != 3 {
		t.Fatalf("Альтагро's edge receipt = %+v (%v), want one alternative set per page", rec, err)
	}
	if _, _, err := db.Revoke(ctx, []verity.Ref{verity.SourceRef("a.example")}, verity.Actor{Who: "user:ops@corp.example"}, "withdrawn"); err != nil {
		t.Fatal(err)
	}
	for _, e := range graph(t, db, verity.NewCaller()) {
		if extract.Key(e.Subject) == "альтагро" && !slices.Equal(sources(e), []string{"b.example", "c.example"}) {
			t.Errorf("after revoking page a, Альтагро's edge rests on %v, want b and c", sources(e))
		}
	}
}
