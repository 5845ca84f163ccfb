package storetest

import (
	"context"
	"database/sql"
	"sync"
	"testing"
	"time"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/internal/sqlstore"
	"github.com/veritykb/verity/kb"
	"github.com/veritykb/verity/receipt"
)

// Store is what the suite needs of a store: everything the service layer
// uses, and the few extras its checks read through.
type Store interface {
	kb.Store
	Close() error
	Cache() sqlstore.Cache
	Record(ctx context.Context, id string) (*verity.Record, error)
	Stats(ctx context.Context) (verity.StoreStats, error)
	ResearchCalls(ctx context.Context, f verity.ResearchFilter) ([]verity.ResearchCall, error)
	RevocationLog(ctx context.Context) ([]receipt.Event, error)
	Revoke(ctx context.Context, refs []verity.Ref, a verity.Actor, why string) (receipt.Event, receipt.Change[verity.Ref], error)
	Unrevoke(ctx context.Context, refs []verity.Ref, a verity.Actor, why string) (receipt.Event, receipt.Change[verity.Ref], error)
	// SQL and Rebind let a check read the tables directly: SQL's queries
	// are in the store's own dialect, which Rebind turns ? placeholders into.
	SQL() *sql.DB
	Rebind(query string) string
}

// Clock is the time every store the suite opens reads from its clock.
var Clock = time.Date(2026, 3, 1, 9, 0, 0, 0, time.UTC)

// Opener opens the store called name for test t, with its clock fixed at
// [Clock]: an empty name is a new, empty store each time; a name opens the
// same store each time within one test (empty the first time), so that a
// check can close a store and open it again. Every store it opens is
// closed, and its files or schema removed, when t ends.
type Opener func(t testing.TB, name string) Store

// Run runs the whole suite on stores that open opens, each check as a
// subtest of its own.
func Run(t *testing.T, open Opener) {
	for _, c := range []struct {
		name string
		fn   func(*testing.T, Opener)
	}{
		{"PutSourceVersions", testPutSourceVersions},
		{"TextBlocks", testTextBlocks},
		{"PutSourcesAsOneByOne", testPutSourcesAsOneByOne},
		{"PutSourceRejects", testPutSourceRejects},
		{"RevokeLeavesSearch", testRevokeLeavesSearch},
		{"HasActiveSources", testHasActiveSources},
		{"Sources", testSources},
		{"SourceACLs", testSourceACLs},
		{"PutSourceChanges", testPutSourceChanges},
		{"OneURIPerSystem", testOneURIPerSystem},
		{"RecordsRevocation", testRecordsRevocation},
		{"PutRecordsRejects", testPutRecordsRejects},
		{"ReceiptsGrow", testReceiptsGrow},
		{"ViewerFollowsReceipts", testViewerFollowsReceipts},
		{"RevocationMatchesRecompute", testRevocationMatchesRecompute},
		{"SearchRanksAndFilters", testSearchRanksAndFilters},
		{"HintOnlyWhenRanked", testHintOnlyWhenRanked},
		{"NoLeak", testNoLeak},
		{"NoHintForRecordsWithoutACL", testNoHintForRecordsWithoutACL},
		{"HintNeedsTwoTerms", testHintNeedsTwoTerms},
		{"Undiscoverable", testUndiscoverable},
		{"HintQueries", testHintQueries},
		{"PostingsMatchExhaustive", testPostingsMatchExhaustive},
		{"PostingsSparseReader", testPostingsSparseReader},
		{"SearchFollowsACLChanges", testSearchFollowsACLChanges},
		{"EventIDs", testEventIDs},
		{"EventToken", testEventToken},
		{"NoopRevocationLogsNothing", testNoopRevocationLogsNothing},
		{"GrantRole", testGrantRole},
		{"RevokeRole", testRevokeRole},
		{"RolesOf", testRolesOf},
		{"Touched", testTouched},
		{"AuditRunRoundTrip", testAuditRunRoundTrip},
		{"AuditRunIDs", testAuditRunIDs},
		{"RevokedMatch", testRevokedMatch},
		{"AnswerCacheAndStamp", testAnswerCacheAndStamp},
		{"StatementRecords", testStatementRecords},
		{"CrawlState", testCrawlState},
		{"ResearchCalls", testResearchCalls},
		{"Tokens", testTokens},
		{"Directory", testDirectory},
		{"Connectors", testConnectors},
		{"Chat", testChat},
		{"QuoteRecords", testQuoteRecords},
		{"CacheConformance", testCacheConformance},
	} {
		t.Run(c.name, func(t *testing.T) { c.fn(t, open) })
	}
}

// names remembers, per test and name, what an opener made for it.
var names sync.Map // key → string

type nameKey struct {
	t    testing.TB
	name string
}

// Named returns what make returned the first time t asked for name: an
// opener's way to find the file or schema of a named store again.
func Named(t testing.TB, name string, make func() string) string {
	k := nameKey{t, name}
	if v, ok := names.Load(k); ok {
		return v.(string)
	}
	v := make()
	names.Store(k, v)
	t.Cleanup(func() { names.Delete(k) })
	return v
}

// scope is a test within a test: its cleanups run when the case that made
// it ends, not when the whole test does. Property tests open a store per
// case; with a scope each store is closed (and an opener's schema given
// back) before the next case opens one.
type scope struct {
	testing.TB
	cleanups []func()
}

func newScope(t testing.TB) *scope { return &scope{TB: t} }

func (s *scope) Cleanup(f func()) { s.cleanups = append(s.cleanups, f) }

// end runs the cleanups, last registered first, as testing does.
func (s *scope) end() {
	for i := len(s.cleanups) - 1; i >= 0; i-- {
		s.cleanups[i]()
	}
	s.cleanups = nil
}
