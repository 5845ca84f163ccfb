package kb

import (
	"context"
	"fmt"
	"log/slog"
	"slices"
	"time"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/answer"
	"github.com/veritykb/verity/audit"
	"github.com/veritykb/verity/collect"
	"github.com/veritykb/verity/extract"
	"github.com/veritykb/verity/ingest"
	"github.com/veritykb/verity/llm"
	"github.com/veritykb/verity/receipt"
	"github.com/veritykb/verity/relocate"
	"github.com/veritykb/verity/summary"
)

// Store is everything the service reads and writes: the union of what the
// pipelines need (answer, extract, summary, audit, relocate, collect) plus
// batches of sources, record listings, the revocation log and roles.
// *sqlite.DB implements it; a PostgreSQL store will too.
type Store interface {
	answer.Store
	answer.Memory
	extract.Store
	summary.Store
	audit.Store
	audit.Log
	relocate.Store
	collect.Store
	JobStore

	// Ready reports whether the store answers and its migrations have run.
	Ready(ctx context.Context) error
	// Schema says which migrations the store has applied.
	Schema(ctx context.Context) (*verity.SchemaStatus, error)
	PutSources(ctx context.Context, puts []*verity.SourcePut) error
	// SourceAccess returns a source's ACL and status, reading no text.
	SourceAccess(ctx context.Context, id string) ([]verity.Principal, verity.SourceStatus, error)
	// SourceACLs returns the ACL of each id the store holds, reading no text.
	SourceACLs(ctx context.Context, ids []string) (map[string][]verity.Principal, error)
	// URIDuplicates lists the sources sharing system and uri with an older
	// one, which a store made before the one-uri rule may hold.
	URIDuplicates(ctx context.Context) ([]verity.URIDuplicate, error)
	Chunks(ctx context.Context, id string) ([]verity.Chunk, error)
	Records(ctx context.Context, f verity.RecordFilter) ([]*verity.Record, error)
	SetAudit(ctx context.Context, ids []string, verdict verity.RecordState) error

	// Revoke, Unrevoke and Undo record the actor and its API token in the
	// event.
	Undo(ctx context.Context, event int64, a verity.Actor, why string) (receipt.Event, receipt.Change[verity.Ref], error)
	Impact(ctx context.Context, refs []verity.Ref) (receipt.Change[verity.Ref], error)

	PutAuditRun(ctx context.Context, run *verity.AuditRun) error
	SetAuditApplied(ctx context.Context, run, event int64) error
	AuditRun(ctx context.Context, id int64) (*verity.AuditRun, error)

	CrawlState(ctx context.Context, crawl string) (*verity.CrawlState, error)
	SaveCrawlState(ctx context.Context, crawl, status string, fetched int, urls []verity.CrawlURL) error
	ResetCrawl(ctx context.Context, crawl string) error
	PutResearchCall(ctx context.Context, c verity.ResearchCall) error

	PutToken(ctx context.Context, t *verity.Token) error
	Token(ctx context.Context, id string) (*verity.Token, error)
	Tokens(ctx context.Context) ([]verity.Token, error)
	RevokeToken(ctx context.Context, id string, at time.Time) (bool, error)

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

	GrantRole(ctx context.Context, g verity.RoleGrant) (bool, error)
	RevokeRole(ctx context.Context, p verity.Principal, r verity.Role) (bool, error)
	Roles(ctx context.Context) ([]verity.RoleGrant, error)
	RolesOf(ctx context.Context, ps []verity.Principal) ([]verity.Role, error)
}

// Service is the one door. It is safe for concurrent use when its Store is.
type Service struct {
	store       Store
	now         func() time.Time
	log         *slog.Logger
	models      Models
	meter       *llm.Meter
	pdf         ingest.PDFReader
	fileTimeout time.Duration
}

// Options configure a Service.
type Options struct {
	Now func() time.Time // clock; time.Now when nil
	Log *slog.Logger     // diagnostics, never with restricted text or tokens; discarded when nil
	// Models build the models of the operations that call one (ask,
	// check, summarize, audit, extract); they are called on each such
	// call, so they should remember what they built. Unset, those
	// operations fail with ENOTIMPLEMENTED.
	Models Models
	// Meter counts the models' calls, for [Service.ModelUsage].
	Meter *llm.Meter
	// PDF reads the PDFs of uploads (cmd/verity gives the reader that
	// parses in a killable child process); nil reads them in this process
	// with ingest.PDF. FileTimeout is the time budget of reading one
	// uploaded file (0: ingest.DefaultFileTimeout).
	PDF         ingest.PDFReader
	FileTimeout time.Duration
}

// New returns the service over st.
func New(st Store, opt Options) *Service {
	s := &Service{store: st, now: opt.Now, log: opt.Log, models: opt.Models, meter: opt.Meter, pdf: opt.PDF, fileTimeout: opt.FileTimeout}
	if s.now == nil {
		s.now = time.Now
	}
	if s.log == nil {
		s.log = slog.New(slog.DiscardHandler)
	}
	return s
}

// Rights are what a caller may do beyond reading, as the store's roles say
// now. An admin is also a curator; the local operator is both.
type Rights struct {
	Curator bool `json:"curator"`
	Admin   bool `json:"admin"`
}

// Rights returns what c may do, read from the store's roles at the time of
// the call (a role granted or revoked takes effect on the next call).
func (s *Service) Rights(ctx context.Context, c verity.Caller) (Rights, error) {
	if c.Local() {
		return Rights{Curator: true, Admin: true}, nil
	}
	roles, err := s.store.RolesOf(ctx, c.Principals())
	if err != nil {
		return Rights{}, fmt.Errorf("read the caller's roles: %w", err)
	}
	r := Rights{Admin: slices.Contains(roles, verity.RoleAdmin)}
	r.Curator = r.Admin || slices.Contains(roles, verity.RoleCurator)
	return r, nil
}

// Identity is who a caller is and what it may do: what the web UI shows in
// its header and uses to show or hide actions (GET /api/v1/rights).
type Identity struct {
	Actor      verity.Principal   `json:"actor"`
	Principals []verity.Principal `json:"principals"`
	Rights     Rights             `json:"rights"`
}

// Identity returns who c is and what it may do now.
func (s *Service) Identity(ctx context.Context, c verity.Caller) (*Identity, error) {
	r, err := s.Rights(ctx, c)
	if err != nil {
		return nil, err
	}
	return &Identity{Principals: c.Principals(), Actor: c.Actor(), Rights: r}, nil
}

// require returns c's rights when they include role, else EFORBIDDEN saying
// what the operation needs. It runs before any id is looked at.
func (s *Service) require(ctx context.Context, c verity.Caller, role verity.Role, what string) (Rights, error) {
	r, err := s.Rights(ctx, c)
	if err != nil {
		return r, err
	}
	if (role == verity.RoleCurator && r.Curator) || (role == verity.RoleAdmin && r.Admin) {
		return r, nil
	}
	return r, verity.Errorf(verity.EFORBIDDEN, "%s needs the %s role, which %s does not hold (an admin grants it with: verity role grant %s PRINCIPAL)",
		what, role, describe(c), role)
}

// describe names a caller in a refusal: its principals, never anything
// about the records it asked for.
func describe(c verity.Caller) string {
	var ps []string
	for _, p := range c.Principals() {
		if p != verity.Public {
			ps = append(ps, string(p))
		}
	}
	switch len(ps) {
	case 0:
		return "an anonymous (public) caller"
	case 1:
		return ps[0]
	}
	return fmt.Sprint(ps)
}
