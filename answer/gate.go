package answer

import (
	"strings"

	"github.com/veritykb/verity/analysis"
	"github.com/veritykb/verity/quote"
)

// gate is the relevance stage: each statement that survived verification is
// judged against the question (see [Question.Judge]) with its immediate
// context in the documents it cites; the on-topic ones go on, the others
// are listed as unverified with reason off_topic and the gate's verdict.
// It runs after the last verification, so a claim turned away here was
// supported — it just does not answer what was asked.
func (s *Service) gate(a *Answer, q Question, sts []statement, docs []document) []statement {
	if len(sts) == 0 {
		return nil
	}
	s.started(StageRelevance)
	var kept []statement
	for _, st := range sts {
		v := q.Judge(st.Text, statementContext(st, docs)...)
		if v.OnTopic {
			st.Relevance = &v
			kept = append(kept, st)
			continue
		}
		a.Unverified = append(a.Unverified, Unverified{Claim: st.Text, Reason: ReasonOffTopic, Stage: StageRelevance, Relevance: &v})
	}
	s.kept(StageRelevance, len(kept), len(sts), UnitStatement)
	return kept
}

// StageRelevance names the relevance gate in progress events and in the
// stage of an off-topic claim.
const StageRelevance = "relevance"

// statementContext returns the immediate context of a statement in each
// document it cites: the record's title and headings, and the sentences
// just before and after the sentences the statement stands on (found by its
// quote, else by the sentence run sharing most of its words).
func statementContext(st statement, docs []document) []string {
	var out []string
	for _, r := range st.Refs {
		if r < 1 || r > len(docs) {
			continue
		}
		d := docs[r-1]
		out = append(out, d.Result.Title)
		out = append(out, d.Result.Chunk.Heading...)
		text := d.Text()
		span, ok := statementSpan(text, st)
		if !ok {
			continue
		}
		out = append(out, neighbours(text, span)...)
	}
	return out
}

// statementSpan finds where a statement stands in a passage: its first
// quote that quote.Locate finds, else the best window of its words.
func statementSpan(text string, st statement) (analysis.Span, bool) {
	for _, q := range st.Quotes {
		if m := quote.Locate(text, q, quote.Options{NoRepair: true}); m.Found && m.End > m.Start {
			return analysis.Span{Start: m.Start, End: m.End}, true
		}
	}
	if m := quote.Locate(text, st.Text, quote.Options{NoRepair: true, NoFuzzy: true}); m.Found && m.End > m.Start {
		return analysis.Span{Start: m.Start, End: m.End}, true
	}
	return bestWindow(text, st.Text)
}

// neighbours returns the sentences of text just before and just after
// span.
func neighbours(text string, span analysis.Span) []string {
	var before, after string
	for _, s := range analysis.Sentences(text) {
		if s.End <= span.Start {
			before = text[s.Start:s.End]
		}
		if s.Start >= span.End && after == "" {
			after = text[s.Start:s.End]
		}
	}
	var out []string
	for _, t := range []string{before, after} {
		if strings.TrimSpace(t) != "" && !analysis.IsHeadingLine(t) {
			out = append(out, t)
		}
	}
	return out
}

// about reports whether a passage speaks to the question at all: its text
// and title hold the question's focus and predicate as the gate asks of a
// claim with its context, whatever kind of value it states. A "not found"
// is not_in_corpus only when no passage does.
func (q Question) about(title, text string) bool {
	v := q.Judge(text, title)
	if !q.beyondPredicate(v) {
		return false
	}
	return v.Coverage >= minFocus && v.PredicateMet || len(q.Focus) > 0 && float64(len(v.Matched)) > ownFocus*float64(len(q.Focus))
}
