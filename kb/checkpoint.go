package kb

import (
	"context"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/collect"
)

// checkpoints keep crawl frontiers and research journals in the store for
// package collect, converting its types to the store's.
type checkpoints struct{ st Store }

var (
	_ collect.Checkpoints = checkpoints{}
	_ collect.Journal     = checkpoints{}
)

func (c checkpoints) LoadCrawl(ctx context.Context, key string) (*collect.Checkpoint, error) {
	st, err := c.st.CrawlState(ctx, key)
	if err != nil || st == nil {
		return nil, err
	}
	cp := &collect.Checkpoint{Status: st.Status, Fetched: st.Fetched, URLs: make([]collect.QueuedURL, len(st.URLs))}
	for i, u := range st.URLs {
		cp.URLs[i] = collect.QueuedURL{URL: u.URL, Seq: u.Seq, Depth: u.Depth, State: u.State, Hash: u.Hash, SourceID: u.SourceID}
	}
	return cp, nil
}

func (c checkpoints) SaveCrawl(ctx context.Context, key string, cp *collect.Checkpoint) error {
	urls := make([]verity.CrawlURL, len(cp.URLs))
	for i, u := range cp.URLs {
		urls[i] = verity.CrawlURL{URL: u.URL, Seq: u.Seq, Depth: u.Depth, State: u.State, Hash: u.Hash, SourceID: u.SourceID}
	}
	return c.st.SaveCrawlState(ctx, key, cp.Status, cp.Fetched, urls)
}

func (c checkpoints) ResetCrawl(ctx context.Context, key string) error {
	return c.st.ResetCrawl(ctx, key)
}

func (c checkpoints) RecordCall(ctx context.Context, run string, call collect.Call) error {
	return c.st.PutResearchCall(ctx, verity.ResearchCall{Run: run, Seq: call.Seq, Kind: call.Kind, Reason: call.Reason, Query: call.Query,
		URL: call.URL, Outcome: call.Outcome, Detail: call.Detail, Hits: call.Hits, SourceID: call.SourceID, Version: call.Version, At: call.At})
}
