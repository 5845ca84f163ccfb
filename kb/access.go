package kb

import (
	"context"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/receipt"
)

// view is what one caller may read during one request, by the one rule:
// a source through its ACL, a record through a live sufficient set of its
// receipt made entirely of things the caller may read ([receipt.Viewer]).
// An operator view (all) reads every source, hence every record that has a
// live set. Make one per request: it remembers what it read.
type view struct {
	c      verity.Caller
	all    bool
	v      *receipt.Viewer
	exists func(verity.Ref) bool // for operator views, which read everything there is
}

// view returns the caller's view of the store as it is now; all is an
// operator's view and must only be passed for callers allowed one.
func (s *Service) view(ctx context.Context, c verity.Caller, all bool) *view {
	return s.viewBefore(ctx, c, all, nil)
}

// viewBefore is the caller's view of the store as it was before a change
// in which before (the refs it revoked, the records that died) were still
// alive: what a report about the change may name.
func (s *Service) viewBefore(ctx context.Context, c verity.Caller, all bool, before []verity.Ref) *view {
	exists := func(ref verity.Ref) bool {
		var err error
		switch ref.Kind() {
		case verity.RefSource:
			_, _, err = s.store.SourceAccess(ctx, ref.ID())
		case verity.RefRecord:
			_, err = s.store.Record(ctx, ref.ID())
		default:
			return false
		}
		return err == nil
	}
	return &view{c: c, all: all, exists: exists, v: receipt.StoreViewer(ctx, s.store, c.CanRead, receipt.ViewOptions{All: all, Before: before})}
}

// viewAfter is the caller's view of the store as it will be after a
// change in which gone (the refs it revokes, the records that die) are
// dead: what a report may say survives for this caller.
func (s *Service) viewAfter(ctx context.Context, c verity.Caller, gone []verity.Ref) *view {
	v := s.view(ctx, c, false)
	v.v = receipt.StoreViewer(ctx, s.store, c.CanRead, receipt.ViewOptions{After: gone})
	return v
}

// readable reports whether the caller may read ref: a source by its ACL,
// whatever its status; a record through a live set, whatever its own state.
// An operator view reads everything that exists, dead records included.
func (v *view) readable(ref verity.Ref) bool {
	if v.v.Readable(ref) {
		return true
	}
	return v.all && v.exists(ref)
}

// visible reports whether ref is alive and readable: what search, graphs
// and summaries may show.
func (v *view) visible(ref verity.Ref) bool { return v.v.Visible(ref) }

// noSource is the error for a source id the caller cannot read or that does
// not exist: the same code and message either way.
func noSource(id string) error { return verity.Errorf(verity.ENOTFOUND, "no source %q", id) }

// noRecord is noSource's twin for derived records.
func noRecord(id string) error { return verity.Errorf(verity.ENOTFOUND, "no record %q", id) }

// noRef is the not-found error of either kind.
func noRef(r verity.Ref) error {
	if r.Kind() == verity.RefRecord {
		return noRecord(r.ID())
	}
	return noSource(r.ID())
}

// notFound reports whether err says something does not exist; other store
// failures must not be turned into "not found".
func notFound(err error) bool { return verity.ErrorCode(err) == verity.ENOTFOUND }
