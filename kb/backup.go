package kb

import (
	"context"

	"github.com/veritykb/verity"
)

// Backup writes a consistent online copy of the whole store to path; only
// an admin may, since the copy holds every source whatever its ACL.
func (s *Service) Backup(ctx context.Context, c verity.Caller, path string) error {
	if _, err := s.require(ctx, c, verity.RoleAdmin, "backing up the store"); err != nil {
		return err
	}
	return s.store.Backup(ctx, path)
}
