package kb

import (
	"context"
	"fmt"
	"slices"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/audit"
	"github.com/veritykb/verity/llm"
	"github.com/veritykb/verity/receipt"
)

// CircularNote is what an audit report says when the model that judged a
// record also built it: which model that was, and, only when it is
// deterministic (the offline engine), that the same procedure ran on both
// sides — a real model that ran is never described as the offline engine.
func CircularNote(run *verity.AuditRun) string {
	deterministic := false
	for _, v := range run.Verdicts {
		deterministic = deterministic || v.SameModel && v.Deterministic
	}
	how := "the model that built these records, " + run.Model + ", also judged them"
	if deterministic {
		how = "the model that built these records also judged them (" + run.Model + ", deterministic: the same procedure on both sides)"
	}
	return "circular: " + how + "; agreement here shows consistency, not truth — use gold data (verity eval receipts) for that"
}

// AuditReport is what an audit returns: the run (its probes left out, the
// store keeps them), its counts, and the revocation that applied its dead
// verdicts or the replay of a stored run.
type AuditReport struct {
	Run    *verity.AuditRun   `json:"run"`
	Counts verity.AuditCounts `json:"counts"`
	// ProbesStored is how many probes the run stored.
	ProbesStored int               `json:"probes_stored"`
	Note         string            `json:"note,omitempty"`
	Applied      *RevocationReport `json:"applied,omitempty"`
	Replay       []audit.Replayed  `json:"replay,omitempty"`
}

// AuditRequest says what to audit and how: the flags of verity audit and
// the body of POST /api/v1/audit.
type AuditRequest struct {
	Events    []int64  `json:"events,omitempty"`   // revocation events (default: every one in force)
	Disputed  bool     `json:"disputed,omitempty"` // records whose receipt and last audit disagree
	Records   []string `json:"records,omitempty"`  // these records
	Sample    int      `json:"sample,omitempty"`   // a sample of this many of the chosen records
	Seed      uint64   `json:"seed,omitempty"`     // of the sample (default 1)
	Probes    int      `json:"probes,omitempty"`   // independent probes per record
	AliveAt   int      `json:"alive_at,omitempty"` // at least this many yes is alive
	DeadAt    *int     `json:"dead_at,omitempty"`  // at most this many yes is dead (0: only no yes at all)
	EarlyStop bool     `json:"early_stop,omitempty"`
	Blind     bool     `json:"blind,omitempty"`
	// Apply revokes the records the audit finds dead while their receipts
	// keep them alive; it needs the curator role.
	Apply bool `json:"apply,omitempty"`
	// Queue queues the audit as a job for a worker instead of running it
	// ([Service.QueueAudit]).
	Queue bool `json:"queue,omitempty"`
	// Concurrency is how many records are audited at once (0: the
	// pipeline's default).
	Concurrency int `json:"-"`
}

// scope is the request's scope as the pipeline reads it.
func (req AuditRequest) scope() verity.AuditScope {
	seed := req.Seed
	if seed == 0 {
		seed = 1
	}
	return verity.AuditScope{Events: req.Events, Disputed: req.Disputed, Records: req.Records, Sample: req.Sample, Seed: seed}
}

// options are the request's levers as the pipeline reads them.
func (req AuditRequest) options() audit.Options {
	opt := audit.Options{Probes: req.Probes, AliveAt: req.AliveAt, EarlyStop: req.EarlyStop, Blind: req.Blind, Concurrency: req.Concurrency}
	if req.DeadAt != nil {
		opt.DeadAt = *req.DeadAt
		if opt.DeadAt == 0 {
			opt.DeadAt = -1 // audit.Options reads 0 as the default
		}
	}
	return opt
}

// Audit checks receipts by regeneration on c's behalf: for the records in
// scope that c may read, the service's model is shown only the remaining
// sources c may read and asked whether it would still conclude each record.
// An admin audits everything. Every probe is stored; each verdict becomes
// the record's last audit.
func (s *Service) Audit(ctx context.Context, c verity.Caller, req AuditRequest) (*AuditReport, error) {
	if err := authenticated(c, "auditing"); err != nil {
		return nil, err
	}
	m, err := s.model(ctx)
	if err != nil {
		return nil, err
	}
	return s.audit(ctx, c, m, req.scope(), req.options(), req.Apply)
}

// audit is [Service.Audit] with the model given: a job runs with the one
// its worker builds.
func (s *Service) audit(ctx context.Context, c verity.Caller, m llm.Model, scope verity.AuditScope, opt audit.Options, apply bool) (*AuditReport, error) {
	r, err := s.Rights(ctx, c)
	if err != nil {
		return nil, err
	}
	if apply {
		if r, err = s.require(ctx, c, verity.RoleCurator, "applying an audit's verdicts (--apply)"); err != nil {
			return nil, err
		}
	}
	v := s.view(ctx, c, r.Admin)
	asked := scope
	for _, id := range scope.Events {
		if _, err := s.event(ctx, c, r, id); err != nil {
			return nil, err
		}
	}
	for _, id := range scope.Records {
		if !v.readable(verity.RecordRef(id)) {
			return nil, noRecord(id)
		}
	}
	var targets []audit.Target
	if !r.Admin && len(scope.Events) == 0 && len(scope.Records) == 0 && !scope.Disputed {
		// Every revocation in force that this caller can see, not every one.
		if scope.Events, err = s.inForce(ctx, v); err != nil {
			return nil, err
		}
	}
	if r.Admin || len(scope.Events) > 0 || len(scope.Records) > 0 || scope.Disputed {
		if targets, err = audit.Targets(ctx, s.store, scope); err != nil {
			return nil, err
		}
	}
	if !r.Admin {
		targets = slices.DeleteFunc(targets, func(t audit.Target) bool { return !v.readable(verity.RecordRef(t.Record)) })
		opt.Readable = v.readable
	}
	if opt.Now == nil {
		opt.Now = s.now
	}
	run, err := audit.Audit(ctx, m, s.store, targets, opt)
	if err != nil {
		return nil, err
	}
	run.Scope = asked
	if err := s.store.PutAuditRun(ctx, run); err != nil {
		return nil, err
	}
	out := &AuditReport{Run: run, Counts: run.Counts(), ProbesStored: len(run.Log)}
	if run.Circular > 0 {
		out.Note = CircularNote(run)
	}
	if apply {
		if out.Applied, err = s.applyAudit(ctx, c, r, run, m); err != nil {
			return nil, err
		}
	}
	return out.shown(), nil
}

// inForce lists the revocations still in force (not undone, not undoes
// themselves) whose refs v may all read.
func (s *Service) inForce(ctx context.Context, v *view) ([]int64, error) {
	events, err := s.store.RevocationLog(ctx)
	if err != nil {
		return nil, err
	}
	var out []int64
	for _, e := range audit.InForce(events) {
		if eventReadable(v, e) {
			out = append(out, e.ID)
		}
	}
	return out, nil
}

// applyAudit revokes the records run found dead while receipts keep them
// alive, on c's behalf, naming the run in the reason.
func (s *Service) applyAudit(ctx context.Context, c verity.Caller, r Rights, run *verity.AuditRun, m llm.Model) (*RevocationReport, error) {
	var refs []verity.Ref
	for _, v := range run.Verdicts {
		if v.Verdict == verity.StateDead && v.Receipt == verity.StateAlive {
			refs = append(refs, verity.RecordRef(v.Record))
		}
	}
	if len(refs) == 0 {
		return nil, nil
	}
	why := fmt.Sprintf("audit run %d (%s, %s): not reproduced from the remaining sources", run.ID, run.PromptVersion, m.Info().Name())
	ev, change, err := s.store.Revoke(ctx, refs, c.AsActor(), why)
	if err != nil {
		return nil, err
	}
	if !ev.Logged() {
		// Every record was revoked already (by a concurrent run): there is
		// no event to name as the run's application.
		return s.report(ctx, c, r, receipt.ActionRevoke, nil, refs, change)
	}
	if err := s.store.SetAuditApplied(ctx, run.ID, ev.ID); err != nil {
		return nil, err
	}
	run.Applied = ev.ID
	return s.report(ctx, c, r, receipt.ActionRevoke, &ev, refs, change)
}

// Replay recomputes the verdicts of stored audit run id (0: the latest)
// from its probes, with no model call, as c may see them: only verdicts on
// records c may read, with only the sources c may read. A run none of whose
// verdicts c may read, or whose scope names an event or a record c cannot
// see, is not found, like a run that does not exist.
func (s *Service) Replay(ctx context.Context, c verity.Caller, id int64) (*AuditReport, error) {
	r, err := s.Rights(ctx, c)
	if err != nil {
		return nil, err
	}
	run, err := s.store.AuditRun(ctx, id)
	if notFound(err) {
		return nil, noRun(id)
	}
	if err != nil {
		return nil, err
	}
	rs, err := audit.Replay(run, nil)
	if err != nil {
		return nil, err
	}
	out := &AuditReport{Run: run, Replay: rs}
	if !r.Admin {
		v := s.view(ctx, c, false)
		// A run asked about an event or a record c cannot see is not c's
		// to read at all: it is not found, exactly like a missing run,
		// rather than shown with its scope cut down.
		for _, ev := range run.Scope.Events {
			if _, err := s.event(ctx, c, r, ev); err != nil {
				return nil, noRun(id)
			}
		}
		for _, rec := range run.Scope.Records {
			if !v.readable(verity.RecordRef(rec)) {
				return nil, noRun(id)
			}
		}
		if len(run.Verdicts) > 0 {
			s.trimRun(ctx, c, r, v, run)
			if len(run.Verdicts) == 0 {
				return nil, noRun(id)
			}
		}
		out.Replay = slices.DeleteFunc(rs, func(x audit.Replayed) bool { return !v.readable(verity.RecordRef(x.Record)) })
	}
	out.Counts, out.ProbesStored = run.Counts(), len(run.Log)
	if run.Circular > 0 {
		out.Note = CircularNote(run)
	}
	return out.shown(), nil
}

// shown is the report as every transport prints it: the run without its
// probes (the store keeps them; ProbesStored counts them), its verdicts a
// list even when empty.
func (rep *AuditReport) shown() *AuditReport {
	run := *rep.Run
	run.Log = nil
	if run.Verdicts == nil {
		run.Verdicts = []verity.AuditVerdict{}
	}
	out := *rep
	out.Run = &run
	return &out
}

// trimRun leaves out of a stored run what c may not read: verdicts on
// unreadable records and their probes, unreadable sources of the others,
// and events c cannot see.
func (s *Service) trimRun(ctx context.Context, c verity.Caller, r Rights, v *view, run *verity.AuditRun) {
	visible := func(ev int64) bool {
		_, err := s.event(ctx, c, r, ev)
		return err == nil
	}
	keep := map[string]bool{}
	var verdicts []verity.AuditVerdict
	circular := 0
	for _, vd := range run.Verdicts {
		if !v.readable(verity.RecordRef(vd.Record)) {
			continue
		}
		keep[vd.Record] = true
		trim := func(refs []verity.Ref) []verity.Ref {
			out := refs[:0:0]
			for _, ref := range refs {
				if v.readable(ref) {
					out = append(out, ref)
				} else {
					vd.Withheld = true
				}
			}
			return out
		}
		vd.Shown, vd.Removed = trim(vd.Shown), trim(vd.Removed)
		if vd.Event != 0 && !visible(vd.Event) {
			vd.Event = 0
		}
		if vd.SameModel && vd.Verdict != "" {
			circular++
		}
		verdicts = append(verdicts, vd)
	}
	run.Verdicts, run.Circular = verdicts, circular
	run.Log = slices.DeleteFunc(run.Log, func(p verity.AuditProbe) bool { return !keep[p.Record] })
	run.Scope.Events = slices.DeleteFunc(run.Scope.Events, func(ev int64) bool { return !visible(ev) })
	run.Scope.Records = slices.DeleteFunc(run.Scope.Records, func(id string) bool { return !keep[id] })
	if run.Applied != 0 && !visible(run.Applied) {
		run.Applied = 0
	}
}

// UndeterminedList is the records whose last audit was undetermined:
// verity audit --undetermined --json and GET /api/v1/audit/undetermined.
type UndeterminedList struct {
	Undetermined RecordGroup `json:"undetermined"`
}

// Undetermined lists the records c may read whose last audit was
// undetermined, for a person to decide.
func (s *Service) Undetermined(ctx context.Context, c verity.Caller) (*UndeterminedList, error) {
	r, err := s.Rights(ctx, c)
	if err != nil {
		return nil, err
	}
	recs, err := s.store.Records(ctx, verity.RecordFilter{Audit: string(verity.StateUndetermined)})
	if err != nil {
		return nil, err
	}
	refs := make([]verity.Ref, len(recs))
	for i, rec := range recs {
		refs[i] = verity.RecordRef(rec.ID)
	}
	g, err := s.group(ctx, s.view(ctx, c, r.Admin), refs)
	if err != nil {
		return nil, err
	}
	return &UndeterminedList{Undetermined: g}, nil
}

// noRun is the error for an audit run c cannot see or that does not exist.
func noRun(id int64) error {
	if id == 0 {
		return verity.Errorf(verity.ENOTFOUND, "no audit run yet (run verity audit)")
	}
	return verity.Errorf(verity.ENOTFOUND, "no audit run %d", id)
}
