package verity

// View is what one caller may see, as the service layer (package kb)
// decided it for one request: a source through its ACL, a record through a
// live sufficient set of its receipt made entirely of things the caller may
// read. Pipelines take a View and ask it; they never evaluate an ACL or
// build a view themselves, so access is decided in one place.
type View interface {
	// Readable reports whether the caller may read ref, whatever ref's
	// own state: a source whatever its status, a record through a set of
	// its receipt that the caller can see.
	Readable(ref Ref) bool
	// Visible reports whether ref is alive and readable: what search,
	// graphs and summaries may show.
	Visible(ref Ref) bool
}
