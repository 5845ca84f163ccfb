package extract_test

import (
	"context"
	"fmt"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"pgregory.net/rapid"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/analysis"
	"github.com/veritykb/verity/extract"
	"github.com/veritykb/verity/ingest"
	"github.com/veritykb/verity/receipt/receipttest"
	"github.com/veritykb/verity/sqlite"
)

// TestGraphNeverLeaks checks, over random pages with random ACLs, random
// supporting quotes and random revocations, that the graph a caller sees is
// exactly what the caller's readable, live pages support: no evidence from
// a page the caller may not read or that was revoked, no edge without such
// evidence, and no edge missing that such evidence supports.
func TestGraphNeverLeaks(t *testing.T) {
	subjects := []string{"Alpha Freight Ltd", "Beta Retail AG", "Gamma Foods GmbH"}
	acls := [][]verity.Principal{{verity.Public}, {"group:a"}, {"group:b"}, {"group:a", "group:b"}}
	callers := [][]verity.Principal{nil, {"group:a"}, {"group:b"}, {"group:a", "group:b"}}
	rapid.Check(t, func(rt *rapid.T) {
		ctx := context.Background()
		db, err := sqlite.Open(ctx, filepath.Join(t.TempDir(), fmt.Sprintf("p%d.db", time.Now().UnixNano())), sqlite.Options{Now: func() time.Time { return t0 }})
		if err != nil {
			rt.Fatal(err)
		}
		defer db.Close()
		nPages := rapid.IntRange(1, 5).Draw(rt, "pages")
		type page struct {
			id      string
			acl     []verity.Principal
			subject string
			revoked bool
		}
		var pages []page
		var cands []extract.Candidate
		for i := range nPages {
			p := page{id: fmt.Sprintf("p%d.example", i), acl: rapid.SampledFrom(acls).Draw(rt, "acl"),
				subject: rapid.SampledFrom(subjects).Draw(rt, "subject")}
			q := fmt.Sprintf("%s moved its sales to Bitrix24 in %d.", p.subject, 2000+i)
			src := &verity.Source{ID: p.id, URI: "https://" + p.id + "/", System: verity.SystemWeb, Title: p.id, ACL: p.acl,
				Text: "# News\n\n" + q, UpdatedAt: t0}
			if _, err := db.PutSource(ctx, src, ingest.Chunks(src, analysis.DefaultChunkOptions)); err != nil {
				rt.Fatal(err)
			}
			cands = append(cands, extract.Candidate{Subject: p.subject, Object: "Bitrix24", Quote: q, EvidenceType: "other"})
			pages = append(pages, p)
		}
		m := newScripted(cands...)
		s, _ := extract.BuiltinSpec("bitrix24-en")
		if _, err := (&extract.Runner{Store: db, X: extract.New(m, s, extract.Options{Now: func() time.Time { return t0 }}), Concurrency: 2}).Run(ctx, nil); err != nil {
			rt.Fatal(err)
		}
		for i := range pages {
			if rapid.Bool().Draw(rt, "revoke") {
				pages[i].revoked = true
				if _, _, err := db.Revoke(ctx, []verity.Ref{verity.SourceRef(pages[i].id)}, verity.Actor{Who: "user:ops@corp.example"}, "test"); err != nil {
					rt.Fatal(err)
				}
			}
		}
		who := rapid.SampledFrom(callers).Draw(rt, "caller")
		caller := verity.NewCaller(who...)
		want := map[string][]string{} // subject → pages
		for _, p := range pages {
			if !p.revoked && caller.CanRead(p.acl) {
				want[p.subject] = append(want[p.subject], p.id)
			}
		}
		edges, err := extract.Graph(ctx, db, receipttest.View(ctx, db, caller), extract.GraphFilter{})
		if err != nil {
			rt.Fatal(err)
		}
		got := map[string][]string{}
		for _, e := range edges {
			for _, ev := range e.Evidence {
				got[e.Subject] = append(got[e.Subject], ev.SourceID)
			}
		}
		for k := range got {
			slices.Sort(got[k])
		}
		if len(got) != len(want) {
			rt.Fatalf("Graph(%v) = %v, want %v", who, got, want)
		}
		for k, v := range want {
			if !slices.Equal(got[k], v) {
				rt.Fatalf("Graph(%v)[%s] = %v, want %v", who, k, got[k], v)
			}
		}
	})
}
