package postgres_test

import (
	"context"
	"net/url"
	"strings"
	"testing"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/postgres"
	"github.com/veritykb/verity/postgres/pgtest"
)

// TestOpenConcurrently opens one new store from several goroutines at once,
// as several servers starting together do: every Open succeeds, the schema
// is created once and each migration is applied once.
func TestOpenConcurrently(t *testing.T) {
	url := pgtest.NewURL(t)
	// A schema from the pool is migrated already; drop it so that the
	// openers race to create and migrate it.
	if err := postgres.DropSchema(context.Background(), pgtest.URL(t), schemaOf(url)); err != nil {
		t.Fatal(err)
	}
	errs := make(chan error, 6)
	for range 6 {
		go func() {
			db, err := postgres.Open(context.Background(), url, postgres.Options{MaxConns: 2})
			if err == nil {
				db.Close()
			}
			errs <- err
		}()
	}
	for range 6 {
		if err := <-errs; err != nil {
			t.Errorf("concurrent Open = %v", err)
		}
	}
	db, err := postgres.Open(context.Background(), url, postgres.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var n, distinct int
	if err := db.SQL().QueryRow(`SELECT count(*), count(DISTINCT version) FROM schema_migrations`).Scan(&n, &distinct); err != nil {
		t.Fatal(err)
	}
	if n != distinct || n < 1 {
		t.Errorf("schema_migrations has %d rows for %d versions, want each applied once", n, distinct)
	}
	if err := db.Ready(context.Background()); err != nil {
		t.Errorf("Ready = %v", err)
	}
}

func schemaOf(raw string) string {
	u, err := url.Parse(raw)
	if err != nil {
		panic(err)
	}
	return u.Query().Get("search_path")
}

// TestOpenRefuses checks the errors a person meets first: a schema name
// that is not a plain identifier is invalid input, a server that does not
// answer is unavailable, and neither message holds the password.
func TestOpenRefuses(t *testing.T) {
	pgtest.URL(t)
	ctx := context.Background()
	if _, err := postgres.Open(ctx, "postgres://postgres@127.0.0.1:5432/test?search_path=Bad-Name", postgres.Options{}); verity.ErrorCode(err) != verity.EINVALID {
		t.Errorf("Open with schema Bad-Name = %v, want invalid", err)
	}
	_, err := postgres.Open(ctx, "postgres://ann:s3cret-pw@127.0.0.1:1/test?connect_timeout=2", postgres.Options{})
	if verity.ErrorCode(err) != verity.EUNAVAILABLE {
		t.Errorf("Open of a closed port = %v, want unavailable", err)
	}
	if err != nil && strings.Contains(err.Error(), "s3cret-pw") {
		t.Errorf("Open's error %q holds the password", err)
	}
	if _, err := postgres.Open(ctx, "postgres://[::1", postgres.Options{}); verity.ErrorCode(err) != verity.EINVALID {
		t.Errorf("Open of a malformed URL = %v, want invalid", err)
	}
}
