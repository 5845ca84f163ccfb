package kb

import (
	"context"
	"encoding/json"
	"time"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/receipt"
)

// What the service needs of a store, one concern at a time. A backend
// implements them all ([Store]); a test double implements only the concern
// its test needs and hands it to [NewWith] in a [Stores]. The concerns
// share no method, so the service can pass their union to each pipeline,
// which names only what it uses.
//
// A new SQL database is a sqlstore.Dialect (internal/sqlstore); another
// kind of backend implements these interfaces and passes the conformance
// suite in internal/storetest.

// SourceStore keeps sources, their versions and chunks, and searches them
// with the caller's principals applied inside retrieval.
type SourceStore interface {
	verity.Searcher
	// HasActiveSources says whether any source is active, without
	// counting them: it is asked on every question.
	HasActiveSources(ctx context.Context) (bool, error)
	Source(ctx context.Context, id string) (*verity.Source, error)
	SourceVersion(ctx context.Context, id string, version int) (*verity.Source, error)
	Sources(ctx context.Context, f verity.SourceFilter) ([]*verity.Source, error)
	// SourceAccess returns a source's ACL and status, reading no text.
	SourceAccess(ctx context.Context, id string) ([]verity.Principal, verity.SourceStatus, error)
	// SourceACLs returns the ACL of each id the store holds, reading no text.
	SourceACLs(ctx context.Context, ids []string) (map[string][]verity.Principal, error)
	PutSource(ctx context.Context, src *verity.Source, chunks []verity.Chunk) (verity.PutOutcome, error)
	PutSources(ctx context.Context, puts []*verity.SourcePut) error
	// URIDuplicates lists the sources sharing system and uri with an older
	// one, which a store made before the one-uri rule may hold.
	URIDuplicates(ctx context.Context) ([]verity.URIDuplicate, error)
	Chunks(ctx context.Context, id string) ([]verity.Chunk, error)
	// RevokedMatch returns the largest share of the query's terms that one
	// chunk of a revoked source the query's caller may read is indexed
	// under: a number, never anything of the source.
	RevokedMatch(ctx context.Context, q verity.SearchQuery) (float64, error)
}

// RecordStore keeps derived records with their receipts, the revocation
// log and its cascades, and the cache of whole answers.
type RecordStore interface {
	Record(ctx context.Context, id string) (*verity.Record, error)
	Records(ctx context.Context, f verity.RecordFilter) ([]*verity.Record, error)
	KindRecords(ctx context.Context, kind verity.RecordKind) ([]*verity.Record, error)
	StatementRecords(ctx context.Context, prefix string) ([]*verity.Record, error)
	QuoteRecords(ctx context.Context, sourceID string) ([]*verity.Record, error)
	PutRecords(ctx context.Context, recs []*verity.Record) (receipt.Change[verity.Ref], error)
	SetAudit(ctx context.Context, ids []string, verdict verity.RecordState) error
	// Revoke, Unrevoke and Undo change states and log the event in one
	// transaction, recording the actor and its API token.
	Revoke(ctx context.Context, refs []verity.Ref, a verity.Actor, why string) (receipt.Event, receipt.Change[verity.Ref], error)
	Unrevoke(ctx context.Context, refs []verity.Ref, a verity.Actor, why string) (receipt.Event, receipt.Change[verity.Ref], error)
	Undo(ctx context.Context, event int64, a verity.Actor, why string) (receipt.Event, receipt.Change[verity.Ref], error)
	Impact(ctx context.Context, refs []verity.Ref) (receipt.Change[verity.Ref], error)
	RevocationLog(ctx context.Context) ([]receipt.Event, error)
	AnswerStamp(ctx context.Context) (string, error)
	CachedAnswer(ctx context.Context, key, stamp string) ([]byte, bool, error)
	PutAnswer(ctx context.Context, key, stamp string, body []byte) error
}

// GraphStore keeps what extraction builds the graph from: runs and their
// finished pages, step traces, the review queue and votes, aliases, and
// the evidence extraction itself revoked.
type GraphStore interface {
	BeginRun(ctx context.Context, r verity.ExtractionRun) error
	FinishedPage(ctx context.Context, run, sourceID string, version int) (json.RawMessage, bool, error)
	SavePage(ctx context.Context, page *verity.ExtractedPage) error
	PutSteps(ctx context.Context, steps []verity.Step) error
	Steps(ctx context.Context, edgeID string) ([]verity.Step, error)
	SourceEvidence(ctx context.Context, sourceID string) ([]string, error)
	ReviewItems(ctx context.Context, status string) ([]verity.ReviewItem, error)
	ReviewItem(ctx context.Context, id string) (*verity.ReviewItem, error)
	DecideReview(ctx context.Context, id, status string, v verity.HumanVote) error
	PutVote(ctx context.Context, item, edgeID string, v verity.HumanVote) error
	Votes(ctx context.Context, edgeID string) ([]verity.HumanVote, error)
	PutAlias(ctx context.Context, key, alias, origin string) error
	Aliases(ctx context.Context) (map[string][]string, error)
	MarkGone(ctx context.Context, evidenceID string, gone bool) error
	Gone(ctx context.Context, evidenceID string) (bool, error)
}

// AuditStore keeps audit runs and says which records a revocation touched
// and which disagree with their last audit.
type AuditStore interface {
	Touched(ctx context.Context, event int64) (died, survived []string, err error)
	Disputed(ctx context.Context) ([]string, error)
	PutAuditRun(ctx context.Context, run *verity.AuditRun) error
	SetAuditApplied(ctx context.Context, run, event int64) error
	AuditRun(ctx context.Context, id int64) (*verity.AuditRun, error)
}

// JobStore is the queue of long operations shared by workers.
type JobStore interface {
	EnqueueJobs(ctx context.Context, reqs []verity.JobRequest, run *verity.ExtractionRun) ([]int64, error)
	Job(ctx context.Context, id int64) (*verity.Job, error)
	Jobs(ctx context.Context, owner verity.Principal, f verity.JobFilter) ([]*verity.Job, error)
	CancelJob(ctx context.Context, id int64) (*verity.Job, error)
	SetJobProgress(ctx context.Context, id int64, p verity.JobProgress) (cancelled bool, err error)
}

// AccessStore keeps who may do what: roles and API tokens, what may give
// hints (sources' and systems' discoverable settings) and how many
// searches each principal made this hour (the hint budget).
type AccessStore interface {
	GrantRole(ctx context.Context, g verity.RoleGrant) (bool, error)
	RevokeRole(ctx context.Context, p verity.Principal, r verity.Role) (bool, error)
	Roles(ctx context.Context) ([]verity.RoleGrant, error)
	RolesOf(ctx context.Context, ps []verity.Principal) ([]verity.Role, error)
	PutToken(ctx context.Context, t *verity.Token) error
	Token(ctx context.Context, id string) (*verity.Token, error)
	Tokens(ctx context.Context) ([]verity.Token, error)
	RevokeToken(ctx context.Context, id string, at time.Time) (bool, error)
	SetSystemDiscoverable(ctx context.Context, system string, discoverable bool, by verity.Principal) (bool, error)
	Systems(ctx context.Context) ([]verity.System, error)
	// UndiscoverableSources returns which of ids are stored undiscoverable
	// by their own setting.
	UndiscoverableSources(ctx context.Context, ids []string) (map[string]bool, error)
	// HintQueries and AddHintQueries read and add to the searches each
	// principal made in an hour (Unix seconds / 3600).
	HintQueries(ctx context.Context, principals []string, hour int64) (map[string]int64, error)
	AddHintQueries(ctx context.Context, hour int64, counts map[string]int64) error
}

// DirectoryStore keeps the directory: users, groups and their members,
// platform groups' aliases, and the log of every change, each logged in
// the transaction that makes it.
type DirectoryStore interface {
	PutUser(ctx context.Context, u *verity.User, ev verity.DirectoryEvent) (created bool, err error)
	SetUserActive(ctx context.Context, p verity.Principal, active bool, ev verity.DirectoryEvent) (bool, error)
	Users(ctx context.Context, f verity.DirectoryFilter) ([]verity.User, error)
	// Membership is what authentication reads on every call: nothing of
	// it may be cached, so a change is seen at the next call everywhere.
	Membership(ctx context.Context, p verity.Principal) (verity.Membership, error)
	PutGroup(ctx context.Context, g *verity.Group, ev verity.DirectoryEvent) (created bool, err error)
	DeleteGroup(ctx context.Context, p verity.Principal, ev verity.DirectoryEvent) (bool, error)
	Groups(ctx context.Context, f verity.DirectoryFilter) ([]verity.Group, error)
	SetMembers(ctx context.Context, g verity.Principal, add, remove []verity.Principal, ev verity.DirectoryEvent) (added, removed []verity.Principal, err error)
	SetGroupAlias(ctx context.Context, platform, group verity.Principal, ev verity.DirectoryEvent) (bool, error)
	LogDirectory(ctx context.Context, ev verity.DirectoryEvent) error
	DirectoryLog(ctx context.Context, subject verity.Principal, limit int) ([]verity.DirectoryEvent, error)
}

// ConnectorStore keeps the connectors (a reference to each one's secret,
// never the secret), their sync state and what each knows of its pages.
type ConnectorStore interface {
	PutConnector(ctx context.Context, c *verity.Connector) error
	Connector(ctx context.Context, name string) (*verity.Connector, error)
	Connectors(ctx context.Context) ([]verity.Connector, error)
	DeleteConnector(ctx context.Context, name string) (bool, error)
	// SaveSync stores a connector's state and the items a pass changed in
	// one transaction: a cursor is never ahead of what was stored.
	SaveSync(ctx context.Context, name string, st verity.SyncState, items []verity.ConnectorItem) error
	ConnectorItems(ctx context.Context, name string) ([]verity.ConnectorItem, error)
	// LockConnector takes a connector's pass lock, waiting up to wait for
	// the pass that holds it; the lock goes with the process that held it.
	LockConnector(ctx context.Context, name string, wait time.Duration) (release func(), err error)
}

// ChatStore keeps the answer log and its feedback, and what chat
// transports need: one-time link codes, links of chat accounts to
// principals, and the audiences admins set for group chats.
type ChatStore interface {
	PutAnswerEntry(ctx context.Context, e *verity.AnswerEntry) error
	AnswerEntry(ctx context.Context, id string) (*verity.AnswerEntry, error)
	PutFeedback(ctx context.Context, f *verity.Feedback) (changed bool, err error)
	Feedback(ctx context.Context) ([]verity.Feedback, error)
	FeedbackCounts(ctx context.Context) ([]verity.FeedbackCount, error)
	PutLinkCode(ctx context.Context, c *verity.LinkCode) error
	// TakeLinkCode removes a code and returns it: two takers of one code
	// never both get it.
	TakeLinkCode(ctx context.Context, platform, hash string) (*verity.LinkCode, error)
	PutChatLink(ctx context.Context, l *verity.ChatLink) error
	ChatLink(ctx context.Context, platform, account string) (*verity.ChatLink, error)
	ChatLinks(ctx context.Context, platform string) ([]verity.ChatLink, error)
	DeleteChatLink(ctx context.Context, platform, account string) (bool, error)
	SetChatAudience(ctx context.Context, a *verity.ChatAudience) error
	ChatAudience(ctx context.Context, platform, chat string) (*verity.ChatAudience, error)
	// PutChatSettings and ChatSettings keep a platform's settings (JSON):
	// references to its secrets, never the secrets.
	PutChatSettings(ctx context.Context, platform string, settings []byte, by verity.Principal) error
	ChatSettings(ctx context.Context, platform string) ([]byte, error)
	// TakeDelivery reports whether a platform's delivery id is new, shared
	// by every server on the store; ids older than before are forgotten.
	TakeDelivery(ctx context.Context, platform, id string, before time.Time) (bool, error)
}

// CrawlStore keeps crawls' frontiers and web research's journal.
type CrawlStore interface {
	CrawlState(ctx context.Context, crawl string) (*verity.CrawlState, error)
	SaveCrawlState(ctx context.Context, crawl, status string, fetched int, urls []verity.CrawlURL) error
	ResetCrawl(ctx context.Context, crawl string) error
	PutResearchCall(ctx context.Context, c verity.ResearchCall) error
}

// AdminStore is the store's own housekeeping: readiness, migrations,
// backups, copies and the search index.
type AdminStore interface {
	// Ready reports whether the store answers and its migrations have run.
	Ready(ctx context.Context) error
	// Schema says which migrations the store has applied.
	Schema(ctx context.Context) (*verity.SchemaStatus, error)
	// Backup writes a consistent copy of the live store to a new file.
	Backup(ctx context.Context, path string) error
	// CopyTo copies every table, row for row with the same ids, into dst,
	// another SQLite or PostgreSQL store that is empty or holds an
	// interrupted copy of this one (dst is typed by the store package, so
	// it is any here; a store of another kind is refused as invalid), and
	// verifies both sides by row counts and checksums: a difference is an
	// error returned with the report.
	CopyTo(ctx context.Context, dst any, progress func(verity.CopyProgress)) (*verity.CopyReport, error)
	// Reindex builds the search index again from the stored chunks.
	Reindex(ctx context.Context, progress func(done, total int)) (*verity.ReindexReport, error)
	// Checkpoint ends a bulk write: a store that keeps a write-ahead log
	// beside it (SQLite) folds it in and empties it.
	Checkpoint(ctx context.Context) error
	// Vacuum compacts the store, giving freed space back to the file
	// system, and says its size before and after.
	Vacuum(ctx context.Context) (*verity.VacuumReport, error)
}

// Store is a whole backend: every concern. *sqlite.DB and *postgres.DB
// implement it.
type Store interface {
	SourceStore
	RecordStore
	GraphStore
	AuditStore
	JobStore
	AccessStore
	DirectoryStore
	ConnectorStore
	ChatStore
	CrawlStore
	AdminStore
}

// Stores are the concerns a service runs on, each from whatever implements
// it. A concern left nil must not be needed by the operations called.
type Stores struct {
	SourceStore
	RecordStore
	GraphStore
	AuditStore
	JobStore
	AccessStore
	DirectoryStore
	ConnectorStore
	ChatStore
	CrawlStore
	AdminStore
}

// storesOf is a whole backend as its concerns.
func storesOf(st Store) Stores {
	return Stores{SourceStore: st, RecordStore: st, GraphStore: st, AuditStore: st, JobStore: st, AccessStore: st, DirectoryStore: st, ConnectorStore: st, ChatStore: st, CrawlStore: st, AdminStore: st}
}
