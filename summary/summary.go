package summary

import (
	"context"
	"crypto/sha256"
	"embed"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/llm"
	"github.com/veritykb/verity/quote"
	"github.com/veritykb/verity/receipt"
	"github.com/veritykb/verity/relocate"
)

//go:embed prompts/*.md
var promptFS embed.FS

var prompts = llm.MustLoadPrompts(promptFS, "prompts")

// TaskWrite is the task name of the summary call.
const TaskWrite = "summary.write"

// KindSummary is the record kind of a summary's header, which rests on its
// sentences (records of kind verity.KindSentence).
const KindSummary verity.RecordKind = "summary"

// Defaults of [Options].
const (
	DefaultK         = 8 // passages retrieved
	DefaultSentences = 6 // sentences asked for
	DefaultMaxSets   = 4 // sets kept per model-written receipt
)

// QuoteScore is the lowest quote.Locate score at which a sentence counts as
// quoting a source: normalized and near-verbatim fuzzy matches, not
// paraphrases.
const QuoteScore = 0.9

// PromptVersions returns the versions of the package's prompts.
func PromptVersions() string { return prompts.String() }

// Store is what summaries need from a store: search under the caller's
// rights, and records with receipts (the store settles their liveness).
type Store interface {
	Search(ctx context.Context, q verity.SearchQuery) (*verity.SearchResults, error)
	PutRecords(ctx context.Context, recs []*verity.Record) (receipt.Change[verity.Ref], error)
}

// Options configure [Summarize].
type Options struct {
	K         int // passages retrieved; 0 means DefaultK
	Sentences int // at most this many sentences; 0 means DefaultSentences
	MaxSets   int // sets kept per sentence's receipt; 0 means DefaultMaxSets
	// Private stores the summary as its requester's alone, listed to no one
	// else until it is published (the service layer decides who may).
	Private bool
}

func (o Options) withDefaults() Options {
	if o.K <= 0 {
		o.K = DefaultK
	}
	if o.Sentences <= 0 {
		o.Sentences = DefaultSentences
	}
	if o.MaxSets <= 0 {
		o.MaxSets = DefaultMaxSets
	}
	return o
}

// Input is one retrieved passage the summary was written from; N is its
// number in the prompt, from 1.
type Input struct {
	N        int    `json:"n"`
	SourceID string `json:"source_id"`
	Version  int    `json:"version"`
	Title    string `json:"title,omitempty"`
	URI      string `json:"uri,omitempty"`
	Start    int    `json:"start"` // the passage's byte span in the source version's text
	End      int    `json:"end"`
	Text     string `json:"-"`
}

// Quote is where a sentence occurs in a source: a byte span into the text of
// the source's Version.
type Quote struct {
	SourceID string     `json:"source_id"`
	Version  int        `json:"version"`
	Start    int        `json:"start"`
	End      int        `json:"end"`
	Kind     quote.Kind `json:"kind"`
	// Text is the source's own words at the span.
	Text string `json:"text,omitempty"`
	// Record is the quote record the sentence rests on for this source
	// instead of the source itself, so that a new version of the source
	// that drops these words retracts the sentence (package relocate).
	Record string `json:"record,omitempty"`
	// Gone is the version of the source the quote went missing from, set
	// by [Show] from the quote record; Version, Start and End are then
	// where it was last seen. 0 while the quote is found.
	Gone int `json:"gone,omitempty"`
}

// Sentence is one sentence of a summary with its own receipt.
type Sentence struct {
	ID       string `json:"id"` // its record id
	Position int    `json:"position"`
	Text     string `json:"text"`
	// Receipt is the sentence's receipt over sources, as a person reads it.
	Receipt verity.Receipt `json:"receipt"`
	// RestsOn is the receipt the sentence record is stored with: Receipt
	// with every source whose quote was located replaced by that quote's
	// record (see [Quote.Record]).
	RestsOn verity.Receipt `json:"rests_on"`
	// Capped is how many sets of the model's receipt the cap dropped.
	Capped int `json:"capped,omitempty"`
	// Withheld is set when sets of the receipt, or quotes, rest on sources
	// the caller may not read and are left out of what it is shown.
	Withheld bool               `json:"withheld,omitempty"`
	Quotes   []Quote            `json:"quotes,omitempty"`
	State    verity.RecordState `json:"state"`
}

// Rejection is a sentence of the model's answer that was not kept, and why
// (a reason code: empty_text, no_valid_sources, over_limit).
type Rejection struct {
	Position int    `json:"position"`
	Text     string `json:"text"`
	Reason   string `json:"reason"`
}

// Reasons a summary has no sentences (Summary.Empty).
const (
	EmptyNoSources   = "no_sources"   // search found nothing the caller may read
	EmptyNoSentences = "no_sentences" // the model wrote no sentence
)

// Summary is a summary as written: its sentences with their receipts, the
// passages it was written from, and what the model wrote that was refused.
type Summary struct {
	ID            string        `json:"id"` // the header record's id
	Topic         string        `json:"topic"`
	Model         string        `json:"model"`
	PromptVersion string        `json:"prompt_version"`
	MaxSets       int           `json:"max_sets"`
	Inputs        []Input       `json:"inputs"`
	Sentences     []Sentence    `json:"sentences"`
	Rejected      []Rejection   `json:"rejected,omitempty"`
	Hints         []verity.Hint `json:"hints,omitempty"`
	// RequestedBy is who asked for it; Private says it is listed to them
	// alone until it is published.
	RequestedBy string `json:"requested_by"`
	Private     bool   `json:"private,omitempty"`
	// Empty is set, with a reason code, when there is no summary to store;
	// nothing was stored then.
	Empty string `json:"empty,omitempty"`
}

// Header is the body of a summary's header record.
type Header struct {
	Topic string `json:"topic"`
	// RequestedBy is the actor who asked for the summary, whose words the
	// topic is; Private says it was stored as theirs alone (a summary made
	// before these fields is neither).
	RequestedBy   string       `json:"requested_by,omitempty"`
	Private       bool         `json:"private,omitempty"`
	Caller        []string     `json:"caller"`
	Sentences     []string     `json:"sentences"` // record ids, in order
	Inputs        []verity.Ref `json:"inputs"`
	Model         string       `json:"model"`
	PromptVersion string       `json:"prompt_version"`
	MaxSets       int          `json:"max_sets"`
}

// SentenceBody is the body of a sentence record. Text, Topic and Inputs are
// what an audit needs to regenerate the sentence from what remains.
type SentenceBody struct {
	Summary       string       `json:"summary"`
	Position      int          `json:"position"`
	Text          string       `json:"text"`
	Topic         string       `json:"topic"`
	Quotes        []Quote      `json:"quotes,omitempty"`
	Capped        int          `json:"capped,omitempty"`
	Inputs        []verity.Ref `json:"inputs"`
	Passages      []Passage    `json:"passages"`
	Model         string       `json:"model"`
	PromptVersion string       `json:"prompt_version"`
}

// Passage is the part of a source a summary was written from: a byte span
// into the text of the source's Version.
type Passage struct {
	SourceID string `json:"source_id"`
	Version  int    `json:"version"`
	Start    int    `json:"start"`
	End      int    `json:"end"`
}

// writeVars are the Vars of a summary.write request.
type writeVars struct {
	Topic        string     `json:"topic"`
	MaxSentences int        `json:"max_sentences"`
	MaxSets      int        `json:"max_sets"`
	Documents    []document `json:"documents"`
}

type document struct {
	N     int    `json:"n"`
	Title string `json:"title"`
	Text  string `json:"text"`
}

// answer is what the model returns.
type answer struct {
	Sentences []struct {
		Text    string  `json:"text"`
		Sources [][]int `json:"sources"`
	} `json:"sentences"`
}

// Summarize searches s for topic under caller's rights, asks m for a summary
// of the passages found with a receipt on every sentence, and stores the
// sentences and the header as records. Sentences whose receipt names no
// usable source are refused (Summary.Rejected); a reply with sentences none
// of which can be kept, or that does not parse after the repair retry, is
// an EMALFORMED error and nothing is stored. Finding nothing, or a model
// that writes nothing, is a value (Summary.Empty).
func Summarize(ctx context.Context, m llm.Model, s Store, topic string, caller verity.Caller, opt Options) (*Summary, error) {
	opt = opt.withDefaults()
	topic = strings.TrimSpace(topic)
	if topic == "" {
		return nil, verity.Errorf(verity.EINVALID, "summarize: empty topic")
	}
	res, err := s.Search(ctx, verity.SearchQuery{Text: topic, Caller: caller, K: opt.K})
	if err != nil {
		return nil, fmt.Errorf("summarize: search: %w", err)
	}
	sum := &Summary{Topic: topic, MaxSets: opt.MaxSets, Hints: res.Hints, RequestedBy: string(caller.Actor()), Private: opt.Private}
	for i, r := range res.Results {
		sum.Inputs = append(sum.Inputs, Input{N: i + 1, SourceID: r.SourceID, Version: r.Version, Title: r.Title,
			URI: r.URI, Start: r.Chunk.Start, End: r.Chunk.End, Text: r.Chunk.Text})
	}
	if len(sum.Inputs) == 0 {
		sum.Empty = EmptyNoSources
		return sum, nil
	}
	vars := writeVars{Topic: topic, MaxSentences: opt.Sentences, MaxSets: opt.MaxSets}
	for _, in := range sum.Inputs {
		vars.Documents = append(vars.Documents, document{N: in.N, Title: in.Title, Text: in.Text})
	}
	req, err := prompts.Render(TaskWrite, vars)
	if err != nil {
		return nil, err
	}
	var ans answer
	resp, err := llm.CompleteJSON(ctx, m, req, &ans)
	if err != nil {
		return nil, fmt.Errorf("summarize %q: %w", topic, err)
	}
	sum.Model, sum.PromptVersion = resp.Model, req.PromptVersion
	if sum.Model == "" {
		sum.Model = m.Info().Name()
	}
	if len(ans.Sentences) == 0 {
		sum.Empty = EmptyNoSentences
		return sum, nil
	}
	sum.Sentences, sum.Rejected = sentences(ans, sum.Inputs, opt)
	if len(sum.Sentences) == 0 {
		return nil, &verity.Error{Code: verity.EMALFORMED,
			Message: fmt.Sprintf("summarize %q: the model wrote %d sentences and none has a usable receipt (%s)",
				topic, len(ans.Sentences), rejectionCodes(sum.Rejected)),
			Err: &llm.MalformedError{Task: TaskWrite, Raw: resp.Text, Err: fmt.Errorf("no sentence with a usable receipt")}}
	}
	sum.ID = summaryID(sum, caller)
	recs := records(sum, caller)
	if _, err := s.PutRecords(ctx, recs); err != nil {
		return nil, fmt.Errorf("summarize: store: %w", err)
	}
	for i := range sum.Sentences {
		sum.Sentences[i].State = verity.StateAlive
	}
	return sum, nil
}

// sentences turns the model's answer into sentences with receipts over the
// inputs, refusing those with no text or no usable set.
func sentences(ans answer, inputs []Input, opt Options) ([]Sentence, []Rejection) {
	var out []Sentence
	var rejected []Rejection
	pages := make([]*quote.Page, len(inputs))
	for i, a := range ans.Sentences {
		text := strings.Join(strings.Fields(a.Text), " ")
		reject := func(reason string) {
			rejected = append(rejected, Rejection{Position: i + 1, Text: text, Reason: reason})
		}
		switch {
		case text == "":
			reject("empty_text")
			continue
		case len(out) == opt.Sentences:
			reject("over_limit")
			continue
		}
		var rc verity.Receipt
		for _, set := range a.Sources {
			refs := make([]verity.Ref, 0, len(set))
			for _, n := range set {
				if n < 1 || n > len(inputs) {
					refs = nil // a set naming an unknown source cannot be checked: drop the set
					break
				}
				refs = append(refs, verity.SourceRef(inputs[n-1].SourceID))
			}
			if len(refs) > 0 {
				rc.Sets = append(rc.Sets, refs)
			}
		}
		full := rc.Minimal()
		if len(full.Sets) == 0 {
			reject("no_valid_sources")
			continue
		}
		capped := full.Capped(opt.MaxSets)
		sent := Sentence{Position: len(out) + 1, Text: text, Receipt: capped, Capped: len(full.Sets) - len(capped.Sets)}
		sent.Quotes = quotes(text, capped, inputs, pages)
		quoted := map[string]string{}
		for _, q := range sent.Quotes {
			quoted[q.SourceID] = q.Record
		}
		sent.RestsOn = relocate.Resting(capped, quoted)
		out = append(out, sent)
	}
	return out, rejected
}

// quotes finds the sentence in each passage its receipt names, so that a
// sentence repeating a source's words points at them.
func quotes(text string, rc verity.Receipt, inputs []Input, pages []*quote.Page) []Quote {
	var out []Quote
	seen := map[verity.Ref]bool{}
	for _, set := range rc.Sets {
		for _, ref := range set {
			if seen[ref] {
				continue
			}
			seen[ref] = true
			i := slices.IndexFunc(inputs, func(in Input) bool { return verity.SourceRef(in.SourceID) == ref })
			if i < 0 {
				continue
			}
			if pages[i] == nil {
				pages[i] = quote.NewPage(inputs[i].Text)
			}
			m := pages[i].Locate(text, quote.Options{NoRepair: true})
			if !m.Found || m.Score < QuoteScore {
				continue
			}
			in := inputs[i]
			words := in.Text[m.Start:m.End]
			out = append(out, Quote{SourceID: in.SourceID, Version: in.Version, Start: in.Start + m.Start, End: in.Start + m.End, Kind: m.Kind,
				Text: words, Record: relocate.ID(in.SourceID, words)})
		}
	}
	return out
}

func rejectionCodes(rs []Rejection) string {
	counts := map[string]int{}
	for _, r := range rs {
		counts[r.Reason]++
	}
	var parts []string
	for _, k := range slices.Sorted(maps.Keys(counts)) {
		parts = append(parts, fmt.Sprintf("%s %d", k, counts[k]))
	}
	return strings.Join(parts, ", ")
}

// summaryID names a summary by what it is made of: the same topic, caller,
// model, prompt, passages and sentences give the same id, so storing it
// again changes nothing, and any difference gives a new summary.
func summaryID(s *Summary, caller verity.Caller) string {
	h := sha256.New()
	fmt.Fprintf(h, "%s\x00%s\x00%s\x00%d\x00", s.Topic, s.Model, s.PromptVersion, s.MaxSets)
	for _, p := range caller.Principals() {
		fmt.Fprintf(h, "%s\x00", p)
	}
	for _, in := range s.Inputs {
		fmt.Fprintf(h, "%s\x00%d\x00%d\x00%d\x00", in.SourceID, in.Version, in.Start, in.End)
	}
	for _, st := range s.Sentences {
		js, _ := json.Marshal(st.Receipt)
		fmt.Fprintf(h, "%s\x00%s\x00", st.Text, js)
	}
	return "sum-" + hex.EncodeToString(h.Sum(nil))[:12]
}

// SentenceID returns the record id of the sentence at position (from 1)
// of summary id with text: the summary's id and a hash of the three,
// stable (the same sentence of the same summary has the same id) and
// opaque, so that a caller who sees some sentences of a summary cannot
// tell from their ids how many it does not see or where they were.
// Summaries stored before kept ids that end in .sN.
func SentenceID(summary string, position int, text string) string {
	h := sha256.Sum256(fmt.Appendf(nil, "%s\x00%d\x00%s", summary, position, text))
	return summary + "." + hex.EncodeToString(h[:])[:10]
}

// records returns the quote records, the sentence records and the header
// record of s. A quote several sentences share is one record.
func records(s *Summary, caller verity.Caller) []*verity.Record {
	inputs := make([]verity.Ref, len(s.Inputs))
	passages := make([]Passage, len(s.Inputs))
	for i, in := range s.Inputs {
		inputs[i] = verity.SourceRef(in.SourceID)
		passages[i] = Passage{SourceID: in.SourceID, Version: in.Version, Start: in.Start, End: in.End}
	}
	var principals []string
	for _, p := range caller.Principals() {
		principals = append(principals, string(p))
	}
	head := Header{Topic: s.Topic, RequestedBy: s.RequestedBy, Private: s.Private, Caller: principals, Inputs: inputs, Model: s.Model,
		PromptVersion: s.PromptVersion, MaxSets: s.MaxSets}
	var recs []*verity.Record
	var headSets [][]verity.Ref
	seen := map[string]bool{}
	for _, st := range s.Sentences {
		for _, q := range st.Quotes {
			if !seen[q.Record] {
				seen[q.Record] = true
				recs = append(recs, relocate.Record(relocate.Quote{SourceID: q.SourceID, Version: q.Version, Start: q.Start, End: q.End, Text: q.Text, Kind: string(q.Kind)}))
			}
		}
	}
	for i := range s.Sentences {
		st := &s.Sentences[i]
		st.ID = SentenceID(s.ID, st.Position, st.Text)
		body, _ := json.Marshal(SentenceBody{Summary: s.ID, Position: st.Position, Text: st.Text, Topic: s.Topic,
			Quotes: st.Quotes, Capped: st.Capped, Inputs: inputs, Passages: passages, Model: s.Model, PromptVersion: s.PromptVersion})
		recs = append(recs, &verity.Record{ID: st.ID, Kind: verity.KindSentence, Receipt: st.RestsOn, Body: body})
		head.Sentences = append(head.Sentences, st.ID)
		headSets = append(headSets, []verity.Ref{verity.RecordRef(st.ID)})
	}
	body, _ := json.Marshal(head)
	recs = append(recs, &verity.Record{ID: s.ID, Kind: KindSummary, Receipt: verity.Receipt{Sets: headSets}, Body: body})
	return recs
}
