package sqlstore_test

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/analysis"
	"github.com/veritykb/verity/ingest"
	"github.com/veritykb/verity/internal/sqlstore"
	"github.com/veritykb/verity/internal/storetest"
	"github.com/veritykb/verity/postgres"
	"github.com/veritykb/verity/postgres/pgtest"
	"github.com/veritykb/verity/sqlite"
)

// A merge of segments whose lists are rows reads them a page at a time,
// merging the pages of every segment in term order, and writes the merged
// lists in batches: with pages of seven lists, what it writes is exactly
// the lists of the live chunks (a revoked source's docs left out), and the
// store answers as ranking every chunk does. On SQLite and PostgreSQL.
func TestMergeReadsPages(t *testing.T) {
	defer sqlstore.SetIndexSizes(64, 7)()
	ctx := context.Background()
	stores := map[string]func(t *testing.T) storetest.Store{
		"sqlite": func(t *testing.T) storetest.Store {
			db, err := sqlite.Open(ctx, filepath.Join(t.TempDir(), "m.db"), sqlite.Options{})
			if err != nil {
				t.Fatal(err)
			}
			return db
		},
		"postgres": func(t *testing.T) storetest.Store {
			db, err := postgres.Open(ctx, pgtest.NewURL(t), postgres.Options{})
			if err != nil {
				t.Fatal(err)
			}
			return db
		},
	}
	for name, open := range stores {
		t.Run(name, func(t *testing.T) {
			db := open(t)
			defer db.Close()
			corpus := storetest.SynthCorpus(1500, 17)
			for i, src := range corpus {
				if i%10 == 0 {
					src.ACL = []verity.Principal{"group:g3"}
				}
			}
			// Ten batches of 150 sources: ten segments of one tier whose
			// lists are rows, merged into one after the last.
			for b := range 10 {
				batch := corpus[b*150 : (b+1)*150]
				puts := make([]*verity.SourcePut, len(batch))
				for i, s := range batch {
					puts[i] = &verity.SourcePut{Source: s, Chunks: ingest.Chunks(s, analysis.DefaultChunkOptions)}
				}
				if err := db.PutSources(ctx, puts); err != nil {
					t.Fatal(err)
				}
				if b == 8 {
					for _, s := range corpus[:10] {
						if _, _, err := db.Revoke(ctx, []verity.Ref{verity.SourceRef(s.ID)}, verity.Actor{Who: "user:admin@corp.example"}, "test"); err != nil {
							t.Fatal(err)
						}
					}
				}
			}
			var rowLists, segs int
			if err := db.SQL().QueryRowContext(ctx, `SELECT count(*) FILTER (WHERE inline IS NULL), count(*) FROM index_segments`).Scan(&rowLists, &segs); err != nil {
				t.Fatal(err)
			}
			if rowLists != 1 || segs != 1 {
				t.Fatalf("%d segments, %d of them with lists in rows; want the ten merged into one", segs, rowLists)
			}
			storetest.ListsMatchChunks(t, db)
			storetest.SearchesExact(t, db, storetest.SynthQueries(10, 19), []verity.Caller{verity.NewCaller(), verity.NewCaller("group:g3")})
		})
	}
}
