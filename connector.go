package verity

import (
	"strings"
	"time"
)

// Connector is a live source a connector keeps in sync with the store (a
// Confluence site, say): where it is, how it authenticates, what it syncs,
// and where its last pass left off. The store keeps a reference to its
// secret (file:PATH or env:NAME), never the secret: every process that runs
// a sync resolves it.
type Connector struct {
	Name   string `json:"name"`
	Kind   string `json:"kind"` // confluence
	URL    string `json:"url"`
	User   string `json:"user,omitempty"` // the account's email for HTTP Basic (Confluence Cloud); "" for a bearer token
	Secret string `json:"secret"`         // a reference: file:PATH or env:NAME
	// Webhook is the reference to the shared secret its platform signs
	// webhooks with, "" when it takes none.
	Webhook string `json:"webhook,omitempty"`
	// Filter narrows what is synced with the platform's own query (Jira:
	// a JQL condition ANDed with the projects); "" for everything.
	Filter string   `json:"filter,omitempty"`
	Spaces []string `json:"spaces,omitempty"`
	// System is the source system of the records it writes (KIND:NAME
	// unless the admin named another).
	System string `json:"system"`
	// Anyone is who the platform's anonymous ("anyone") grant maps to: ""
	// maps it to no one.
	Anyone Principal `json:"anyone,omitempty"`
	// Adopt lets it take over sources of its system that an export
	// stored with the uris of its pages: they become its own.
	Adopt bool `json:"adopt,omitempty"`
	// MaxDeletions is the share of the known pages one window may revoke
	// before the guard stops the sync (0.2 by default).
	MaxDeletions float64       `json:"max_deletions"`
	Interval     time.Duration `json:"interval"`  // between incremental passes
	Reconcile    time.Duration `json:"reconcile"` // between full passes
	CreatedBy    Principal     `json:"created_by"`
	CreatedAt    time.Time     `json:"created_at"`
	State        SyncState     `json:"state"`
}

// Origin is KIND:NAME, the connector's name among platforms: its platform
// groups are group:KIND:NAME/GROUP.
func (c Connector) Origin() string { return c.Kind + ":" + c.Name }

// Prefix is what every id of a record the connector writes starts with
// (KIND:NAME:), reserved to it.
func (c Connector) Prefix() string { return c.Origin() + ":" }

// Owns reports whether a source id or system is the connector's own.
func (c Connector) Owns(id, system string) bool {
	return strings.HasPrefix(id, c.Prefix()) || (system != "" && system == c.System)
}

// SyncState is where a connector's passes left off.
type SyncState struct {
	// Cursor is what the next incremental pass continues from, committed
	// after each batch a pass stores.
	Cursor   string    `json:"cursor,omitempty"`
	Status   string    `json:"status"` // never, running, ok, failed, blocked
	Error    string    `json:"error,omitempty"`
	LastSync time.Time `json:"last_sync,omitzero"`
	LastFull time.Time `json:"last_full,omitzero"`
	// WindowStart and WindowDeleted count the pages revoked as deleted
	// since the window began, by polls and webhooks alike: the guard
	// against mass revocation weighs a burst, not one pass.
	WindowStart   time.Time `json:"window_start,omitzero"`
	WindowDeleted int       `json:"window_deleted"`
}

// Sync statuses.
const (
	SyncNever   = "never"
	SyncRunning = "running"
	SyncOK      = "ok"
	SyncFailed  = "failed"
	SyncBlocked = "blocked" // the guard stopped deletions: verity sync NAME --confirm-deletions
)

// ConnectorItem is what a connector knows of one page it synced: its
// record's id, the platform's version, and its state — live, revoked (by
// the connector itself, which alone may unrevoke it), or gone (deleted at
// the platform while someone else's revocation held it: that stands).
type ConnectorItem struct {
	ID      string `json:"id"`
	Key     string `json:"key"` // the page's id at the platform
	Version string `json:"version"`
	State   string `json:"state"`
}

// Connector item states.
const (
	ItemLive    = "live"
	ItemRevoked = "revoked"
	ItemGone    = "gone"
)

// ScopeConnector is the scope of the caller a sync runs as.
const ScopeConnector = "connector"

// ConnectorCaller returns the service caller a connector's sync runs as:
// its actor is connector:NAME, it reads as no principal but Public, and the
// service layer lets it change only the records under its own prefix.
func ConnectorCaller(name string) Caller {
	return Caller{principals: []Principal{Public}, actor: Principal("connector:" + name), scope: ScopeConnector}
}

// Connector returns the name of the connector c is the sync of, "" for
// any other caller.
func (c Caller) Connector() string {
	if c.scope != ScopeConnector {
		return ""
	}
	return strings.TrimPrefix(string(c.actor), "connector:")
}

// JobSync is the kind of a connector's pass run by a worker: a scheduled
// or queued pass, or the re-reading of pages a webhook named.
const JobSync = "sync"
