package answer

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/llm"
	"github.com/veritykb/verity/verify"
)

// statement is a candidate statement moving through the stages.
type statement struct {
	ID      string   // s1.. for drafted statements, f1.. for facts, a1.. once assembled
	Text    string   // without citation markers
	Refs    []int    // document numbers it cites, sorted
	Quotes  []string // verbatim fragments the model offered, to be located by code
	Verdict verify.Verdict
	// Relevance is the relevance gate's verdict, once it has judged.
	Relevance *Relevance
}

// docVars is a document as prompts and the offline engine see it.
type docVars struct {
	N      int    `json:"n"`
	Title  string `json:"title"`
	System string `json:"system"`
	Text   string `json:"text"`
}

func varsOf(d document) docVars {
	return docVars{N: d.N, Title: d.Result.Title, System: d.Result.System, Text: d.Text()}
}

// ground runs the stages over the first n documents and returns the claims
// that survived every check.
func (s *Service) ground(ctx context.Context, a *Answer, r *retrieval, n int) ([]Claim, error) {
	docs := r.docs[:n]
	if len(docs) == 0 {
		return nil, nil
	}
	drafted, err := s.draft(ctx, a, docs)
	if err != nil {
		return nil, err
	}
	kept, err := s.verified(ctx, a, "verify", "draft", drafted, docs)
	if err != nil {
		return nil, err
	}
	facts, err := s.facts(ctx, a, docs)
	if err != nil {
		return nil, err
	}
	keptFacts, err := s.verified(ctx, a, "verify-facts", "facts", facts, docs)
	if err != nil {
		return nil, err
	}
	all := append(kept, keptFacts...)
	if len(all) == 0 {
		return nil, nil
	}
	assembled, err := s.assemble(ctx, a, all, len(docs))
	if err != nil {
		return nil, err
	}
	final, err := s.verified(ctx, a, "re-verify", "reassembly", assembled, docs)
	if err != nil {
		return nil, err
	}
	final = s.gate(a, ReadQuestion(a.Question), final, docs)
	return s.claims(ctx, a, final, docs)
}

// draft is stage 1: statements with citations and quotes from all
// documents at once. A malformed reply is recorded and stage 2 goes on.
func (s *Service) draft(ctx context.Context, a *Answer, docs []document) ([]statement, error) {
	s.started("draft")
	vars := struct {
		Question  string    `json:"question"`
		Documents []docVars `json:"documents"`
	}{Question: a.Question}
	for _, d := range docs {
		vars.Documents = append(vars.Documents, varsOf(d))
	}
	req, err := prompts.Render(TaskDraft, vars)
	if err != nil {
		return nil, err
	}
	var out struct {
		Statements []struct {
			Text      string `json:"text"`
			Citations []int  `json:"citations"`
			Quote     string `json:"quote"`
		} `json:"statements"`
	}
	resp, err := llm.CompleteJSON(ctx, s.model, req, &out)
	if verity.ErrorCode(err) == verity.EMALFORMED {
		a.fail("draft", err)
		s.failed("draft", FailedMalformed)
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	a.addPromptVersion(resp.PromptVersion)
	var sts []statement
	for i, o := range out.Statements {
		st, ok := a.cited("draft", o.Text, o.Citations, len(docs))
		if !ok {
			continue
		}
		st.ID = "s" + strconv.Itoa(i+1)
		if q := strings.TrimSpace(o.Quote); q != "" {
			st.Quotes = []string{q}
		}
		sts = append(sts, st)
	}
	s.found("draft", len(sts), UnitStatement)
	return sts, nil
}

// cited checks a statement's text and citations: markers written into the
// text count as citations too, numbers outside 1..n are dropped, and a
// statement left without a citation is unverified.
func (a *Answer) cited(stage, text string, refs []int, n int) (statement, bool) {
	refs = append(slices.Clone(refs), Markers(text)...)
	text = StripMarkers(text)
	if text == "" {
		return statement{}, false
	}
	var ok, bad []int
	for _, r := range refs {
		if r >= 1 && r <= n {
			ok = append(ok, r)
		} else {
			bad = append(bad, r)
		}
	}
	slices.Sort(ok)
	ok = slices.Compact(ok)
	if len(ok) == 0 {
		reason := "no citation"
		if len(bad) > 0 {
			reason = fmt.Sprintf("cites %s, which is not among the documents [1–%d]", FormatMarkers(bad), n)
		}
		a.Unverified = append(a.Unverified, Unverified{Claim: text, Reason: reason, Stage: stage})
		return statement{}, false
	}
	return statement{Text: text, Refs: ok}, true
}

// facts is stage 2: per document, is it useful, and its key facts. The
// documents are asked concurrently; a malformed reply for one document is
// recorded and the others go on.
func (s *Service) facts(ctx context.Context, a *Answer, docs []document) ([]statement, error) {
	s.started("facts")
	type result struct {
		facts   []statement
		version string
		err     error
	}
	results := make([]result, len(docs))
	sem := make(chan struct{}, s.opt.Concurrency)
	var wg sync.WaitGroup
	for i, d := range docs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			sem <- struct{}{}
			defer func() { <-sem }()
			results[i].facts, results[i].version, results[i].err = s.docFacts(ctx, a.Question, d)
		}()
	}
	wg.Wait()
	var out []statement
	for i, res := range results {
		switch {
		case verity.ErrorCode(res.err) == verity.EMALFORMED:
			a.fail(fmt.Sprintf("facts [%d]", docs[i].N), res.err)
			continue
		case res.err != nil:
			return nil, res.err
		}
		a.addPromptVersion(res.version)
		for _, f := range res.facts {
			f.ID = "f" + strconv.Itoa(len(out)+1)
			out = append(out, f)
		}
	}
	s.found("facts", len(out), UnitFact)
	return out, nil
}

func (s *Service) docFacts(ctx context.Context, question string, d document) ([]statement, string, error) {
	req, err := prompts.Render(TaskFacts, struct {
		Question string  `json:"question"`
		Document docVars `json:"document"`
	}{question, varsOf(d)})
	if err != nil {
		return nil, "", err
	}
	var out struct {
		Useful bool `json:"useful"`
		Facts  []struct {
			Text  string `json:"text"`
			Quote string `json:"quote"`
		} `json:"facts"`
	}
	resp, err := llm.CompleteJSON(ctx, s.model, req, &out)
	if err != nil {
		return nil, "", err
	}
	if !out.Useful {
		return nil, resp.PromptVersion, nil
	}
	var sts []statement
	for _, f := range out.Facts {
		text := StripMarkers(f.Text)
		if text == "" {
			continue
		}
		st := statement{Text: text, Refs: []int{d.N}}
		if q := strings.TrimSpace(f.Quote); q != "" {
			st.Quotes = []string{q}
		}
		sts = append(sts, st)
	}
	return sts, resp.PromptVersion, nil
}

// verified is stages 1.5, 2.5 and the final re-verification: each
// statement against the documents it cites, kept when the verdict meets the
// policy. The dropped are recorded with the reason.
func (s *Service) verified(ctx context.Context, a *Answer, stage, dropStage string, sts []statement, docs []document) ([]statement, error) {
	if len(sts) == 0 {
		return nil, nil
	}
	s.started(stage)
	pairs := make([]verify.Pair, len(sts))
	for i, st := range sts {
		pairs[i] = verify.Pair{Premise: premiseOf(docs, st.Refs), Hypothesis: st.Text}
	}
	verdicts, err := s.verifier.Verify(ctx, pairs)
	if err != nil {
		return nil, fmt.Errorf("verify %s: %w", dropStage, err)
	}
	var kept []statement
	for i, st := range sts {
		st.Verdict = verdicts[i]
		if st.Verdict.Supported(s.opt.Policy.MaxGrade()) {
			kept = append(kept, st)
			continue
		}
		reason := dropReason(st.Verdict, s.opt.Policy)
		if dropStage == "reassembly" {
			reason = "lost support after assembly: " + reason
		}
		a.Unverified = append(a.Unverified, Unverified{Claim: st.Text, Reason: reason, Stage: dropStage})
	}
	s.kept(stage, len(kept), len(sts), UnitStatement)
	return kept, nil
}

// premiseOf joins the cited documents into one premise, in citation order.
func premiseOf(docs []document, refs []int) string {
	parts := make([]string, 0, len(refs))
	for _, r := range refs {
		parts = append(parts, docs[r-1].premise())
	}
	return strings.Join(parts, "\n\n")
}

func dropReason(v verify.Verdict, p Policy) string {
	switch {
	case v.Failure != "":
		return "could not be verified: the verifier's output was unusable (" + v.Failure + ")"
	case v.Label == verify.Contradicted:
		return "contradicted by the cited documents"
	case v.Label == verify.NoEvidence:
		return "no evidence: the cited documents have no text"
	case v.Grade == verify.GradePartial:
		return fmt.Sprintf("only partly supported (grade 3); the %s policy keeps grades 1–%d", p, p.MaxGrade())
	}
	return "not supported by the cited documents (grade 4)"
}

// assemble is stage 3: verified statements and facts into one answer. The
// model may merge and reorder but not add: a statement may cite only the
// documents of the inputs it was made from, and an input it left out is
// put back. A malformed reply falls back to assembly by code.
func (s *Service) assemble(ctx context.Context, a *Answer, in []statement, n int) ([]statement, error) {
	s.started("assemble")
	type inVars struct {
		ID        string `json:"id"`
		Text      string `json:"text"`
		Citations []int  `json:"citations"`
	}
	vars := struct {
		Question   string   `json:"question"`
		Statements []inVars `json:"statements"`
	}{Question: a.Question}
	byID := map[string]statement{}
	for _, st := range in {
		vars.Statements = append(vars.Statements, inVars{st.ID, st.Text, st.Refs})
		byID[st.ID] = st
	}
	req, err := prompts.Render(TaskAssemble, vars)
	if err != nil {
		return nil, err
	}
	var out struct {
		Statements []struct {
			Text      string   `json:"text"`
			Citations []int    `json:"citations"`
			From      []string `json:"from"`
		} `json:"statements"`
	}
	resp, err := llm.CompleteJSON(ctx, s.model, req, &out)
	if verity.ErrorCode(err) == verity.EMALFORMED {
		a.fail("assemble", err)
		merged := mergeByCode(in)
		s.failed("assemble", FailedAssembledByCode)
		return merged, nil
	}
	if err != nil {
		return nil, err
	}
	a.addPromptVersion(resp.PromptVersion)
	used := map[string]bool{}
	var res []statement
	for _, o := range out.Statements {
		text := StripMarkers(o.Text)
		if text == "" {
			continue
		}
		var from []statement
		for _, id := range o.From {
			if st, ok := byID[id]; ok && !used[id] {
				from = append(from, st)
			}
		}
		if len(from) == 0 {
			// Made from nothing that was verified: new information.
			a.Unverified = append(a.Unverified, Unverified{Claim: text, Reason: "added at assembly: it comes from none of the verified statements", Stage: "assembly"})
			continue
		}
		var allowed, quotes []string
		var refs []int
		for _, st := range from {
			used[st.ID] = true
			quotes = append(quotes, st.Quotes...)
			for _, r := range st.Refs {
				allowed = append(allowed, strconv.Itoa(r))
			}
		}
		for _, c := range append(o.Citations, Markers(o.Text)...) {
			if slices.Contains(allowed, strconv.Itoa(c)) {
				refs = append(refs, c)
			}
		}
		if len(refs) == 0 {
			// The model lost the citations: the inputs' own are kept.
			for _, st := range from {
				refs = append(refs, st.Refs...)
			}
		}
		slices.Sort(refs)
		res = append(res, statement{Text: text, Refs: slices.Compact(refs), Quotes: quotes})
	}
	for _, st := range in {
		if !used[st.ID] {
			res = append(res, statement{Text: st.Text, Refs: st.Refs, Quotes: st.Quotes})
		}
	}
	res = mergeByCode(res)
	s.found("assemble", len(res), UnitStatement)
	return res, nil
}

// mergeByCode removes repeated statements (the same words, typography
// aside), merging their citations and quotes, and numbers the result.
func mergeByCode(in []statement) []statement {
	var out []statement
	at := map[string]int{}
	for _, st := range in {
		key := strings.Join(foldedWords(st.Text), " ")
		if i, ok := at[key]; ok {
			refs := append(out[i].Refs, st.Refs...)
			slices.Sort(refs)
			out[i].Refs = slices.Compact(refs)
			out[i].Quotes = append(out[i].Quotes, st.Quotes...)
			continue
		}
		at[key] = len(out)
		st.Refs = slices.Clone(st.Refs)
		out = append(out, st)
	}
	for i := range out {
		out[i].ID = "a" + strconv.Itoa(i+1)
	}
	return out
}

func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return strconv.Itoa(n) + " " + noun + "s"
}
