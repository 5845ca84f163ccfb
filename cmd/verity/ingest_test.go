package main

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/veritykb/verity/kb"
)

// TestIngestSaysWhatChanged re-ingests one JSONL record without
// "updated_at" again and again, changing one thing at a time, and checks
// that each run reports exactly what changed: nothing for the same line,
// the fields and the ACL's direction otherwise.
func TestIngestSaysWhatChanged(t *testing.T) {
	db := filepath.Join(t.TempDir(), "v.db")
	line := func(acl, author, text string) string {
		return `{"id":"CONF-101","uri":"https://wiki/101","system":"confluence","title":"Vacations","author":"` + author +
			`","acl":[` + acl + `],"text":"` + text + `"}`
	}
	updatedAt := func() string {
		out, errOut, code := cli(t, db, "", "show", "--all", "--json", "CONF-101")
		if code != 0 {
			t.Fatalf("show: exit %d: %s", code, errOut)
		}
		return decode[struct {
			UpdatedAt string `json:"updated_at"`
		}](t, out).UpdatedAt
	}
	tests := []struct {
		name    string
		line    string
		summary string
		changes []string // the lines before the summary
		acls    string   // the acl line, "" when none
	}{
		{"new", line(`"public"`, "", "Ten days a year."), "1 new, 0 new versions, 0 metadata updates, 0 unchanged", nil, ""},
		{"the same line", line(`"public"`, "", "Ten days a year."), "0 new, 0 new versions, 0 metadata updates, 1 unchanged", nil, ""},
		{"narrowed, with an author", line(`"group:staff"`, "ann@corp.example", "Ten days a year."), "0 new, 0 new versions, 1 metadata updates, 0 unchanged",
			[]string{"CONF-101: metadata: acl narrowed (removed public; added group:staff), author"}, "acls: 1 narrowed, 0 widened"},
		{"staff swapped for hr", line(`"group:hr"`, "ann@corp.example", "Ten days a year."), "1 metadata updates",
			[]string{"CONF-101: metadata: acl narrowed and widened (removed group:staff; added group:hr)"}, "acls: 1 narrowed, 1 widened"},
		{"public added", line(`"group:hr","public"`, "ann@corp.example", "Ten days a year."), "1 metadata updates",
			[]string{"CONF-101: metadata: acl widened (added public)"}, "acls: 0 narrowed, 1 widened"},
		{"a new text", line(`"group:hr","public"`, "ann@corp.example", "Twelve days a year."), "0 new, 1 new versions, 0 metadata updates, 0 unchanged",
			[]string{"CONF-101: new version 2: text, updated_at"}, ""},
		{"the new text again", line(`"group:hr","public"`, "ann@corp.example", "Twelve days a year."), "1 unchanged", nil, ""},
	}
	prev := ""
	for _, tt := range tests {
		out, errOut, code := cli(t, db, tt.line, "ingest", "-")
		if code != 0 {
			t.Fatalf("%s: ingest: exit %d: %s", tt.name, code, errOut)
		}
		lines := strings.Split(strings.TrimSpace(out), "\n")
		var changes []string
		for len(lines) > 0 && !strings.HasPrefix(lines[0], "ingested into") {
			changes, lines = append(changes, lines[0]), lines[1:]
		}
		if len(lines) == 0 || !strings.Contains(lines[0], tt.summary) || strings.Join(changes, "\n") != strings.Join(tt.changes, "\n") {
			t.Errorf("%s: ingest said\n%s\nwant the lines %q, then a summary with %q", tt.name, out, tt.changes, tt.summary)
		}
		if hasACLs := strings.Contains(out, "\nacls: "); hasACLs != (tt.acls != "") || !strings.Contains(out, tt.acls) {
			t.Errorf("%s: ingest said\n%s\nwant the acl line %q", tt.name, out, tt.acls)
		}
		// The record gives no time: a new text takes the ingest time, and
		// anything else keeps the stored one.
		now := updatedAt()
		newText := strings.Contains(strings.Join(tt.changes, " "), "new version")
		if prev != "" && (now != prev) != newText {
			t.Errorf("%s: updated_at went from %s to %s, want it changed only with a new text", tt.name, prev, now)
		}
		prev = now
	}
	// The JSON report carries the same, and keeps its counts.
	out, errOut, code := cli(t, db, line(`"group:hr"`, "", "Twelve days a year."), "ingest", "--json", "-")
	if code != 0 {
		t.Fatalf("ingest --json: exit %d: %s", code, errOut)
	}
	rep := decode[kb.IngestReport](t, out)
	if rep.Metadata != 1 || rep.ACLNarrowed != 1 || rep.ACLWidened != 0 || len(rep.Changes) != 1 {
		t.Fatalf("ingest --json = %s, want one metadata update that narrowed the acl", out)
	}
	c := rep.Changes[0]
	if c.ID != "CONF-101" || c.Where != "stdin:1" || c.Outcome != "metadata" || c.Version != 2 || c.ACL == nil ||
		len(c.ACL.Removed) != 1 || c.ACL.Removed[0] != "public" || len(c.ACL.Added) != 0 || strings.Join(fields(c), " ") != "acl author" {
		t.Errorf("ingest --json change = %+v, want CONF-101 v2 from stdin:1, acl (removed public) and author", c)
	}
}

func fields(c kb.IngestChange) []string {
	out := make([]string, len(c.Fields))
	for i, f := range c.Fields {
		out[i] = string(f)
	}
	return out
}

// TestIngestOneURIPerSystem checks through the command that a second id
// with a uri its system already has is refused, naming the holder only to
// a caller who may read it, and that the same uri in another system is
// another source.
func TestIngestOneURIPerSystem(t *testing.T) {
	db := filepath.Join(t.TempDir(), "v.db")
	record := func(id, system, acl string) string {
		return `{"id":"` + id + `","uri":"https://wiki/board","system":"` + system + `","title":"` + id + `","acl":["` + acl + `"],"text":"Text of ` + id + `."}`
	}
	if _, errOut, code := cli(t, db, record("BOARD-1", "confluence", "group:board"), "ingest", "-"); code != 0 {
		t.Fatalf("ingest BOARD-1: exit %d: %s", code, errOut)
	}
	for _, p := range []string{"user:cs@corp.example", "user:cb@corp.example"} {
		if _, errOut, code := cli(t, db, "", "role", "grant", "curator", p); code != 0 {
			t.Fatalf("role grant %s: exit %d: %s", p, code, errOut)
		}
	}
	tests := []struct {
		name string
		as   []string
		want string
	}{
		{"a curator who cannot read the holder", []string{"--as", "user:cs@corp.example", "--as", "group:staff"},
			`uri "https://wiki/board" is already used by a source you cannot read`},
		{"a curator who can", []string{"--as", "user:cb@corp.example", "--as", "group:board"},
			`uri "https://wiki/board" is already the uri of source "BOARD-1"`},
		{"the operator", nil, `uri "https://wiki/board" is already the uri of source "BOARD-1"`},
	}
	for _, tt := range tests {
		args := append(append([]string{}, tt.as...), "ingest", "-")
		out, errOut, code := cli(t, db, record("NEW-1", "confluence", "group:staff"), args...)
		if code != exitFailure || !strings.Contains(errOut, tt.want) || !strings.Contains(out, "1 failed") {
			t.Errorf("%s: ingest NEW-1 = exit %d, stdout %q, stderr %q; want exit %d saying %q", tt.name, code, out, errOut, exitFailure, tt.want)
		}
		if strings.Contains(tt.want, "cannot read") && strings.Contains(out+errOut, "BOARD-1") {
			t.Errorf("%s: ingest NEW-1 names BOARD-1: %s %s", tt.name, out, errOut)
		}
	}
	out, _, code := cli(t, db, record("NEW-1", "confluence", "group:staff"), "--json", "--as", "user:cs@corp.example", "ingest", "-")
	rep := decode[kb.IngestReport](t, out)
	if code != exitFailure || len(rep.Failed) != 1 || rep.Failed[0].Code != "conflict" || strings.Contains(out, "BOARD-1") {
		t.Errorf("ingest --json NEW-1 as a curator who cannot read the holder = exit %d %s, want one conflict naming no source", code, out)
	}
	if out, errOut, code := cli(t, db, record("NEW-1", "jira", "group:staff"), "ingest", "-"); code != 0 || !strings.Contains(out, "1 new") {
		t.Errorf("ingest NEW-1 in another system = exit %d %s %s, want it stored", code, out, errOut)
	}
}

// TestIngestStdinTwice ingests the same stdin twice: the second run finds
// it unchanged, not a metadata update stamped with the time of the run.
func TestIngestStdinTwice(t *testing.T) {
	db := filepath.Join(t.TempDir(), "v.db")
	for run, want := range []string{"1 new", "1 unchanged"} {
		out, errOut, code := cli(t, db, "Some notes about Bitrix24.", "ingest", "--id", "notes", "-")
		if code != 0 || !strings.Contains(out, want) {
			t.Errorf("ingest run %d = exit %d %s\n%s, want %q", run+1, code, errOut, out, want)
		}
	}
}
