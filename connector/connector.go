package connector

import (
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/connector/confluence"
	"github.com/veritykb/verity/connector/jira"
	"github.com/veritykb/verity/kb"
)

// Confluence opens Confluence connectors with opt.
func Confluence(opt confluence.Options) Opener {
	return func(conn verity.Connector, secret string, warn func(string)) (Platform, error) {
		if secret == "" {
			return nil, verity.Errorf(verity.EINVALID, "connector %s: its token is empty", conn.Name)
		}
		return confluence.New(conn, secret, warn, opt), nil
	}
}

// Platform is a connector's client of its platform, as a pass uses it.
type Platform interface {
	// List reads the pages changed since cursor (every page when full),
	// calling each with a batch and the cursor to commit once it is
	// stored; known says what the store holds of a page. It returns the
	// cursor to commit at the end.
	List(ctx context.Context, cursor string, full bool, known func(key string) (version string, live, ok bool), each func([]kb.SyncPage, string) error) (string, error)
	// Page reads one page again: found is false when it is gone; known
	// says what the store holds of a page, as for List.
	Page(ctx context.Context, key string, known func(key string) (version string, live, ok bool)) (page kb.SyncPage, found bool, err error)
	// Groups are the platform's groups the pass named in ACLs, with
	// their members.
	Groups(ctx context.Context) ([]kb.PlatformGroup, error)
}

// Scopes is a platform whose hints may name a scope — every record of a
// channel whose members changed — rather than one record.
type Scopes interface {
	// Scope is the prefix of the keys of the records key's scope covers;
	// ok is false when key names one record.
	Scope(key string) (prefix string, ok bool)
	// Permit reads the scope's permission again and gives its records —
	// held, by key, at the versions the store holds — with it, their text
	// kept; found is false when the scope is gone (the app left the
	// channel), and its records are revoked.
	Permit(ctx context.Context, key string, held map[string]string) (pages []kb.SyncPage, found bool, err error)
}

// Opener builds the client of a connector with its resolved secret; warn
// records a warning in the pass's report.
type Opener func(conn verity.Connector, secret string, warn func(string)) (Platform, error)

// Runner runs connectors' passes through the service.
type Runner struct {
	Service *kb.Service
	// Platforms open a connector's client by its kind.
	Platforms map[string]Opener
	// Secrets resolves a secret's reference (file:PATH, env:NAME). The
	// command wires it: configuration enters there.
	Secrets func(ref string) (string, error)
	// Progress, when set, is told after each batch how many pages the
	// pass has read.
	Progress func(name string, pages int)
	// Batch is how many pages are stored in one transaction (0:
	// kb.BatchItems).
	Batch int
}

// Sync runs one pass of connector name on c's behalf (an admin): the
// pages changed since its cursor (every page with opt.Full), committed
// batch by batch. A listing that fails revokes nothing and marks the pass
// failed; the report comes back with the error.
func (r *Runner) Sync(ctx context.Context, c verity.Caller, name string, opt kb.SyncOptions) (*kb.SyncReport, error) {
	y, err := r.Service.BeginSync(ctx, c, name, opt)
	if err != nil {
		return nil, err
	}
	conn := y.Connector()
	p, err := r.open(conn, y.Warn)
	if err != nil {
		return r.finish(ctx, y, err)
	}
	// Pages are stored in batches of kb.BatchItems, however few a
	// listing request gives: a batch is one transaction, and the cursor a
	// batch brings is committed once the batch is stored.
	pages := 0
	var pending []kb.SyncPage
	flush := func(cursor string) error {
		if len(pending) > 0 {
			if err := y.Put(ctx, pending); err != nil {
				return err
			}
			pages += len(pending)
			pending = pending[:0]
		}
		if err := y.Commit(ctx, cursor); err != nil {
			return err
		}
		if r.Progress != nil {
			r.Progress(name, pages)
		}
		return nil
	}
	// The listing runs ahead of the storing, a few requests at most, so
	// that the platform's answers and the store's writes overlap.
	type chunk struct {
		pages  []kb.SyncPage
		cursor string
	}
	lctx, stop := context.WithCancel(ctx)
	defer stop()
	chunks, listed := make(chan chunk, 4), make(chan error, 1)
	var next string
	known := y.Snapshot()
	go func() {
		defer close(chunks)
		var err error
		next, err = p.List(lctx, conn.State.Cursor, opt.Full, known, func(batch []kb.SyncPage, cursor string) error {
			select {
			case chunks <- chunk{batch, cursor}:
				return nil
			case <-lctx.Done():
				return lctx.Err()
			}
		})
		listed <- err
	}()
	for c := range chunks {
		if err != nil {
			continue // draining after a failure
		}
		if pending = append(pending, c.pages...); len(pending) >= cmp.Or(r.Batch, kb.BatchItems) {
			if err = flush(c.cursor); err != nil {
				stop()
			}
		}
	}
	if lerr := <-listed; err == nil {
		err = lerr
	}
	if err == nil {
		err = flush(next)
	}
	if err == nil {
		err = r.groups(ctx, y, p)
	}
	return r.finish(ctx, y, err)
}

// SyncAll runs a pass of every connector, one after the other; a
// connector that fails does not stop the others.
func (r *Runner) SyncAll(ctx context.Context, c verity.Caller, opt kb.SyncOptions) ([]*kb.SyncReport, error) {
	list, err := r.Service.Connectors(ctx, c)
	if err != nil {
		return nil, err
	}
	var out []*kb.SyncReport
	var errs []error
	for _, conn := range list.Connectors {
		rep, err := r.Sync(ctx, c, conn.Name, opt)
		if rep != nil {
			out = append(out, rep)
		}
		if err != nil {
			errs = append(errs, err)
		}
	}
	return out, errors.Join(errs...)
}

// Run runs a pass of connector name, or of every connector when name is
// "", and returns their reports; a pass the guard against mass revocation
// stopped is an error (a conflict) beside its report.
func (r *Runner) Run(ctx context.Context, c verity.Caller, name string, opt kb.SyncOptions) ([]*kb.SyncReport, error) {
	var reps []*kb.SyncReport
	var err error
	if name != "" {
		var rep *kb.SyncReport
		if rep, err = r.Sync(ctx, c, name, opt); rep != nil {
			reps = append(reps, rep)
		}
	} else {
		reps, err = r.SyncAll(ctx, c, opt)
	}
	for _, rep := range reps {
		if rep.Status == verity.SyncBlocked {
			err = errors.Join(err, verity.Errorf(verity.ECONFLICT, "sync %s was stopped by the guard against mass revocation: %s", rep.Connector, rep.Error))
		}
	}
	return reps, err
}

// Hint reads the pages with keys again, as a webhook said they changed,
// and applies what the platform's API says of them — never what the hint
// said: a page the API no longer gives is revoked (under the guard), one
// it gives is stored with its permissions as they are now. A key that
// names a scope (Scopes) applies the scope's permission, read again, to
// every record of it.
func (r *Runner) Hint(ctx context.Context, c verity.Caller, name string, keys []string) (*kb.SyncReport, error) {
	y, err := r.Service.BeginSync(ctx, c, name, kb.SyncOptions{Wait: JobWait})
	if err != nil {
		return nil, err
	}
	p, err := r.open(y.Connector(), y.Warn)
	if err != nil {
		return r.finish(ctx, y, err)
	}
	// What hangs off a hinted page (its attachments, keyed PAGE.ID) is
	// read again with it: a page restricted or deleted takes them along.
	for _, k := range slices.Clone(keys) {
		for _, child := range y.Under(k + ".") {
			if !slices.Contains(keys, child) {
				keys = append(keys, child)
			}
		}
	}
	var found []kb.SyncPage
	var gone []string
	for _, k := range keys {
		if sp, ok := p.(Scopes); ok {
			if prefix, ok := sp.Scope(k); ok {
				held := map[string]string{}
				for _, child := range y.Under(prefix) {
					held[child], _, _ = y.Known(child)
				}
				pages, ok, err := sp.Permit(ctx, k, held)
				if err != nil {
					return r.finish(ctx, y, err)
				}
				if ok {
					found = append(found, pages...)
				} else {
					gone = append(gone, slices.Sorted(maps.Keys(held))...)
				}
				continue
			}
		}
		page, ok, err := p.Page(ctx, k, y.Known)
		if err != nil {
			return r.finish(ctx, y, err)
		}
		if ok {
			found = append(found, page)
		} else {
			gone = append(gone, k)
		}
	}
	if len(found) > 0 {
		if err := y.Put(ctx, found); err != nil {
			return r.finish(ctx, y, err)
		}
	}
	if err := y.Gone(ctx, gone, "deleted at "+y.Connector().Origin()+" (or moved out of the synced spaces), as its API says"); err != nil {
		return r.finish(ctx, y, err)
	}
	return r.finish(ctx, y, r.groups(ctx, y, p))
}

// groups writes the platform's groups into the directory; a refusal (a
// group that holds a role, say) is a warning, not the pass's failure.
func (r *Runner) groups(ctx context.Context, y *kb.Sync, p Platform) error {
	gs, err := p.Groups(ctx)
	if err != nil {
		return err
	}
	if len(gs) == 0 {
		return nil
	}
	if err := y.SyncGroups(ctx, gs); err != nil {
		if verity.ErrorCode(err) == verity.EINTERNAL {
			return err
		}
		y.Warn(fmt.Sprintf("the platform's groups were not written to the directory: %v", err))
	}
	return nil
}

// open resolves the connector's secret and opens its client.
func (r *Runner) open(conn verity.Connector, warn func(string)) (Platform, error) {
	open := r.Platforms[conn.Kind]
	if open == nil {
		return nil, verity.Errorf(verity.EINVALID, "connector %s: no client for platform %q", conn.Name, conn.Kind)
	}
	if r.Secrets == nil {
		return nil, verity.Errorf(verity.EINVALID, "connector %s: this process cannot resolve secrets", conn.Name)
	}
	secret, err := r.Secrets(conn.Secret)
	if err != nil {
		return nil, fmt.Errorf("connector %s: its token (%s) cannot be read: %w", conn.Name, conn.Secret, err)
	}
	return open(conn, secret, warn)
}

// finish ends the pass with err, its failure if any: the report comes
// back with the error, which names the connector.
func (r *Runner) finish(ctx context.Context, y *kb.Sync, err error) (*kb.SyncReport, error) {
	rep, ferr := y.Finish(ctx, err)
	if ferr != nil {
		return rep, errors.Join(err, ferr)
	}
	if err != nil {
		return rep, fmt.Errorf("sync %s: %w", y.Connector().Name, err)
	}
	return rep, nil
}

// JobWait is how long a worker's pass, or a webhook's re-reading, waits
// for another pass of its connector to end (a verity sync run by hand
// does not wait: it is refused at once).
const JobWait = 2 * time.Minute

// Handler runs sync jobs (kind verity.JobSync) on a worker: a pass, or
// the re-reading of the pages a webhook named, as the job's caller.
func (r *Runner) Handler() kb.JobHandler {
	return func(ctx context.Context, c verity.Caller, j *verity.Job, progress func(done, total int)) (any, error) {
		var a kb.SyncArgs
		if err := json.Unmarshal(j.Request.Args, &a); err != nil || a.Name == "" {
			return nil, verity.Errorf(verity.EINVALID, "job %d: sync arguments: %v", j.ID, err)
		}
		if len(a.Keys) > 0 {
			return r.Hint(ctx, c, a.Name, a.Keys)
		}
		run := *r
		run.Progress = func(_ string, pages int) { progress(pages, 0) }
		a.Options.Wait = JobWait
		return run.Sync(ctx, c, a.Name, a.Options)
	}
}

// Schedule queues the connectors' due passes every period until ctx ends:
// what a worker runs beside its jobs.
func (r *Runner) Schedule(ctx context.Context, period time.Duration, log *slog.Logger) {
	t := time.NewTicker(period)
	defer t.Stop()
	for {
		if _, err := r.Service.QueueDueSyncs(ctx, verity.LocalOperator("scheduler")); err != nil && ctx.Err() == nil {
			log.Warn("the connectors' passes were not queued", "err", err)
		}
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}

// Secrets resolves a connector's secret from its reference: file:PATH
// (the file's content) or env:NAME (getenv's value, which the command
// passes in: configuration enters there). The error says where it looked,
// never what it read.
func Secrets(getenv func(string) string) func(ref string) (string, error) {
	return func(ref string) (string, error) {
		kind, v, _ := strings.Cut(ref, ":")
		var s string
		switch kind {
		case "file":
			b, err := os.ReadFile(v)
			if err != nil {
				return "", fmt.Errorf("read the token file: %w", err)
			}
			s = string(b)
		case "env":
			s = getenv(v)
		default:
			return "", fmt.Errorf("unknown reference %q", kind)
		}
		if s = strings.TrimSpace(s); s == "" {
			return "", fmt.Errorf("%s is empty or unset", ref)
		}
		return s, nil
	}
}

// HookPages reads the pages a platform's webhook payload is about, by the
// connector's kind.
func HookPages(kind string, body []byte) ([]string, error) {
	switch kind {
	case "confluence":
		return confluence.HookPages(body)
	case "jira":
		return jira.HookPages(body)
	}
	return nil, fmt.Errorf("connectors of kind %q take no webhooks", kind)
}

// Ref is the reference to a secret given by --NAME-file FILE (an absolute
// path) or --NAME-env VAR: "" when neither is given, and an error when
// both are.
func Ref(name, file, env string) (string, error) {
	switch {
	case file != "" && env != "":
		return "", verity.Errorf(verity.EINVALID, "give --%s-file or --%s-env, not both", name, name)
	case env != "":
		return "env:" + env, nil
	case file != "":
		abs, err := filepath.Abs(file)
		if err != nil {
			return "", verity.Errorf(verity.EINVALID, "--%s-file: %v", name, err)
		}
		return "file:" + abs, nil
	}
	return "", nil
}
