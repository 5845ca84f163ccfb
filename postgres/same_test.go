package postgres_test

import (
	"context"
	"database/sql"
	"os"
	"path/filepath"
	"testing"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/analysis"
	"github.com/veritykb/verity/ingest"
	"github.com/veritykb/verity/internal/storetest"
	"github.com/veritykb/verity/postgres"
	"github.com/veritykb/verity/postgres/pgtest"
	"github.com/veritykb/verity/sqlite"
)

// TestSameAnswersAsSQLite fills a SQLite store and a PostgreSQL store with
// the same sources (English and Russian words, a third of them readable by
// one group only), the same new versions and the same revocations, and
// asks both the same queries as callers who read different parts: the top
// 10 are the same records in the same order, with the same chunks and the
// same scores to the bit (one BM25 code over the same statistics, summed in
// the same order), and the same hints.
func TestSameAnswersAsSQLite(t *testing.T) {
	ctx := context.Background()
	pg := pgtest.Open(t, postgres.Options{})
	lite, err := sqlite.Open(ctx, filepath.Join(t.TempDir(), "same.db"), sqlite.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer lite.Close()
	corpus := storetest.SynthCorpus(1200, 23)
	for _, db := range []storetest.Store{lite, pg} {
		var batch []*verity.SourcePut
		for i, src := range corpus {
			s := *src
			batch = append(batch, &verity.SourcePut{Source: &s, Chunks: ingest.Chunks(&s, analysis.DefaultChunkOptions)})
			if len(batch) == 100 || i == len(corpus)-1 {
				if err := db.PutSources(ctx, batch); err != nil {
					t.Fatal(err)
				}
				batch = nil
			}
		}
		for i := 0; i < len(corpus); i += 37 {
			s := *corpus[i]
			s.Text += " " + corpus[(i*7)%len(corpus)].Text
			if _, err := db.PutSource(ctx, &s, ingest.Chunks(&s, analysis.DefaultChunkOptions)); err != nil {
				t.Fatal(err)
			}
		}
		for i := 5; i < len(corpus); i += 41 {
			if _, _, err := db.Revoke(ctx, []verity.Ref{verity.SourceRef(corpus[i].ID)}, verity.Actor{Who: "user:admin@corp.example"}, "test"); err != nil {
				t.Fatal(err)
			}
		}
	}
	callers := []verity.Caller{verity.NewCaller(), verity.NewCaller("group:g3"), verity.NewCaller("group:g6", "user:a@x.example")}
	compared := 0
	for _, q := range storetest.SynthQueries(60, 29) {
		for _, c := range callers {
			want, err := lite.Search(ctx, verity.SearchQuery{Text: q, Caller: c, K: 10})
			if err != nil {
				t.Fatal(err)
			}
			got, err := pg.Search(ctx, verity.SearchQuery{Text: q, Caller: c, K: 10})
			if err != nil {
				t.Fatal(err)
			}
			if len(got.Results) != len(want.Results) {
				t.Fatalf("query %q as %v: %d results on PostgreSQL, %d on SQLite", q, c.Principals(), len(got.Results), len(want.Results))
			}
			for i := range want.Results {
				g, w := got.Results[i], want.Results[i]
				if g.SourceID != w.SourceID || g.Chunk.Ordinal != w.Chunk.Ordinal || g.Version != w.Version || g.Score != w.Score {
					t.Fatalf("query %q as %v, result %d: PostgreSQL %s#%d v%d %.12f, SQLite %s#%d v%d %.12f",
						q, c.Principals(), i, g.SourceID, g.Chunk.Ordinal, g.Version, g.Score, w.SourceID, w.Chunk.Ordinal, w.Version, w.Score)
				}
			}
			if len(got.Hints) != len(want.Hints) {
				t.Fatalf("query %q as %v: hints %v on PostgreSQL, %v on SQLite", q, c.Principals(), got.Hints, want.Hints)
			}
			for i := range want.Hints {
				if got.Hints[i] != want.Hints[i] {
					t.Fatalf("query %q as %v: hints %v on PostgreSQL, %v on SQLite", q, c.Principals(), got.Hints, want.Hints)
				}
			}
			compared += len(want.Results)
		}
	}
	if compared < 1000 {
		t.Fatalf("compared only %d results: the corpus or queries stopped matching", compared)
	}
	t.Logf("compared %d results of %d searches", compared, 60*len(callers))
}

// TestPreviousReleaseCopied copies the store the previous release wrote
// (SQLite, schema 012) into PostgreSQL and asks it what that release was
// asked: PostgreSQL gives the release's answers, result for result, score
// for score, hint for hint — the path a team takes from its SQLite file.
func TestPreviousReleaseCopied(t *testing.T) {
	ctx := context.Background()
	b, err := os.ReadFile("../sqlite/testdata/stores/7ea07f4-demo.db")
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "release.db")
	if err := os.WriteFile(path, b, 0o600); err != nil {
		t.Fatal(err)
	}
	lite, err := sqlite.Open(ctx, path, sqlite.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer lite.Close()
	pg := pgtest.Open(t, postgres.Options{})
	rep, err := lite.CopyTo(ctx, pg, nil)
	if err != nil {
		t.Fatal(err)
	}
	if rep.Copied == 0 || !rep.Verified {
		t.Fatalf("CopyTo = %+v, want rows copied and verified", rep)
	}
	storetest.CheckReleaseSearches(t, pg, "../sqlite/testdata/stores/7ea07f4-search.json")
}

// TestPreviousReleasePostgres opens the PostgreSQL store the release before
// chunk spans wrote (commit 95642fd, schema 014; a dump of its schema, see
// ../sqlite/testdata/stores/README.md) and asks it what that release was
// asked: the migrated store gives the release's answers, keeps its
// revoked source's terms and its queued job.
func TestPreviousReleasePostgres(t *testing.T) {
	ctx := context.Background()
	url := pgtest.Load(t, "testdata/95642fd-demo.sql", "verity_fixture")
	db, err := postgres.Open(ctx, url, postgres.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var version int
	if err := db.SQL().QueryRowContext(ctx, `SELECT max(version) FROM schema_migrations`).Scan(&version); err != nil || version != 22 {
		t.Errorf("schema after opening the release's store = %d (%v), want 22", version, err)
	}
	storetest.CheckReleaseSearches(t, db, "../sqlite/testdata/stores/95642fd-search.json")
	storetest.CheckSpanRelease(t, db)
}

// TestLastReleasePostgres opens the PostgreSQL store the last release
// wrote (commit de9fe87, schema 017, before undiscoverable sources and the
// hint budget; see ../sqlite/testdata/stores/README.md): migrated, it
// gives the release's results, its hints can be kept from being mined, and
// it counts searches for the budget.
func TestLastReleasePostgres(t *testing.T) {
	ctx := context.Background()
	url := pgtest.Load(t, "testdata/de9fe87-demo.sql", "verity_fixture")
	raw, err := sql.Open("pgx", url)
	if err != nil {
		t.Fatal(err)
	}
	texts := storetest.VersionTexts(t, raw)
	raw.Close()
	db, err := postgres.Open(ctx, url, postgres.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var version int
	if err := db.SQL().QueryRowContext(ctx, `SELECT max(version) FROM schema_migrations`).Scan(&version); err != nil || version != 22 {
		t.Errorf("schema after opening the release's store = %d (%v), want 22", version, err)
	}
	storetest.CheckReleaseSearches(t, db, "../sqlite/testdata/stores/de9fe87-search.json")
	storetest.CheckDiscoverableRelease(t, db)
	storetest.CheckDirectoryRelease(t, db)
	storetest.CheckConnectors(t, db)
	storetest.CheckChatRelease(t, db)
	storetest.CheckTextBlocks(t, db, texts)
}
