package answer

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/analysis"
	"github.com/veritykb/verity/quote"
	"github.com/veritykb/verity/verify"
)

// claims turns the statements that survived re-verification into claims:
// each cited document becomes a citation of its record with the chunk that
// won retrieval as evidence and, in verbatim mode, a quote located by code
// in the source version the chunk came from. A claim citing several
// documents is also checked against each alone, so its receipt can hold one
// set per source that supports it by itself.
func (s *Service) claims(ctx context.Context, a *Answer, sts []statement, docs []document) ([]Claim, error) {
	if len(sts) == 0 {
		return nil, nil
	}
	s.started("quotes")
	// Per-source verdicts for claims with several citations, in one batch.
	var pairs []verify.Pair
	type at struct{ claim, ref int }
	var where []at
	for i, st := range sts {
		if len(st.Refs) < 2 {
			continue
		}
		for j, r := range st.Refs {
			pairs = append(pairs, verify.Pair{Premise: docs[r-1].premise(), Hypothesis: st.Text})
			where = append(where, at{i, j})
		}
	}
	single := map[at]verify.Verdict{}
	if len(pairs) > 0 {
		vs, err := s.verifier.Verify(ctx, pairs)
		if err != nil {
			return nil, fmt.Errorf("verify citations one by one: %w", err)
		}
		for k, w := range where {
			single[w] = vs[k]
		}
	}
	texts := map[string]*verity.Source{}
	var out []Claim
	for i, st := range sts {
		c := Claim{Claim: st.Text, Support: supportOf(st.Verdict), DistortionRisk: RiskNone,
			DistortionReasons: []string{}, Distortions: []Difference{}, Marked: st.Verdict.Grade == verify.GradePartial, Relevance: st.Relevance}
		for j, r := range st.Refs {
			d := docs[r-1]
			cit := Citation{N: r, SourceID: d.Result.SourceID, Version: d.Result.Version, URI: d.Result.URI,
				Title: d.Result.Title, System: d.Result.System,
				Evidence: &Evidence{Ordinal: d.Result.Chunk.Ordinal, Start: d.Result.Chunk.Start, End: d.Result.Chunk.End}}
			if v, ok := single[at{i, j}]; ok {
				sup := supportOf(v)
				cit.Support = &sup
			}
			if !s.opt.NoVerbatim {
				src, err := s.sourceText(ctx, texts, d)
				if err != nil {
					return nil, err
				}
				if src != nil {
					cit.Quote = locateQuote(src.Text, d.Result.Chunk, st.Quotes, st.Text)
				}
			}
			c.Citations = append(c.Citations, cit)
		}
		if !s.opt.NoVerbatim {
			annotate(&c)
		}
		out = append(out, c)
	}
	s.found("quotes", len(out), UnitClaim)
	return out, nil
}

// annotate sets a claim's verbatim quote, paraphrase flag and distortion
// risk from its first citation's quote.
func annotate(c *Claim) {
	c.DistortionRisk, c.DistortionReasons, c.Distortions = RiskNone, []string{}, []Difference{}
	if len(c.Citations) == 0 || c.Citations[0].Quote == nil {
		c.IsParaphrased = true
		return
	}
	q := c.Citations[0].Quote.Text
	c.VerbatimQuote = q
	c.IsParaphrased = paraphrased(c.Claim, q)
	if c.IsParaphrased {
		var diffs []Difference
		c.DistortionRisk, diffs = Distortion(c.Claim, q)
		if diffs != nil {
			c.Distortions, c.DistortionReasons = diffs, Reasons(diffs)
		}
	}
}

// sourceText returns the source version a document's chunk came from,
// read once per answer. A source that went away since the search (revoked
// and purged) gives nil: its citation has no quote.
func (s *Service) sourceText(ctx context.Context, seen map[string]*verity.Source, d document) (*verity.Source, error) {
	key := d.Result.SourceID + "@" + fmt.Sprint(d.Result.Version)
	if src, ok := seen[key]; ok {
		return src, nil
	}
	src, err := s.store.SourceVersion(ctx, d.Result.SourceID, d.Result.Version)
	if verity.ErrorCode(err) == verity.ENOTFOUND {
		src, err = nil, nil
	}
	if err != nil {
		return nil, err
	}
	seen[key] = src
	return src, nil
}

// locateQuote finds the claim's verbatim support in a source's canonical
// text: the first fragment the model offered that quote.Locate finds (near
// the chunk), else the chunk's sentence run that shares the most words with
// the claim. The text returned is always the source's own bytes at the
// span, never the model's string. Nil when nothing fits.
func locateQuote(text string, chunk verity.Chunk, offered []string, claim string) *Quote {
	hint := &verity.Span{Start: chunk.Start, End: chunk.End}
	for _, q := range offered {
		m := quote.Locate(text, q, quote.Options{Hint: hint})
		if m.Found && m.End > m.Start {
			return &Quote{Text: text[m.Start:m.End], Start: m.Start, End: m.End, Kind: string(m.Kind)}
		}
	}
	w, ok := bestWindow(chunk.Text, claim)
	if !ok {
		return nil
	}
	// The window is the chunk's own text; locating it in the source
	// version keeps the span honest even if chunk and version disagreed.
	m := quote.Locate(text, chunk.Text[w.Start:w.End], quote.Options{Hint: hint, NoRepair: true, NoFuzzy: true})
	if !m.Found {
		return nil
	}
	return &Quote{Text: text[m.Start:m.End], Start: m.Start, End: m.End, Kind: string(m.Kind)}
}

// bestWindow returns the run of one or two sentences of text that holds
// the largest share of the claim's terms. Two sentences win only when no
// single one holds half the terms and the pair holds a quarter more: a
// quote should be as short as the support allows.
func bestWindow(text, claim string) (analysis.Span, bool) {
	want := analysis.Terms(claim)
	if len(want) == 0 {
		return analysis.Span{}, false
	}
	sents := analysis.Sentences(text)
	score := func(s analysis.Span) float64 {
		have := map[string]bool{}
		for _, t := range analysis.Terms(text[s.Start:s.End]) {
			have[t] = true
		}
		n := 0
		for _, t := range want {
			if have[t] {
				n++
			}
		}
		return float64(n) / float64(len(want))
	}
	var best analysis.Span
	bestScore := 0.0
	for _, s := range sents {
		if sc := score(s); sc > bestScore {
			best, bestScore = s, sc
		}
	}
	one := bestScore
	for i := 0; i+1 < len(sents); i++ {
		s := analysis.Span{Start: sents[i].Start, End: sents[i+1].End}
		if sc := score(s); one < 0.5 && sc >= one+0.25 && sc > bestScore {
			best, bestScore = s, sc
		}
	}
	return best, bestScore > 0
}

// setClaims numbers the cited records in order of first use, points each
// citation and claim at those numbers, and writes the answer text: the
// claims in order, each with its merged marker.
func (a *Answer) setClaims(claims []Claim) {
	num := map[string]int{}
	a.Sources = a.Sources[:0]
	var parts []string
	for i := range claims {
		c := &claims[i]
		c.Refs = c.Refs[:0]
		for j := range c.Citations {
			cit := &c.Citations[j]
			n, ok := num[cit.SourceID]
			if !ok {
				n = len(a.Sources) + 1
				num[cit.SourceID] = n
				a.Sources = append(a.Sources, Source{N: n, SourceID: cit.SourceID, Version: cit.Version,
					URI: cit.URI, Title: cit.Title, System: cit.System, Evidence: cit.Evidence})
			}
			cit.N = n
			c.Refs = append(c.Refs, n)
		}
		slices.Sort(c.Refs)
		c.Refs = slices.Compact(c.Refs)
		parts = append(parts, withMarkers(c.Claim, c.Refs))
	}
	a.Claims = claims
	a.Text = strings.Join(parts, " ")
}
