package storetest

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"pgregory.net/rapid"

	"github.com/veritykb/verity"
)

func search(t testing.TB, db interface {
	Search(context.Context, verity.SearchQuery) (*verity.SearchResults, error)
}, q string, c verity.Caller) *verity.SearchResults {
	t.Helper()
	res, err := db.Search(context.Background(), verity.SearchQuery{Text: q, Caller: c, K: 10})
	if err != nil {
		t.Fatalf("Search(%q): %v", q, err)
	}
	return res
}

func testSearchRanksAndFilters(t *testing.T, open Opener) {
	db := open(t, "")
	put(t, db, doc("ru", "Компания «Ромашка» перешла на Битрикс24 в 2024 году. Ёлки зелёные.", verity.Public))
	put(t, db, doc("en", "Acme Corp uses Bitrix24 for its sales team.", verity.Public))
	put(t, db, doc("hr", "Plan of layoffs for the sales team.", "group:hr"))
	hidden := doc("secret", "Sales team layoffs, confidential.", "user:ceo@corp.example")
	hidden.Author = "user:ceo@corp.example"
	hidden.System = "confluence"
	put(t, db, hidden)

	if res := search(t, db, "ёлка", verity.NewCaller()); len(res.Results) != 1 || res.Results[0].SourceID != "ru" {
		t.Errorf("search(ёлка) = %v, want ru (ё folded, stemmed)", res.Results)
	}
	if res := search(t, db, "компании перешли", verity.NewCaller()); len(res.Results) != 1 {
		t.Errorf("search(компании перешли) = %v, want ru by stem", res.Results)
	}
	res := search(t, db, "sales team layoffs", verity.NewCaller())
	if len(res.Results) != 1 || res.Results[0].SourceID != "en" {
		t.Errorf("search(public) = %v, want only en", res.Results)
	}
	if len(res.Hints) != 2 {
		t.Fatalf("hints = %v, want one per (system, author): file/none and confluence/ceo", res.Hints)
	}
	want := []verity.Hint{{System: "confluence", Author: "ceo@corp.example"}, {System: "file"}}
	for i, h := range want {
		if res.Hints[i] != h {
			t.Errorf("hint %d = %+v, want %+v", i, res.Hints[i], h)
		}
	}
	r := res.Results[0]
	src, _ := db.Source(context.Background(), r.SourceID)
	if src.Text[r.Chunk.Start:r.Chunk.End] != r.Chunk.Text || r.Title != "EN" || r.System != "file" || r.URI != "file:///en" || r.Score <= 0 {
		t.Errorf("result = %+v, want record fields and a chunk that is text[start:end]", r)
	}
	hr := search(t, db, "sales team layoffs", verity.NewCaller("group:hr"))
	if len(hr.Results) != 2 || hr.Results[0].SourceID != "hr" {
		t.Errorf("search(hr) = %v, want hr first, then en", hr.Results)
	}
	if len(hr.Hints) != 1 || hr.Hints[0].System != "confluence" {
		t.Errorf("hints(hr) = %v, want only the confluence one", hr.Hints)
	}
	if res := search(t, db, "the of and", verity.NewCaller()); len(res.Results) != 0 || len(res.Hints) != 0 {
		t.Errorf("search(stop words) = %v, want nothing", res)
	}
}

// A hint appears only when the hidden record would have ranked in the top k.
func testHintOnlyWhenRanked(t *testing.T, open Opener) {
	db := open(t, "")
	for i := range 5 {
		put(t, db, doc(fmt.Sprintf("p%d", i), strings.Repeat("budget plan ", 5), verity.Public))
	}
	put(t, db, doc("weak", "A long text that mentions the budget and its plan once among many other words about lunch menus, parking and the office move.", "group:x"))
	res, err := db.Search(context.Background(), verity.SearchQuery{Text: "budget plan", Caller: verity.NewCaller(), K: 3})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Results) != 3 || len(res.Hints) != 0 {
		t.Errorf("search k=3 = %d results, hints %v; want 3 and no hint (the hidden record ranks 6th)", len(res.Results), res.Hints)
	}
	res, _ = db.Search(context.Background(), verity.SearchQuery{Text: "budget plan", Caller: verity.NewCaller(), K: 6})
	if len(res.Hints) != 1 {
		t.Errorf("search k=6 hints = %v, want one", res.Hints)
	}
}

// testNoLeak is the property that matters most: for random corpora, ACLs and
// callers, nothing of a record the caller cannot read — its text, title, uri
// or id — appears anywhere in search output.
func testNoLeak(t *testing.T, open Opener) {
	words := []string{"budget", "plan", "layoffs", "merger", "vacation", "бюджет", "сокращений", "план", "отпуск", "apple"}
	principals := []verity.Principal{verity.Public, "group:hr", "group:eng", "user:a@x.example", "user:b@x.example"}
	rapid.Check(t, func(rt *rapid.T) {
		s := newScope(t)
		defer s.end()
		db := open(s, "")
		n := rapid.IntRange(1, 12).Draw(rt, "sources")
		type rec struct {
			id, title, uri string
			acl            []verity.Principal
			text           string
		}
		var recs []rec
		for i := range n {
			var acl []verity.Principal
			for _, p := range principals {
				if rapid.Float64Range(0, 1).Draw(rt, "p") < 0.3 {
					acl = append(acl, p)
				}
			}
			var tw []string
			for range rapid.IntRange(1, 8).Draw(rt, "len") {
				tw = append(tw, rapid.SampledFrom(words).Draw(rt, "w"))
			}
			// Unique markers make any leak of id, title, uri or text detectable.
			r := rec{
				id:    fmt.Sprintf("ID%03dX", i),
				title: fmt.Sprintf("TITLE%03dX %s", i, rapid.SampledFrom(words).Draw(rt, "tw")),
				uri:   fmt.Sprintf("https://u/URI%03dX", i),
				acl:   acl,
				text:  strings.Join(tw, " ") + fmt.Sprintf(" TEXT%03dX.", i),
			}
			recs = append(recs, r)
			src := &verity.Source{ID: r.id, URI: r.uri, System: rapid.SampledFrom([]string{"file", "jira"}).Draw(rt, "sys"), Title: r.title, ACL: acl, Text: r.text}
			if rapid.Bool().Draw(rt, "author") {
				src.Author = "user:author@x.example"
			}
			put(t, db, src)
		}
		var callerPs []verity.Principal
		for _, p := range principals[1:] {
			if rapid.Bool().Draw(rt, "has") {
				callerPs = append(callerPs, p)
			}
		}
		caller := verity.NewCaller(callerPs...)
		q := strings.Join(rapid.SliceOfN(rapid.SampledFrom(words), 1, 3).Draw(rt, "q"), " ")
		k := rapid.IntRange(1, 5).Draw(rt, "k")
		res, err := db.Search(context.Background(), verity.SearchQuery{Text: q, Caller: caller, K: k})
		if err != nil {
			rt.Fatal(err)
		}
		out, _ := json.Marshal(res)
		for i, r := range recs {
			if caller.CanRead(r.acl) {
				continue
			}
			for _, marker := range []string{fmt.Sprintf("ID%03dX", i), fmt.Sprintf("TITLE%03dX", i), fmt.Sprintf("URI%03dX", i), fmt.Sprintf("TEXT%03dX", i)} {
				if strings.Contains(string(out), marker) {
					rt.Fatalf("search(%q) as %v leaks %s of an unreadable record: %s", q, caller.Principals(), marker, out)
				}
			}
		}
		for _, r := range res.Results {
			if len(r.Chunk.Text) == 0 {
				rt.Fatalf("empty chunk in result %+v", r)
			}
		}
		if len(res.Results) > k {
			rt.Fatalf("%d results for k=%d", len(res.Results), k)
		}
	})
}

// A record with no ACL is readable by no one; it is not worth a hint either.
func testNoHintForRecordsWithoutACL(t *testing.T, open Opener) {
	db := open(t, "")
	put(t, db, doc("open", "budget plan for 2027", verity.Public))
	put(t, db, doc("noacl", "budget plan draft for 2027"))
	put(t, db, doc("hr", "budget plan cuts for 2027", "group:hr"))
	res := search(t, db, "budget plan 2027", verity.NewCaller())
	if len(res.Hints) != 1 || res.Hints[0].System != "file" {
		t.Errorf("hints = %v, want one for the hr record and none for the record without ACL", res.Hints)
	}
	res = search(t, db, "draft", verity.NewCaller())
	if len(res.Hints) != 0 {
		t.Errorf("hints for a query only the no-ACL record matches = %v, want none", res.Hints)
	}
}
