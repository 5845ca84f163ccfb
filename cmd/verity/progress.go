package main

import (
	"github.com/vbauerster/mpb/v8"
	"github.com/vbauerster/mpb/v8/decor"
)

// progress is a bar on a terminal and nothing at all when output is piped,
// so logs and JSON stay clean.
type progress struct {
	p    *mpb.Progress
	bar  *mpb.Bar
	done int64 // for callers that report totals rather than steps
}

// newProgress starts a bar of total units (bytes when bytes is set) on stderr
// when stderr is a terminal.
func (a *app) newProgress(name string, total int64, bytes bool) *progress {
	if !a.interactive() || total <= 0 {
		return &progress{}
	}
	p := mpb.New(mpb.WithOutput(a.stderr), mpb.WithWidth(40))
	counter := decor.CountersNoUnit("%d / %d")
	if bytes {
		counter = decor.Counters(decor.SizeB1024(0), "% .1f / % .1f")
	}
	bar := p.AddBar(total,
		mpb.PrependDecorators(decor.Name(name+" "), counter),
		mpb.AppendDecorators(decor.Percentage(), decor.Name(" "), decor.EwmaETA(decor.ET_STYLE_GO, 30)),
	)
	return &progress{p: p, bar: bar}
}

// Add advances the bar by n units.
func (pr *progress) Add(n int64) {
	if pr.bar != nil {
		pr.bar.EwmaIncrInt64(n, 0)
	}
}

// Done completes the bar and waits for its last render.
func (pr *progress) Done() {
	if pr.bar == nil {
		return
	}
	pr.bar.SetTotal(-1, true)
	pr.p.Wait()
}
