package main

import (
	"database/sql"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/veritykb/verity"
)

// TestSourcesReportsURIDuplicates opens, through the command, a store of
// the previous release holding two ids with one uri in one system (a copy
// of CONF-103 as CONF-999, added with the old schema's SQL, readable by
// staff where CONF-103 is HR's): it opens, migrated, and sources warns of
// the duplicate, naming CONF-103 only to those who may read it.
func TestSourcesReportsURIDuplicates(t *testing.T) {
	db := filepath.Join(t.TempDir(), "old.db")
	data, err := os.ReadFile(filepath.Join("..", "..", "sqlite", "testdata", "stores", "a5ad495-demo.db"))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(db, data, 0o644); err != nil {
		t.Fatal(err)
	}
	raw, err := sql.Open("sqlite", "file:"+db)
	if err != nil {
		t.Fatal(err)
	}
	for _, q := range []string{
		`INSERT INTO sources (id, uri, system, title, author, version, updated_at, ingested_at, hash, status)
			SELECT 'CONF-999', uri, system, title, author, version, updated_at, ingested_at, hash, status FROM sources WHERE id = 'CONF-103'`,
		`INSERT INTO source_versions (sid, version, hash, title, text, created_at)
			SELECT (SELECT sid FROM sources WHERE id = 'CONF-999'), version, hash, title, text, created_at
			FROM source_versions WHERE sid = (SELECT sid FROM sources WHERE id = 'CONF-103')`,
		`INSERT INTO source_acl (principal, sid) VALUES ('group:staff', (SELECT sid FROM sources WHERE id = 'CONF-999'))`,
	} {
		if _, err := raw.Exec(q); err != nil {
			t.Fatal(err)
		}
	}
	raw.Close()
	const uri = "https://wiki.corp.example/display/HR/Layoffs2027"
	tests := []struct {
		name string
		args []string
		want string // the warning, "" for none
	}{
		{"the operator's view", []string{"sources", "--all"}, "warning: CONF-999 shares uri " + uri + " (system confluence) with older source CONF-103"},
		{"staff, who cannot read CONF-103", []string{"--as", "group:staff", "sources"}, "warning: CONF-999 shares uri " + uri + " (system confluence) with an older source you cannot read"},
		{"hr, who cannot read CONF-999", []string{"--as", "group:hr", "sources"}, ""},
		{"another system", []string{"sources", "--all", "--system", "web"}, ""},
	}
	for _, tt := range tests {
		out, errOut, code := cli(t, db, "", tt.args...)
		if code != 0 || strings.TrimSpace(out) == "" {
			t.Fatalf("%s: verity %v = exit %d %s", tt.name, tt.args, code, errOut)
		}
		if tt.want == "" && strings.Contains(errOut, "warning") || !strings.Contains(errOut, tt.want) {
			t.Errorf("%s: verity %v warned %q, want %q", tt.name, tt.args, errOut, tt.want)
		}
		if strings.Contains(tt.want, "cannot read") && strings.Contains(errOut, "CONF-103") {
			t.Errorf("%s: the warning names CONF-103: %s", tt.name, errOut)
		}
	}
	out, _, code := cli(t, db, "", "--json", "--as", "group:staff", "sources")
	got := decode[struct {
		Dups []verity.URIDuplicate `json:"uri_duplicates"`
	}](t, out)
	if want := (verity.URIDuplicate{System: "confluence", URI: uri, ID: "CONF-999"}); code != 0 || len(got.Dups) != 1 || got.Dups[0] != want {
		t.Errorf("sources --json as staff = exit %d, uri_duplicates %+v, want [%+v]", code, got.Dups, want)
	}
	// The duplicate keeps working: staff reads it, the operator re-ingests
	// nothing new into its uri.
	if out, _, code := cli(t, db, "", "--as", "group:staff", "show", "CONF-999"); code != 0 || !strings.Contains(out, "План сокращений") {
		t.Errorf("show CONF-999 as staff = exit %d:\n%s", code, out)
	}
	rec := `{"id":"CONF-1000","uri":"` + uri + `","system":"confluence","acl":["group:hr"],"text":"A third copy."}`
	if _, errOut, code := cli(t, db, rec, "ingest", "-"); code != exitFailure || !strings.Contains(errOut, `already the uri of source "CONF-103"`) {
		t.Errorf("ingest a third id for the uri = exit %d %q, want it refused, naming CONF-103 to the operator", code, errOut)
	}
}
