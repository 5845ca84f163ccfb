package verity

import (
	"encoding/json"
	"time"
)

// JobState is where a queued job stands.
type JobState string

// Job states. A job is queued until a worker takes it, running while one
// works it, retrying after an attempt failed or its worker died (it is
// queued again after a pause), and ends done, failed (its attempts used up,
// or an error no retry can mend) or cancelled.
const (
	JobQueued    JobState = "queued"
	JobRunning   JobState = "running"
	JobRetrying  JobState = "retrying"
	JobDone      JobState = "done"
	JobFailed    JobState = "failed"
	JobCancelled JobState = "cancelled"
)

// Finished reports whether a job in state s will not run again.
func (s JobState) Finished() bool {
	return s == JobDone || s == JobFailed || s == JobCancelled
}

// Job kinds: the long operations a worker can run.
const (
	JobExtract  = "extract"  // quote-grounded extraction over a batch of pages
	JobAudit    = "audit"    // audit by regeneration
	JobCrawl    = "crawl"    // a crawl of a site into the store
	JobResearch = "research" // web research for a product's users
)

// ErrJobCancelled is what a job's run ends with when someone cancelled the
// job while it ran: it keeps what it committed and is not retried.
var ErrJobCancelled = Errorf(ECONFLICT, "the job was cancelled")

// JobRequest is a job to queue: what to run, on whose behalf.
type JobRequest struct {
	Kind string `json:"kind"`
	// Caller is who the job runs as: its principals (the first a user's,
	// which owns the job) and the API token it came with, if any. A
	// worker runs the job with exactly these rights, as they stand when it
	// runs.
	Caller []Principal `json:"caller"`
	Token  string      `json:"token,omitempty"`
	Local  bool        `json:"local,omitempty"` // the caller is the local operator, named by Caller[0]
	Model  string      `json:"model"`           // the model spec the job calls ("offline", "openai:MODEL"...)
	// Args are the operation's own inputs, as the service encodes them.
	Args json.RawMessage `json:"args"`
	// Batch names the request the job is part of (an extraction split in
	// batches of pages): jobs queued together share it.
	Batch string `json:"batch,omitempty"`
	// Total is how many units of work (pages, records) the job has, for
	// its progress before a worker takes it.
	Total int `json:"total,omitempty"`
}

// Job is a queued job as the service shows it.
type Job struct {
	ID    int64    `json:"id"`
	Kind  string   `json:"kind"`
	State JobState `json:"state"`
	// Owner is the principal the job acts as and that may see it (besides
	// admins); its other principals are not shown.
	Owner    Principal       `json:"owner"`
	Batch    string          `json:"batch,omitempty"`
	Model    string          `json:"model"`
	Args     json.RawMessage `json:"args"`
	Attempt  int             `json:"attempt"`
	Attempts int             `json:"max_attempts"`
	Errors   []string        `json:"errors"`
	Progress JobProgress     `json:"progress"`
	// Result is the operation's report when the job is done.
	Result     json.RawMessage `json:"result,omitempty"`
	CreatedAt  time.Time       `json:"created_at"`
	StartedAt  *time.Time      `json:"started_at,omitempty"`
	FinishedAt *time.Time      `json:"finished_at,omitempty"`

	// Request is what the job was queued with; it never leaves the
	// service (it holds every principal of the caller and its token id).
	Request JobRequest `json:"-"`
}

// JobProgress is what a worker reports while it runs a job.
type JobProgress struct {
	Done      int       `json:"done"`
	Total     int       `json:"total"`
	Note      string    `json:"note,omitempty"`
	UpdatedAt time.Time `json:"updated_at,omitzero"`
}

// JobFilter narrows a listing of jobs.
type JobFilter struct {
	States []JobState // none for any
	Batch  string     // "" for any
	Limit  int        // 0 for the queue's default
}
