package kb

import (
	"context"

	"github.com/veritykb/verity"
)

// Reindex derives every chunk's index terms again from its text and builds
// the search index from them, in one transaction (searches go on with the
// old index until it commits). It rewrites the index of every source, so it
// needs the admin role. progress, when not nil, hears chunks done of all.
func (s *Service) Reindex(ctx context.Context, c verity.Caller, progress func(done, total int)) (*verity.ReindexReport, error) {
	if _, err := s.require(ctx, c, verity.RoleAdmin, "rebuilding the search index"); err != nil {
		return nil, err
	}
	return s.store.Reindex(ctx, progress)
}
