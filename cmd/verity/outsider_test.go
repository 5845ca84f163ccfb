package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// outsiderStore is the store of the issue "One door to the knowledge
// base": a public page, a staff-only page and two board-only pages, a
// summary written by someone who reads them all, extracted edges, a
// revocation of a board page and an audit. It returns the store, the
// summary id, a board-only sentence, the board-only edge and entity, and
// the event that revoked the board page.
func outsiderStore(t *testing.T) (db, sum, boardSentence, edge, entity, event string) {
	t.Helper()
	db = filepath.Join(t.TempDir(), "v.db")
	records := strings.Join([]string{
		`{"id":"PUB-1","uri":"https://vendor.example/cases/romashka","system":"web","title":"Кейс: Ромашка","acl":["public"],"text":"Кейс: ООО «Ромашка» перешла на Битрикс24. Acme moved its sales to Bitrix24 in March 2025. The Acme rollout of Bitrix24 finished in April 2025."}`,
		`{"id":"STAFF-1","uri":"https://wiki.corp.example/staff/crm","system":"confluence","title":"CRM for staff","acl":["group:staff"],"text":"Acme moved its sales to Bitrix24 after a pilot. The Acme rollout of Bitrix24 finished in April 2025."}`,
		`{"id":"BOARD-1","uri":"https://board.example/minutes/zephyrine","system":"web","title":"Board minutes zephyrine","author":"chair@corp.example","acl":["group:board"],"text":"Кейс: ООО «Тайна» перешла на Битрикс24. Acme moved its sales to Bitrix24 for the zephyrine merger. The Acme rollout of Bitrix24 finished in April 2025."}`,
		`{"id":"BOARD-2","uri":"https://board.example/minutes/zephyrine-2","system":"web","title":"Board minutes zephyrine two","author":"chair@corp.example","acl":["group:board"],"text":"Acme moved its sales to Bitrix24 as the zephyrine plan said."}`,
	}, "\n")
	must := func(stdin string, args ...string) string {
		t.Helper()
		out, errOut, code := cli(t, db, stdin, args...)
		if code != 0 {
			t.Fatalf("verity %v: exit %d: %s", args, code, errOut)
		}
		return out
	}
	must(records, "ingest", "-")
	var s struct {
		ID        string `json:"id"`
		Sentences []struct {
			ID      string `json:"id"`
			Receipt struct {
				Sets [][]string `json:"sets"`
			} `json:"receipt"`
		} `json:"sentences"`
	}
	json.Unmarshal([]byte(must("", "--as", "group:staff", "--as", "group:board", "summarize", "--json", "--k", "8", "--sentences", "8", "Acme moved its sales to Bitrix24")), &s)
	sum = s.ID
	// A reader's summary is its own until a curator publishes it.
	must("", "summarize", "--publish", sum)
	for _, st := range s.Sentences {
		if len(st.Receipt.Sets) == 1 && len(st.Receipt.Sets[0]) == 1 && strings.Contains(st.Receipt.Sets[0][0], "BOARD-1") {
			boardSentence = st.ID
		}
	}
	must("", "extract", "--spec", "bitrix24-ru")
	var g struct {
		Edges []struct {
			ID, Subject, SubjectID string
		} `json:"edges"`
	}
	json.Unmarshal([]byte(must("", "--as", "group:board", "--json", "graph")), &g)
	for _, e := range g.Edges {
		if strings.Contains(e.Subject, "Тайна") {
			edge = e.ID
		}
	}
	var ents struct {
		Entities []struct{ ID, Name string } `json:"entities"`
	}
	json.Unmarshal([]byte(must("", "--as", "group:board", "--json", "graph", "entities")), &ents)
	for _, e := range ents.Entities {
		if strings.Contains(e.Name, "Тайна") {
			entity = e.ID
		}
	}
	out := must("", "revoke", "BOARD-2", "--reason", "zephyrine leak")
	event = regexp.MustCompile(`event (\d+)`).FindStringSubmatch(out)[1]
	must("", "audit")
	must("", "connector", "add", "confluence", "--name", "wiki", "--url", "https://confluence.corp.example", "--token-env", "WIKI_SECRET_TOKEN", "--space", "BOARD")
	// The board's chair queues an audit of a board-only sentence: the job
	// names it.
	must("", "--as", "user:chair@corp.example", "--as", "group:board", "audit", "--queue", "--record", boardSentence)
	if sum == "" || boardSentence == "" || edge == "" || entity == "" {
		t.Fatalf("outsider store: summary %q, board sentence %q, edge %q, entity %q", sum, boardSentence, edge, entity)
	}
	return db, sum, boardSentence, edge, entity, event
}

// TestOutsider runs, as user:eve@outside.example, every command the issue
// found leaking: none prints the board's ids, titles, uris, words or
// derived records; none changes what eve may not change; and none answers
// differently for an id eve cannot read and one that does not exist.
func TestOutsider(t *testing.T) {
	db, sum, boardSentence, edge, entity, event := outsiderStore(t)
	const eve = "user:eve@outside.example"
	secrets := []string{"BOARD-1", "BOARD-2", "zephyrine", "Тайна", "board.example", boardSentence, edge, entity, event, "confluence.corp.example", "WIKI_SECRET_TOKEN"}
	// clean fails when out names a secret; echoed are ids eve gave, which
	// an error may repeat.
	clean := func(name string, out string, echoed ...string) {
		t.Helper()
		for _, e := range echoed {
			out = strings.ReplaceAll(out, e, "ECHOED")
		}
		for _, s := range secrets {
			if strings.Contains(out, s) {
				t.Errorf("%s as eve shows %q:\n%s", name, s, out)
			}
		}
	}
	run := func(args ...string) (string, int) {
		out, errOut, code := cli(t, db, "", append([]string{"--as", eve}, args...)...)
		return out + errOut, code
	}
	// Reads, filtered. bench search measures the store as it is, as eve:
	// the board's page, relevant to its query, stays out of the ranking.
	benchQueries := filepath.Join(t.TempDir(), "queries.jsonl")
	os.WriteFile(benchQueries, []byte(`{"query":"zephyrine merger","source_id":"BOARD-1"}`+"\n"), 0o644)
	if out, code := run("--json", "bench", "search", "--queries", benchQueries); code != 0 || !strings.Contains(out, `"ndcg_at_10": 0`) {
		t.Errorf("bench search as eve = exit %d:\n%s\nwant nDCG@10 0: the board's page unseen", code, out)
	}
	if out, _, code := cli(t, db, "", "--as", "group:board", "--json", "bench", "search", "--queries", benchQueries); code != 0 || !strings.Contains(out, `"ndcg_at_10": 1`) {
		t.Errorf("bench search as the board = exit %d:\n%s\nwant nDCG@10 1", code, out)
	}
	for _, args := range [][]string{
		{"bench", "search", "--queries", benchQueries}, {"bench", "search", "--json", "--queries", benchQueries},
		{"audit"}, {"audit", "--blind"}, {"audit", "--replay"}, {"audit", "--replay", "--json"}, {"audit", "--undetermined"},
		{"log"}, {"log", "--json"}, {"summarize", "--list"}, {"summarize", "--list", "--json"},
		{"summarize", "--show", sum, "--all"}, {"summarize", "--show", sum, "--json"},
		{"impact", "PUB-1"}, {"impact", "--json", "PUB-1"}, {"sources"}, {"sources", "--json"},
		{"search", "Acme Bitrix24 zephyrine"}, {"graph", "--json"}, {"graph", "entities"}, {"review"},
		{"ask", "How did Acme move its sales to Bitrix24?"}, {"jobs"}, {"jobs", "--json"},
	} {
		out, _ := run(args...)
		clean(strings.Join(args, " "), out)
	}
	// A sentence the board's page also holds shows on the public page
	// alone, and says there is more it cannot read.
	if out, _ := run("summarize", "--show", sum, "--all"); !strings.Contains(out, "{PUB-1} OR sources you cannot read") {
		t.Errorf("summarize --show as eve = %s, want the mixed receipt as {PUB-1} OR sources you cannot read", out)
	}
	// The local operator reads as public too, and is told how to read more.
	if out, _, _ := cli(t, db, "", "search", "zephyrine merger"); strings.Contains(out, "BOARD-1") || !strings.Contains(out, "note: without --as you read as public") {
		t.Errorf("search as the local operator = %s, want a hint and the note on --as", out)
	}
	if out, _ := run("search", "zephyrine merger"); strings.Contains(out, "note:") || !strings.Contains(out, "hint:") {
		t.Errorf("search as eve = %s, want a hint without the operator's note", out)
	}
	// Changes need a role eve does not have; --by is gone. A copy refused
	// makes no store where it would have written one.
	eveCopy := filepath.Join(t.TempDir(), "eve-copy.db")
	defer func() {
		if _, err := os.Stat(eveCopy); err == nil {
			t.Errorf("copy as eve made %s", eveCopy)
		}
	}()
	for _, args := range [][]string{
		{"revoke", "PUB-1", "--reason", "x"}, {"unrevoke", "BOARD-2"}, {"undo", event},
		{"graph", "merge", entity, "ent:000000000000"}, {"graph", "alias", "Acme", "Acme Corp"},
		{"review", "reject", edge}, {"audit", "--apply"}, {"sources", "--all"}, {"show", "--all", "BOARD-1"},
		{"extract", "--spec", "bitrix24-ru"}, {"role", "list"}, {"role", "grant", "admin", eve},
		{"backup", filepath.Join(t.TempDir(), "eve.db")}, {"token", "list"}, {"reindex"},
		{"systems"}, {"systems", "undiscoverable", "web"}, {"systems", "discoverable", "web"}, {"ingest", "--undiscoverable", "-"},
		{"group", "add", "board", eve, "--create"}, {"group", "remove", "board", "user:chair@corp.example"}, {"group", "list"},
		{"group", "alias", "group:confluence:wiki/board", "group:staff"}, {"user", "list"}, {"user", "show", eve},
		{"user", "deactivate", "user:chair@corp.example"}, {"user", "activate", eve}, {"role", "grant", "curator", "group:staff", "--provisioned"},
		{"token", "create", "--name", "x", "--scim"},
		{"connector", "list"}, {"connector", "show", "wiki"}, {"connector", "remove", "wiki"}, {"sync"}, {"sync", "wiki", "--full"}, {"sync", "wiki", "--queue"},
		{"connector", "add", "confluence", "--name", "eve", "--url", "https://eve.example", "--token-env", "EVE"},
		{"connector", "add", "jira", "--name", "eve2", "--url", "https://eve.example", "--token-env", "EVE", "--project", "OPS"},
		{"connector", "add", "slack", "--name", "eve3", "--url", "https://eve.example/api", "--token-env", "EVE"},
		{"feedback"}, {"feedback", "--json"}, {"telegram", "links"}, {"telegram", "link", "--principal", "user:chair@corp.example"},
		{"telegram", "unlink", "12345"}, {"slack", "--socket"}, {"slack", "configure", "--team-id", "T1", "--bot-token-file", "env:B", "--signing-secret-file", "env:S"}, {"telegram", "chat", "--principal", "group:board", "--", "-100"},
		{"copy", "--to", eveCopy}, {"migrate"}, {"migrate", "--vacuum"}, {"extract", "--spec", "bitrix24-ru", "--queue"}, {"crawl", "https://vendor.example/", "--queue"}, {"research", "--product", "Bitrix24", "--queue"},
	} {
		out, code := run(args...)
		if code != exitForbidden {
			t.Errorf("%v as eve = exit %d, want %d (forbidden):\n%s", args, code, exitForbidden, out)
		}
		clean(strings.Join(args, " "), out, args...)
	}
	// A user links its own chat account: the one change of this kind eve may make.
	if out, code := run("--json", "telegram", "link", "--principal", eve); code != 0 || !strings.Contains(out, `"code"`) {
		t.Errorf("telegram link of herself as eve = exit %d:\n%s\nwant a code", code, out)
	}
	if out, code := run("revoke", "PUB-1", "--reason", "x", "--by", "group:board"); code != exitInvalid || !strings.Contains(out, "--by is gone") {
		t.Errorf("revoke --by group:board as eve = exit %d:\n%s\nwant --by refused", code, out)
	}
	if out, code := run("worker"); code != exitInvalid || !strings.Contains(out, "runs each job as the caller who queued it") {
		t.Errorf("worker as eve = exit %d:\n%s\nwant --as refused", code, out)
	}
	if out, _, _ := cli(t, db, "", "--as", "user:chair@corp.example", "--json", "jobs", "show", "1"); !strings.Contains(out, boardSentence) {
		t.Errorf("jobs show 1 as its owner = %s, want the job", out)
	}
	if out, code := run("ingest", "-"); code != exitForbidden {
		t.Errorf("ingest as eve = exit %d, want forbidden:\n%s", code, out)
	}
	// Unreadable and missing ids look the same.
	for _, tc := range []struct {
		args          []string
		hidden, fresh string
	}{
		{[]string{"show", "BOARD-1"}, "BOARD-1", "NOPE-1"},
		{[]string{"impact", "BOARD-1"}, "BOARD-1", "NOPE-1"},
		{[]string{"impact", "record:" + boardSentence}, boardSentence, "sum-000000000000.s1"},
		{[]string{"summarize", "--show", boardSentence}, boardSentence, "sum-000000000000.s1"},
		{[]string{"explain", edge}, edge, "edge:000000000000"},
		{[]string{"audit", "--record", boardSentence}, boardSentence, "sum-000000000000.s1"},
		{[]string{"audit", "--event", event}, event, "1000000001"},
		{[]string{"--json", "show", "BOARD-1"}, "BOARD-1", "NOPE-1"},
		{[]string{"jobs", "show", "1"}, "1", "999999"},
		{[]string{"jobs", "cancel", "1"}, "1", "999999"},
	} {
		hidden, hcode := run(tc.args...)
		args := make([]string, len(tc.args))
		for i, a := range tc.args {
			args[i] = strings.ReplaceAll(a, tc.hidden, tc.fresh)
		}
		missing, mcode := run(args...)
		if hcode != mcode || strings.ReplaceAll(hidden, tc.hidden, tc.fresh) != missing {
			t.Errorf("%v as eve tells an unreadable id from a missing one:\n  exit %d: %s  exit %d: %s", tc.args, hcode, hidden, mcode, missing)
		}
	}
	// A curator who cannot read the board cannot tell either, nor revoke.
	if _, errOut, code := cli(t, db, "", "role", "grant", "curator", eve); code != 0 {
		t.Fatalf("role grant: %s", errOut)
	}
	for _, tc := range []struct {
		args          []string
		hidden, fresh string
	}{
		{[]string{"revoke", "BOARD-1", "--reason", "x"}, "BOARD-1", "NOPE-1"},
		{[]string{"unrevoke", "BOARD-2"}, "BOARD-2", "NOPE-2"},
		{[]string{"undo", event}, event, "1000000001"},
		{[]string{"extract", "--spec", "bitrix24-ru", "BOARD-1"}, "BOARD-1", "NOPE-1"},
		{[]string{"graph", "merge", entity, "ent:000000000001"}, entity, "ent:000000000000"},
		{[]string{"review", "reject", edge}, edge, "edge:000000000000"},
	} {
		hidden, hcode := run(tc.args...)
		args := make([]string, len(tc.args))
		for i, a := range tc.args {
			args[i] = strings.ReplaceAll(a, tc.hidden, tc.fresh)
		}
		missing, mcode := run(args...)
		if hcode != exitNotFound || hcode != mcode || strings.ReplaceAll(hidden, tc.hidden, tc.fresh) != missing {
			t.Errorf("%v as curator eve tells an unreadable id from a missing one:\n  exit %d: %s  exit %d: %s", tc.args, hcode, hidden, mcode, missing)
		}
	}
	// The operator's backup holds everything, and opens.
	copyPath := filepath.Join(t.TempDir(), "copy.db")
	if _, errOut, code := cli(t, db, "", "backup", copyPath); code != 0 {
		t.Errorf("backup as the operator = exit %d: %s", code, errOut)
	} else if out, _, _ := cli(t, copyPath, "", "--as", "group:board", "show", "BOARD-1"); !strings.Contains(out, "zephyrine") {
		t.Errorf("the backup lacks the board's page: %s", out)
	}
	// Re-ingesting the board's id is refused without a word about it.
	out, errOut, code := cli(t, db, `{"id":"BOARD-1","uri":"https://eve.example/","system":"web","acl":["public"],"text":"mine now"}`, "--as", eve, "ingest", "-")
	if code != exitFailure || !strings.Contains(out+errOut, "is taken") {
		t.Errorf("re-ingest BOARD-1 as curator eve = exit %d:\n%s%s\nwant it refused as taken", code, out, errOut)
	}
	clean("re-ingest", out+errOut, "BOARD-1")
	if out, _, _ := cli(t, db, "", "--as", "group:board", "show", "BOARD-1"); !strings.Contains(out, "zephyrine") || !strings.Contains(out, "group:board") {
		t.Errorf("BOARD-1 after eve's attempt = %s, want it unchanged", out)
	}
}

// TestUpgradeFixture opens the store made by the release before roles
// (sqlite/testdata/stores) through the command: it is migrated, its log
// keeps its actors, and the new rules apply to it at once.
func TestUpgradeFixture(t *testing.T) {
	db := filepath.Join(t.TempDir(), "old.db")
	data, err := os.ReadFile(filepath.Join("..", "..", "sqlite", "testdata", "stores", "a5ad495-demo.db"))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(db, data, 0o644); err != nil {
		t.Fatal(err)
	}
	out, errOut, code := cli(t, db, "", "log")
	if code != 0 || !strings.Contains(out, "user:demo@verity.example") || !strings.Contains(out, "user:ann@corp.example") || !strings.Contains(out, "relocate") {
		t.Fatalf("log of the old store = exit %d %s:\n%s\nwant every old actor kept", code, errOut, out)
	}
	if ids := regexp.MustCompile(`(?m)^(\d+) `).FindAllStringSubmatch(out, -1); len(ids) != 5 || len(ids[0][1]) != 10 {
		t.Errorf("log of the old store lists %v, want 5 events with 10-digit ids", ids)
	}
	if out, _, code := cli(t, db, "", "summarize", "--list"); code != 0 || !strings.Contains(out, "who moved sales to Bitrix24") {
		t.Errorf("summarize --list of the old store = exit %d:\n%s", code, out)
	}
	if out, _, code := cli(t, db, "", "role", "list"); code != 0 || !strings.Contains(out, "no roles granted") {
		t.Errorf("role list of the old store = exit %d:\n%s", code, out)
	}
	if _, _, code := cli(t, db, "", "--as", "user:ann@corp.example", "revoke", "CONF-102", "--reason", "x"); code != exitForbidden {
		t.Errorf("revoke as ann on the old store = exit %d, want forbidden: old actors get no role", code)
	}
	if out, _, code := cli(t, db, "", "--as", "user:eve@outside.example", "log"); code != 0 || strings.Contains(out, "why:") && !strings.Contains(out, "not shown") {
		t.Errorf("log as eve on the old store = exit %d:\n%s\nwant others' reasons withheld", code, out)
	}
}

// TestTokenCommands makes, lists and revokes a token as the operator: the
// secret is printed once and never listed; others may not touch tokens.
func TestTokenCommands(t *testing.T) {
	db := filepath.Join(t.TempDir(), "v.db")
	out, errOut, code := cli(t, db, "", "token", "create", "--name", "ci", "--principal", "user:ci@corp.example", "--principal", "group:staff", "--expires", "24h", "--json")
	if code != 0 {
		t.Fatalf("token create: exit %d: %s", code, errOut)
	}
	var tok struct{ ID, Token string }
	if err := json.Unmarshal([]byte(out), &tok); err != nil || !strings.HasPrefix(tok.Token, "vty_"+tok.ID+"_") {
		t.Fatalf("token create --json = %s (%v)", out, err)
	}
	secret := strings.TrimPrefix(tok.Token, "vty_"+tok.ID+"_")
	if out, _, _ := cli(t, db, "", "token", "list", "--json"); !strings.Contains(out, tok.ID) || strings.Contains(out, secret) {
		t.Errorf("token list = %s, want the token without its secret", out)
	}
	if _, _, code := cli(t, db, "", "--as", "user:ci@corp.example", "token", "list"); code != exitForbidden {
		t.Errorf("token list as a non-admin = exit %d, want forbidden", code)
	}
	if out, _, code := cli(t, db, "", "token", "revoke", tok.ID); code != 0 || !strings.Contains(out, "revoked") {
		t.Errorf("token revoke = exit %d %s", code, out)
	}
	if out, _, _ := cli(t, db, "", "token", "list"); !strings.Contains(out, "revoked") {
		t.Errorf("token list after revoke = %s, want it revoked", out)
	}
	if _, _, code := cli(t, db, "", "token", "revoke", "0000000000000000"); code != exitNotFound {
		t.Errorf("token revoke of an unknown id = exit %d, want not found", code)
	}
}
