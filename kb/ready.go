package kb

import (
	"context"

	"github.com/veritykb/verity"
)

// Ready reports whether the store answers and its schema is up to date. It
// takes no caller: it is the operations probe of a server (GET /readyz),
// says nothing of any record, and is the same for everyone.
func (s *Service) Ready(ctx context.Context) error {
	if err := s.store.Ready(ctx); err != nil {
		if verity.ErrorCode(err) == verity.EUNAVAILABLE {
			return err
		}
		return verity.Errorf(verity.EUNAVAILABLE, "store not ready: %w", err)
	}
	return nil
}

// Metrics decides whether c may read the server's operational metrics
// (request counts and latencies, model calls and tokens): only an admin may,
// since they count the work of every caller.
func (s *Service) Metrics(ctx context.Context, c verity.Caller) error {
	_, err := s.require(ctx, c, verity.RoleAdmin, "reading metrics")
	return err
}

// Grounded reports whether the knowledge base holds any active source.
// Without one there is no grounding mode (seed 004): questions are
// answered conversationally, and an assistant is not offered the search
// tool at all. It takes no caller: an empty store is empty for everyone,
// and it says nothing of any record.
func (s *Service) Grounded(ctx context.Context) (bool, error) {
	return s.store.HasActiveSources(ctx)
}
