package kb_test

import (
	"context"
	"testing"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/kb"
)

// TestConnectorCaller: a sync's caller (connector:NAME) holds no role, so
// every ordinary door refuses it; through its Sync it writes, narrows,
// widens, revokes and unrevokes under its own prefix, logged as itself;
// and it syncs no other connector's groups.
func TestConnectorCaller(t *testing.T) {
	ctx := context.Background()
	s := build(t).open(t, true)
	sync := verity.ConnectorCaller("wiki")
	if r, err := s.Rights(ctx, sync); err != nil || r.Curator || r.Admin {
		t.Errorf("Rights(connector:wiki) = %+v, %v; want none", r, err)
	}
	if _, err := s.BeginIngest(ctx, sync); verity.ErrorCode(err) != verity.EFORBIDDEN {
		t.Errorf("BeginIngest as the connector = %v, want forbidden", err)
	}
	if _, err := s.Revoke(ctx, sync, kb.RevokeRequest{Refs: []string{"PUB-1"}, Reason: "x"}); verity.ErrorCode(err) != verity.EFORBIDDEN {
		t.Errorf("Revoke as the connector = %v, want forbidden", err)
	}
	if _, err := s.SyncPlatformGroups(ctx, sync, "confluence:other", []kb.PlatformGroup{{Group: "g", Members: []string{"a@corp.example"}}}); verity.ErrorCode(err) != verity.EFORBIDDEN {
		t.Errorf("SyncPlatformGroups of another connector = %v, want forbidden", err)
	}
	if _, err := s.BeginSync(ctx, sync, "wiki", kb.SyncOptions{}); verity.ErrorCode(err) != verity.EFORBIDDEN {
		t.Errorf("BeginSync as the connector itself = %v, want forbidden", err)
	}

	y, err := s.BeginSync(ctx, admin, "wiki", kb.SyncOptions{Full: true})
	if err != nil {
		t.Fatal(err)
	}
	page := func(key string, acl ...verity.Principal) kb.SyncPage {
		return kb.SyncPage{Key: key, Version: "1", Source: &verity.Source{URI: "https://wiki.corp.example/" + key, Title: "Page " + key, ACL: acl, Text: "The text of page " + key + "."}}
	}
	// The page's own id and system are the sync's: what the client says
	// of them does not count.
	p := page("1", "group:staff")
	p.Source.ID, p.Source.System = "PUB-1", "web"
	if err := y.Put(ctx, []kb.SyncPage{p, page("2", "group:board", "group:staff")}); err != nil {
		t.Fatal(err)
	}
	if rep, err := y.Finish(ctx, nil); err != nil || len(rep.Created) != 2 || rep.Created[0] != "confluence:wiki:1" || rep.Status != verity.SyncOK {
		t.Fatalf("first pass = %+v, %v; want two pages created under confluence:wiki:", rep, err)
	}
	if src, err := s.Show(ctx, local, kb.ShowRequest{ID: "PUB-1"}); err != nil || src.Title == "Page 1" {
		t.Errorf("the sync overwrote PUB-1: %+v, %v", src, err)
	}
	// A second pass widens page 1, narrows page 2 and finds page 3 gone...
	y, err = s.BeginSync(ctx, admin, "wiki", kb.SyncOptions{Full: true, ConfirmDeletions: true})
	if err != nil {
		t.Fatal(err)
	}
	if err := y.Put(ctx, []kb.SyncPage{page("1", "group:staff", "group:board"), page("2", "group:board")}); err != nil {
		t.Fatal(err)
	}
	rep, err := y.Finish(ctx, nil)
	if err != nil || len(rep.Widened) != 1 || rep.Widened[0] != "confluence:wiki:1" || len(rep.Narrowed) != 1 || rep.Narrowed[0] != "confluence:wiki:2" {
		t.Fatalf("second pass = %+v, %v; want page 1 widened and page 2 narrowed", rep, err)
	}
	// ...and a third, without page 2, revokes it as the connector.
	y, _ = s.BeginSync(ctx, admin, "wiki", kb.SyncOptions{Full: true, ConfirmDeletions: true})
	if err := y.Put(ctx, []kb.SyncPage{page("1", "group:staff", "group:board")}); err != nil {
		t.Fatal(err)
	}
	if rep, err := y.Finish(ctx, nil); err != nil || len(rep.Revoked) != 1 || rep.Revoked[0] != "confluence:wiki:2" {
		t.Fatalf("third pass = %+v, %v; want page 2 revoked", rep, err)
	}
	log, err := s.Log(ctx, admin)
	if err != nil {
		t.Fatal(err)
	}
	if n := len(log.Events); n == 0 || log.Events[n-1].Who != "connector:wiki" {
		t.Errorf("the log's last event = %+v, want one by connector:wiki", log.Events)
	}
}

// TestSyncKeepsStoredText: a page sent without its text keeps the stored
// text when its version is the one the store holds live (its ACL applied,
// no new version); at another version its empty text is its own (a page
// whose body was emptied), stored as a new version.
func TestSyncKeepsStoredText(t *testing.T) {
	ctx := context.Background()
	s := build(t).open(t, true)
	src := func(text string, acl ...verity.Principal) *verity.Source {
		return &verity.Source{URI: "https://wiki.corp.example/9.att1", Title: "scan.pdf", ACL: acl, Text: text}
	}
	pass := func(p kb.SyncPage) *kb.SyncReport {
		t.Helper()
		y, err := s.BeginSync(ctx, admin, "wiki", kb.SyncOptions{Full: true})
		if err != nil {
			t.Fatal(err)
		}
		if err := y.Put(ctx, []kb.SyncPage{p}); err != nil {
			t.Fatal(err)
		}
		rep, err := y.Finish(ctx, nil)
		if err != nil {
			t.Fatal(err)
		}
		return rep
	}
	pass(kb.SyncPage{Key: "9.att1", Version: "1", Source: src("Scanned minutes of the board.", "group:staff")})
	rep := pass(kb.SyncPage{Key: "9.att1", Version: "1", Source: src("", "group:board")})
	if len(rep.Narrowed)+len(rep.Widened) == 0 || len(rep.Versions) != 0 {
		t.Errorf("the unchanged version with a new ACL = %+v; want an ACL change and no new version", rep)
	}
	v, err := s.Show(ctx, local, kb.ShowRequest{ID: "confluence:wiki:9.att1", All: true})
	if err != nil || v.Text != "Scanned minutes of the board." || v.Version != 1 || len(v.ACL) != 1 || v.ACL[0] != "group:board" {
		t.Fatalf("after the pass: %+v, %v; want the stored text with the new ACL", v, err)
	}
	if rep := pass(kb.SyncPage{Key: "9.att1", Version: "2", Source: src("", "group:board")}); len(rep.Versions) != 1 {
		t.Errorf("a new version with no text = %+v; want it stored as the page's own", rep)
	}
}
