package eval

import (
	"context"
	"time"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/answer"
	"github.com/veritykb/verity/llm"
)

// Scratch is a store a harness builds for a dataset and works on: it adds
// to it, searches it, answers over it and revokes in it, so it must be a
// fresh one. *sqlite.DB is one.
type Scratch interface {
	ReceiptsStore
	answer.Store
}

// Wiring is what the harnesses that build a store or call a model take
// from the program that runs them: this package never opens a store or
// builds a model itself (it imports no adapter), so cmd/verity wires these
// in. A harness calls each when it first needs it.
type Wiring struct {
	// Scratch builds a fresh store named name holding srcs (filled as
	// [Fill] fills one) and returns it with the func that removes it and
	// how long filling it took.
	Scratch func(ctx context.Context, name string, srcs []*verity.Source) (Scratch, func(), time.Duration, error)
	// Model returns the run's model and the meter it reports to, nil for
	// none.
	Model func(ctx context.Context) (llm.Model, *llm.Meter, error)
	// Ask returns how questions are answered over a scratch store with the
	// run's models: afresh, keeping nothing in the store.
	Ask func(ctx context.Context, store Scratch) (AskFunc, error)
	// Concurrency bounds the model calls a judge makes at once.
	Concurrency int
	// Now is the clock of what a harness records; nil is time.Now.
	Now      func() time.Time
	Progress Progress
}
