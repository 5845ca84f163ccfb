package answer

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/llm"
	"github.com/veritykb/verity/rank"
)

// Who chose a search's query.
const (
	ByModel         = "model"         // a search_knowledge call
	ByQuestion      = "question"      // an engine that always searches
	ByReformulation = "reformulation" // the one retry before "not found"
)

// maxQueryRunes bounds a query a model asks for: search terms, not a page.
const maxQueryRunes = 500

// document is one retrieved record as the stages see it: numbered from 1 in
// the order it was first found, with its best chunk as text.
type document struct {
	N      int
	Result verity.SearchResult
}

// Text is what the model reads and the verifier checks against: the best
// chunk of the record.
func (d document) Text() string { return d.Result.Chunk.Text }

// premise is the document as a verifier's premise: its title as a sentence
// of its own, then the chunk, so a claim may rest on what the title says.
func (d document) premise() string {
	if t := strings.TrimSpace(d.Result.Title); t != "" && !strings.Contains(d.Result.Chunk.Text, t) {
		return t + "\n\n" + d.Result.Chunk.Text
	}
	return d.Result.Chunk.Text
}

// retrieval runs every search of one answer. The caller is fixed when it is
// made and nothing a model sends or a document says can change it: the tool
// reads only the query string from the model's arguments, and the caller
// goes into the search from this struct, never from the call.
type retrieval struct {
	store    verity.Searcher
	caller   verity.Caller
	question string
	k        int
	maxDocs  int
	budget   int // searches left

	docs     []document
	hints    []verity.Hint
	searches []Search
}

func newRetrieval(store verity.Searcher, caller verity.Caller, question string, k, maxDocs, budget int) *retrieval {
	return &retrieval{store: store, caller: caller, question: question, k: k, maxDocs: maxDocs, budget: budget}
}

// tool runs one tool call for llm.CompleteWithTools. Unknown tools and
// unusable arguments are told to the model as errors; only a failing store
// stops the exchange.
func (r *retrieval) tool(ctx context.Context, call llm.ToolCall) (string, bool, error) {
	if call.Name != llm.SearchKnowledgeTool.Name {
		return fmt.Sprintf("there is no tool %q; the only tool is %s (read-only search)", call.Name, llm.SearchKnowledgeTool.Name), true, nil
	}
	// Only "query" is read. Any other field a model adds (a caller, a
	// principal, a filter) is ignored: the search runs as r.caller.
	var args struct {
		Query string `json:"query"`
	}
	if err := json.Unmarshal(call.Args, &args); err != nil || strings.TrimSpace(args.Query) == "" {
		return `search_knowledge needs {"query": "what to search for"}`, true, nil
	}
	if r.budget <= 0 {
		return "the search budget for this question is spent; answer from the passages you have", true, nil
	}
	found, err := r.search(ctx, args.Query, ByModel)
	if err != nil {
		return "", false, err
	}
	return r.passages(found), false, nil
}

// search runs one query as the fixed caller and adds what it finds to the
// documents (a record found again keeps its first number and chunk). It
// returns the documents this search returned.
func (r *retrieval) search(ctx context.Context, query, by string) ([]document, error) {
	query = strings.TrimSpace(query)
	if utf8.RuneCountInString(query) > maxQueryRunes {
		query = string([]rune(query)[:maxQueryRunes])
	}
	r.budget--
	res, err := r.store.Search(ctx, verity.SearchQuery{Text: query, Caller: r.caller, K: r.k})
	if err != nil {
		return nil, fmt.Errorf("search %q: %w", query, err)
	}
	s := Search{Query: query, By: by, Results: len(res.Results)}
	var found []document
	for _, hit := range res.Results {
		s.Confidence = max(s.Confidence, termCoverage(r.question, hit))
		if d, ok := r.add(hit); ok {
			found = append(found, d)
		}
	}
	for _, h := range res.Hints {
		if !slices.Contains(r.hints, h) {
			r.hints = append(r.hints, h)
		}
	}
	r.searches = append(r.searches, s)
	return found, nil
}

func (r *retrieval) add(hit verity.SearchResult) (document, bool) {
	for _, d := range r.docs {
		if d.Result.SourceID == hit.SourceID {
			return d, true
		}
	}
	if len(r.docs) >= r.maxDocs {
		return document{}, false
	}
	d := document{N: len(r.docs) + 1, Result: hit}
	r.docs = append(r.docs, d)
	return d, true
}

// passages formats search results for the model: numbered passages whose
// text is fenced as data.
func (r *retrieval) passages(found []document) string {
	if len(found) == 0 {
		return "No passages found."
	}
	var b strings.Builder
	for _, d := range found {
		fmt.Fprintf(&b, "[%d] (Title: %s; %s)\n<passage>\n%s\n</passage>\n", d.N, d.Result.Title, d.Result.System, d.Text())
	}
	return b.String()
}

// about reports whether any document found is about the question (see
// [Question.about]).
func (r *retrieval) about(q Question) bool {
	for _, d := range r.docs {
		if q.about(d.Result.Title, d.Text()) {
			return true
		}
	}
	return false
}

// confidence is the best retrieval confidence over the searches so far.
func (r *retrieval) confidence() float64 {
	c := 0.0
	for _, s := range r.searches {
		c = max(c, s.Confidence)
	}
	return c
}

// sortedHints returns the hints sorted, so their order says nothing about
// rank or about which search found them.
func (r *retrieval) sortedHints() []verity.Hint {
	hs := slices.Clone(r.hints)
	if hs == nil {
		hs = []verity.Hint{}
	}
	sortHints(hs)
	return hs
}

// sortHints sorts hints by system and author, so their order says nothing
// about rank or about which search found them.
func sortHints(hs []verity.Hint) {
	slices.SortFunc(hs, func(a, b verity.Hint) int {
		if c := strings.Compare(a.System, b.System); c != 0 {
			return c
		}
		return strings.Compare(a.Author, b.Author)
	})
}

// termCoverage is the share of the question's distinct search terms that a
// result's chunk is indexed under (its title, headings and text): how
// confidently the result speaks to the question at all.
func termCoverage(question string, hit verity.SearchResult) float64 {
	q := rank.ParseQuery(question)
	if len(q.Terms) == 0 {
		return 0
	}
	have := map[string]bool{}
	for _, t := range rank.IndexTerms(hit.Title, hit.Chunk.Heading, hit.Chunk.Text) {
		have[t] = true
	}
	n := 0
	for _, t := range q.Terms {
		if have[t] {
			n++
		}
	}
	return float64(n) / float64(len(q.Terms))
}
