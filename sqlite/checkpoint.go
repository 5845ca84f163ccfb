package sqlite

import (
	"context"

	"github.com/veritykb/verity/collect"
)

// The store keeps crawl frontiers and research journals for package collect.
var (
	_ collect.Checkpoints = (*DB)(nil)
	_ collect.Journal     = (*DB)(nil)
)

// LoadCrawl implements [collect.Checkpoints.LoadCrawl] over [DB.CrawlState].
func (d *DB) LoadCrawl(ctx context.Context, key string) (*collect.Checkpoint, error) {
	st, err := d.CrawlState(ctx, key)
	if err != nil || st == nil {
		return nil, err
	}
	cp := &collect.Checkpoint{Status: st.Status, Fetched: st.Fetched, URLs: make([]collect.QueuedURL, len(st.URLs))}
	for i, u := range st.URLs {
		cp.URLs[i] = collect.QueuedURL{URL: u.URL, Seq: u.Seq, Depth: u.Depth, State: u.State, Hash: u.Hash, SourceID: u.SourceID}
	}
	return cp, nil
}

// SaveCrawl implements [collect.Checkpoints.SaveCrawl] over [DB.SaveCrawlState].
func (d *DB) SaveCrawl(ctx context.Context, key string, cp *collect.Checkpoint) error {
	urls := make([]CrawlURL, len(cp.URLs))
	for i, u := range cp.URLs {
		urls[i] = CrawlURL{URL: u.URL, Seq: u.Seq, Depth: u.Depth, State: u.State, Hash: u.Hash, SourceID: u.SourceID}
	}
	return d.SaveCrawlState(ctx, key, cp.Status, cp.Fetched, urls)
}

// RecordCall implements [collect.Journal] over [DB.PutResearchCall].
func (d *DB) RecordCall(ctx context.Context, run string, c collect.Call) error {
	return d.PutResearchCall(ctx, ResearchCall{Run: run, Seq: c.Seq, Kind: c.Kind, Reason: c.Reason, Query: c.Query,
		URL: c.URL, Outcome: c.Outcome, Detail: c.Detail, Hits: c.Hits, SourceID: c.SourceID, Version: c.Version, At: c.At})
}
