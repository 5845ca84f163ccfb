package render

import (
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/kb"
	"github.com/veritykb/verity/printable"
)

// JobLine prints a job in one line of a listing.
func JobLine(w io.Writer, j *verity.Job, now time.Time) {
	progress := ""
	if j.Progress.Total > 0 {
		progress = fmt.Sprintf(" %d/%d", j.Progress.Done, j.Progress.Total)
	}
	fmt.Fprintf(w, "%6d  %-7s  %-9s%-9s  %s  %s  %s ago\n", j.ID, j.Kind, j.State, progress, printable.Text(string(j.Owner)), printable.Text(j.Batch),
		now.Sub(j.CreatedAt).Round(time.Second))
}

// Job prints one job in full.
func Job(w io.Writer, j *verity.Job, now time.Time) {
	fmt.Fprintf(w, "job %d: %s, %s\n", j.ID, j.Kind, j.State)
	fmt.Fprintf(w, "  owner     %s\n  batch     %s\n  model     %s\n", printable.Text(string(j.Owner)), printable.Text(j.Batch), printable.Text(j.Model))
	fmt.Fprintf(w, "  queued    %s (%s ago)\n", j.CreatedAt.Format(time.RFC3339), now.Sub(j.CreatedAt).Round(time.Second))
	if j.StartedAt != nil {
		fmt.Fprintf(w, "  started   %s\n", j.StartedAt.Format(time.RFC3339))
	}
	if j.FinishedAt != nil {
		fmt.Fprintf(w, "  finished  %s\n", j.FinishedAt.Format(time.RFC3339))
	}
	fmt.Fprintf(w, "  attempt   %d of %d\n", j.Attempt, j.Attempts)
	if j.Progress.Total > 0 {
		fmt.Fprintf(w, "  progress  %d of %d", j.Progress.Done, j.Progress.Total)
		if !j.Progress.UpdatedAt.IsZero() {
			fmt.Fprintf(w, " (reported %s ago)", now.Sub(j.Progress.UpdatedAt).Round(time.Second))
		}
		fmt.Fprintln(w)
	}
	for i, e := range j.Errors {
		fmt.Fprintf(w, "  error %d   %s\n", i+1, printable.Text(printable.Line(e, 300)))
	}
	if len(j.Result) > 0 {
		fmt.Fprintf(w, "  report    %d bytes (verity jobs show --json %d)\n", len(j.Result), j.ID)
	}
}

// Queued prints what queuing did: the jobs and how to follow them on out,
// the notes on errw.
func Queued(out, errw io.Writer, q *kb.Queued) {
	for _, n := range q.Notes {
		fmt.Fprintln(errw, "note: "+printable.Text(n))
	}
	if len(q.Jobs) == 0 {
		fmt.Fprintln(out, "nothing to queue")
		return
	}
	ids := make([]string, len(q.Jobs))
	for i, j := range q.Jobs {
		ids[i] = strconv.FormatInt(j.ID, 10)
	}
	what := ""
	if q.Pages > 0 {
		what = fmt.Sprintf(" over %d pages", q.Pages)
	}
	fmt.Fprintf(out, "queued %d %s job(s)%s as batch %s: %s\n", len(q.Jobs), q.Jobs[0].Kind, what, printable.Text(q.Batch), strings.Join(ids, ", "))
	fmt.Fprintf(out, "a worker runs them (verity worker); follow them with: verity jobs --batch %s\n", printable.Text(q.Batch))
}
