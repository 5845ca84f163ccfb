package kb

import (
	"context"

	"github.com/veritykb/verity"
)

// Migrate reports the store's schema: every store applies the migrations
// its binary embeds when it opens (each once, under the store's lock), so
// by the time the service exists they have run; Migrate says which ran
// then and which the store had already. Only an admin may ask, since the
// schema is the operators' business.
func (s *Service) Migrate(ctx context.Context, c verity.Caller) (*verity.SchemaStatus, error) {
	if _, err := s.require(ctx, c, verity.RoleAdmin, "migrating the store"); err != nil {
		return nil, err
	}
	return s.store.Schema(ctx)
}

// Vacuum compacts the store: a SQLite file shrinks only when rewritten
// (after migration 020 moved its text into compressed blocks, or after
// many deletions), which needs free disk about the file's size; on
// PostgreSQL the tables migration 020 emptied are rewritten, each locked
// meanwhile. Only an admin may, as it is the operators' business and
// holds the store for its duration.
func (s *Service) Vacuum(ctx context.Context, c verity.Caller) (*verity.VacuumReport, error) {
	if _, err := s.require(ctx, c, verity.RoleAdmin, "vacuuming the store"); err != nil {
		return nil, err
	}
	return s.store.Vacuum(ctx)
}
