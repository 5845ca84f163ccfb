package eval

// Bar is one stage of a harness run as a progress display shows it: Add
// counts steps done, Done ends the stage.
type Bar interface {
	Add(n int64)
	Done()
}

// Progress opens a Bar for a named stage of total steps. Harnesses take one
// so that a terminal can show how far a long run is; a nil Progress shows
// nothing, which is what tests and piped output want.
type Progress func(stage string, total int64) Bar

// start opens a stage, or a Bar that does nothing when p is nil.
func (p Progress) start(stage string, total int64) Bar {
	if p == nil {
		return noBar{}
	}
	return p(stage, total)
}

// noBar is the Bar of a nil Progress.
type noBar struct{}

func (noBar) Add(int64) {}
func (noBar) Done()     {}

// Start opens a stage's bar: p's, or one that draws nothing when p is nil.
// Harnesses in other packages (eval/entitybench) start their stages with it.
func (p Progress) Start(stage string, total int64) Bar { return p.start(stage, total) }
