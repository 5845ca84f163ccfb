package sqlstore

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver"
	"github.com/riverqueue/river/rivertype"

	"github.com/veritykb/verity"
)

// The job queue is River's, in the store's own database: River's tables
// (migrations 013 and 014) hold each job's state, attempts, errors and
// output, and the jobs table Verity's view of it — its owner, batch, model
// and progress. Jobs are inserted with their rows, and with what they
// concern, in one of the store's write transactions, so a job exists
// exactly when its request was stored. Package queue works them.

// JobArgs is a job's arguments as River stores them: the request, whose
// kind is Verity's (River knows every job as one kind).
type JobArgs struct {
	Request verity.JobRequest `json:"request"`
}

// JobKind is the kind River knows every Verity job by.
const JobKind = "verity"

// Kind implements river.JobArgs.
func (JobArgs) Kind() string { return JobKind }

// jobAttempts is how many times a job is tried before it fails: a worker
// killed mid-job counts as an attempt, and so does a provider that stays
// down.
const jobAttempts = 5

// RiverDriver returns River's driver over the store's database, for the
// process that works its jobs.
func (d *DB) RiverDriver() riverdriver.Driver[*sql.Tx] { return d.dialect.River(d.db) }

// river returns the client that inserts, reads and cancels jobs (it works
// none), made once.
func (d *DB) river() (*river.Client[*sql.Tx], error) {
	d.riverOnce.Do(func() {
		d.riverClient, d.riverErr = river.NewClient(d.RiverDriver(), &river.Config{})
	})
	return d.riverClient, d.riverErr
}

// riverState keeps the insert-only client of [DB.river].
type riverState struct {
	riverOnce   sync.Once
	riverClient *river.Client[*sql.Tx]
	riverErr    error
}

// EnqueueJobs queues reqs in one transaction with their rows in jobs and,
// when run is not nil, the extraction run they belong to (begun as
// [DB.BeginRun] begins it), and returns their ids in order.
func (d *DB) EnqueueJobs(ctx context.Context, reqs []verity.JobRequest, run *verity.ExtractionRun) ([]int64, error) {
	client, err := d.river()
	if err != nil {
		return nil, fmt.Errorf("queue jobs: %w", err)
	}
	now := d.nowString()
	var ids []int64
	err = d.tx(ctx, func(tx *Tx) error {
		if run != nil {
			if err := beginRun(ctx, tx, *run, now); err != nil {
				return err
			}
		}
		params := make([]river.InsertManyParams, len(reqs))
		for i, r := range reqs {
			if len(r.Caller) == 0 || r.Kind == "" {
				return verity.Errorf(verity.EINVALID, "a job needs a kind and a caller")
			}
			params[i] = river.InsertManyParams{Args: JobArgs{Request: r}, InsertOpts: &river.InsertOpts{MaxAttempts: jobAttempts}}
		}
		res, err := client.InsertManyTx(ctx, tx.Tx, params)
		if err != nil {
			return err
		}
		rows := make([][]any, len(res))
		for i, r := range res {
			ids = append(ids, r.Job.ID)
			rows[i] = []any{r.Job.ID, reqs[i].Kind, string(reqs[i].Caller[0]), reqs[i].Batch, reqs[i].Model, now, reqs[i].Total}
		}
		return insertMany(ctx, tx, "jobs", []string{"job", "kind", "owner", "batch", "model", "created_at", "total"}, rows)
	})
	if err != nil {
		return nil, fmt.Errorf("queue jobs: %w", err)
	}
	return ids, nil
}

// jobRow is what the jobs table holds of a job.
type jobRow struct {
	id                   int64
	kind, owner, batch   string
	model, created, note string
	done, total          int
	updated              string
}

const jobColumns = `job, kind, owner, batch, model, created_at, done, total, note, updated_at`

func scanJobRow(sc interface{ Scan(...any) error }) (jobRow, error) {
	var r jobRow
	err := sc.Scan(&r.id, &r.kind, &r.owner, &r.batch, &r.model, &r.created, &r.done, &r.total, &r.note, &r.updated)
	return r, err
}

// Job returns job id, ENOTFOUND when there is none.
func (d *DB) Job(ctx context.Context, id int64) (*verity.Job, error) {
	row, err := scanJobRow(d.q().QueryRowContext(ctx, `SELECT `+jobColumns+` FROM jobs WHERE job = ?`, id))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, verity.Errorf(verity.ENOTFOUND, "no job %d", id)
	}
	if err != nil {
		return nil, fmt.Errorf("read job %d: %w", id, err)
	}
	jobs, err := d.withRiver(ctx, []jobRow{row})
	if err != nil {
		return nil, err
	}
	return jobs[0], nil
}

// Jobs lists jobs, newest first: those owned by owner, or every job when
// owner is empty, narrowed by f.
func (d *DB) Jobs(ctx context.Context, owner verity.Principal, f verity.JobFilter) ([]*verity.Job, error) {
	where, args := []string{"1 = 1"}, []any{}
	if owner != "" {
		where, args = append(where, "owner = ?"), append(args, string(owner))
	}
	if f.Batch != "" {
		where, args = append(where, "batch = ?"), append(args, f.Batch)
	}
	limit := f.Limit
	if limit <= 0 {
		limit = 100
	}
	// States are River's: the rows are read in pages until enough match.
	var out []*verity.Job
	for after := int64(-1); len(out) < limit; {
		q := `SELECT ` + jobColumns + ` FROM jobs WHERE ` + strings.Join(where, " AND ")
		pageArgs := slices.Clone(args)
		if after >= 0 {
			q += ` AND job < ?`
			pageArgs = append(pageArgs, after)
		}
		rows, err := d.q().QueryContext(ctx, q+fmt.Sprintf(` ORDER BY job DESC LIMIT %d`, limit), pageArgs...)
		if err != nil {
			return nil, fmt.Errorf("list jobs: %w", err)
		}
		var page []jobRow
		for rows.Next() {
			r, err := scanJobRow(rows)
			if err != nil {
				rows.Close()
				return nil, fmt.Errorf("list jobs: %w", err)
			}
			page = append(page, r)
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return nil, fmt.Errorf("list jobs: %w", err)
		}
		if len(page) == 0 {
			break
		}
		jobs, err := d.withRiver(ctx, page)
		if err != nil {
			return nil, err
		}
		for _, j := range jobs {
			if len(f.States) == 0 || slices.Contains(f.States, j.State) {
				out = append(out, j)
			}
		}
		after = page[len(page)-1].id
		if len(page) < limit {
			break
		}
	}
	if len(out) > limit {
		out = out[:limit]
	}
	return out, nil
}

// withRiver completes rows with River's state of each job.
func (d *DB) withRiver(ctx context.Context, rows []jobRow) ([]*verity.Job, error) {
	client, err := d.river()
	if err != nil {
		return nil, fmt.Errorf("read jobs: %w", err)
	}
	ids := make([]int64, len(rows))
	for i, r := range rows {
		ids[i] = r.id
	}
	res, err := client.JobList(ctx, river.NewJobListParams().IDs(ids...).First(len(ids)))
	if err != nil {
		return nil, fmt.Errorf("read jobs: %w", err)
	}
	byID := make(map[int64]*rivertype.JobRow, len(res.Jobs))
	for _, j := range res.Jobs {
		byID[j.ID] = j
	}
	out := make([]*verity.Job, 0, len(rows))
	for _, r := range rows {
		j := &verity.Job{ID: r.id, Kind: r.kind, Owner: verity.Principal(r.owner), Batch: r.batch, Model: r.model,
			CreatedAt: parseTime(r.created), Errors: []string{},
			Progress: verity.JobProgress{Done: r.done, Total: r.total, Note: r.note, UpdatedAt: parseTime(r.updated)}}
		rj := byID[r.id]
		if rj == nil {
			// River has pruned a job finished long ago; its row says what
			// it was, not how it ended.
			j.State = verity.JobDone
			out = append(out, j)
			continue
		}
		var args JobArgs
		if err := json.Unmarshal(rj.EncodedArgs, &args); err != nil {
			return nil, fmt.Errorf("job %d: arguments: %w", r.id, err)
		}
		j.Request, j.Args = args.Request, args.Request.Args
		j.State = jobState(rj)
		j.Attempt, j.Attempts = rj.Attempt, rj.MaxAttempts
		for _, e := range rj.Errors {
			j.Errors = append(j.Errors, e.Error)
		}
		j.Result = rj.Output()
		j.StartedAt, j.FinishedAt = rj.AttemptedAt, rj.FinalizedAt
		out = append(out, j)
	}
	return out, nil
}

// jobState says River's state of a job in Verity's words.
func jobState(j *rivertype.JobRow) verity.JobState {
	switch j.State {
	case rivertype.JobStateRunning:
		return verity.JobRunning
	case rivertype.JobStateRetryable:
		return verity.JobRetrying
	case rivertype.JobStateScheduled:
		if j.Attempt > 0 {
			return verity.JobRetrying
		}
	case rivertype.JobStateCompleted:
		return verity.JobDone
	case rivertype.JobStateDiscarded:
		return verity.JobFailed
	case rivertype.JobStateCancelled:
		// A worker ends a job no retry can mend by cancelling it in River;
		// to the person who asked for it, that job failed.
		if cancelRequested(j) || len(j.Errors) == 0 {
			return verity.JobCancelled
		}
		return verity.JobFailed
	}
	return verity.JobQueued
}

// cancelRequested reports whether someone asked for River's job j to be
// cancelled (River notes when in its metadata).
func cancelRequested(j *rivertype.JobRow) bool {
	var meta struct {
		CancelAttemptedAt *time.Time `json:"cancel_attempted_at"`
	}
	json.Unmarshal(j.Metadata, &meta)
	return meta.CancelAttemptedAt != nil
}

// CancelJob cancels job id: a queued job never runs, a running one is told
// to stop (its worker sees it at its next progress report) and keeps what
// it committed. A finished job is left as it is.
func (d *DB) CancelJob(ctx context.Context, id int64) (*verity.Job, error) {
	if _, err := d.Job(ctx, id); err != nil {
		return nil, err
	}
	client, err := d.river()
	if err != nil {
		return nil, fmt.Errorf("cancel job %d: %w", id, err)
	}
	if _, err := client.JobCancel(ctx, id); err != nil && !errors.Is(err, rivertype.ErrNotFound) {
		return nil, fmt.Errorf("cancel job %d: %w", id, err)
	}
	return d.Job(ctx, id)
}

// SetJobProgress records what a worker has done of job id, and reports
// whether someone asked for the job to be cancelled meanwhile.
func (d *DB) SetJobProgress(ctx context.Context, id int64, p verity.JobProgress) (cancelled bool, err error) {
	if p.UpdatedAt.IsZero() {
		p.UpdatedAt = d.now()
	}
	if _, err := d.q().ExecContext(ctx, `UPDATE jobs SET done = ?, total = ?, note = ?, updated_at = ? WHERE job = ?`,
		p.Done, p.Total, p.Note, formatTime(p.UpdatedAt), id); err != nil {
		return false, fmt.Errorf("job %d progress: %w", id, err)
	}
	client, err := d.river()
	if err != nil {
		return false, err
	}
	j, err := client.JobGet(ctx, id)
	if err != nil {
		return false, fmt.Errorf("job %d: %w", id, err)
	}
	return cancelRequested(j) || j.State == rivertype.JobStateCancelled, nil
}
