package queue_test

import (
	"context"
	"encoding/json"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/postgres"
	"github.com/veritykb/verity/postgres/pgtest"
	"github.com/veritykb/verity/queue"
	"github.com/veritykb/verity/sqlite"
)

func TestMain(m *testing.M) { pgtest.Main(m) }

type store interface {
	queue.Store
	Jobs(ctx context.Context, owner verity.Principal, f verity.JobFilter) ([]*verity.Job, error)
	CancelJob(ctx context.Context, id int64) (*verity.Job, error)
	SetJobProgress(ctx context.Context, id int64, p verity.JobProgress) (bool, error)
}

// stores opens a new store of each kind.
func stores(t *testing.T) map[string]interface {
	store
	enqueue(ctx context.Context, reqs []verity.JobRequest) ([]int64, error)
} {
	t.Helper()
	lite, err := sqlite.Open(context.Background(), filepath.Join(t.TempDir(), "q.db"), sqlite.Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { lite.Close() })
	pg := pgtest.Open(t, postgres.Options{})
	return map[string]interface {
		store
		enqueue(ctx context.Context, reqs []verity.JobRequest) ([]int64, error)
	}{"sqlite": liteStore{lite}, "postgres": pgStore{pg}}
}

type liteStore struct{ *sqlite.DB }

func (s liteStore) enqueue(ctx context.Context, reqs []verity.JobRequest) ([]int64, error) {
	return s.EnqueueJobs(ctx, reqs, nil)
}

type pgStore struct{ *postgres.DB }

func (s pgStore) enqueue(ctx context.Context, reqs []verity.JobRequest) ([]int64, error) {
	return s.EnqueueJobs(ctx, reqs, nil)
}

func request(kind string, n int) verity.JobRequest {
	args, _ := json.Marshal(map[string]int{"n": n})
	return verity.JobRequest{Kind: kind, Caller: []verity.Principal{"user:ann@corp.example", "group:staff"}, Model: "offline", Args: args, Batch: "b1", Total: 3}
}

// waitFor polls until every job of ids is in one of states.
func waitFor(t *testing.T, st store, ids []int64, states ...verity.JobState) []*verity.Job {
	t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for {
		var jobs []*verity.Job
		ok := true
		for _, id := range ids {
			j, err := st.Job(context.Background(), id)
			if err != nil {
				t.Fatal(err)
			}
			jobs = append(jobs, j)
			found := false
			for _, s := range states {
				found = found || j.State == s
			}
			ok = ok && found
		}
		if ok {
			return jobs
		}
		if time.Now().After(deadline) {
			t.Fatalf("jobs did not reach %v: %+v", states, jobs)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// TestWorkerRunsJobs queues jobs on each store and works them: each runs
// once, with its request, its report kept as output and its progress
// recorded; an error no retry can mend fails the job at once; a queued job
// cancelled never runs, and a running one stops at its next report.
func TestWorkerRunsJobs(t *testing.T) {
	for kind, st := range stores(t) {
		t.Run(kind, func(t *testing.T) {
			ctx := context.Background()
			var (
				mu   sync.Mutex
				runs = map[int64]int{}
			)
			release := make(chan struct{})
			h := func(ctx context.Context, j *verity.Job) (any, error) {
				mu.Lock()
				runs[j.ID]++
				mu.Unlock()
				switch j.Kind {
				case "bad":
					return nil, verity.Errorf(verity.EFORBIDDEN, "ann may not")
				case "long":
					for i := 0; ; i++ {
						// River may see the cancellation first and end
						// the job's context: the report is kept either way.
						cancelled, err := st.SetJobProgress(ctx, j.ID, verity.JobProgress{Done: i, Total: 100})
						if err != nil && ctx.Err() == nil {
							return nil, err
						}
						if cancelled || ctx.Err() != nil {
							return map[string]int{"done": i}, verity.ErrJobCancelled
						}
						select {
						case <-release:
						case <-ctx.Done():
						case <-time.After(20 * time.Millisecond):
						}
					}
				}
				if _, err := st.SetJobProgress(ctx, j.ID, verity.JobProgress{Done: 3, Total: 3, Note: "all"}); err != nil {
					return nil, err
				}
				return map[string]any{"owner": j.Owner, "args": j.Args}, nil
			}
			// A job queued and cancelled before any worker runs never runs.
			early, err := st.enqueue(ctx, []verity.JobRequest{request("ok", 0)})
			if err != nil {
				t.Fatal(err)
			}
			if j, err := st.CancelJob(ctx, early[0]); err != nil || j.State != verity.JobCancelled {
				t.Fatalf("CancelJob of a queued job = %+v, %v", j, err)
			}
			w, err := queue.Start(ctx, st, h, queue.Options{Workers: 3, Poll: 50 * time.Millisecond})
			if err != nil {
				t.Fatal(err)
			}
			defer w.Stop(ctx)
			ids, err := st.enqueue(ctx, []verity.JobRequest{request("ok", 1), request("ok", 2), request("bad", 3), request("long", 4)})
			if err != nil {
				t.Fatal(err)
			}
			jobs := waitFor(t, st, ids[:3], verity.JobDone, verity.JobFailed)
			for i, j := range jobs[:2] {
				var out struct {
					Owner string         `json:"owner"`
					Args  map[string]int `json:"args"`
				}
				json.Unmarshal(j.Result, &out)
				if j.State != verity.JobDone || out.Owner != "user:ann@corp.example" || out.Args["n"] != i+1 ||
					j.Progress.Done != 3 || j.Progress.Note != "all" || j.Batch != "b1" {
					t.Errorf("job %d = %+v (output %s)", j.ID, j, j.Result)
				}
			}
			if bad := jobs[2]; bad.State != verity.JobFailed || len(bad.Errors) != 1 || bad.Attempt != 1 {
				t.Errorf("a forbidden job = %+v, want failed after one attempt", bad)
			}
			waitFor(t, st, ids[3:], verity.JobRunning)
			if _, err := st.CancelJob(ctx, ids[3]); err != nil {
				t.Fatal(err)
			}
			long := waitFor(t, st, ids[3:], verity.JobCancelled)[0]
			if len(long.Result) == 0 {
				t.Errorf("a cancelled job keeps no report: %+v", long)
			}
			mu.Lock()
			defer mu.Unlock()
			for _, id := range append(ids, early...) {
				want := 1
				if id == early[0] {
					want = 0
				}
				if runs[id] != want {
					t.Errorf("job %d ran %d times, want %d", id, runs[id], want)
				}
			}
			mine, err := st.Jobs(ctx, "user:ann@corp.example", verity.JobFilter{})
			if err != nil || len(mine) != 5 {
				t.Errorf("Jobs of ann = %d jobs, %v; want 5", len(mine), err)
			}
			theirs, err := st.Jobs(ctx, "user:bob@corp.example", verity.JobFilter{})
			if err != nil || len(theirs) != 0 {
				t.Errorf("Jobs of bob = %d jobs, %v; want none", len(theirs), err)
			}
			if done, err := st.Jobs(ctx, "", verity.JobFilter{States: []verity.JobState{verity.JobDone}}); err != nil || len(done) != 2 {
				t.Errorf("done jobs = %d, %v; want 2", len(done), err)
			}
			var missing error
			_, missing = st.Job(ctx, 999999)
			if verity.ErrorCode(missing) != verity.ENOTFOUND {
				t.Errorf("Job(999999) = %v, want not found", missing)
			}
		})
	}
}
