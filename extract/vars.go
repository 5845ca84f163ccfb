package extract

// The Vars of each model step: what its prompt is rendered from, and what
// the offline engine reads instead of the prompt's prose. Field names are the
// JSON contract with offline/extract*.go.

// Task names of the model steps.
const (
	TaskCandidates = "extract.candidates"
	TaskReferent   = "extract.referent"
	TaskJudge      = "extract.judge"
)

// CandidatesVars are the Vars of a TaskCandidates call: one page (or one
// window of a long page) and what to look for.
type CandidatesVars struct {
	Relation    string      `json:"relation"`
	Phrase      string      `json:"phrase"`
	Cues        []string    `json:"cues,omitempty"`
	SubjectType string      `json:"subject_type"`
	Objects     []Object    `json:"objects"`
	Vendor      string      `json:"vendor,omitempty"`
	Exclude     []Exclusion `json:"does_not_count,omitempty"`
	Strictness  string      `json:"strictness"`
	PageKind    string      `json:"page_kind"`
	URI         string      `json:"uri"`
	Title       string      `json:"title"`
	Text        string      `json:"text"`
}

// CandidatesAnswer is the answer of a TaskCandidates call.
type CandidatesAnswer struct {
	Candidates []Candidate `json:"candidates"`
	// SameNames are the page's own statements that a subject also goes by
	// another name, each with a quote code must find on the page holding
	// both names before it counts ([SameName] of kind [SameModel]).
	SameNames []SameNameAnswer `json:"same_names,omitempty"`
}

// SameNameAnswer is one statement a model says a page makes: name is other.
type SameNameAnswer struct {
	Name  string `json:"name"`
	Other string `json:"other"`
	Quote string `json:"quote"`
}

// ReferentVars are the Vars of a TaskReferent call: one claim and the whole
// page.
type ReferentVars struct {
	Claim          string      `json:"claim"`
	Subject        string      `json:"subject"`
	SubjectAliases []string    `json:"subject_aliases,omitempty"`
	Object         string      `json:"object"`
	ObjectAliases  []string    `json:"object_aliases,omitempty"`
	Relation       string      `json:"relation"`
	Phrase         string      `json:"phrase"`
	Cues           []string    `json:"cues,omitempty"`
	Exclude        []Exclusion `json:"does_not_count,omitempty"`
	Quote          string      `json:"quote"`
	EvidenceType   string      `json:"evidence_type"`
	PageKind       string      `json:"page_kind"`
	PageRule       string      `json:"page_rule"`
	URI            string      `json:"uri"`
	Title          string      `json:"title"`
	Text           string      `json:"text"`
	// Language is the user's language ("ru", "en"): the argument is
	// written in it, quotes stay as the page writes them.
	Language string `json:"language"`
}

// ReferentAnswer is the answer of a TaskReferent call.
type ReferentAnswer struct {
	Argument       string `json:"argument"`
	Verdict        string `json:"verdict"` // yes or no
	EvidencePhrase string `json:"evidence_phrase"`
}

// JudgeVars are the Vars of one TaskJudge vote: the claim, the fragment
// around the quote, the referent step's argument and phrase, and the
// criteria that apply.
type JudgeVars struct {
	Claim          string        `json:"claim"`
	Subject        string        `json:"subject"`
	SubjectAliases []string      `json:"subject_aliases,omitempty"`
	Object         string        `json:"object"`
	ObjectAliases  []string      `json:"object_aliases,omitempty"`
	Relation       string        `json:"relation"`
	Phrase         string        `json:"phrase"`
	Cues           []string      `json:"cues,omitempty"`
	Exclude        []Exclusion   `json:"does_not_count,omitempty"`
	Criteria       []Criterion   `json:"criteria"`
	Fragment       string        `json:"fragment"`
	Quote          string        `json:"quote"`
	EvidenceType   string        `json:"evidence_type"`
	Referent       *ReferentNote `json:"referent,omitempty"`
	PageKind       string        `json:"page_kind"`
	PageRule       string        `json:"page_rule"`
	URI            string        `json:"uri"`
	// Language is the user's language ("ru", "en"): reasons are written
	// in it.
	Language string `json:"language"`
}

// ReferentNote is what the judge is told of the referent step.
type ReferentNote struct {
	Argument string `json:"argument"`
	Phrase   string `json:"phrase"`
}

// JudgeAnswer is the answer of one TaskJudge vote.
type JudgeAnswer struct {
	Answers []struct {
		ID     string `json:"id"`
		Answer string `json:"answer"` // yes or no
		Reason string `json:"reason"`
	} `json:"answers"`
	NotCounted string `json:"not_counted"`
}
