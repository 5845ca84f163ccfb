package extract

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"net/url"
	"os"
	"slices"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/veritykb/verity"
)

// Spec says which relation to extract and how strictly: the relation and its
// cues, the subject type, the objects with aliases, what does not count, the
// judge's criteria and the levers of the seed (votes, threshold, review band,
// judge context width, strictness, banned domains, vendor-own pages).
type Spec struct {
	Name        string `yaml:"name" json:"name"`
	Description string `yaml:"description,omitempty" json:"description,omitempty"`
	// Language is the language of the spec's texts ("ru", "en"), and the
	// language a run's messages are written in unless the user asks for
	// another (see [MessageLanguage]).
	Language string `yaml:"language,omitempty" json:"language,omitempty"`

	Relation Relation     `yaml:"relation" json:"relation"`
	Subject  SubjectSpec  `yaml:"subject" json:"subject"`
	Objects  []Object     `yaml:"objects" json:"objects"`
	Vendor   Vendor       `yaml:"vendor,omitempty" json:"vendor,omitempty"`
	Exclude  []Exclusion  `yaml:"does_not_count,omitempty" json:"does_not_count,omitempty"`
	Criteria []Criterion  `yaml:"criteria" json:"criteria"`
	Pages    PageRules    `yaml:"page_rules,omitempty" json:"page_rules,omitempty"`
	Systems  []string     `yaml:"systems,omitempty" json:"systems,omitempty"`
	Banned   []string     `yaml:"banned_domains,omitempty" json:"banned_domains,omitempty"`
	Panel    PanelOptions `yaml:",inline" json:"panel"`
	// Strictness is "generous" (discovery: the extractor proposes whatever
	// might be the relation) or "strict" (reports: only explicit statements).
	Strictness string `yaml:"strictness,omitempty" json:"strictness"`
}

// PanelOptions are the judge's levers.
type PanelOptions struct {
	// Votes is how many independent calls judge each candidate (default 5).
	// A deterministic model casts one vote whatever this says.
	Votes int `yaml:"votes,omitempty" json:"votes"`
	// Threshold is the yes share a criterion needs to pass (default 0.5:
	// "yes" from at least half of the votes cast).
	Threshold float64 `yaml:"threshold,omitempty" json:"threshold"`
	// ReviewBand decides what goes to a person instead of being decided.
	// Absent (nil), the seed's rule: a candidate is accepted when every
	// criterion passes the threshold, and one that falls below it with at
	// least one yes vote on every criterion goes to the review queue (a
	// criterion no vote said yes to rejects it with its reason code). A
	// band [lo, hi] is an explicit choice instead: a candidate whose
	// confidence falls inside it goes to review, one above is decided by
	// the criteria. An empty list turns review off. A deterministic
	// model's single vote is a verdict without a confidence estimate, and
	// is never placed in a band.
	ReviewBand []float64 `yaml:"review_band" json:"review_band"`
	// JudgeContext is how many bytes of the page on each side of the quote
	// the judge sees, widened to whole sentences (default 400).
	JudgeContext int `yaml:"judge_context,omitempty" json:"judge_context"`
}

// Relation names the relation and says how it is phrased.
type Relation struct {
	Name   string `yaml:"name" json:"name"`     // the edge label, e.g. "uses"
	Phrase string `yaml:"phrase" json:"phrase"` // how claims read: "использует", "uses"
	// Cues are words that signal the relation in text, for code and the
	// offline engine. Each word stands for its word family ("использует"
	// matches "использование" and "используемый", "adopted" matches
	// "adoption"; see [Cue] and [analysis.Family]); several words match
	// consecutive words ("moved to" does not skip words); a trailing * also
	// matches any word it begins, and a leading = only the word itself.
	Cues []string `yaml:"cues,omitempty" json:"cues,omitempty"`
}

// Subject types.
const (
	SubjectOrganization = "organization"
	SubjectProduct      = "product"
	SubjectAny          = "any"
)

// SubjectSpec says what a subject must be.
type SubjectSpec struct {
	Type        string `yaml:"type" json:"type"` // organization, product or any
	Description string `yaml:"description,omitempty" json:"description,omitempty"`
}

// Object is one thing the relation points at, with the names it goes by.
type Object struct {
	Name    string   `yaml:"name" json:"name"`
	Aliases []string `yaml:"aliases,omitempty" json:"aliases,omitempty"`
	Type    string   `yaml:"type,omitempty" json:"type,omitempty"` // default "product"
}

// Names returns the object's name followed by its aliases.
func (o Object) Names() []string { return append([]string{o.Name}, o.Aliases...) }

// Vendor is whoever makes the objects: its own pages are read by its own
// rule (a logo wall there presents customers; elsewhere it proves nothing).
type Vendor struct {
	Name    string   `yaml:"name,omitempty" json:"name,omitempty"`
	Domains []string `yaml:"domains,omitempty" json:"domains,omitempty"`
}

// Exclusion is one thing that looks like the relation but does not count.
type Exclusion struct {
	Code string   `yaml:"code" json:"code"` // investment, award, membership, partnership...
	Text string   `yaml:"text" json:"text"` // how prompts describe it
	Cues []string `yaml:"cues,omitempty" json:"cues,omitempty"`
}

// Criterion is one yes/no question of the panel, one testable thought.
type Criterion struct {
	ID       string `yaml:"id" json:"id"`
	Question string `yaml:"question" json:"question"`
	// Rule names the deterministic rule the offline engine answers the
	// criterion with (see [Rules]); a model reads Question instead.
	Rule string `yaml:"rule,omitempty" json:"rule,omitempty"`
	// AppliesTo limits the criterion to some evidence types; empty: all.
	AppliesTo []string `yaml:"applies_to,omitempty" json:"applies_to,omitempty"`
}

// Rules the offline engine implements, and the reason code a failed
// criterion with that rule gives.
const (
	RulePresentsUser = "presents_user" // the page presents the subject as in the relation with the object
	RuleSpecific     = "specific"      // the subject is a specific organization, not a class or a person
	RuleNotExcluded  = "not_excluded"  // the relation is none of the does-not-count list
	RuleNamesObject  = "names_object"  // the quote or the evidence phrase names the object
)

// Rules lists the rules a criterion may name.
var Rules = []string{RulePresentsUser, RuleSpecific, RuleNotExcluded, RuleNamesObject}

// PageRules are the texts of the vendor-own and third-party rules, shown to
// the referent step and the judge.
type PageRules struct {
	Own        string `yaml:"own,omitempty" json:"own,omitempty"`
	ThirdParty string `yaml:"third_party,omitempty" json:"third_party,omitempty"`
}

// Strictness values.
const (
	Generous = "generous"
	Strict   = "strict"
)

// Defaults of the panel.
const (
	DefaultVotes        = 5
	DefaultThreshold    = 0.5
	DefaultJudgeContext = 400
)

// Evidence types a candidate may carry.
const (
	EvidenceCase        = "case"
	EvidenceTestimonial = "testimonial"
	EvidenceLogo        = "logo"
	EvidencePress       = "press_release"
	EvidenceOther       = "other"
)

// EvidenceTypes lists the evidence types, in the order prompts offer them.
var EvidenceTypes = []string{EvidenceCase, EvidenceTestimonial, EvidenceLogo, EvidencePress, EvidenceOther}

// Default page rules, used when a spec gives none.
const (
	defaultOwnRule        = "This is the vendor's own page: a case study, a testimonial, or a logo under a customers heading (\"Нам доверяют\", \"Our customers\") presents the organization as a customer."
	defaultThirdPartyRule = "This is a third-party page: only an explicit statement that the organization itself uses the product counts; a logo, a list entry or a mention in passing does not."
)

// LoadSpec reads a spec from a YAML file.
func LoadSpec(path string) (*Spec, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, verity.Errorf(verity.EINVALID, "read spec: %w", err)
	}
	return ParseSpec(path, data)
}

// ParseSpec parses a YAML spec (file names it in errors), fills in the
// defaults and checks it. Unknown fields are errors: a misspelt lever must not
// be silently ignored.
func ParseSpec(file string, data []byte) (*Spec, error) {
	var s Spec
	s.Panel.ReviewBand = nil
	dec := yaml.NewDecoder(bytes.NewReader(data))
	dec.KnownFields(true)
	if err := dec.Decode(&s); err != nil {
		return nil, verity.Errorf(verity.EINVALID, "spec %s: %w", file, err)
	}
	// A review_band key that is present but empty turns review off; an
	// absent key leaves the seed's rule. yaml leaves the slice nil in both
	// cases, so look at the document itself.
	var raw map[string]any
	_ = yaml.Unmarshal(data, &raw)
	if _, hasBand := raw["review_band"]; hasBand && s.Panel.ReviewBand == nil {
		s.Panel.ReviewBand = []float64{}
	}
	if err := s.Check(); err != nil {
		return nil, verity.Errorf(verity.EINVALID, "spec %s: %s", file, verity.ErrorMessage(err))
	}
	return &s, nil
}

// Check fills in defaults and reports the first problem with the spec.
func (s *Spec) Check() error {
	bad := func(format string, args ...any) error {
		return verity.Errorf(verity.EINVALID, format, args...)
	}
	if strings.TrimSpace(s.Name) == "" {
		return bad("missing name")
	}
	if s.Relation.Name == "" || s.Relation.Phrase == "" {
		return bad("relation needs a name and a phrase")
	}
	switch s.Subject.Type {
	case "":
		s.Subject.Type = SubjectOrganization
	case SubjectOrganization, SubjectProduct, SubjectAny:
	default:
		return bad("subject type %q: want organization, product or any", s.Subject.Type)
	}
	if len(s.Objects) == 0 {
		return bad("no objects: say what the relation points at")
	}
	for i, o := range s.Objects {
		if Key(o.Name) == "" {
			return bad("object %d has no name", i+1)
		}
		if o.Type == "" {
			s.Objects[i].Type = SubjectProduct
		}
	}
	seen := map[string]bool{}
	for _, e := range s.Exclude {
		if e.Code == "" || e.Text == "" {
			return bad("every does_not_count entry needs a code and a text")
		}
	}
	if len(s.Criteria) == 0 {
		return bad("no criteria: the panel needs at least one yes/no question")
	}
	for _, c := range s.Criteria {
		if c.ID == "" || c.Question == "" {
			return bad("every criterion needs an id and a question")
		}
		if seen[c.ID] {
			return bad("criterion %q appears twice", c.ID)
		}
		seen[c.ID] = true
		if c.Rule != "" && !slices.Contains(Rules, c.Rule) {
			return bad("criterion %q: unknown rule %q (want one of %s)", c.ID, c.Rule, strings.Join(Rules, ", "))
		}
		for _, t := range c.AppliesTo {
			if !slices.Contains(EvidenceTypes, t) {
				return bad("criterion %q: unknown evidence type %q", c.ID, t)
			}
		}
	}
	p := &s.Panel
	if p.Votes == 0 {
		p.Votes = DefaultVotes
	}
	if p.Votes < 1 || p.Votes > 25 {
		return bad("votes %d: want 1 to 25", p.Votes)
	}
	if p.Threshold == 0 {
		p.Threshold = DefaultThreshold
	}
	if p.Threshold <= 0 || p.Threshold > 1 {
		return bad("threshold %g: want a yes share above 0 and at most 1", p.Threshold)
	}
	switch len(p.ReviewBand) {
	case 0:
	case 2:
		if p.ReviewBand[0] < 0 || p.ReviewBand[1] > 1 || p.ReviewBand[0] > p.ReviewBand[1] {
			return bad("review_band %v: want [lo, hi] with 0 <= lo <= hi <= 1", p.ReviewBand)
		}
	default:
		return bad("review_band %v: want [lo, hi], or [] for no review", p.ReviewBand)
	}
	if p.JudgeContext == 0 {
		p.JudgeContext = DefaultJudgeContext
	}
	if p.JudgeContext < 0 {
		return bad("judge_context %d: want bytes on each side of the quote", p.JudgeContext)
	}
	switch s.Strictness {
	case "":
		s.Strictness = Generous
	case Generous, Strict:
	default:
		return bad("strictness %q: want generous or strict", s.Strictness)
	}
	if len(s.Systems) == 0 {
		s.Systems = []string{verity.SystemWeb}
	}
	if s.Pages.Own == "" {
		s.Pages.Own = defaultOwnRule
	}
	if s.Pages.ThirdParty == "" {
		s.Pages.ThirdParty = defaultThirdPartyRule
	}
	for i, d := range s.Banned {
		s.Banned[i] = strings.ToLower(strings.TrimPrefix(strings.TrimSpace(d), "."))
	}
	for i, d := range s.Vendor.Domains {
		s.Vendor.Domains[i] = strings.ToLower(strings.TrimPrefix(strings.TrimSpace(d), "."))
	}
	return nil
}

// Hash returns a short digest of the spec's meaning (its JSON after
// defaults), which names a run: the same spec, model and prompts continue
// the same run.
func (s *Spec) Hash() string {
	raw, _ := json.Marshal(s)
	sum := sha256.Sum256(raw)
	return hex.EncodeToString(sum[:8])
}

// Claim renders "subject phrase object", the statement the steps check.
func (s *Spec) Claim(subject, object string) string {
	return fmt.Sprintf("%s %s %s", subject, s.Relation.Phrase, object)
}

// object returns the spec object that name refers to (by key of its name or
// any alias).
func (s *Spec) object(name string) (Object, bool) {
	k := Key(name)
	if k == "" {
		return Object{}, false
	}
	for _, o := range s.Objects {
		for _, n := range o.Names() {
			if Key(n) == k {
				return o, true
			}
		}
	}
	return Object{}, false
}

// Page kinds: whose page it is decides which page rule applies.
const (
	PageOwn        = "own"
	PageThirdParty = "third_party"
)

// pageKind says whether uri is on one of the vendor's domains.
func (s *Spec) pageKind(uri string) string {
	if hostIn(uri, s.Vendor.Domains) {
		return PageOwn
	}
	return PageThirdParty
}

// pageRule returns the text of the rule for a page kind.
func (s *Spec) pageRule(kind string) string {
	if kind == PageOwn {
		return s.Pages.Own
	}
	return s.Pages.ThirdParty
}

// banned reports whether uri is on a banned domain.
func (s *Spec) banned(uri string) bool { return hostIn(uri, s.Banned) }

// applies reports whether the spec reads sources of this system.
func (s *Spec) applies(src *verity.Source) bool {
	return slices.Contains(s.Systems, src.System) || slices.Contains(s.Systems, "*")
}

// hostIn reports whether uri's host is one of domains or below one of them.
func hostIn(uri string, domains []string) bool {
	u, err := url.Parse(uri)
	if err != nil || u.Host == "" {
		return false
	}
	host := strings.ToLower(u.Hostname())
	for _, d := range domains {
		if d != "" && (host == d || strings.HasSuffix(host, "."+d)) {
			return true
		}
	}
	return false
}
