package storetest

import (
	"context"
	"slices"
	"testing"
	"time"

	"github.com/veritykb/verity"
)

// testConnectors: a connector round-trips with its secret's reference,
// its name is unique, its sync state and items are saved together, and
// removing it removes its items.
func testConnectors(t *testing.T, open Opener) {
	ctx := context.Background()
	db := open(t, "connectors")
	CheckConnectors(t, db)
	if err := db.SaveSync(ctx, "nope", verity.SyncState{}, nil); verity.ErrorCode(err) != verity.ENOTFOUND {
		t.Errorf("SaveSync of a missing connector = %v, want not found", err)
	}
	// One pass of a connector at a time, through any connection: the
	// second is refused while the first holds the lock, waits for it
	// when told to, and another connector's pass is not held up.
	release, err := db.LockConnector(ctx, "wiki", 0)
	if err != nil {
		t.Fatalf("lock wiki: %v", err)
	}
	if _, err := db.LockConnector(ctx, "wiki", 0); verity.ErrorCode(err) != verity.ECONFLICT {
		t.Errorf("a second lock of wiki = %v, want a conflict", err)
	}
	other, err := db.LockConnector(ctx, "jira", 0)
	if err != nil {
		t.Errorf("lock jira beside wiki: %v", err)
	} else {
		other()
	}
	go func() { time.Sleep(100 * time.Millisecond); release() }()
	again, err := db.LockConnector(ctx, "wiki", 30*time.Second)
	if err != nil {
		t.Fatalf("waiting for wiki's lock: %v", err)
	}
	again()
}

// CheckConnectors checks the connectors on db, which holds none yet: a
// store made by any release, once migrated, keeps them.
func CheckConnectors(t *testing.T, db Store) {
	t.Helper()
	ctx := context.Background()
	if cs, err := db.Connectors(ctx); err != nil || len(cs) != 0 {
		t.Fatalf("Connectors = %+v, %v; want none", cs, err)
	}
	at := time.Date(2026, 12, 3, 12, 0, 0, 0, time.UTC)
	c := &verity.Connector{Name: "wiki", Kind: "confluence", URL: "https://acme.atlassian.net/wiki", User: "bot@acme.example", Secret: "env:WIKI_TOKEN", Webhook: "env:WIKI_HOOK", Filter: `labels = "public"`,
		Spaces: []string{"ENG", "HR"}, System: "confluence:wiki", Anyone: "group:staff", Adopt: true, MaxDeletions: 0.25, Interval: 5 * time.Minute, Reconcile: 30 * time.Minute,
		CreatedBy: "local:root", CreatedAt: at, State: verity.SyncState{Status: verity.SyncNever}}
	if err := db.PutConnector(ctx, c); err != nil {
		t.Fatal(err)
	}
	if err := db.PutConnector(ctx, c); verity.ErrorCode(err) != verity.ECONFLICT {
		t.Errorf("PutConnector of a name taken = %v, want conflict", err)
	}
	got, err := db.Connector(ctx, "wiki")
	if err != nil || got.Secret != c.Secret || got.Webhook != c.Webhook || got.Filter != c.Filter || !slices.Equal(got.Spaces, c.Spaces) || got.Anyone != c.Anyone || !got.Adopt || got.MaxDeletions != 0.25 ||
		got.Reconcile != c.Reconcile || !got.CreatedAt.Equal(at) || got.State.Status != verity.SyncNever {
		t.Errorf("Connector = %+v, %v; want %+v", got, err, c)
	}
	st := verity.SyncState{Cursor: "2026-12-03T11:00:00Z", Status: verity.SyncOK, LastSync: at, WindowStart: at, WindowDeleted: 2}
	items := []verity.ConnectorItem{{ID: "CONF-1", Key: "1", Version: "3", State: verity.ItemLive}, {ID: "confluence:wiki:2", Version: "1", State: verity.ItemRevoked}}
	if err := db.SaveSync(ctx, "wiki", st, items); err != nil {
		t.Fatal(err)
	}
	items[0].Version = "4"
	if err := db.SaveSync(ctx, "wiki", st, items[:1]); err != nil {
		t.Fatal(err)
	}
	if got, err := db.ConnectorItems(ctx, "wiki"); err != nil || len(got) != 2 || got[0].Version != "4" || got[0].Key != "1" || got[1].State != verity.ItemRevoked {
		t.Errorf("ConnectorItems = %+v, %v", got, err)
	}
	if got, err := db.Connector(ctx, "wiki"); err != nil || got.State.Cursor != st.Cursor || got.State.WindowDeleted != 2 || !got.State.LastSync.Equal(at) {
		t.Errorf("state = %+v, %v; want %+v", got.State, err, st)
	}
	if ok, err := db.DeleteConnector(ctx, "wiki"); err != nil || !ok {
		t.Errorf("DeleteConnector = %v, %v", ok, err)
	}
	if got, err := db.ConnectorItems(ctx, "wiki"); err != nil || len(got) != 0 {
		t.Errorf("items after DeleteConnector = %+v, %v; want none", got, err)
	}
	if _, err := db.Connector(ctx, "wiki"); verity.ErrorCode(err) != verity.ENOTFOUND {
		t.Errorf("Connector after DeleteConnector = %v, want not found", err)
	}
}
