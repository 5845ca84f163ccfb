package kb

import (
	"context"
	"encoding/json"

	"github.com/veritykb/verity"
)

// SyncArgs are a sync job's inputs: the connector, how the pass runs, and
// for a webhook's hint the pages to read again (a pass of those alone).
type SyncArgs struct {
	Name    string      `json:"name"`
	Options SyncOptions `json:"options"`
	Keys    []string    `json:"keys,omitempty"`
}

// SyncJobs are the connector's jobs' batch: one name per connector, so
// that a pass queued or running is seen before another is queued.
func syncBatch(name string) string { return "sync:" + name }

// QueueSync queues a pass of connector name for a worker (admin), unless
// one is queued or running already: then that one is returned.
func (s *Service) QueueSync(ctx context.Context, c verity.Caller, name string, opt SyncOptions) (*Queued, error) {
	if _, err := s.require(ctx, c, verity.RoleAdmin, "syncing a connector"); err != nil {
		return nil, err
	}
	if err := canOwnJobs(c); err != nil {
		return nil, err
	}
	if _, err := s.store.Connector(ctx, name); err != nil {
		return nil, err
	}
	return s.queueSync(ctx, c, SyncArgs{Name: name, Options: opt})
}

func (s *Service) queueSync(ctx context.Context, c verity.Caller, a SyncArgs) (*Queued, error) {
	out := &Queued{Batch: syncBatch(a.Name), Jobs: []*verity.Job{}}
	if len(a.Keys) == 0 {
		pending, err := s.store.Jobs(ctx, "", verity.JobFilter{Batch: out.Batch, States: []verity.JobState{verity.JobQueued, verity.JobRunning, verity.JobRetrying}})
		if err != nil {
			return nil, err
		}
		for _, j := range pending {
			var prior SyncArgs
			if json.Unmarshal(j.Request.Args, &prior) == nil && len(prior.Keys) == 0 && (prior.Options.Full || !a.Options.Full) {
				out.Jobs = append(out.Jobs, j)
				return out, nil
			}
		}
	}
	args, err := json.Marshal(a)
	if err != nil {
		return nil, err
	}
	return s.enqueue(ctx, out, []verity.JobRequest{jobRequest(c, verity.JobSync, "", args, out.Batch, 0)}, nil)
}

// QueueDueSyncs queues the passes that are due, as a worker's scheduler
// asks every minute: an incremental pass of each connector whose last pass
// is older than its interval, a full one where its last full pass is
// older than its reconciliation interval. Each runs as whoever added the
// connector, with that caller's rights as they stand when it runs. Only
// the local operator (the worker's own process) may ask.
func (s *Service) QueueDueSyncs(ctx context.Context, c verity.Caller) (*Queued, error) {
	if !c.Local() {
		return nil, verity.Errorf(verity.EFORBIDDEN, "only a worker's scheduler queues the connectors' passes")
	}
	conns, err := s.connectors(ctx)
	if err != nil {
		return nil, err
	}
	now := s.now()
	out := &Queued{Jobs: []*verity.Job{}}
	for _, conn := range conns {
		st := conn.State
		full := st.LastFull.IsZero() || now.Sub(st.LastFull) >= conn.Reconcile
		if !full && now.Sub(st.LastSync) < conn.Interval {
			continue
		}
		q, err := s.queueSync(ctx, connectorOwner(conn), SyncArgs{Name: conn.Name, Options: SyncOptions{Full: full}})
		if err != nil {
			s.log.Warn("connector pass not queued", "connector", conn.Name, "err", err)
			continue
		}
		out.Jobs = append(out.Jobs, q.Jobs...)
	}
	return out, nil
}
