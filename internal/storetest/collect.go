package storetest

import (
	"context"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/veritykb/verity"
)

func testCrawlState(t *testing.T, open Opener) {
	ctx := context.Background()
	db := open(t, "")
	const crawl = "https://example.com/"
	if st, err := db.CrawlState(ctx, crawl); err != nil || st != nil {
		t.Fatalf("CrawlState(unknown) = %v, %v, want nil, nil", st, err)
	}
	first := []verity.CrawlURL{
		{URL: "https://example.com/", Seq: 0, State: "pending"},
		{URL: "https://example.com/b", Seq: 2, Depth: 1, State: "pending"},
		{URL: "https://example.com/a", Seq: 1, Depth: 1, State: "pending"},
	}
	if err := db.SaveCrawlState(ctx, crawl, "running", 0, first); err != nil {
		t.Fatalf("SaveCrawlState: %v", err)
	}
	done := verity.CrawlURL{URL: "https://example.com/", Seq: 0, State: "done", Hash: "h1", SourceID: "https://example.com/"}
	if err := db.SaveCrawlState(ctx, crawl, "running", 1, []verity.CrawlURL{done}); err != nil {
		t.Fatalf("SaveCrawlState: %v", err)
	}
	st, err := db.CrawlState(ctx, crawl)
	if err != nil {
		t.Fatalf("CrawlState: %v", err)
	}
	want := []verity.CrawlURL{done, first[2], first[1]} // by seq, the update applied
	if st.Status != "running" || st.Fetched != 1 || !cmp.Equal(st.URLs, want) {
		t.Errorf("CrawlState = %s %d %v, want running 1 %v", st.Status, st.Fetched, st.URLs, want)
	}
	if err := db.SaveCrawlState(ctx, crawl, "paused", 1, nil); err == nil {
		t.Errorf("SaveCrawlState(status paused) = nil, want an error")
	}
	if err := db.ResetCrawl(ctx, crawl); err != nil {
		t.Fatalf("ResetCrawl: %v", err)
	}
	if st, err := db.CrawlState(ctx, crawl); err != nil || st != nil {
		t.Errorf("CrawlState(after reset) = %v, %v, want nil, nil", st, err)
	}
	if err := db.SaveCrawlState(ctx, crawl, "running", 0, []verity.CrawlURL{first[1]}); err != nil {
		t.Fatalf("SaveCrawlState(after reset): %v", err)
	}
	if st, _ := db.CrawlState(ctx, crawl); st == nil || len(st.URLs) != 1 {
		t.Errorf("CrawlState(after reset and save) = %+v, want one URL (no leftovers)", st)
	}
}

func testResearchCalls(t *testing.T, open Opener) {
	ctx := context.Background()
	db := open(t, "")
	at := time.Date(2026, 3, 1, 10, 0, 0, 0, time.UTC)
	calls := []verity.ResearchCall{
		{Run: "r1", Seq: 1, Kind: "search", Reason: "customers in case studies", Query: "Bitrix24 кейс", Outcome: "ok", Hits: 7, At: at},
		{Run: "r1", Seq: 2, Kind: "read", Reason: "returned by 2 searches", Query: "Bitrix24 кейс", URL: "https://a.example/case", Outcome: "created", SourceID: "https://a.example/case", Version: 1, At: at},
		{Run: "r2", Seq: 1, Kind: "read", Reason: "again", URL: "https://a.example/case", Outcome: "unchanged", SourceID: "https://a.example/case", Version: 1, At: at},
	}
	for _, c := range calls {
		if err := db.PutResearchCall(ctx, c); err != nil {
			t.Fatalf("PutResearchCall(%d): %v", c.Seq, err)
		}
	}
	got, err := db.ResearchCalls(ctx, verity.ResearchFilter{Run: "r1"})
	if err != nil || !cmp.Equal(got, calls[:2]) {
		t.Errorf("ResearchCalls(run r1) = %v, %v, want %v", got, err, calls[:2])
	}
	got, err = db.ResearchCalls(ctx, verity.ResearchFilter{SourceID: "https://a.example/case"})
	if err != nil || len(got) != 2 || got[0].Run != "r1" || got[1].Run != "r2" {
		t.Errorf("ResearchCalls(source) = %v, %v, want the two reads", got, err)
	}
	for _, bad := range []verity.ResearchCall{
		{Run: "", Seq: 1, Kind: "search", Reason: "x", Outcome: "ok"},
		{Run: "r", Seq: 1, Kind: "fetch", Reason: "x", Outcome: "ok"},
		{Run: "r", Seq: 1, Kind: "read", Reason: " ", Outcome: "ok"},
	} {
		if err := db.PutResearchCall(ctx, bad); err == nil {
			t.Errorf("PutResearchCall(%+v) = nil, want an error", bad)
		}
	}
}
