package main

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"
)

// TestDirectoryCommands: an admin puts alice into staff; --as user:alice
// then reads the staff page without naming the group; removed, she does
// not; deactivated, she is refused like a bad token; group list and user
// show say what happened, and the output says how to undo a change.
func TestDirectoryCommands(t *testing.T) {
	db := filepath.Join(t.TempDir(), "dir.db")
	records := `{"id":"STAFF-1","uri":"https://wiki.corp.example/parking","system":"confluence","title":"Parking","acl":["group:staff"],"text":"Staff park in the north lot."}`
	if _, errOut, code := cli(t, db, records, "ingest", "-"); code != 0 {
		t.Fatalf("ingest: %s", errOut)
	}
	show := func() int {
		_, _, code := cli(t, db, "", "--as", "user:alice@corp.example", "show", "STAFF-1")
		return code
	}
	if code := show(); code != exitNotFound {
		t.Fatalf("show as alice before = exit %d, want %d", code, exitNotFound)
	}
	if out, _, code := cli(t, db, "", "group", "add", "staff", "Alice@corp.example"); code != exitNotFound || !strings.Contains(out+"", "") {
		t.Errorf("group add of unknown users without --create = exit %d, want %d", code, exitNotFound)
	}
	out, errOut, code := cli(t, db, "", "group", "add", "staff", "Alice@corp.example", "--create")
	if code != 0 || !strings.Contains(out, "added to group:staff: user:alice@corp.example") || !strings.Contains(out, "undo with: verity group remove group:staff user:alice@corp.example") {
		t.Fatalf("group add --create = exit %d:\n%s%s", code, out, errOut)
	}
	if code := show(); code != 0 {
		t.Errorf("show as alice after group add = exit %d, want 0", code)
	}
	out, _, code = cli(t, db, "", "--json", "group", "list", "--user", "alice@corp.example")
	var list struct {
		Groups []struct {
			Principal string   `json:"principal"`
			Members   []string `json:"members"`
		} `json:"groups"`
	}
	if err := json.Unmarshal([]byte(out), &list); err != nil || code != 0 || len(list.Groups) != 1 || list.Groups[0].Principal != "group:staff" {
		t.Errorf("group list --user --json = %s (%v)", out, err)
	}
	if _, _, code := cli(t, db, "", "group", "remove", "staff", "alice@corp.example"); code != 0 {
		t.Fatal("group remove failed")
	}
	if code := show(); code != exitNotFound {
		t.Errorf("show as alice after group remove = exit %d, want %d", code, exitNotFound)
	}
	if out, _, code := cli(t, db, "", "user", "deactivate", "alice@corp.example"); code != 0 || !strings.Contains(out, "user:alice@corp.example is deactivated") {
		t.Errorf("user deactivate = exit %d: %s", code, out)
	}
	if code := show(); code != exitUnauthorized {
		t.Errorf("show as a deactivated alice = exit %d, want %d (unauthorized)", code, exitUnauthorized)
	}
	out, _, code = cli(t, db, "", "user", "show", "alice@corp.example")
	for _, want := range []string{"deactivated", "user.deactivate", "group.remove", "group.add", "by local:"} {
		if code != 0 || !strings.Contains(out, want) {
			t.Errorf("user show = exit %d:\n%s\nwant %q", code, out, want)
		}
	}
	if out, _, code := cli(t, db, "", "user", "list"); code != 0 || !strings.Contains(out, "user:alice@corp.example\tdeactivated") {
		t.Errorf("user list = exit %d: %s", code, out)
	}
}
