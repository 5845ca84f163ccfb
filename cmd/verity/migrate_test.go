package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/veritykb/verity/postgres/pgtest"
)

// TestMigrateCommand runs verity migrate on a store an old release wrote
// (schema 007): the first run says which migrations it applied, a second
// says the store is up to date, and --json lists the history; on a new
// PostgreSQL store it reports PostgreSQL's baseline and what came after.
func TestMigrateCommand(t *testing.T) {
	b, err := os.ReadFile("../../sqlite/testdata/stores/a5ad495-demo.db")
	if err != nil {
		t.Fatal(err)
	}
	db := filepath.Join(t.TempDir(), "old.db")
	if err := os.WriteFile(db, b, 0o600); err != nil {
		t.Fatal(err)
	}
	out, errOut, code := cli(t, db, "", "migrate")
	if code != 0 || !strings.Contains(out, "(sqlite) is at schema version 22: applied 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22 now") || !strings.Contains(out, "012_postings.sql") {
		t.Fatalf("migrate an old store = exit %d:\n%s%s", code, out, errOut)
	}
	out, errOut, code = cli(t, db, "", "migrate")
	if code != 0 || !strings.Contains(out, "is at schema version 22, up to date") {
		t.Errorf("migrate again = exit %d:\n%s%s", code, out, errOut)
	}
	// The release's text is in blocks now; --vacuum gives the file's
	// free pages back.
	before, _ := os.Stat(db)
	out, errOut, code = cli(t, db, "", "migrate", "--vacuum")
	after, _ := os.Stat(db)
	if code != 0 || !strings.Contains(out, "vacuumed: ") || after.Size() >= before.Size() {
		t.Errorf("migrate --vacuum = exit %d, file %d bytes before, %d after:\n%s%s", code, before.Size(), after.Size(), out, errOut)
	}
	out, errOut, code = cli(t, db, "", "migrate", "--json")
	var st struct {
		Store   string `json:"store"`
		Dialect string `json:"dialect"`
		Version int    `json:"version"`
		Latest  int    `json:"latest"`
		Applied []int  `json:"applied"`
		History []struct {
			Version int    `json:"version"`
			Name    string `json:"name"`
		} `json:"history"`
	}
	if err := json.Unmarshal([]byte(out), &st); code != 0 || err != nil || st.Dialect != "sqlite" || st.Version != 22 || st.Latest != 22 ||
		len(st.Applied) != 0 || len(st.History) != 22 || st.History[7].Name != "008_roles.sql" {
		t.Errorf("migrate --json = exit %d, %+v (%v):\n%s%s", code, st, err, out, errOut)
	}
	out, errOut, code = cli(t, pgtest.NewURL(t), "", "migrate", "--vacuum")
	if code != 0 || !strings.Contains(out, "(postgres) is at schema version 22") || !strings.Contains(out, "012_baseline.sql") || !strings.Contains(out, "vacuumed: ") {
		t.Errorf("migrate a PostgreSQL store = exit %d:\n%s%s", code, out, errOut)
	}
}
