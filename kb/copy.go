package kb

import (
	"context"

	"github.com/veritykb/verity"
)

// Copy copies the whole store, row for row, into the store that open
// returns: another store, empty or holding what an interrupted copy of
// this one wrote (see [Store.CopyTo]). Only an admin may, since the copy
// holds every source whatever its ACL, and the roles and tokens that say
// who may read them. The destination is opened only once c may copy, so a
// refused caller creates no file or schema; the caller of Copy closes what
// open opened.
func (s *Service) Copy(ctx context.Context, c verity.Caller, open func(context.Context) (Store, error), progress func(verity.CopyProgress)) (*verity.CopyReport, error) {
	if _, err := s.require(ctx, c, verity.RoleAdmin, "copying the store"); err != nil {
		return nil, err
	}
	dst, err := open(ctx)
	if err != nil {
		return nil, err
	}
	return s.store.CopyTo(ctx, dst, progress)
}
