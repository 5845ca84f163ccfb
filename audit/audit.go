package audit

import (
	"context"
	"embed"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/llm"
)

//go:embed prompts/*.md
var promptFS embed.FS

var prompts = llm.MustLoadPrompts(promptFS, "prompts")

// Task names of the audit's model calls.
const (
	TaskRegenerate = "audit.regenerate"
	TaskBlind      = "audit.blind"
)

// Defaults of [Options]: five probes, at least four yes alive, at most one
// yes dead (seed 002).
const (
	DefaultProbes  = 5
	DefaultAliveAt = 4
	DefaultDeadAt  = 1
	// DefaultConclusions is how many conclusions a blind probe asks for.
	DefaultConclusions = 8
)

// Labels of a probe.
const (
	Yes = "yes"
	No  = "no"
)

// Reasons a verdict was reached without asking, or not reached.
const (
	ReasonNothingRemains = "nothing_remains" // every source the record was built from is revoked: dead, no call
	ReasonNoText         = "no_text"         // the record has no text to regenerate: skipped
)

// PromptVersions returns the versions of the audit's prompts.
func PromptVersions() string { return prompts.String() }

// Store is what an audit reads: records and the current text and status of
// sources.
type Store interface {
	Record(ctx context.Context, id string) (*verity.Record, error)
	Source(ctx context.Context, id string) (*verity.Source, error)
}

// Options configure [Audit].
type Options struct {
	Probes  int // independent probes per record; 0 means DefaultProbes
	AliveAt int // at least this many yes of Probes is alive; 0 means DefaultAliveAt
	DeadAt  int // at most this many yes is dead; 0 means DefaultDeadAt (use -1 for zero)
	// Blind hides the conclusion: each probe asks what follows from the
	// remaining sources about the record's topic, and Compare decides
	// whether an answer reaches the record's text.
	Blind bool
	// Compare decides whether a blind probe's conclusions reach text; nil
	// means [Reaches].
	Compare func(conclusions []string, text string) bool
	// EarlyStop stops probing a record once its verdict can no longer change.
	EarlyStop bool
	// Concurrency is how many records are audited at once; 0 means 4. Each
	// record draws its probes concurrently too.
	Concurrency int
	// Now stamps the run; nil means time.Now.
	Now func() time.Time
	// Readable, when set, says which sources the audit may show or name:
	// an audit on a caller's behalf shows the model only what that caller
	// may read, so neither the probes nor the verdict rest on anything
	// else. Sources left out are neither shown nor listed as removed; the
	// verdict says Withheld. Nil shows every source (an operator's audit).
	Readable func(verity.Ref) bool
}

func (o Options) withDefaults() Options {
	if o.Probes <= 0 {
		o.Probes = DefaultProbes
	}
	if o.AliveAt <= 0 {
		o.AliveAt = DefaultAliveAt
	}
	switch {
	case o.DeadAt == 0:
		o.DeadAt = DefaultDeadAt
	case o.DeadAt < 0:
		o.DeadAt = 0
	}
	if o.Compare == nil {
		o.Compare = Reaches
	}
	if o.Concurrency <= 0 {
		o.Concurrency = 4
	}
	if o.Now == nil {
		o.Now = time.Now
	}
	return o
}

// Target is a record to audit and the revocation that touched it (0 when it
// is audited for another reason, such as a dispute).
type Target struct {
	Record string `json:"record"`
	Event  int64  `json:"event,omitempty"`
}

// Audit audits each target with m and returns the run (not stored: the
// caller stores it, applies its dead verdicts or not). A model failure
// that stays after retries stops the run with an error; an unreadable
// answer is a probe without a label.
func Audit(ctx context.Context, m llm.Model, s Store, targets []Target, opt Options) (*verity.AuditRun, error) {
	opt = opt.withDefaults()
	if opt.AliveAt > opt.Probes || opt.DeadAt >= opt.AliveAt {
		return nil, verity.Errorf(verity.EINVALID, "audit thresholds: want 0 <= dead-at (%d) < alive-at (%d) <= probes (%d)", opt.DeadAt, opt.AliveAt, opt.Probes)
	}
	task := TaskRegenerate
	if opt.Blind {
		task = TaskBlind
	}
	p, _ := prompts.Get(task)
	run := &verity.AuditRun{At: opt.Now().UTC(), Model: m.Info().Name(), PromptVersion: p.ID(), Blind: opt.Blind,
		Probes: opt.Probes, AliveAt: opt.AliveAt, DeadAt: opt.DeadAt}
	run.Verdicts = make([]verity.AuditVerdict, len(targets))
	logs := make([][]verity.AuditProbe, len(targets))
	var (
		wg       sync.WaitGroup
		mu       sync.Mutex
		firstErr error
	)
	sem := make(chan struct{}, opt.Concurrency)
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	for i, t := range targets {
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer wg.Done()
			defer func() { <-sem }()
			v, probes, err := auditOne(ctx, m, s, t, opt)
			if err != nil {
				mu.Lock()
				if firstErr == nil {
					firstErr = fmt.Errorf("audit record %q: %w", t.Record, err)
					cancel()
				}
				mu.Unlock()
				return
			}
			run.Verdicts[i], logs[i] = v, probes
		}()
	}
	wg.Wait()
	if firstErr != nil {
		return nil, firstErr
	}
	for i, v := range run.Verdicts {
		run.Log = append(run.Log, logs[i]...)
		if v.SameModel && v.Verdict != "" {
			run.Circular++
		}
	}
	return run, nil
}

// body is what the audit reads from a record's body.
type body struct {
	Text     string       `json:"text"`
	Topic    string       `json:"topic"`
	Model    string       `json:"model"`
	Inputs   []verity.Ref `json:"inputs"`
	Passages []passage    `json:"passages"`
}

type passage struct {
	SourceID string `json:"source_id"`
	Version  int    `json:"version"`
	Start    int    `json:"start"`
	End      int    `json:"end"`
}

// document is one numbered source shown to the model.
type document struct {
	N     int    `json:"n"`
	Title string `json:"title"`
	Text  string `json:"text"`
}

type regenerateVars struct {
	Conclusion string     `json:"conclusion"`
	Removed    []string   `json:"removed"`
	Documents  []document `json:"documents"`
}

type blindVars struct {
	Topic          string     `json:"topic"`
	MaxConclusions int        `json:"max_conclusions"`
	Documents      []document `json:"documents"`
}

func auditOne(ctx context.Context, m llm.Model, s Store, t Target, opt Options) (verity.AuditVerdict, []verity.AuditProbe, error) {
	rec, err := s.Record(ctx, t.Record)
	if err != nil {
		return verity.AuditVerdict{}, nil, err
	}
	var b body
	_ = json.Unmarshal(rec.Body, &b) // a body without the fields is a record without text
	v := verity.AuditVerdict{Record: rec.ID, Kind: rec.Kind, Text: b.Text, Event: t.Event, Receipt: verity.StateAlive,
		Requested: opt.Probes, SameModel: b.Model != "" && b.Model == m.Info().Name()}
	if rec.State == verity.StateDead {
		v.Receipt = verity.StateDead
	}
	if strings.TrimSpace(b.Text) == "" {
		v.Reason = ReasonNoText
		return v, nil, nil
	}
	refs := b.Inputs
	if len(refs) == 0 {
		if refs, err = leafSources(ctx, s, rec, map[string]bool{}); err != nil {
			return verity.AuditVerdict{}, nil, err
		}
	}
	var docs []document
	var removed []string
	for _, ref := range refs {
		if opt.Readable != nil && !opt.Readable(ref) {
			v.Withheld = true
			continue
		}
		src, err := s.Source(ctx, ref.ID())
		if err != nil {
			return verity.AuditVerdict{}, nil, err
		}
		if src.Status != verity.StatusActive {
			v.Removed = append(v.Removed, ref)
			removed = append(removed, nameOf(src))
			continue
		}
		v.Shown = append(v.Shown, ref)
		docs = append(docs, document{N: len(docs) + 1, Title: src.Title, Text: shownText(src, b.Passages)})
	}
	if len(docs) == 0 {
		v.Verdict, v.Reason = verity.StateDead, ReasonNothingRemains
		return v, nil, nil
	}
	var vars any = regenerateVars{Conclusion: b.Text, Removed: removed, Documents: docs}
	task := TaskRegenerate
	if opt.Blind {
		task = TaskBlind
		topic := b.Topic
		if topic == "" {
			topic = b.Text // with no topic, the record's own words are the closest subject
		}
		vars = blindVars{Topic: topic, MaxConclusions: DefaultConclusions, Documents: docs}
	}
	req, err := prompts.Render(task, vars)
	if err != nil {
		return verity.AuditVerdict{}, nil, err
	}
	var (
		mu     sync.Mutex
		probes []verity.AuditProbe
	)
	voter := func(ctx context.Context, r *llm.Request) (string, *llm.Response, error) {
		pr, resp, err := probe(ctx, m, r, b.Text, opt.Compare)
		if pr != nil {
			pr.Record = rec.ID
			mu.Lock()
			probes = append(probes, *pr)
			mu.Unlock()
		}
		return labelOf(pr), resp, err
	}
	var stop llm.StopRule
	if opt.EarlyStop {
		stop = settle{n: opt.Probes, aliveAt: opt.AliveAt, deadAt: opt.DeadAt}
	}
	tally, err := llm.Vote(ctx, m, req, llm.VoteOptions{N: opt.Probes, Stop: stop}, voter)
	if err != nil {
		return verity.AuditVerdict{}, nil, err
	}
	slices.SortFunc(probes, func(a, b verity.AuditProbe) int { return a.Sample - b.Sample })
	v.Yes, v.Cast, v.Deterministic = tally.Counts[Yes], tally.Cast(), tally.Deterministic
	v.Verdict = Decide(v.Yes, v.Cast, v.Requested, opt.AliveAt, opt.DeadAt)
	return v, probes, nil
}

// probe asks one probe and reads its label. The reply gets the one repair
// retry of llm.CompleteJSON; what was finally read is the probe's answer.
// An answer that cannot be read, or read into a label, is a probe without a
// label and an EMALFORMED error, which a vote counts as an unreadable
// ballot. Other errors return no probe.
func probe(ctx context.Context, m llm.Model, r *llm.Request, text string, compare func([]string, string) bool) (*verity.AuditProbe, *llm.Response, error) {
	pr := &verity.AuditProbe{Sample: r.Sample, Seed: r.Seed, Task: r.Task, PromptVersion: r.PromptVersion, Model: m.Info().Name(), Vars: r.Vars}
	var out json.RawMessage
	resp, err := llm.CompleteJSON(ctx, m, r, &out)
	if err != nil {
		var me *llm.MalformedError
		if verity.ErrorCode(err) != verity.EMALFORMED || !errors.As(err, &me) {
			return nil, nil, err
		}
		pr.Answer, pr.Reason = me.Repair, "unreadable: "+me.Err.Error()
		return pr, nil, err
	}
	pr.Model, pr.Cached, pr.Answer = resp.Model, resp.Cached, resp.Text
	pr.Label, pr.Reason = Label(r.Task, resp.Text, text, compare)
	if pr.Reason != "" {
		return pr, resp, &verity.Error{Code: verity.EMALFORMED, Message: r.Task + ": " + pr.Reason}
	}
	return pr, resp, nil
}

// labelOf returns the label of p, "" for no probe.
func labelOf(p *verity.AuditProbe) string {
	if p == nil {
		return ""
	}
	return p.Label
}

// Label reads a probe's raw answer as the prompt's schema allows it: for a
// regeneration probe the yes or no it gives, for a blind probe yes when
// compare (nil: [Reaches]) finds the record's text among its conclusions.
// An answer that cannot be read has no label and a reason. Replays call it
// on stored answers, so it depends on nothing else.
func Label(task, answer, text string, compare func([]string, string) bool) (label, reason string) {
	p, ok := prompts.Get(task)
	if !ok {
		return "", fmt.Sprintf("unreadable: unknown task %q", task)
	}
	raw, err := llm.ExtractJSON(answer)
	if err == nil && p.Schema != nil {
		err = llm.Validate(p.Schema.JSON, raw)
	}
	if err != nil {
		return "", "unreadable: " + err.Error()
	}
	var a struct {
		Answer      string   `json:"answer"`
		Conclusions []string `json:"conclusions"`
	}
	if err := json.Unmarshal(raw, &a); err != nil {
		return "", "unreadable: " + err.Error()
	}
	if task == TaskBlind {
		if compare == nil {
			compare = Reaches
		}
		if compare(a.Conclusions, text) {
			return Yes, ""
		}
		return No, ""
	}
	return a.Answer, ""
}

// Decide turns a count of yes among cast probes, of requested, into a
// verdict. When the probes not cast could not change the outcome (an early
// stop), the counts decide exactly: at least aliveAt yes is alive, at most
// deadAt yes even if every missing probe said yes is dead, more than deadAt
// with too few left to reach aliveAt is undetermined. Otherwise (one probe
// of a deterministic model) the yes share of cast probes is read against
// the thresholds scaled to requested. No probe cast is undetermined.
func Decide(yes, cast, requested, aliveAt, deadAt int) verity.RecordState {
	if cast == 0 {
		return verity.StateUndetermined
	}
	left := max(requested-cast, 0)
	switch {
	case yes >= aliveAt:
		return verity.StateAlive
	case yes+left <= deadAt:
		return verity.StateDead
	case yes > deadAt && yes+left < aliveAt:
		return verity.StateUndetermined
	case yes*requested >= aliveAt*cast:
		return verity.StateAlive
	case yes*requested <= deadAt*cast:
		return verity.StateDead
	}
	return verity.StateUndetermined
}

// settle is the audit's stop rule: stop once the verdict is fixed.
type settle struct{ n, aliveAt, deadAt int }

// Need implements llm.StopRule.
func (r settle) Need(counts map[string]int, left int) int {
	yes := counts[Yes]
	if yes >= r.aliveAt || yes+left <= r.deadAt || (yes > r.deadAt && yes+left < r.aliveAt) {
		return 0
	}
	toAlive := r.aliveAt - yes
	toDead := yes + left - r.deadAt // no-votes that would fix dead
	toUndetermined := max(r.deadAt+1-yes, yes+left-r.aliveAt+1)
	return min(toAlive, toDead, toUndetermined, left)
}

// leafSources returns the sources rec's receipt reaches, through records,
// in order of first appearance.
func leafSources(ctx context.Context, s Store, rec *verity.Record, seen map[string]bool) ([]verity.Ref, error) {
	seen[rec.ID] = true
	var out []verity.Ref
	for _, set := range rec.Receipt.Sets {
		for _, ref := range set {
			switch ref.Kind() {
			case verity.RefSource:
				if !slices.Contains(out, ref) {
					out = append(out, ref)
				}
			case verity.RefRecord:
				if seen[ref.ID()] {
					continue
				}
				sub, err := s.Record(ctx, ref.ID())
				if err != nil {
					return nil, err
				}
				more, err := leafSources(ctx, s, sub, seen)
				if err != nil {
					return nil, err
				}
				for _, m := range more {
					if !slices.Contains(out, m) {
						out = append(out, m)
					}
				}
			}
		}
	}
	return out, nil
}

// shownText is the part of src the record was built from when the record
// says which and the source has not changed since, else its whole text.
func shownText(src *verity.Source, ps []passage) string {
	var parts []string
	for _, p := range ps {
		if p.SourceID == src.ID && p.Version == src.Version && 0 <= p.Start && p.Start < p.End && p.End <= len(src.Text) {
			parts = append(parts, src.Text[p.Start:p.End])
		}
	}
	if len(parts) == 0 {
		return src.Text
	}
	return strings.Join(parts, "\n…\n")
}

func nameOf(src *verity.Source) string {
	if src.Title != "" {
		return fmt.Sprintf("%q (%s)", src.Title, src.ID)
	}
	return src.ID
}
