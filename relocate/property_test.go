package relocate_test

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"pgregory.net/rapid"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/analysis"
	"github.com/veritykb/verity/ingest"
	"github.com/veritykb/verity/relocate"
	"github.com/veritykb/verity/sqlite"
)

// TestQuotesFollowTheirSources checks, over random sequences of new
// versions of two sources, each holding a random choice of sentences, that
// after relocation every quote record is alive exactly while its words are
// in the current version of its source, pointing at them there, and every
// sentence record resting on the quotes of both sources is alive exactly
// while either source still says it.
func TestQuotesFollowTheirSources(t *testing.T) {
	pool := []string{
		"Acme Logistics moved its sales to Bitrix24 in March 2025.",
		"Romashka runs its support desk on Bitrix24.",
		"The Hamburg office has 120 employees.",
		"Orders are confirmed within 12 minutes now.",
	}
	fillers := []string{"# Page", "Updated in 2026.", "Contact us for details.", "More news soon."}
	ids := []string{"a", "b"}
	rapid.Check(t, func(rt *rapid.T) {
		ctx := context.Background()
		db, err := sqlite.Open(ctx, filepath.Join(t.TempDir(), fmt.Sprintf("p%d.db", time.Now().UnixNano())), sqlite.Options{Now: func() time.Time { return t0 }})
		if err != nil {
			rt.Fatal(err)
		}
		defer db.Close()
		draw := func(label string) string {
			var parts []string
			for _, p := range rapid.Permutation(append(append([]string{}, pool...), fillers...)).Draw(rt, label) {
				if rapid.Bool().Draw(rt, label+" keeps") {
					parts = append(parts, p)
				}
			}
			return strings.Join(parts, "\n\n")
		}
		current := map[string]*verity.Source{}
		put := func(id, text string) (*verity.Source, verity.PutOutcome) {
			src := &verity.Source{ID: id, URI: "https://" + id + ".example/", System: verity.SystemWeb, Title: id,
				ACL: []verity.Principal{verity.Public}, Text: text, UpdatedAt: t0}
			out, err := db.PutSource(ctx, src, ingest.Chunks(src, analysis.DefaultChunkOptions))
			if err != nil {
				rt.Fatal(err)
			}
			current[id] = src
			return src, out
		}
		// Version 1 of each source, a quote record for every sentence it
		// holds, and a sentence record per pool sentence resting on the
		// quotes of it that exist.
		var recs []*verity.Record
		for _, id := range ids {
			src, _ := put(id, draw("v1 "+id))
			for _, s := range pool {
				if i := strings.Index(src.Text, s); i >= 0 {
					recs = append(recs, relocate.Record(relocate.Quote{SourceID: id, Version: 1, Start: i, End: i + len(s), Text: s, Kind: "exact"}))
				}
			}
		}
		quoted := map[string]map[string]bool{} // sentence → sources with a quote record
		for n, s := range pool {
			var rc verity.Receipt
			for _, id := range ids {
				if strings.Contains(current[id].Text, s) {
					rc.Sets = append(rc.Sets, []verity.Ref{verity.RecordRef(relocate.ID(id, s))})
					if quoted[s] == nil {
						quoted[s] = map[string]bool{}
					}
					quoted[s][id] = true
				}
			}
			if len(rc.Sets) > 0 {
				recs = append(recs, &verity.Record{ID: fmt.Sprintf("s%d", n), Kind: verity.KindSentence, Receipt: rc, Body: []byte(`{}`)})
			}
		}
		if len(recs) > 0 {
			if _, err := db.PutRecords(ctx, recs); err != nil {
				rt.Fatal(err)
			}
		}
		steps := rapid.IntRange(1, 6).Draw(rt, "steps")
		for step := range steps {
			id := rapid.SampledFrom(ids).Draw(rt, "source")
			src, out := put(id, draw(fmt.Sprintf("step %d", step)))
			if out == verity.PutNewVersion {
				if _, err := relocate.Source(ctx, db, src, verity.Actor{}); err != nil {
					rt.Fatal(err)
				}
			}
			for n, s := range pool {
				says := false
				for _, id := range ids {
					if !quoted[s][id] {
						continue
					}
					text := current[id].Text
					in := strings.Contains(text, s)
					says = says || in
					rec, err := db.Record(ctx, relocate.ID(id, s))
					if err != nil {
						rt.Fatal(err)
					}
					q, err := relocate.Of(rec)
					if err != nil {
						rt.Fatal(err)
					}
					if alive := rec.State == verity.StateAlive; alive != in {
						rt.Fatalf("step %d: quote of %q in %s is %s, want alive=%v (text %q)", step, s, id, rec.State, in, text)
					}
					if in && (q.Version != current[id].Version || q.End > len(text) || text[q.Start:q.End] != s) {
						rt.Fatalf("step %d: quote of %q in %s = %+v, want its span in v%d", step, s, id, q, current[id].Version)
					}
				}
				if len(quoted[s]) == 0 {
					continue
				}
				rec, err := db.Record(ctx, fmt.Sprintf("s%d", n))
				if err != nil {
					rt.Fatal(err)
				}
				if alive := rec.State == verity.StateAlive; alive != says {
					rt.Fatalf("step %d: sentence %q is %s, want alive=%v", step, s, rec.State, says)
				}
			}
		}
	})
}
