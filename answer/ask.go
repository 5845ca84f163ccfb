package answer

import (
	"context"
	"crypto/sha256"
	"embed"
	"encoding/hex"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/analysis"
	"github.com/veritykb/verity/llm"
	"github.com/veritykb/verity/receipt"
	"github.com/veritykb/verity/verify"
)

//go:embed prompts/*.md
var promptFS embed.FS

var prompts = llm.MustLoadPrompts(promptFS, "prompts")

// Task names of the model calls (see the package documentation for their
// Vars and answers).
const (
	TaskChat        = "answer.chat"
	TaskRoute       = "answer.route"
	TaskDraft       = "answer.draft"
	TaskFacts       = "answer.facts"
	TaskAssemble    = "answer.assemble"
	TaskReformulate = "answer.reformulate"
)

// PromptVersions lists the versions of the answer prompts, for records and
// for `verity doctor`.
func PromptVersions() string { return prompts.String() }

// Store is what answering needs from the knowledge store: ACL-filtered
// search, whether it holds any active source (an empty store has no
// grounding mode), and source versions to locate quotes in. *sqlite.DB
// satisfies it.
type Store interface {
	verity.Searcher
	// HasActiveSources says whether any source is active, without
	// counting them: it is asked on every question.
	HasActiveSources(ctx context.Context) (bool, error)
	SourceVersion(ctx context.Context, id string, version int) (*verity.Source, error)
}

// Memory is what a store offers beyond [Store] to remember answers: verified
// statements kept as records with receipts, a cache of whole answers, and a
// content-free check of revoked sources. A Store that is also a Memory gets
// all three; *sqlite.DB is one.
type Memory interface {
	PutRecords(ctx context.Context, recs []*verity.Record) (receipt.Change[verity.Ref], error)
	// StatementRecords lists records of kind statement whose id starts
	// with prefix, dead ones included.
	StatementRecords(ctx context.Context, prefix string) ([]*verity.Record, error)
	// RevokedMatch returns the largest share of the query's terms that one
	// chunk of a revoked source the caller may read is indexed under, 0
	// when there is none: a number, never anything of the source.
	RevokedMatch(ctx context.Context, q verity.SearchQuery) (float64, error)
	// AnswerStamp changes whenever sources are added, changed or have
	// their ACL or status changed.
	AnswerStamp(ctx context.Context) (string, error)
	// CachedAnswer returns the answer stored under key with this stamp.
	CachedAnswer(ctx context.Context, key, stamp string) ([]byte, bool, error)
	PutAnswer(ctx context.Context, key, stamp string, body []byte) error
}

// Options tune a [Service]. The zero value is the default: five records per
// search, strict policy, verbatim quote mode on, statements stored and
// answers cached when the store can.
type Options struct {
	K          int    // records per search; 0 means 5, as in the seed
	MaxDocs    int    // documents the stages read at most; 0 means 8
	Policy     Policy // "" means Strict
	NoVerbatim bool   // verbatim quote mode off: citations without quotes
	// Rounds is how many tool rounds the model may search in; 0 means 2.
	Rounds int
	// NoRecords stops verified statements from being stored as records.
	NoRecords bool
	// NoCache neither reads nor writes the answer cache.
	NoCache bool
	// Concurrency bounds the per-document stage-2 calls in flight; 0 means 4.
	Concurrency int
	// Progress, when set, is told as each stage starts and ends.
	Progress func(Event)
	// MaxClaims and MaxBytes bound what Check takes: the claims of the
	// answer, and the bytes of its documents; past either it refuses with
	// ETOOLARGE before any work. 0: no bound.
	MaxClaims, MaxBytes int
}

// Event reports progress through the stages.
type Event struct {
	Stage string // search, draft, verify, facts, verify-facts, assemble, re-verify, relevance, quotes
	Done  bool
	// What the stage found, when Done: Found things of Unit (record,
	// statement, fact, claim), kept Of that many for a stage that filters
	// (verify, re-verify, verify-facts, relevance); or Failed, a code
	// (malformed: the model's output did not parse; assembled_by_code: the
	// model's assembly did not parse and code merged the statements).
	Found  int
	Of     int
	Kept   bool // a filtering stage: Found of Of kept
	Unit   string
	Failed string
	Detail string // the same in English words: "3 records", "2 of 3 supported"
}

// Units of Event.Found.
const (
	UnitRecord    = "record"
	UnitStatement = "statement"
	UnitFact      = "fact"
	UnitClaim     = "claim"
)

// lowConfidence is the retrieval confidence below which an answer that
// found nothing searches once more with a reformulated query.
const lowConfidence = 0.5

// Service answers questions over a store with a model and a verifier.
type Service struct {
	store    Store
	model    llm.Model
	verifier verify.Verifier
	opt      Options
}

// New returns a Service. The verifier judges support between stages; pass
// verify.NewJudge over the same or another model, or an NLI verifier.
func New(store Store, m llm.Model, v verify.Verifier, opt Options) *Service {
	if opt.K <= 0 {
		opt.K = 5
	}
	if opt.MaxDocs <= 0 {
		opt.MaxDocs = 8
	}
	if opt.Policy == "" {
		opt.Policy = Strict
	}
	if opt.Rounds <= 0 {
		opt.Rounds = 2
	}
	if opt.Concurrency <= 0 {
		opt.Concurrency = 4
	}
	return &Service{store: store, model: m, verifier: v, opt: opt}
}

// started reports that a stage began.
func (s *Service) started(stage string) {
	if s.opt.Progress != nil {
		s.opt.Progress(Event{Stage: stage})
	}
}

// found reports that a stage ended with found things of unit.
func (s *Service) found(stage string, found int, unit string) {
	if s.opt.Progress == nil {
		return
	}
	e := Event{Stage: stage, Done: true, Found: found, Unit: unit, Detail: plural(found, unit)}
	if unit == UnitRecord && found == 0 {
		e.Detail = "nothing readable found"
	}
	s.opt.Progress(e)
}

// kept reports that a filtering stage ended keeping kept of of things of
// unit.
func (s *Service) kept(stage string, kept, of int, unit string) {
	if s.opt.Progress == nil {
		return
	}
	e := Event{Stage: stage, Done: true, Found: kept, Of: of, Kept: true, Unit: unit}
	switch {
	case stage == StageRelevance:
		e.Detail = fmt.Sprintf("%d of %d on topic", kept, of)
	case unit == UnitClaim:
		e.Detail = fmt.Sprintf("%d of %d claims supported", kept, of)
	default:
		e.Detail = fmt.Sprintf("%d of %d supported", kept, of)
	}
	s.opt.Progress(e)
}

// Codes of Event.Failed.
const (
	FailedMalformed       = "malformed"
	FailedAssembledByCode = "assembled_by_code"
)

// failed reports that a stage ended without its model's work: code says how.
func (s *Service) failed(stage, code string) {
	if s.opt.Progress == nil {
		return
	}
	detail := "failed: malformed output"
	if code == FailedAssembledByCode {
		detail = "failed: assembled by code"
	}
	s.opt.Progress(Event{Stage: stage, Done: true, Failed: code, Detail: detail})
}

func (s *Service) newAnswer(question string) *Answer {
	return &Answer{Question: question, Mode: ModeGrounded, Claims: []Claim{}, Unverified: []Unverified{},
		Hints: []verity.Hint{}, Sources: []Source{}, Searches: []Search{}, Conflicts: []Conflict{}, Model: s.model.Info().Name(),
		Policy: s.opt.Policy, Verbatim: !s.opt.NoVerbatim}
}

// Ask answers question for caller. Errors mean the answering could not be
// done (the store failed, the model stayed unavailable, or every stage's
// output was malformed); "not found" and unsupported statements are
// outcomes on the returned answer.
func (s *Service) Ask(ctx context.Context, question string, caller verity.Caller, view verity.View) (*Answer, error) {
	question = strings.TrimSpace(question)
	if question == "" {
		return nil, verity.Errorf(verity.EINVALID, "ask: the question is empty")
	}
	a := s.newAnswer(question)
	grounded, err := s.store.HasActiveSources(ctx)
	if err != nil {
		return nil, err
	}
	if !grounded {
		return s.chat(ctx, a)
	}
	mem, _ := s.store.(Memory)
	key, stamp := "", ""
	if mem != nil && !s.opt.NoCache {
		key = s.cacheKey(question, caller)
		if stamp, err = mem.AnswerStamp(ctx); err != nil {
			return nil, err
		}
		if cached, ok, err := s.cached(ctx, mem, key, stamp, view); err != nil || ok {
			return cached, err
		}
	}

	if parts := SplitQuestion(question); len(parts) > 1 {
		if err := s.askParts(ctx, a, parts, caller, view, mem); err != nil {
			return nil, err
		}
	} else {
		claims, relevant, searched, reply, err := s.grounded(ctx, a, caller, false)
		if err != nil {
			return nil, err
		}
		if !searched {
			// The model chose not to search: a conversational answer, labelled.
			a.Mode, a.Outcome, a.Text = ModeConversational, Conversational, strings.TrimSpace(reply)
			return a, nil
		}
		if err := s.finish(ctx, a, claims, relevant, caller, view, mem); err != nil {
			return nil, err
		}
	}
	if a.Outcome == Answered {
		a.findConflicts()
	}
	if len(a.Claims) == 0 && len(a.Failures) > 0 {
		// Nothing to say because a stage failed is not "not found".
		f := a.Failures[0]
		return nil, verity.Errorf(f.Code, "answer: %s: %s", f.Stage, f.Message)
	}
	if mem != nil && !s.opt.NoCache && a.Outcome == Answered {
		if err := s.remember(ctx, mem, key, stamp, a); err != nil {
			return nil, err
		}
	}
	return a, nil
}

// grounded answers a's question from the store: the model searches (or,
// when it does not do tool calls, the question is searched), the stages
// run over what was found, and when nothing could be answered with low
// confidence the question is searched once more. It returns the claims,
// whether a passage found is about the question, and — when the model
// chose not to search — false and its reply; must makes it search with the
// question then instead. It sets a's searches and hints.
func (s *Service) grounded(ctx context.Context, a *Answer, caller verity.Caller, must bool) (claims []Claim, relevant, searched bool, reply string, err error) {
	r := newRetrieval(s.store, caller, a.Question, s.opt.K, s.opt.MaxDocs, 2*s.opt.Rounds+1)
	if searched, reply, err = s.route(ctx, a, r); err != nil {
		return nil, false, false, "", err
	}
	if !searched {
		if !must {
			return nil, false, false, reply, nil
		}
		if _, err := r.search(ctx, a.Question, ByQuestion); err != nil {
			return nil, false, false, "", err
		}
	}
	if claims, err = s.ground(ctx, a, r, len(r.docs)); err != nil {
		return nil, false, true, "", err
	}
	if len(claims) == 0 && r.confidence() < lowConfidence {
		// N=1: one more search with a reformulated query before "not found".
		before := len(r.docs)
		if err := s.research(ctx, a, r); err != nil {
			return nil, false, true, "", err
		}
		if len(r.docs) > before {
			a.Unverified = a.Unverified[:0]
			if claims, err = s.ground(ctx, a, r, len(r.docs)); err != nil {
				return nil, false, true, "", err
			}
		}
	}
	a.Searches = r.searches
	a.Hints = r.sortedHints()
	return claims, r.about(ReadQuestion(a.Question)), true, "", nil
}

// chat answers without grounding: the store is empty, so there is nothing
// to search and nothing to cite.
func (s *Service) chat(ctx context.Context, a *Answer) (*Answer, error) {
	a.Mode, a.Outcome = ModeConversational, Conversational
	req, err := prompts.Render(TaskChat, struct {
		Question string `json:"question"`
	}{a.Question})
	if err != nil {
		return nil, err
	}
	var out struct {
		Answer string `json:"answer"`
	}
	resp, err := llm.CompleteJSON(ctx, s.model, req, &out)
	if err != nil {
		return nil, err
	}
	a.Text = strings.TrimSpace(out.Answer)
	a.addPromptVersion(resp.PromptVersion)
	if a.Text == "" {
		return nil, verity.Errorf(verity.EMALFORMED, "answer: %s: the model returned an empty answer", TaskChat)
	}
	return a, nil
}

// route offers the model the search tool and runs the searches it asks for.
// A model that does not do the routing task (the offline engine says
// ENOTIMPLEMENTED) always searches, with the question as the query.
func (s *Service) route(ctx context.Context, a *Answer, r *retrieval) (searched bool, reply string, err error) {
	s.started("search")
	req, err := prompts.Render(TaskRoute, struct {
		Question string `json:"question"`
	}{a.Question})
	if err != nil {
		return false, "", err
	}
	req.Tools = []llm.ToolDef{llm.SearchKnowledgeTool}
	req.ToolChoice = "auto"
	resp, err := llm.CompleteWithTools(ctx, s.model, req, s.opt.Rounds, r.tool)
	switch {
	case verity.ErrorCode(err) == verity.ENOTIMPLEMENTED:
		if _, err := r.search(ctx, a.Question, ByQuestion); err != nil {
			return false, "", err
		}
	case err != nil:
		return false, "", err
	default:
		a.addPromptVersion(resp.PromptVersion)
		reply = resp.Text
		if len(r.searches) == 0 && strings.EqualFold(strings.Trim(strings.TrimSpace(reply), ".!"), "DONE") {
			// "DONE" without a search is no conversational reply: the
			// model meant to search and did not; search as it should have.
			if _, err := r.search(ctx, a.Question, ByQuestion); err != nil {
				return false, "", err
			}
		}
	}
	s.found("search", len(r.docs), UnitRecord)
	return len(r.searches) > 0, reply, nil
}

// research is the N=1 retry: a reformulated query, searched once.
func (s *Service) research(ctx context.Context, a *Answer, r *retrieval) error {
	last := a.Question
	if n := len(r.searches); n > 0 {
		last = r.searches[n-1].Query
	}
	req, err := prompts.Render(TaskReformulate, struct {
		Question string `json:"question"`
		Query    string `json:"query"`
	}{a.Question, last})
	if err != nil {
		return err
	}
	var out struct {
		Query string `json:"query"`
	}
	resp, err := llm.CompleteJSON(ctx, s.model, req, &out)
	if verity.ErrorCode(err) == verity.EMALFORMED {
		a.fail("reformulate", err)
		return nil
	}
	if err != nil {
		return err
	}
	a.addPromptVersion(resp.PromptVersion)
	q := strings.TrimSpace(out.Query)
	if q == "" {
		return nil
	}
	s.started("search")
	r.budget = max(r.budget, 1)
	if _, err := r.search(ctx, q, ByReformulation); err != nil {
		return err
	}
	s.found("search", len(r.docs), UnitRecord)
	return nil
}

// finish decides the outcome. An answer with claims is answered; one
// without is not found, retracted when statements of an earlier answer
// to this question died or a revoked source the caller could read matches
// it, insufficient support when search found a passage about the question
// (relevant) or statements were drafted that failed verification, and not
// in corpus otherwise.
func (s *Service) finish(ctx context.Context, a *Answer, claims []Claim, relevant bool, caller verity.Caller, view verity.View, mem Memory) error {
	if len(claims) > 0 {
		a.Outcome = Answered
		a.setClaims(claims)
		if mem != nil && !s.opt.NoRecords {
			return s.record(ctx, mem, a, caller)
		}
		return nil
	}
	a.Outcome, a.NotFoundReason = NotFound, NotInCorpus
	unsupported := slices.ContainsFunc(a.Unverified, func(u Unverified) bool { return u.Reason != ReasonOffTopic })
	if relevant || unsupported {
		a.NotFoundReason = InsufficientSupport
	}
	if mem != nil {
		retracted, err := s.retracted(ctx, mem, a.Question, caller, view, maxConfidence(a.Searches))
		if err != nil {
			return err
		}
		if retracted {
			a.NotFoundReason = Retracted
		}
	}
	return nil
}

func maxConfidence(ss []Search) float64 {
	c := 0.0
	for _, s := range ss {
		c = max(c, s.Confidence)
	}
	return c
}

// fail records a stage that could not be done.
func (a *Answer) fail(stage string, err error) {
	a.Failures = append(a.Failures, Failure{Stage: stage, Code: verity.ErrorCode(err), Message: failureMessage(err)})
}

// failureMessage keeps the raw output of a malformed reply out of the
// message (it is the model's text, which may quote documents), saying only
// what was wrong.
func failureMessage(err error) string {
	var me *llm.MalformedError
	if errors.As(err, &me) && me.Err != nil {
		return "model output is not the JSON asked for: " + me.Err.Error()
	}
	return verity.ErrorMessage(err)
}

func (a *Answer) addPromptVersion(v string) {
	if v != "" && !slices.Contains(a.PromptVersions, v) {
		a.PromptVersions = append(a.PromptVersions, v)
		slices.Sort(a.PromptVersions)
	}
}

// questionKey names a question independently of case, spacing and
// typography, for statement records and the answer cache.
func questionKey(question string) string {
	sum := sha256.Sum256([]byte(strings.Join(strings.Fields(analysis.NormalizeString(question)), " ")))
	return hex.EncodeToString(sum[:8])
}
