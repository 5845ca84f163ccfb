package extract_test

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/eval"
	"github.com/veritykb/verity/extract"
	"github.com/veritykb/verity/offline"
	"github.com/veritykb/verity/receipt/receipttest"
	"github.com/veritykb/verity/sqlite"
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

// TestOneEdgeAcrossTemplates reads the generated news of `verity eval
// entities` about companies whose pages use different templates (and so
// different forms of the name and different words for the relation): each
// company is one edge whose receipt has one alternative set per page, and
// revoking one page leaves the edge on the others. Only the tuned templates
// are used, since the held-out ones are measured, not required.
func TestOneEdgeAcrossTemplates(t *testing.T) {
	ctx := context.Background()
	db := openStore(t)
	corpus := eval.CompanyNews(eval.NewsOptions{Pages: 400, Seed: 1})
	pagesOf := map[string][]eval.NewsPage{}
	for _, p := range corpus.Pages {
		pagesOf[p.Company] = append(pagesOf[p.Company], p)
	}
	id := func(p eval.NewsPage) string { return strings.TrimPrefix(p.URI, "https://") }
	var companies []eval.NewsCompany
	langs := map[string]int{}
	for _, co := range corpus.Companies {
		templates := map[string]bool{}
		for _, p := range pagesOf[co.Name] {
			templates[p.Template] = true
		}
		if co.Part != eval.PartTuned || co.Distractor || len(templates) < 2 {
			continue
		}
		companies = append(companies, co)
		langs[co.Lang]++
		for _, p := range pagesOf[co.Name] {
			put(t, db, id(p), p.Text)
		}
	}
	if langs["ru"] == 0 || langs["en"] == 0 {
		t.Fatalf("the corpus has companies on different templates in %v, want both languages", langs)
	}
	s, err := extract.BuiltinSpec("bitrix24-ru")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := runner(db, offline.New(offline.Options{}), s).Run(ctx, nil); err != nil {
		t.Fatal(err)
	}
	edgesOf := func() map[string][]extract.EdgeView {
		out := map[string][]extract.EdgeView{}
		for _, e := range graph(t, db, verity.NewCaller()) {
			out[extract.Key(e.Subject)] = append(out[extract.Key(e.Subject)], e)
		}
		return out
	}
	edges := edgesOf()
	var revoke []verity.Ref
	for _, co := range companies {
		pages := pagesOf[co.Name]
		var want []string
		for _, p := range pages {
			want = append(want, id(p))
		}
		slices.Sort(want)
		es := edges[extract.Key(co.Name)]
		if len(es) != 1 {
			t.Errorf("%s (pages %v) has %d edges, want one", co.Name, want, len(es))
			continue
		}
		if got := sources(es[0]); !slices.Equal(got, want) {
			t.Errorf("%s's edge rests on %v, want all its pages %v", co.Name, got, want)
		}
		rec, err := db.Record(ctx, es[0].ID)
		if err != nil || len(rec.Receipt.Sets) != len(pages) {
			t.Errorf("%s's receipt = %+v (%v), want one alternative set per page (%d)", co.Name, rec.Receipt, err, len(pages))
		}
		revoke = append(revoke, verity.SourceRef(id(pages[0])))
	}
	if _, _, err := db.Revoke(ctx, revoke, verity.Actor{Who: "user:ops@corp.example"}, "withdrawn"); err != nil {
		t.Fatal(err)
	}
	edges = edgesOf()
	for _, co := range companies {
		pages := pagesOf[co.Name]
		var want []string
		for _, p := range pages[1:] {
			want = append(want, id(p))
		}
		slices.Sort(want)
		if es := edges[extract.Key(co.Name)]; len(es) != 1 || !slices.Equal(sources(es[0]), want) {
			t.Errorf("after revoking %s's page %s, its edges are %+v, want one on %v", co.Name, id(pages[0]), es, want)
		}
	}
}

// TestProposedMerges: a page that defines an abbreviation, gives a former
// name or writes a transliteration beside a subject's name proposes a merge
// of the two entities whose receipt is that page; the graph shows one node
// with the merge and why; revoking the page splits them again; a reader
// who may not read the page sees two nodes.
func TestProposedMerges(t *testing.T) {
	ctx := context.Background()
	db := openStore(t)
	put(t, db, "metro.example", "# Новости\n\nГУП «Московский метрополитен» (ММ) использует Битрикс24 для учёта заявок.", "group:transport")
	put(t, db, "mm.example", "# Новости\n\nСегодня ММ использует Битрикс24 в диспетчерских.")
	put(t, db, "alt.example", "# Новости\n\n«Альтагро» (ранее — «Агросеть») использует Битрикс24.")
	put(t, db, "agro.example", "# Новости\n\nКомпания «Агросеть» использует Битрикс24 для продаж.")
	put(t, db, "ros.example", "# Новости\n\n«Росмаш» (Rosmash) использует Битрикс24.")
	put(t, db, "ros-en.example", "# News\n\nRosmash uses Bitrix24 for sales.")
	s, err := extract.BuiltinSpec("bitrix24-ru")
	if err != nil {
		t.Fatal(err)
	}
	res, err := runner(db, offline.New(offline.Options{}), s).Run(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Merges) != 3 {
		t.Fatalf("Run proposed merges %v, want three (abbreviation, former name, transliteration)", res.Merges)
	}
	ops := verity.NewCaller("group:transport")
	kinds := map[string]bool{}
	for _, e := range graph(t, db, ops) {
		for _, m := range e.Merges {
			kinds[m.Kind] = true
			if len(e.MergedFrom) != 1 {
				t.Errorf("edge %s (%s) is shown through merge %s but joins %v", e.ID, e.Subject, m.ID, e.MergedFrom)
			}
		}
	}
	if !kinds[extract.SameAbbreviation] || !kinds[extract.SamePreviousName] || !kinds[extract.SameTransliteration] {
		t.Errorf("merges shown in the graph: %v, want all three kinds", kinds)
	}
	if n := len(graph(t, db, ops)); n != 3 {
		t.Errorf("a reader of every page sees %d edges, want 3 (one per company)", n)
	}
	// The abbreviation's basis is a page of group:transport: a public
	// reader sees ММ on its own, and not the merge.
	pub := graph(t, db, verity.NewCaller())
	if len(pub) != 3 {
		t.Errorf("a public reader sees %d edges, want 3 (ММ, Альтагро, Росмаш): %+v", len(pub), pub)
	}
	for _, e := range pub {
		for _, m := range e.Merges {
			if m.Kind == extract.SameAbbreviation {
				t.Errorf("a public reader sees the merge %s resting on a page it may not read", m.ID)
			}
		}
	}
	// A curator rejects the transliteration merge; running again does not
	// bring it back.
	var translit string
	for _, e := range graph(t, db, ops) {
		for _, m := range e.Merges {
			if m.Kind == extract.SameTransliteration {
				translit = m.ID
			}
		}
	}
	if _, _, err := db.Revoke(ctx, []verity.Ref{verity.RecordRef(translit)}, verity.Actor{Who: "user:curator@corp.example"}, "not the same"); err != nil {
		t.Fatal(err)
	}
	if _, err := runner(db, offline.New(offline.Options{}), s).Run(ctx, nil); err != nil {
		t.Fatal(err)
	}
	for _, e := range graph(t, db, ops) {
		for _, m := range e.Merges {
			if m.ID == translit {
				t.Errorf("merge %s came back after a curator rejected it", m.ID)
			}
		}
	}
	if _, _, err := db.Revoke(ctx, []verity.Ref{verity.SourceRef("alt.example")}, verity.Actor{Who: "user:ops@corp.example"}, "withdrawn"); err != nil {
		t.Fatal(err)
	}
	for _, e := range graph(t, db, ops) {
		for _, m := range e.Merges {
			if m.Kind == extract.SamePreviousName {
				t.Errorf("merge %s outlived the page it rests on", m.ID)
			}
		}
	}
}

func TestSameNames(t *testing.T) {
	for _, tc := range []struct {
		text, name  string
		kind, other string // "" when nothing is said
	}{
		{"ГУП «Московский метрополитен» (ММ) перешёл на Битрикс24.", "«Московский метрополитен»", extract.SameAbbreviation, "ММ"},
		{"Acme Logistics (AL) moved.", "Acme Logistics", extract.SameAbbreviation, "AL"},
		{"«Альтагро» (ранее — «Агросеть») использует CRM.", "«Альтагро»", extract.SamePreviousName, "«Агросеть»"},
		{"Acme, formerly Acme Freight, uses it.", "Acme", extract.SamePreviousName, "Acme Freight"},
		{"«Росмаш» (Rosmash) использует CRM.", "«Росмаш»", extract.SameTransliteration, "Rosmash"},
		{"Bitrix24 (Битрикс24) is a CRM.", "Bitrix24", extract.SameTransliteration, "Битрикс24"},
		// Near misses say nothing.
		{"«Росмаш» (Роснефть) использует CRM.", "«Росмаш»", "", ""},
		{"«Росмаш» (Rosneft) использует CRM.", "«Росмаш»", "", ""},
		{"ООО «Ромашка» (Москва) использует CRM.", "ООО «Ромашка»", "", ""},
		{"«Московский метрополитен» (МКМ) использует CRM.", "«Московский метрополитен»", "", ""},
		{"«Росмаш» (RM) использует CRM.", "«Росмаш»", "", ""},
		{"Acme, a freight forwarder, uses it.", "Acme", "", ""},
		{"«Росмаш» (2019) использует CRM.", "«Росмаш»", "", ""},
	} {
		got := extract.SameNames(tc.text, []string{tc.name})
		switch {
		case tc.kind == "" && len(got) != 0:
			t.Errorf("SameNames(%q, %q) = %+v, want nothing", tc.text, tc.name, got)
		case tc.kind != "" && (len(got) != 1 || got[0].Kind != tc.kind || got[0].Other != tc.other ||
			tc.text[got[0].Start:got[0].End] != got[0].Phrase):
			t.Errorf("SameNames(%q, %q) = %+v, want one %s with %q", tc.text, tc.name, got, tc.kind, tc.other)
		}
	}
}

func TestLikelyDuplicates(t *testing.T) {
	ctx := context.Background()
	db := openStore(t)
	var ents []extract.Entity
	for _, n := range []string{"«Нордлес»", "Nordles", "Росмаш-Сервис", "«Росмаш Сервис»", "ММ", "«Московский метрополитен»",
		"«Росмаш»", "«Роснефть»", "Rosneft Trading", "«Альтагро»"} {
		k := extract.Key(n)
		ents = append(ents, extract.Entity{ID: extract.EntityID("organization", k), Name: n, Key: k, Type: "organization"})
	}
	got, err := extract.LikelyDuplicates(ctx, db, receipttest.View(ctx, db, verity.NewCaller()), ents)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{
		"«Нордлес»|Nordles":             extract.SameTransliteration,
		"Росмаш-Сервис|«Росмаш Сервис»": "spelling",
		"ММ|«Московский метрополитен»":  extract.SameAbbreviation,
	}
	found := map[string]string{}
	for _, d := range got {
		a, b := d.AName, d.BName
		if _, ok := want[b+"|"+a]; ok {
			a, b = b, a
		}
		found[a+"|"+b] = d.Why
	}
	if len(found) != len(want) {
		t.Errorf("LikelyDuplicates = %+v, want exactly %v", got, want)
	}
	for pair, why := range want {
		if found[pair] != why {
			t.Errorf("LikelyDuplicates: %s = %q, want %q", pair, found[pair], why)
		}
	}
}

// TestRekey: a graph extracted under the older Key, which kept
// «Компания» in the key, is joined with what today's extraction finds:
// the old ids stay and resolve (graph, explain), the merge is a record
// whose revocation splits the nodes again and whose restoration joins them.
func TestRekey(t *testing.T) {
	ctx := context.Background()
	db := openStore(t)
	textA := "# Новости\n\nКомпания «Альтагро» использует Битрикс24 для работы с клиентами."
	put(t, db, "a.example", textA)
	put(t, db, "b.example", "# Новости\n\n«Альтагро» подключила к Битрикс24 ещё два филиала.")
	// What the previous release stored for page a: keys with the descriptor.
	oldKey := "компания альтагро"
	edgeID := extract.EdgeID("uses", oldKey, "битрикс24")
	q := "Компания «Альтагро» использует Битрикс24 для работы с клиентами."
	start := strings.Index(textA, q)
	ev := extract.Evidence{ID: extract.EvidenceID(edgeID, "a.example"), EdgeID: edgeID, Subject: "Компания «Альтагро»", Object: "Битрикс24",
		SourceID: "a.example", Version: 1, URI: "https://a.example/page", Confidence: 1, Model: "offline", Spec: "bitrix24-customers-ru",
		Quote: extract.Quote{Text: q, Start: start, End: start + len(q)}}
	subj := extract.Entity{ID: extract.EntityID("organization", oldKey), Name: "Компания «Альтагро»", Key: oldKey, Type: "organization"}
	obj := extract.Entity{ID: extract.EntityID("product", "битрикс24"), Name: "Битрикс24", Key: "битрикс24", Type: "product"}
	edge := extract.EdgeBody{ID: edgeID, Relation: "uses", SubjectID: subj.ID, Subject: subj.Name, SubjectKey: oldKey, SubjectType: "organization",
		ObjectID: obj.ID, Object: obj.Name, ObjectKey: obj.Key, ObjectType: "product", Spec: ev.Spec}
	onEv := verity.Receipt{Sets: [][]verity.Ref{{verity.RecordRef(ev.ID)}}}
	body := func(v any) []byte { raw, _ := json.Marshal(v); return raw }
	if _, err := db.PutRecords(ctx, []*verity.Record{
		{ID: ev.ID, Kind: verity.KindEvidence, Receipt: verity.Receipt{Sets: [][]verity.Ref{{verity.SourceRef("a.example")}}}, Body: body(ev)},
		{ID: edgeID, Kind: verity.KindEdge, Receipt: onEv, Body: body(edge)},
		{ID: subj.ID, Kind: verity.KindEntity, Receipt: onEv, Body: body(subj)},
		{ID: obj.ID, Kind: verity.KindEntity, Receipt: onEv, Body: body(obj)},
	}); err != nil {
		t.Fatal(err)
	}
	s, err := extract.BuiltinSpec("bitrix24-ru")
	if err != nil {
		t.Fatal(err)
	}
	res, err := runner(db, offline.New(offline.Options{}), s).Run(ctx, []string{"b.example"})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Rekeyed) != 1 {
		t.Fatalf("Run re-keyed %v, want one merge of the old entity into the new key's", res.Rekeyed)
	}
	caller := verity.NewCaller()
	edges := graph(t, db, caller)
	if len(edges) != 1 || !slices.Equal(sources(edges[0]), []string{"a.example", "b.example"}) {
		t.Fatalf("Graph after re-keying = %+v, want one edge resting on pages a and b", edges)
	}
	if !slices.Contains(append([]string{edges[0].ID}, edges[0].MergedFrom...), edgeID) {
		t.Errorf("the joined edge %s (from %v) does not answer to the old id %s", edges[0].ID, edges[0].MergedFrom, edgeID)
	}
	ex, err := extract.Explain(ctx, db, receipttest.View(ctx, db, caller), edgeID)
	if err != nil || ex.Edge == nil || len(ex.Edge.Evidence) != 2 {
		t.Fatalf("Explain(old id) = %+v, %v; want the joined edge", ex, err)
	}
	// Revoking the merge splits the nodes; restoring it joins them again.
	if _, _, err := db.Revoke(ctx, []verity.Ref{verity.RecordRef(res.Rekeyed[0])}, verity.Actor{Who: "user:curator@corp.example"}, "undo the re-key"); err != nil {
		t.Fatal(err)
	}
	if n := len(graph(t, db, caller)); n != 2 {
		t.Errorf("after revoking the re-key merge, Graph has %d edges, want 2", n)
	}
	if _, _, err := db.Unrevoke(ctx, []verity.Ref{verity.RecordRef(res.Rekeyed[0])}, verity.Actor{Who: "user:curator@corp.example"}, "redo"); err != nil {
		t.Fatal(err)
	}
	if n := len(graph(t, db, caller)); n != 1 {
		t.Errorf("after restoring the re-key merge, Graph has %d edges, want 1", n)
	}
}

// TestRekeyPreviousRelease re-keys the store release de9fe87 wrote (a
// copy): its names key as they did, so nothing is merged and the graph is
// what it was, edge for edge.
func TestRekeyPreviousRelease(t *testing.T) {
	ctx := context.Background()
	b, err := os.ReadFile("../sqlite/testdata/stores/de9fe87-demo.db")
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "old.db")
	if err := os.WriteFile(path, b, 0o600); err != nil {
		t.Fatal(err)
	}
	db, err := sqlite.Open(ctx, path, sqlite.Options{Now: func() time.Time { return t0 }})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	caller := verity.NewCaller("group:all")
	before := graph(t, db, caller)
	if len(before) == 0 {
		t.Fatal("the release's store shows no edge")
	}
	ids, err := extract.Rekey(ctx, db, t0)
	if err != nil || len(ids) != 0 {
		t.Fatalf("Rekey = %v, %v; want nothing to merge", ids, err)
	}
	after := graph(t, db, caller)
	if len(after) != len(before) {
		t.Fatalf("Graph after Rekey has %d edges, before %d", len(after), len(before))
	}
	for i := range before {
		if before[i].ID != after[i].ID || before[i].SubjectID != after[i].SubjectID || len(before[i].Evidence) != len(after[i].Evidence) {
			t.Errorf("edge %d: %s/%s before, %s/%s after", i, before[i].ID, before[i].SubjectID, after[i].ID, after[i].SubjectID)
		}
	}
}

// TestRelocateMovesEveryQuote: a page's other quotes for an edge follow
// its new version like the main one; one the new version lost is dropped.
func TestRelocateMovesEveryQuote(t *testing.T) {
	ctx := context.Background()
	db := openStore(t)
	first := "Компания «Альтагро» переводит отдел продаж на Битрикс24."
	second := "По словам директора, «Альтагро» использует Битрикс24 для работы с клиентами."
	put(t, db, "a.example", "# Новости\n\n"+first+" "+second)
	s, err := extract.BuiltinSpec("bitrix24-ru")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := runner(db, offline.New(offline.Options{}), s).Run(ctx, nil); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		text     string
		wantAlso int
	}{
		{"# Новости\n\nВступление.\n\n" + first + " " + second, 1},
		{"# Новости\n\nВступление.\n\n" + first + " " + second + " Конец.", 1},
		{"# Новости\n\nВступление.\n\n" + second, 0},
	} {
		src := put(t, db, "a.example", tc.text)
		cur, _ := db.Source(ctx, src.ID)
		if _, err := extract.Relocate(ctx, db, cur, verity.Actor{}, nil); err != nil {
			t.Fatal(err)
		}
		edges := graph(t, db, verity.NewCaller())
		if len(edges) != 1 || len(edges[0].Evidence) != 1 {
			t.Fatalf("Graph = %+v, want one edge with one page's evidence", edges)
		}
		ev := edges[0].Evidence[0]
		if len(ev.Also) != tc.wantAlso {
			t.Fatalf("after version %d the evidence has %d other quotes, want %d", cur.Version, len(ev.Also), tc.wantAlso)
		}
		for _, q := range append([]extract.QuoteView{ev.Quote}, ev.Also...) {
			if cur.Text[q.Start:q.End] != q.Text {
				t.Errorf("version %d: quote %q at [%d:%d] holds %q", cur.Version, q.Text, q.Start, q.End, cur.Text[q.Start:q.End])
			}
		}
	}
}

// TestProposedMergeAcrossRuns: the page that defines an abbreviation is
// read by one run (a job of a queued extraction, say) before any page
// names the abbreviation's entity; the run that creates it proposes the
// merge, resting on the first page's evidence.
func TestProposedMergeAcrossRuns(t *testing.T) {
	ctx := context.Background()
	db := openStore(t)
	put(t, db, "metro.example", "# Новости\n\n«Московский метрополитен» (ММ) использует Битрикс24 для учёта заявок.")
	put(t, db, "mm.example", "# Новости\n\nСегодня ММ использует Битрикс24 в диспетчерских.")
	s, err := extract.BuiltinSpec("bitrix24-ru")
	if err != nil {
		t.Fatal(err)
	}
	first, err := runner(db, offline.New(offline.Options{}), s).Run(ctx, []string{"metro.example"})
	if err != nil || len(first.Merges) != 0 {
		t.Fatalf("first run proposed %v (%v), want nothing yet", first.Merges, err)
	}
	second, err := runner(db, offline.New(offline.Options{}), s).Run(ctx, []string{"mm.example"})
	if err != nil || len(second.Merges) != 1 {
		t.Fatalf("second run proposed %v (%v), want the abbreviation's merge", second.Merges, err)
	}
	if n := len(graph(t, db, verity.NewCaller())); n != 1 {
		t.Errorf("Graph has %d edges, want one node for both names", n)
	}
	// The page that says so changes and no longer does: its evidence goes,
	// and the merge with it.
	src := put(t, db, "metro.example", "# Новости\n\nМетрополитен обновил сайт.")
	cur, _ := db.Source(ctx, src.ID)
	if _, err := extract.Relocate(ctx, db, cur, verity.Actor{}, nil); err != nil {
		t.Fatal(err)
	}
	for _, e := range graph(t, db, verity.NewCaller()) {
		if len(e.Merges) > 0 {
			t.Errorf("edge %s still shown through %v after its basis left the page", e.ID, e.Merges)
		}
	}
}

// TestModelSameNames: a model's statement that a subject goes by another
// name counts only when its quote is on the page and names both; then it
// proposes a merge like a page's own words found by code.
func TestModelSameNames(t *testing.T) {
	ctx := context.Background()
	db := openStore(t)
	vega := "Vega Retail AG uses Bitrix24 for payroll; staff call the company Vega Group."
	put(t, db, "a.example", "# Story\n\n"+vega)
	put(t, db, "b.example", "# Other\n\nVega Group moved its stores to Bitrix24.")
	put(t, db, "c.example", "# Third\n\nNorthwind Traders moved to Bitrix24.")
	m := newScripted(
		extract.Candidate{Subject: "Vega Retail AG", Object: "Bitrix24", Quote: vega, EvidenceType: "other"},
		extract.Candidate{Subject: "Vega Group", Object: "Bitrix24", Quote: "Vega Group moved its stores to Bitrix24.", EvidenceType: "other"},
		extract.Candidate{Subject: "Northwind Traders", Object: "Bitrix24", Quote: "Northwind Traders moved to Bitrix24.", EvidenceType: "other"})
	m.same = []extract.SameNameAnswer{
		{Name: "Vega Retail AG", Other: "Vega Group", Quote: "Vega Retail AG uses Bitrix24 for payroll; staff call the company Vega Group."},
		{Name: "Vega Retail AG", Other: "Northwind Traders", Quote: "Vega Retail AG is Northwind Traders."},     // not on the page
		{Name: "Vega Retail AG", Other: "Northwind Traders", Quote: "Vega Retail AG uses Bitrix24 for payroll"}, // names one side
	}
	res, err := runner(db, m, spec(t)).Run(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Merges) != 1 {
		t.Fatalf("Run proposed %v, want the one merge the page's quote supports", res.Merges)
	}
	edges := graph(t, db, verity.NewCaller())
	if len(edges) != 2 {
		t.Fatalf("Graph = %+v, want Vega (two names, one node) and Northwind", edges)
	}
	for _, e := range edges {
		for _, mg := range e.Merges {
			if mg.Kind != extract.SameModel || !strings.Contains(mg.Phrase, "Vega Group") || mg.SourceID != "a.example" {
				t.Errorf("merge %+v, want the model's verified quote on page a", mg)
			}
		}
	}
}
