package postgres_test

import (
	"context"
	"testing"
	"time"

	"github.com/veritykb/verity/internal/storetest"
	"github.com/veritykb/verity/postgres"
	"github.com/veritykb/verity/postgres/pgtest"
)

// TestConformance runs the store suite that the SQLite store passes too,
// each check in schemas of its own.
func TestConformance(t *testing.T) { storetest.Run(t, openSuite) }

// openSuite opens stores for the suite: a new schema, the same schema for
// the same name.
func openSuite(t testing.TB, name string) storetest.Store {
	t.Helper()
	url := ""
	if name == "" {
		url = pgtest.NewURL(t)
	} else {
		url = storetest.Named(t, name, func() string { return pgtest.NewURL(t) })
	}
	db, err := postgres.Open(context.Background(), url, postgres.Options{Now: func() time.Time { return storetest.Clock }, MaxConns: 4})
	if err != nil {
		t.Fatalf("Open: %v", err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}

func TestMain(m *testing.M) { pgtest.Main(m) }
