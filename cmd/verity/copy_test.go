package main

import (
	"encoding/json"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/postgres/pgtest"
)

// TestCopyCommand moves a store from a SQLite file to PostgreSQL and back
// to another file through verity copy: the summary and --json report every
// table verified, no output holds the database's password, the file copy
// answers as the original, and a copy run again, onto other data, onto the
// source itself or from nowhere exits as the README says.
func TestCopyCommand(t *testing.T) {
	dir := t.TempDir()
	src, back := filepath.Join(dir, "src.db"), filepath.Join(dir, "back.db")
	records := strings.Join([]string{
		`{"id":"PUB-1","uri":"https://vendor.example/a","system":"web","title":"Acme","acl":["public"],"text":"Acme moved its sales to Bitrix24 in March."}`,
		`{"id":"STAFF-1","uri":"https://wiki.corp.example/crm","system":"confluence","title":"CRM","acl":["group:staff"],"text":"Acme finished the Bitrix24 rollout in April."}`,
	}, "\n")
	must := func(db, stdin string, args ...string) string {
		t.Helper()
		out, errOut, code := cli(t, db, stdin, args...)
		if code != 0 {
			t.Fatalf("verity --db %s %v: exit %d: %s", db, args, code, errOut)
		}
		return out
	}
	must(src, records, "ingest", "-")
	must(src, strings.Replace(records, "in March", "in March and its support in May", 1), "ingest", "-")
	must(src, "", "revoke", "STAFF-1", "--reason", "outdated")
	must(src, "", "role", "grant", "curator", "group:editors")

	// The password in both places pgx reads one; trust auth ignores it.
	url := strings.Replace(pgtest.NewURL(t), "postgres@", "postgres:s3cret-user-part@", 1)
	secrets := []string{"s3cret-user-part", "s3cret-param"}
	noSecret := func(name, out string) {
		t.Helper()
		for _, s := range secrets {
			if strings.Contains(out, s) {
				t.Errorf("%s prints the password %q:\n%s", name, s, out)
			}
		}
	}
	out, errOut, code := cli(t, src, "", "copy", "--to", url)
	noSecret("copy --to", out+errOut)
	if code != 0 || !strings.Contains(out, "verified: all 48 tables have the same row counts and SHA-256 on both sides") ||
		!strings.Contains(out, "postgres:xxxxx@127.0.0.1") || !regexp.MustCompile(`\n  sources +2 +0 +2  `).MatchString(out) {
		t.Fatalf("copy to PostgreSQL = exit %d:\n%s%s", code, out, errOut)
	}
	out, errOut, code = cli(t, src, "", "copy", "--to", url+"&password=s3cret-param")
	noSecret("copy again", out+errOut)
	if code != 0 || !strings.Contains(out, ": 0 rows now, ") {
		t.Errorf("copy again = exit %d:\n%s%s\nwant nothing copied", code, out, errOut)
	}

	out, errOut, code = cli(t, src, "", "--json", "copy", "--from", url, "--to", back)
	noSecret("copy --from --json", out+errOut)
	var rep struct {
		From string `json:"from"`
		To   string `json:"to"`
		verity.CopyReport
	}
	if err := json.Unmarshal([]byte(out), &rep); err != nil || code != 0 {
		t.Fatalf("copy --json = exit %d, %v:\n%s%s", code, err, out, errOut)
	}
	if !rep.Verified || len(rep.Tables) != 48 || rep.To != back || !strings.HasPrefix(rep.From, "postgres://postgres:xxxxx@") || rep.Copied == 0 {
		t.Errorf("copy --json = %s", out)
	}
	for _, args := range [][]string{{"--as", "group:staff", "search", "Acme Bitrix24"}, {"log"}, {"role", "list"}, {"sources", "--all"}, {"show", "PUB-1", "--version", "1"}} {
		if want, got := must(src, "", args...), must(back, "", args...); got != want {
			t.Errorf("verity %v on the copy = %s, want %s", args, got, want)
		}
	}

	other := filepath.Join(dir, "other.db")
	must(other, `{"id":"X-1","uri":"https://x.example/","system":"web","acl":["public"],"text":"Another store."}`, "ingest", "-")
	for _, tc := range []struct {
		name string
		args []string
		code int
		say  string
	}{
		{"onto other data", []string{"copy", "--to", other}, exitConflict, "table sources holds 1 rows"},
		{"onto itself", []string{"copy", "--to", src}, exitInvalid, "the source itself"},
		{"onto itself by URL", []string{"copy", "--from", url, "--to", url + "&password=s3cret-param"}, exitInvalid, "the source itself"},
		{"without --to", []string{"copy"}, exitInvalid, "--to"},
		{"from nowhere", []string{"copy", "--from", filepath.Join(dir, "none.db"), "--to", filepath.Join(dir, "new.db")}, exitNotFound, "no store at"},
	} {
		out, errOut, code := cli(t, src, "", tc.args...)
		noSecret(tc.name, out+errOut)
		if code != tc.code || !strings.Contains(errOut, tc.say) {
			t.Errorf("copy %s = exit %d:\n%s%s\nwant exit %d saying %q", tc.name, code, out, errOut, tc.code, tc.say)
		}
	}
}
