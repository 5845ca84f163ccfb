package kb

import (
	"context"

	"github.com/veritykb/verity"
)

// Copy copies the whole store, row for row, into dst: another store, empty
// or holding what an interrupted copy of this one wrote (see
// [Store.CopyTo]). Only an admin may, since the copy holds every source
// whatever its ACL, and the roles and tokens that say who may read them.
func (s *Service) Copy(ctx context.Context, c verity.Caller, dst Store, progress func(verity.CopyProgress)) (*verity.CopyReport, error) {
	if _, err := s.require(ctx, c, verity.RoleAdmin, "copying the store"); err != nil {
		return nil, err
	}
	if dst == nil {
		return nil, verity.Errorf(verity.EINVALID, "copy: no destination store")
	}
	return s.store.CopyTo(ctx, dst, progress)
}
