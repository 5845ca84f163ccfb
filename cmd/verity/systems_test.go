package main

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"
)

// TestSystemsCommand: an admin lists the systems and makes one
// undiscoverable; a reader then gets no hint about its pages, and a JSONL
// record can say "discoverable": false by itself.
func TestSystemsCommand(t *testing.T) {
	db := filepath.Join(t.TempDir(), "systems.db")
	records := strings.Join([]string{
		`{"id":"PUB-1","uri":"https://vendor.example/acme","system":"web","title":"Acme","acl":["public"],"text":"Acme moved its sales to Bitrix24 in March."}`,
		`{"id":"BOARD-1","uri":"https://board.example/1","system":"boardroom","title":"Minutes","author":"chair@corp.example","acl":["group:board"],"text":"Acme moved its sales to Bitrix24 to prepare the zephyrine merger."}`,
		`{"id":"VAULT-1","uri":"https://vault.example/1","system":"vault","title":"Vault","author":"keeper@corp.example","acl":["group:board"],"discoverable":false,"text":"The zephyrine merger closes in May."}`,
	}, "\n")
	if _, errOut, code := cli(t, db, records, "ingest", "-"); code != 0 {
		t.Fatalf("ingest: %s", errOut)
	}
	search := func() string {
		out, errOut, code := cli(t, db, "", "--as", "group:staff", "search", "zephyrine merger")
		if code != 0 {
			t.Fatalf("search: exit %d: %s", code, errOut)
		}
		return out
	}
	if out := search(); !strings.Contains(out, "chair@corp.example") || strings.Contains(out, "keeper@corp.example") {
		t.Errorf("search before = %s, want the boardroom's hint and none for the undiscoverable vault page", out)
	}
	out, errOut, code := cli(t, db, "", "systems", "undiscoverable", "boardroom")
	if code != 0 || !strings.Contains(out, "boardroom is undiscoverable") {
		t.Fatalf("systems undiscoverable = exit %d: %s%s", code, out, errOut)
	}
	if out := search(); strings.Contains(out, "chair@corp.example") {
		t.Errorf("search after = %s, want no hint", out)
	}
	out, _, code = cli(t, db, "", "systems", "--json")
	var list struct {
		Systems []struct {
			System                string `json:"system"`
			Sources               int    `json:"sources"`
			UndiscoverableSources int    `json:"undiscoverable_sources"`
			Discoverable          bool   `json:"discoverable"`
			SetBy                 string `json:"set_by"`
		} `json:"systems"`
	}
	if err := json.Unmarshal([]byte(out), &list); err != nil || code != 0 || len(list.Systems) != 3 {
		t.Fatalf("systems --json = exit %d, %v: %s", code, err, out)
	}
	got := map[string]string{}
	for _, s := range list.Systems {
		got[s.System] = strings.Join([]string{
			map[bool]string{true: "discoverable", false: "undiscoverable by " + s.SetBy}[s.Discoverable],
			map[bool]string{true: "one source hidden", false: ""}[s.UndiscoverableSources == 1],
		}, " ")
	}
	if !strings.HasPrefix(got["boardroom"], "undiscoverable by local:") || got["vault"] != "discoverable one source hidden" || got["web"] != "discoverable " {
		t.Errorf("systems = %q", got)
	}
	if _, _, code := cli(t, db, "", "--as", "group:staff", "systems"); code != exitForbidden {
		t.Errorf("systems as a reader = exit %d, want forbidden", code)
	}
}
