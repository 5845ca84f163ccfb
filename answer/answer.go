package answer

import (
	"github.com/veritykb/verity"
	"github.com/veritykb/verity/verify"
)

// Mode says which contract an answer keeps.
type Mode string

// Modes.
const (
	// ModeGrounded: the model searched; the answer comes only from what
	// the search returned, every claim cited and quoted.
	ModeGrounded Mode = "grounded"
	// ModeConversational: no search (an empty store, or the model chose not
	// to search); general knowledge, no citations, labelled as such.
	ModeConversational Mode = "conversational"
)

// Outcome is what an answer amounts to.
type Outcome string

// Outcomes.
const (
	Answered       Outcome = "answered"
	NotFound       Outcome = "not_found"
	Conversational Outcome = "conversational"
)

// Reason says why a grounded answer is "not found".
type Reason string

// Reasons for "not found".
const (
	// NotInCorpus: nothing the caller may read is about the question:
	// no passage search found holds its focus and predicate.
	NotInCorpus Reason = "not_in_corpus"
	// InsufficientSupport: search found passages about the question, or
	// statements were drafted from what was found, but no claim survived
	// verification and the relevance gate.
	InsufficientSupport Reason = "insufficient_support"
	// Retracted: the answer would have rested on sources that were revoked
	// (statements of an earlier answer to this question died, or a revoked
	// source the caller could read matches the question).
	Retracted Reason = "retracted"
)

// Risk is how likely a paraphrase distorts its quote.
type Risk string

// Distortion risks.
const (
	RiskNone Risk = "none"
	RiskLow  Risk = "low"
	RiskHigh Risk = "high"
)

// Policy is a report's bar for support.
type Policy string

// Policies: strict keeps grades 1–2; broad keeps 1–3 and marks grade 3.
const (
	Strict Policy = "strict"
	Broad  Policy = "broad"
)

// MaxGrade returns the worst grade the policy keeps.
func (p Policy) MaxGrade() verify.Grade {
	if p == Broad {
		return verify.GradePartial
	}
	return verify.GradeSameMeaning
}

// Answer is the result of [Service.Ask] or [Check]. The first fields are
// the JSON contract of `verity ask --json`; the rest add detail.
type Answer struct {
	// ID names the answer in the answer log, for feedback and "show
	// source" (set by the service layer for an authenticated caller).
	ID             string        `json:"answer_id,omitempty"`
	Mode           Mode          `json:"mode"`
	Outcome        Outcome       `json:"outcome"`
	NotFoundReason Reason        `json:"not_found_reason"` // "" unless Outcome is not_found
	Text           string        `json:"answer"`           // the assembled answer, [N] = Sources[N-1]
	Claims         []Claim       `json:"claims"`
	Unverified     []Unverified  `json:"unverified_claims"`
	Hints          []verity.Hint `json:"hints"`
	Model          string        `json:"model"`
	// Parts are the parts of a compound question, each answered or not
	// found on its own (absent for a simple question).
	Parts []Part `json:"parts,omitempty"`
	// Conflicts are pairs of claims whose sources disagree on a date, a
	// number or a name in the same role; the text names both values.
	Conflicts []Conflict `json:"conflicts"`

	Question       string    `json:"question"`
	Sources        []Source  `json:"sources"` // the records the answer cites, numbered from 1
	Policy         Policy    `json:"policy"`
	Verbatim       bool      `json:"verbatim"` // verbatim quote mode was on
	Searches       []Search  `json:"searches"`
	Failures       []Failure `json:"failures,omitempty"`
	PromptVersions []string  `json:"prompt_versions,omitempty"`
	Cached         bool      `json:"cached,omitempty"` // served from the answer cache
	// Annotated is the answer with each claim's verbatim quote injected
	// after it (seed 003, path C), labelled in the answer's language; set
	// by [Check].
	Annotated string `json:"annotated,omitempty"`
	// Verifier names what judged the claims of a checked answer, read off
	// its verdicts: "nli MODEL", "judge PROVIDER:MODEL", "offline", or
	// "code" when code settled every claim; set by [Check].
	Verifier string `json:"verifier,omitempty"`
}

// Claim is one statement of an answer with its evidence.
type Claim struct {
	Claim     string     `json:"claim"`
	Citations []Citation `json:"citations"`
	// VerbatimQuote is the text of the first citation's quote ("" when
	// verbatim mode is off or no quote could be located).
	VerbatimQuote  string `json:"verbatim_quote"`
	IsParaphrased  bool   `json:"is_paraphrased"`
	DistortionRisk Risk   `json:"distortion_risk"`
	// DistortionReasons say in English words what Distortions say by code.
	DistortionReasons []string `json:"distortion_reasons"`
	// Distortions are what differs between the claim and its quote.
	Distortions []Difference `json:"distortions"`
	Support     Support      `json:"support"`

	// Refs are the claim's footnote numbers into Answer.Sources.
	Refs []int `json:"refs"`
	// Marked is set on a grade-3 claim kept by the broad policy.
	Marked bool `json:"marked,omitempty"`
	// Record is the id of the statement record stored for the claim.
	Record string `json:"record,omitempty"`
	// Uncited is set by [Service.Check] on a claim the answer cited nothing
	// for, whose support was found among the documents or the store.
	Uncited bool `json:"uncited,omitempty"`
	// Relevance is the relevance gate's verdict: why the claim answers
	// the question (set by [Service.Ask]).
	Relevance *Relevance `json:"relevance,omitempty"`
}

// Citation names the record a claim rests on, with the quote code found in
// it and the chunk that won retrieval as evidence.
type Citation struct {
	N        int    `json:"n"` // footnote number, index into Answer.Sources from 1
	SourceID string `json:"source_id"`
	Version  int    `json:"version"`
	URI      string `json:"uri"`
	Title    string `json:"title"`
	System   string `json:"system"`
	// Quote is the verbatim fragment, byte offsets into the canonical text
	// of source version Version; nil when verbatim mode is off or no
	// fragment could be located.
	Quote    *Quote    `json:"quote"`
	Evidence *Evidence `json:"evidence,omitempty"`
	// Support is this source's own verdict on the claim, when the claim
	// cites several sources and each was checked alone.
	Support *Support `json:"support,omitempty"`
}

// Quote is a verbatim fragment of a source version.
type Quote struct {
	Text  string `json:"text"`
	Start int    `json:"start"`
	End   int    `json:"end"`
	// Kind is how quote.Locate found it: exact, normalized, repaired, fuzzy.
	Kind string `json:"kind,omitempty"`
	// FromCitation is set on a checked answer's quote located from the
	// cited text of the provider's citation metadata (Anthropic's
	// Citations API: seed 003, path C), rather than found by code alone.
	FromCitation bool `json:"from_citation,omitempty"`
}

// Evidence is the chunk of a record that search ranked best.
type Evidence struct {
	Ordinal int `json:"ordinal"`
	Start   int `json:"start"`
	End     int `json:"end"`
}

// Support is the verifier's verdict on a claim.
type Support struct {
	Grade int     `json:"grade"` // 1 verbatim, 2 same meaning, 3 partial, 4 not supported
	Label string  `json:"label"` // entailed, neutral, contradicted, or "" when no vote could be read
	Score float64 `json:"score"` // the verifier's confidence in the label (a share of votes, a probability)
	// Entailment is the verifier's probability that the cited documents
	// support the claim; the offline verifier's is calibrated, so a
	// report can keep claims above a probability of its choosing.
	Entailment float64 `json:"entailment"`
	By         string  `json:"by,omitempty"`
}

func supportOf(v verify.Verdict) Support {
	return Support{Grade: int(v.Grade), Label: string(v.Label), Score: v.Score, Entailment: v.Entailment, By: v.By}
}

// Unverified is a statement that was dropped, and why.
type Unverified struct {
	Claim  string `json:"claim"`
	Reason string `json:"reason"`
	// Stage is where it was dropped: draft, facts, reassembly, relevance,
	// check.
	Stage string `json:"stage,omitempty"`
	// Relevance is the relevance gate's verdict on a claim it turned away
	// (reason off_topic).
	Relevance *Relevance `json:"relevance,omitempty"`
}

// Source is one record an answer cites.
type Source struct {
	N        int       `json:"n"`
	SourceID string    `json:"source_id"`
	Version  int       `json:"version"`
	URI      string    `json:"uri"`
	Title    string    `json:"title"`
	System   string    `json:"system"`
	Evidence *Evidence `json:"evidence,omitempty"`
}

// Search is one search the answer ran, with the caller fixed by code.
type Search struct {
	Query string `json:"query"`
	// By says who chose the query: "model" (a search_knowledge call),
	// "question" (always-search engines), "reformulation" (the N=1 retry).
	By      string `json:"by"`
	Results int    `json:"results"` // readable records found; hidden ones are never counted
	// Confidence is the best share of the question's terms one retrieved
	// chunk holds (title and headings included), 0 to 1.
	Confidence float64 `json:"confidence"`
}

// Failure is a stage that could not be done, recorded on the answer so a
// malformed model reply is never mistaken for "nothing to say".
type Failure struct {
	Stage   string `json:"stage"`
	Code    string `json:"code"` // a verity error code: malformed, unavailable, ...
	Message string `json:"message"`
}
