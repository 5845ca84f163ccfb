package main

import (
	"context"
	"encoding/json"
	"fmt"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/kb"
	"github.com/veritykb/verity/render"
	"github.com/veritykb/verity/sqlite"
)

// receiptStore makes a store with three public sources, one HR-only source
// and sentences resting on them:
//
//	s1 on A; s2 on A or B; s3 on s1 and C; h on H (HR only).
func receiptStore(t *testing.T) string {
	t.Helper()
	db := filepath.Join(t.TempDir(), "v.db")
	records := strings.Join([]string{
		`{"id":"A","uri":"https://x.example/a","system":"web","title":"A","acl":["public"],"text":"Acme moved its sales to Bitrix24 in March 2025."}`,
		`{"id":"B","uri":"https://x.example/b","system":"web","title":"B","acl":["public"],"text":"In March 2025 Acme moved its sales to Bitrix24."}`,
		`{"id":"C","uri":"https://x.example/c","system":"web","title":"C","acl":["public"],"text":"Romashka uses Bitrix24 every day."}`,
		`{"id":"H","uri":"https://x.example/h","system":"confluence","title":"H","acl":["group:hr"],"text":"Twelve sales managers will be laid off."}`,
	}, "\n")
	if _, errOut, code := cli(t, db, records, "ingest", "-"); code != 0 {
		t.Fatalf("ingest: exit %d: %s", code, errOut)
	}
	store, err := sqlite.Open(context.Background(), db, sqlite.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	S, R := verity.SourceRef, verity.RecordRef
	sentence := func(id, text string, sets ...[]verity.Ref) *verity.Record {
		body, _ := json.Marshal(map[string]string{"text": text})
		return &verity.Record{ID: id, Kind: verity.KindSentence, Receipt: verity.Receipt{Sets: sets}, Body: body}
	}
	if _, err := store.PutRecords(context.Background(), []*verity.Record{
		sentence("s1", "Acme moved its sales to Bitrix24.", []verity.Ref{S("A")}),
		sentence("s2", "Acme moved in March 2025.", []verity.Ref{S("A")}, []verity.Ref{S("B")}),
		sentence("s3", "Acme and Romashka use Bitrix24.", []verity.Ref{R("s1"), S("C")}),
		sentence("h", "Sales managers will be laid off.", []verity.Ref{S("H")}),
	}); err != nil {
		t.Fatal(err)
	}
	return db
}

func decode[T any](t *testing.T, out string) T {
	t.Helper()
	var v T
	if err := json.Unmarshal([]byte(out), &v); err != nil {
		t.Fatalf("output %q: %v", out, err)
	}
	return v
}

func ids(g kb.RecordGroup) []string {
	var out []string
	for _, r := range g.Records {
		out = append(out, r.ID)
	}
	return out
}

func TestRevokeImpactUnrevoke(t *testing.T) {
	db := receiptStore(t)
	const alice = "user:alice@corp.example"

	out, errOut, code := cli(t, db, "", "impact", "--json", "A")
	if code != 0 {
		t.Fatalf("impact: exit %d: %s", code, errOut)
	}
	imp := decode[kb.RevocationReport](t, out)
	if got := strings.Join(ids(imp.Died), " "); got != "s1 s3" || imp.Died.ByKind["sentence"] != 2 {
		t.Errorf("impact A: would die %q (%v), want s1 s3, 2 sentences", got, imp.Died.ByKind)
	}
	if got := strings.Join(ids(imp.Survived), " "); got != "s2" {
		t.Errorf("impact A: would survive %q, want s2", got)
	}
	if imp.Event != nil || imp.Search.Sources != 1 || imp.Search.Chunks != 1 {
		t.Errorf("impact A = event %v, search %+v; want no event, 1 chunk of 1 source leaving search", imp.Event, imp.Search)
	}
	if out, _, _ := cli(t, db, "", "log", "--json"); !strings.Contains(out, `"events": []`) {
		t.Errorf("impact logged something: %s", out)
	}

	for _, tc := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"revoke", "A"}, exitInvalid, "--reason is required"},
		{[]string{"revoke", "A", "--reason", "x", "--by", alice}, exitInvalid, "--by is gone"},
		{[]string{"--as", alice, "revoke", "A", "--reason", "x"}, exitForbidden, "needs the curator role"},
		{[]string{"revoke", "nope", "--reason", "x"}, exitNotFound, "nope"},
		{[]string{"revoke", "record:", "--reason", "x"}, exitInvalid, "empty ref"},
		{[]string{"undo", "x"}, exitInvalid, "EVENT must be"},
	} {
		if _, errOut, code := cli(t, db, "", tc.args...); code != tc.code || !strings.Contains(errOut, tc.want) {
			t.Errorf("verity %v = exit %d %q, want exit %d mentioning %q", tc.args, code, errOut, tc.code, tc.want)
		}
	}

	if _, errOut, code := cli(t, db, "", "role", "grant", "curator", alice); code != 0 {
		t.Fatalf("role grant: exit %d: %s", code, errOut)
	}
	out, errOut, code = cli(t, db, "", "--as", alice, "revoke", "--json", "A", "--reason", "retracted by the vendor")
	if code != 0 {
		t.Fatalf("revoke: exit %d: %s", code, errOut)
	}
	rev := decode[kb.RevocationReport](t, out)
	if rev.Event == nil || rev.Event.ID == 0 || rev.Event.Who != alice || rev.Event.Why != "retracted by the vendor" {
		t.Fatalf("revoke event = %+v, want an event by alice with the reason", rev.Event)
	}
	first := strconv.FormatInt(rev.Event.ID, 10)
	if strings.Join(ids(rev.Died), " ") != "s1 s3" || strings.Join(ids(rev.Survived), " ") != "s2" || rev.Search.Chunks != 1 {
		t.Errorf("revoke A: died %v survived %v search %+v; want what impact said", ids(rev.Died), ids(rev.Survived), rev.Search)
	}
	if rev.Died.Records[0].Text != "Acme moved its sales to Bitrix24." || rev.Died.Records[0].State != verity.StateDead {
		t.Errorf("died record line = %+v, want s1's text, dead", rev.Died.Records[0])
	}
	if out, _, _ := cli(t, db, "", "search", "--json", "Acme Bitrix24"); strings.Contains(out, `"source_id": "A"`) {
		t.Errorf("search after revoking A still returns it: %s", out)
	}
	// Revoking it again changes nothing and says so.
	out, _, _ = cli(t, db, "", "revoke", "--json", "A", "--reason", "again")
	if again := decode[kb.RevocationReport](t, out); len(again.Already) != 1 || again.Died.Count != 0 {
		t.Errorf("revoking A twice = %+v, want already revoked, nothing died", again)
	}

	// Undo restores exactly; a second undo of the same event is a conflict.
	out, errOut, code = cli(t, db, "", "undo", "--json", first, "--reason", "wrong page")
	if code != 0 {
		t.Fatalf("undo %s: exit %d: %s", first, code, errOut)
	}
	u := decode[kb.RevocationReport](t, out)
	if strings.Join(ids(u.Revived), " ") != "s1 s3" || u.Event.Undoes != rev.Event.ID || u.Search.Chunks != 1 {
		t.Errorf("undo %s = revived %v undoes %d search %+v; want s1 s3 back, undoing %s, A's chunk back", first, ids(u.Revived), u.Event.Undoes, u.Search, first)
	}
	if _, errOut, code := cli(t, db, "", "undo", first); code != exitConflict {
		t.Errorf("undo %s twice = exit %d %q, want conflict", first, code, errOut)
	}
	out, _, _ = cli(t, db, "", "log")
	if undone := fmt.Sprintf("[undone by %d]", u.Event.ID); !strings.Contains(out, undone) || !strings.Contains(out, "why: retracted by the vendor") {
		t.Errorf("log = %q, want event %s %s with its reason", out, first, undone)
	}

	// A record ref: revoking s1 by hand kills s3, which rests on it.
	out, _, code = cli(t, db, "", "revoke", "record:s1", "--reason", "checked by hand")
	if code != 0 || !strings.Contains(out, "died: 2 records (sentence 2)") || !strings.Contains(out, "✗ s3") {
		t.Errorf("revoke record:s1 = exit %d:\n%s\nwant s1 and s3 dead", code, out)
	}
	out, _, code = cli(t, db, "", "unrevoke", "--json", "record:s1")
	if u := decode[kb.RevocationReport](t, out); code != 0 || strings.Join(ids(u.Revived), " ") != "s1 s3" {
		t.Errorf("unrevoke record:s1 = exit %d, revived %v; want s1 s3", code, ids(u.Revived))
	}
}

func TestRevokeHidesTextTheCallerCannotRead(t *testing.T) {
	db := receiptStore(t)
	const ops = "user:ops@corp.example"
	for _, p := range []string{ops, "group:hr"} {
		if _, errOut, code := cli(t, db, "", "role", "grant", "curator", p); code != 0 {
			t.Fatalf("role grant curator %s: exit %d: %s", p, code, errOut)
		}
	}
	// A curator who cannot read H cannot revoke it, and cannot tell it
	// from a source that does not exist.
	_, hidden, code := cli(t, db, "", "--as", ops, "revoke", "H", "--reason", "leak")
	_, missing, mcode := cli(t, db, "", "--as", ops, "revoke", "Z", "--reason", "leak")
	if code != exitNotFound || mcode != code || strings.ReplaceAll(hidden, `"H"`, `"Z"`) != missing {
		t.Errorf("revoke H as ops = exit %d %q; revoke Z = exit %d %q; want the same not-found", code, hidden, mcode, missing)
	}
	out, _, _ := cli(t, db, "", "--as", ops, "impact", "--json", "B")
	if strings.Contains(out, "laid off") || strings.Contains(out, `"h"`) {
		t.Errorf("impact of B shows an unrelated hidden record: %s", out)
	}
	// HR may revoke and restore it, and sees its own sentence.
	if out, errOut, code := cli(t, db, "", "--as", "group:hr", "revoke", "H", "--reason", "leak"); code != 0 || !strings.Contains(out, "Sales managers will be laid off.") {
		t.Errorf("revoke H as hr = exit %d %q:\n%s\nwant the dead sentence with its text", code, errOut, out)
	}
	if out, _, _ := cli(t, db, "", "--as", ops, "log", "--json"); strings.Contains(out, "source:H") || strings.Contains(out, "leak") {
		t.Errorf("log as ops shows HR's event: %s", out)
	}
	out, _, _ = cli(t, db, "", "--as", "group:hr", "unrevoke", "H")
	if !strings.Contains(out, "Sales managers will be laid off.") {
		t.Errorf("unrevoke H as hr = %q, want the revived sentence's text", out)
	}
}

// TestNoopRevocation checks that revoking what is revoked and unrevoking
// what is live change nothing, log nothing, say so and exit 0.
func TestNoopRevocation(t *testing.T) {
	db := receiptStore(t)
	if _, errOut, code := cli(t, db, "", "revoke", "A", "--reason", "retracted"); code != 0 {
		t.Fatalf("revoke A: exit %d: %s", code, errOut)
	}
	events := func() int {
		out, _, _ := cli(t, db, "", "log", "--json")
		return len(decode[struct{ Events []kb.LogEntry }](t, out).Events)
	}
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"revoke", "A", "--reason", "again"}, "already revoked: source:A: nothing changed, nothing logged"},
		{[]string{"unrevoke", "B"}, "already live: source:B: nothing changed, nothing logged"},
		{[]string{"unrevoke", "record:s2", "--reason", "it is alive"}, "already live: record:s2: nothing changed, nothing logged"},
	}
	for _, tt := range tests {
		out, errOut, code := cli(t, db, "", tt.args...)
		if code != 0 || strings.TrimSpace(out) != tt.want {
			t.Errorf("verity %v = exit %d %q %q, want exit 0 saying %q", tt.args, code, out, errOut, tt.want)
		}
		out, _, code = cli(t, db, "", append([]string{"--json"}, tt.args...)...)
		rep := decode[kb.RevocationReport](t, out)
		if code != 0 || rep.Event != nil || len(rep.Already) != 1 || strings.Contains(out, `"event"`) {
			t.Errorf("verity --json %v = exit %d %s, want no event and the ref in already", tt.args, code, out)
		}
		if n := events(); n != 1 {
			t.Errorf("after verity %v the log holds %d events, want 1", tt.args, n)
		}
	}
	// A revocation that flips some of its refs is logged, with the others
	// as already revoked.
	out, _, code := cli(t, db, "", "--json", "revoke", "A", "B", "--reason", "both")
	rep := decode[kb.RevocationReport](t, out)
	if code != 0 || rep.Event == nil || render.Refs(rep.Event.Changed) != "source:B" || render.Refs(rep.Already) != "source:A" {
		t.Errorf("revoke A B = exit %d %s, want an event changing B, A already revoked", code, out)
	}
	if n := events(); n != 2 {
		t.Errorf("after revoke A B the log holds %d events, want 2", n)
	}
}
