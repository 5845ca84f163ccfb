package kb

import (
	"context"
	"slices"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/collect"
)

// CrawlReport is what a crawl did: the crawl's own report and what
// re-locating quotes in the pages stored as new versions did.
type CrawlReport struct {
	*collect.CrawlReport
	Relocation *Relocation `json:"relocation"`
}

// Crawl fetches the site of start into the store on c's behalf, which needs
// the curator role; pages are stored by the rules of [Service.Ingest]. The
// crawl's frontier is kept in the store so an interrupted crawl resumes. On
// an interruption it returns what finished with the error.
func (s *Service) Crawl(ctx context.Context, c verity.Caller, f *collect.Fetcher, start string, opt collect.CrawlOptions) (*CrawlReport, error) {
	r, err := s.require(ctx, c, verity.RoleCurator, "crawling")
	if err != nil {
		return nil, err
	}
	var changed newVersions
	onPage := opt.OnPage
	opt.Checkpoints = checkpoints{s.store}
	opt.OnPage = func(p collect.PageResult) {
		changed.note(p.Outcome, p.SourceID)
		if onPage != nil {
			onPage(p)
		}
	}
	rep, err := collect.Crawl(ctx, f, pageGate{s: s, c: c, r: r}, start, opt)
	if rep == nil {
		return nil, err
	}
	// Pages stored before an interruption are re-located all the same: a
	// later run finds them unchanged and would not.
	moved, rerr := s.relocateStored(context.WithoutCancel(ctx), c, r, changed)
	if rerr != nil {
		return nil, rerr
	}
	return &CrawlReport{CrawlReport: rep, Relocation: moved}, err
}

// ResearchReport is what a research run did, with the relocation of quotes
// in the pages it stored as new versions.
type ResearchReport struct {
	*collect.ResearchReport
	Relocation *Relocation `json:"relocation"`
}

// Research searches the web for pages about opt.Product and stores the
// ones worth reading on c's behalf, which needs the curator role; every
// search and read is journaled in the store with its reason.
func (s *Service) Research(ctx context.Context, c verity.Caller, search collect.Searcher, f *collect.Fetcher, opt collect.ResearchOptions) (*ResearchReport, error) {
	r, err := s.require(ctx, c, verity.RoleCurator, "researching")
	if err != nil {
		return nil, err
	}
	var changed newVersions
	onCall := opt.OnCall
	opt.Journal = checkpoints{s.store}
	opt.OnCall = func(call collect.Call) {
		changed.note(call.Outcome, call.SourceID)
		if onCall != nil {
			onCall(call)
		}
	}
	rep, err := collect.Research(ctx, search, f, pageGate{s: s, c: c, r: r}, opt)
	if rep == nil {
		return nil, err
	}
	moved, rerr := s.relocateStored(context.WithoutCancel(ctx), c, r, changed)
	if rerr != nil {
		return nil, rerr
	}
	return &ResearchReport{ResearchReport: rep, Relocation: moved}, err
}

// newVersions collects the sources a run stored as a new version, once
// each, in the order stored: the ones whose quotes must be re-located.
type newVersions []string

func (n *newVersions) note(outcome, id string) {
	if verity.PutOutcome(outcome) == verity.PutNewVersion && !slices.Contains(*n, id) {
		*n = append(*n, id)
	}
}
