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

// Probe is one question put to the model about one record, as asked and as
// answered: enough to replay the verdict without asking again.
type Probe struct {
	Record        string          `json:"record"`
	Sample        int             `json:"sample"`
	Seed          int64           `json:"seed"`
	Task          string          `json:"task"`
	PromptVersion string          `json:"prompt_version"`
	Model         string          `json:"model"`
	Vars          json.RawMessage `json:"vars"`
	Answer        string          `json:"answer"` // the raw reply that was read (the repaired one after a repair)
	Label         string          `json:"label"`  // yes, no, or "" when unreadable
	Reason        string          `json:"reason,omitempty"`
	Cached        bool            `json:"cached,omitempty"`
}

// Verdict is the audit's decision on one record next to what its receipt
// says.
type Verdict struct {
	Record  string             `json:"record"`
	Kind    verity.RecordKind  `json:"kind"`
	Text    string             `json:"text"`
	Event   int64              `json:"event,omitempty"`
	Receipt verity.RecordState `json:"receipt"` // alive or dead, by receipts, when audited
	// Verdict is alive, dead or undetermined; "" when the record was
	// skipped (Reason says why).
	Verdict   verity.RecordState `json:"verdict"`
	Yes       int                `json:"yes"`
	Cast      int                `json:"cast"`
	Requested int                `json:"requested"`
	// Deterministic is set when the model answers the same every time and
	// so cast one probe, not Requested copies of one answer.
	Deterministic bool         `json:"deterministic,omitempty"`
	Shown         []verity.Ref `json:"shown"`             // the live sources the model saw
	Removed       []verity.Ref `json:"removed,omitempty"` // the revoked sources left out
	// Withheld is set when sources the auditing caller may not read were
	// left out of what the model saw (see Options.Readable).
	Withheld bool   `json:"withheld,omitempty"`
	Reason   string `json:"reason,omitempty"`
	// SameModel is set when the model auditing is the one that built the
	// record: the audit then checks a model against itself.
	SameModel bool `json:"same_model,omitempty"`
}

// Agrees reports whether the audit and the receipt say the same thing.
func (v Verdict) Agrees() bool { return v.Verdict != "" && v.Verdict == v.Receipt }

// Run is one audit: its settings, its verdicts and every probe.
type Run struct {
	ID            int64     `json:"id"`
	At            time.Time `json:"at"`
	Model         string    `json:"model"`
	PromptVersion string    `json:"prompt_version"`
	Blind         bool      `json:"blind"`
	Probes        int       `json:"probes_per_record"`
	AliveAt       int       `json:"alive_at"`
	DeadAt        int       `json:"dead_at"`
	Scope         Scope     `json:"scope"`
	Verdicts      []Verdict `json:"verdicts"`
	Log           []Probe   `json:"probes"`
	// Circular counts verdicts given by the model that built the record.
	Circular int `json:"circular"`
	// Applied is the revocation event that applied the dead verdicts, 0
	// when they were only reported.
	Applied int64 `json:"applied,omitempty"`
}

// Counts sums a run's verdicts.
type Counts struct {
	Audited      int `json:"audited"`
	Skipped      int `json:"skipped"`
	Alive        int `json:"alive"`
	Dead         int `json:"dead"`
	Undetermined int `json:"undetermined"`
	Agree        int `json:"agree"`    // the audit says what the receipt says
	Disagree     int `json:"disagree"` // alive by one, dead by the other
	// KeptDead counts records alive by receipt that the audit finds dead:
	// the silent error the seed found in summary-wide receipts.
	KeptDead int `json:"kept_dead"`
	// DroppedLive counts records dead by receipt that the audit finds alive.
	DroppedLive int `json:"dropped_live"`
	Calls       int `json:"probes"`
}

// Counts sums the run's verdicts.
func (r *Run) Counts() Counts {
	var c Counts
	for _, v := range r.Verdicts {
		switch v.Verdict {
		case "":
			c.Skipped++
			continue
		case verity.StateAlive:
			c.Alive++
		case verity.StateDead:
			c.Dead++
		case verity.StateUndetermined:
			c.Undetermined++
		}
		c.Audited++
		switch {
		case v.Agrees():
			c.Agree++
		case v.Verdict == verity.StateUndetermined:
		case v.Receipt == verity.StateAlive:
			c.Disagree++
			c.KeptDead++
		default:
			c.Disagree++
			c.DroppedLive++
		}
	}
	c.Calls = len(r.Log)
	return c
}

// Audit audits each target with m and returns the run (not stored: the
// caller stores it, applies its dead verdicts or not). A model failure
// that stays after retries stops the run with an error; an unreadable
// answer is a probe without a label.
func Audit(ctx context.Context, m llm.Model, s Store, targets []Target, opt Options) (*Run, error) {
	opt = opt.withDefaults()
	if opt.AliveAt > opt.Probes || opt.DeadAt >= opt.AliveAt {
		return nil, verity.Errorf(verity.EINVALID, "audit thresholds: want 0 <= dead-at (%d) < alive-at (%d) <= probes (%d)", opt.DeadAt, opt.AliveAt, opt.Probes)
	}
	task := TaskRegenerate
	if opt.Blind {
		task = TaskBlind
	}
	p, _ := prompts.Get(task)
	run := &Run{At: opt.Now().UTC(), Model: m.Info().Name(), PromptVersion: p.ID(), Blind: opt.Blind,
		Probes: opt.Probes, AliveAt: opt.AliveAt, DeadAt: opt.DeadAt}
	run.Verdicts = make([]Verdict, len(targets))
	logs := make([][]Probe, len(targets))
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

func auditOne(ctx context.Context, m llm.Model, s Store, t Target, opt Options) (Verdict, []Probe, error) {
	rec, err := s.Record(ctx, t.Record)
	if err != nil {
		return Verdict{}, nil, err
	}
	var b body
	_ = json.Unmarshal(rec.Body, &b) // a body without the fields is a record without text
	v := Verdict{Record: rec.ID, Kind: rec.Kind, Text: b.Text, Event: t.Event, Receipt: verity.StateAlive,
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
			return Verdict{}, nil, err
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
			return Verdict{}, nil, err
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
		return Verdict{}, nil, err
	}
	var (
		mu     sync.Mutex
		probes []Probe
	)
	voter := func(ctx context.Context, r *llm.Request) (string, *llm.Response, error) {
		pr, resp, err := probe(ctx, m, r, b.Text, opt.Compare)
		if pr != nil {
			pr.Record = rec.ID
			mu.Lock()
			probes = append(probes, *pr)
			mu.Unlock()
		}
		return pr.label(), resp, err
	}
	var stop llm.StopRule
	if opt.EarlyStop {
		stop = settle{n: opt.Probes, aliveAt: opt.AliveAt, deadAt: opt.DeadAt}
	}
	tally, err := llm.Vote(ctx, m, req, llm.VoteOptions{N: opt.Probes, Stop: stop}, voter)
	if err != nil {
		return Verdict{}, nil, err
	}
	slices.SortFunc(probes, func(a, b Probe) int { return a.Sample - b.Sample })
	v.Yes, v.Cast, v.Deterministic = tally.Counts[Yes], tally.Cast(), tally.Deterministic
	v.Verdict = Decide(v.Yes, v.Cast, v.Requested, opt.AliveAt, opt.DeadAt)
	return v, probes, nil
}

// probe asks one probe and reads its label. The reply gets the one repair
// retry of llm.CompleteJSON; what was finally read is the probe's answer.
// An answer that cannot be read, or read into a label, is a probe without a
// label and an EMALFORMED error, which a vote counts as an unreadable
// ballot. Other errors return no probe.
func probe(ctx context.Context, m llm.Model, r *llm.Request, text string, compare func([]string, string) bool) (*Probe, *llm.Response, error) {
	pr := &Probe{Sample: r.Sample, Seed: r.Seed, Task: r.Task, PromptVersion: r.PromptVersion, Model: m.Info().Name(), Vars: r.Vars}
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

func (p *Probe) label() string {
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
