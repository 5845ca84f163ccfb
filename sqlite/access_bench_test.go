package sqlite_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/receipt"
)

// lookupOnly is the store as a Lookup and nothing more: access decisions
// then read each source's text to learn its ACL.
type lookupOnly struct{ receipt.Lookup }

// BenchmarkViewLargeSources decides, for a reader, whether it may read
// each of 100 sources of 1 MiB, with the store's text-free access lookup
// and, as the baseline in the same run, through text lookups.
func BenchmarkViewLargeSources(b *testing.B) {
	ctx := context.Background()
	db := openTest(b)
	text := strings.Repeat("alpha beta gamma delta epsilon. ", 1<<15)
	var refs []verity.Ref
	for i := range 100 {
		id := fmt.Sprintf("big-%03d", i)
		src := &verity.Source{ID: id, URI: "u:" + id, System: "file", ACL: []verity.Principal{"group:staff"}, Text: text}
		if _, err := db.PutSource(ctx, src, []verity.Chunk{{Start: 0, End: 5, Text: text[:5]}}); err != nil {
			b.Fatal(err)
		}
		refs = append(refs, verity.SourceRef(id))
	}
	caller := verity.NewCaller("group:staff")
	for _, tc := range []struct {
		name string
		st   receipt.Lookup
	}{{"access", db}, {"text", lookupOnly{db}}} {
		b.Run(tc.name, func(b *testing.B) {
			for b.Loop() {
				v := receipt.StoreViewer(ctx, tc.st, caller.CanRead, receipt.ViewOptions{})
				for _, r := range refs {
					if !v.Readable(r) {
						b.Fatalf("%s unreadable", r)
					}
				}
			}
		})
	}
}
