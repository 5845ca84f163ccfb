package storetest

import (
	"context"
	"fmt"
	"testing"

	"github.com/google/go-cmp/cmp"
	"pgregory.net/rapid"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/analysis"
	"github.com/veritykb/verity/ingest"
)

// testPutSourcesAsOneByOne stores random batches — new sources, new
// versions and metadata changes of stored ones, ids and uris repeated
// within a batch, uris another source holds — in one PutSources on one
// store and one source at a time on another: every put has the same
// outcome, change and error on both, and both stores end with the same
// sources, versions, ACLs and search answers.
func testPutSourcesAsOneByOne(t *testing.T, open Opener) {
	ids := []string{"a", "b", "c", "d", "e"}
	uris := []string{"https://x/1", "https://x/2", "https://x/3", "https://x/4"}
	systems := []string{"web", "file"}
	texts := []string{"Acme moved its sales to Bitrix24.", "Бюджет отдела продаж на 2026 год.", "Vacation days carry over."}
	acls := [][]verity.Principal{{verity.Public}, {"group:staff"}, {"group:staff", "user:a@x.example"}}
	rapid.Check(t, func(rt *rapid.T) {
		s := newScope(t)
		defer s.end()
		batchDB, singleDB := open(s, "batch"), open(s, "single")
		ctx := context.Background()
		draw := func(label string) *verity.Source {
			return &verity.Source{ID: rapid.SampledFrom(ids).Draw(rt, label+" id"), URI: rapid.SampledFrom(uris).Draw(rt, label+" uri"),
				System: rapid.SampledFrom(systems).Draw(rt, label+" system"), Title: rapid.SampledFrom([]string{"T", "U"}).Draw(rt, label+" title"),
				ACL: rapid.SampledFrom(acls).Draw(rt, label+" acl"), Text: rapid.SampledFrom(texts).Draw(rt, label+" text")}
		}
		puts := func(srcs []*verity.Source) []*verity.SourcePut {
			out := make([]*verity.SourcePut, len(srcs))
			for i, src := range srcs {
				c := *src
				out[i] = &verity.SourcePut{Source: &c, Chunks: ingest.Chunks(&c, analysis.DefaultChunkOptions)}
			}
			return out
		}
		var before []*verity.Source
		for i := range rapid.IntRange(0, 3).Draw(rt, "stored") {
			before = append(before, draw(fmt.Sprint("stored ", i)))
		}
		var batch []*verity.Source
		for i := range rapid.IntRange(2, 8).Draw(rt, "batch") {
			batch = append(batch, draw(fmt.Sprint("put ", i)))
		}
		for _, db := range []Store{batchDB, singleDB} {
			for _, p := range puts(before) {
				if err := db.PutSources(ctx, []*verity.SourcePut{p}); err != nil {
					rt.Fatal(err)
				}
			}
		}
		together := puts(batch)
		if err := batchDB.PutSources(ctx, together); err != nil {
			rt.Fatal(err)
		}
		for i, p := range puts(batch) {
			if err := singleDB.PutSources(ctx, []*verity.SourcePut{p}); err != nil {
				rt.Fatal(err)
			}
			got, want := together[i], p
			if got.Outcome != want.Outcome || verity.ErrorCode(got.Err) != verity.ErrorCode(want.Err) || !cmp.Equal(got.Change, want.Change) ||
				got.Source.Version != want.Source.Version {
				rt.Fatalf("put %d (%s %s %s) in a batch = %s %+v v%d %v; alone = %s %+v v%d %v", i, p.Source.ID, p.Source.System, p.Source.URI,
					got.Outcome, got.Change, got.Source.Version, got.Err, want.Outcome, want.Change, want.Source.Version, want.Err)
			}
		}
		list := func(db Store) []*verity.Source {
			srcs, err := db.Sources(ctx, verity.SourceFilter{})
			if err != nil {
				rt.Fatal(err)
			}
			for _, s := range srcs {
				full, err := db.Source(ctx, s.ID)
				if err != nil {
					rt.Fatal(err)
				}
				s.Text, s.UpdatedAt = full.Text, full.UpdatedAt
			}
			return srcs
		}
		if diff := cmp.Diff(list(singleDB), list(batchDB)); diff != "" {
			rt.Fatalf("the stores differ (-one by one +batch):\n%s", diff)
		}
		for _, q := range []string{"Acme Bitrix24", "бюджет продаж", "vacation"} {
			for _, c := range []verity.Caller{verity.NewCaller(), verity.NewCaller("group:staff")} {
				a, err := singleDB.Search(ctx, verity.SearchQuery{Text: q, Caller: c})
				if err != nil {
					rt.Fatal(err)
				}
				b, err := batchDB.Search(ctx, verity.SearchQuery{Text: q, Caller: c})
				if err != nil {
					rt.Fatal(err)
				}
				if diff := cmp.Diff(a, b); diff != "" {
					rt.Fatalf("search %q differs (-one by one +batch):\n%s", q, diff)
				}
			}
		}
	})
}
