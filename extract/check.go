package extract

import (
	"context"
	"slices"
	"strings"
	"sync"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/analysis"
	"github.com/veritykb/verity/llm"
	"github.com/veritykb/verity/quote"
)

// check runs steps 3 to 7 on one candidate of a page, filling in its
// outcome and leaving a trace of every step.
type check struct {
	x     *Extractor
	src   *verity.Source
	page  *quote.Page
	sents []analysis.Span
	kind  string // own or third_party
	out   *Outcome
	steps []verity.Step
}

func (c *check) reject(r Reason, detail string) {
	c.out.Verdict = Rejected
	c.out.Reason = r
	c.out.Detail = detail
	c.trace(StepDecision, nil, map[string]any{"verdict": Rejected, "reason": r, "detail": detail})
}

func (c *check) trace(name string, in, out any) *verity.Step {
	c.steps = append(c.steps, c.x.step(c.src, c.out.Candidate, c.out.EdgeID, name, in, out))
	return &c.steps[len(c.steps)-1]
}

func (c *check) run(ctx context.Context) error {
	spec := c.x.spec
	o := c.out
	cand := o.Proposed
	o.Subject = DisplayName(cand.Subject)
	o.SubjectKey = Key(cand.Subject)
	obj, ok := spec.object(cand.Object)
	if !ok {
		c.reject(ReasonUnknownObject, cand.Object)
		return nil
	}
	o.Object, o.ObjectKey = obj.Name, Key(obj.Name)
	if strings.TrimSpace(cand.Subject) == "" {
		c.reject(ReasonNoSubject, "")
		return nil
	}
	o.EdgeID = EdgeID(spec.Relation.Name, o.SubjectKey, o.ObjectKey)

	// Step 3: the quote must be on the page. A stitched quote is repaired
	// to the contiguous span it was cut from; the evidence keeps the span's
	// own bytes, never the model's text.
	c.x.cost.item(StepQuote)
	m := c.page.Locate(cand.Quote, quote.Options{})
	c.trace(StepQuote, map[string]string{"quote": cand.Quote}, m)
	if !m.Found {
		c.reject(ReasonQuoteNotFound, "")
		return nil
	}
	ev := &Evidence{
		ID: EvidenceID(o.EdgeID, c.src.ID), EdgeID: o.EdgeID, Subject: o.Subject, Object: o.Object, SourceID: c.src.ID, Version: c.src.Version,
		URI: c.src.URI, FetchedAt: c.src.UpdatedAt.UTC(), EvidenceType: evidenceType(cand.EvidenceType),
		PageKind: c.kind, Model: c.x.Model(), Spec: spec.Name,
		Quote:   Quote{Text: c.src.Text[m.Start:m.End], Start: m.Start, End: m.End, Match: m.Kind},
		Prompts: []string{promptID(TaskCandidates)},
	}
	if ev.Quote.Text != strings.TrimSpace(cand.Quote) {
		ev.Quote.Proposed = cand.Quote
	}
	o.Evidence = ev

	// Step 5, before the referent step because it costs nothing: shape
	// checks in code.
	c.x.cost.item(StepShape)
	if c.isObjectOrVendor(cand.Subject) {
		c.trace(StepShape, map[string]string{"subject": cand.Subject}, map[string]string{"shape": "object_or_vendor"})
		c.reject(ReasonSubjectIsObject, "")
		return nil
	}
	shape := Shape(cand.Subject, c.src.Text)
	c.trace(StepShape, map[string]string{"subject": cand.Subject, "type": spec.Subject.Type}, map[string]string{"shape": shape})
	switch shape {
	case ShapeEmpty:
		c.reject(ReasonNoSubject, "")
		return nil
	case ShapeGeneric:
		c.reject(ReasonSubjectGeneric, o.Subject)
		return nil
	case ShapePerson:
		c.reject(ReasonSubjectPerson, o.Subject)
		return nil
	}

	// Step 4: when the quote does not name both sides, read the whole page.
	subjNames := c.subjectNames(cand.Subject)
	objNames := obj.Names()
	hasS, hasO := Mentions(ev.Quote.Text, subjNames), Mentions(ev.Quote.Text, objNames)
	if hasS && hasO {
		ev.Referent = &Referent{Needed: false}
		c.trace(StepReferent, map[string]any{"subject_names": subjNames, "object_names": objNames},
			map[string]any{"needed": false, "subject_in_quote": true, "object_in_quote": true})
	} else {
		ok, err := c.referent(ctx, ev, obj, subjNames, hasS, hasO)
		if err != nil || !ok {
			return err
		}
	}

	// Step 6: the panel.
	if err := c.panel(ctx, ev, obj, subjNames); err != nil {
		return err
	}
	// Step 7: decide.
	c.decide(ev)
	return nil
}

// subjectNames returns the names code looks for the subject under: the
// name as proposed, its core without a legal form, and the store's aliases.
func (c *check) subjectNames(subject string) []string {
	names := []string{DisplayName(subject)}
	if k := Key(subject); k != "" && !slices.Contains(names, k) {
		names = append(names, k)
	}
	if c.x.opt.Aliases != nil {
		for _, a := range c.x.opt.Aliases(Key(subject)) {
			if !slices.Contains(names, a) {
				names = append(names, a)
			}
		}
	}
	return names
}

func (c *check) isObjectOrVendor(subject string) bool {
	k := Key(subject)
	if k == "" {
		return false
	}
	if c.x.spec.Vendor.Name != "" && Key(c.x.spec.Vendor.Name) == k {
		return true
	}
	_, isObj := c.x.spec.object(subject)
	return isObj
}

// referent runs step 4. It reports whether the candidate goes on.
func (c *check) referent(ctx context.Context, ev *Evidence, obj Object, subjNames []string, hasS, hasO bool) (bool, error) {
	spec := c.x.spec
	o := c.out
	c.x.cost.item(StepReferent)
	vars := ReferentVars{
		Claim: spec.Claim(o.Subject, obj.Name), Subject: o.Subject, SubjectAliases: subjNames[1:],
		Object: obj.Name, ObjectAliases: obj.Aliases, Relation: spec.Relation.Name, Phrase: spec.Relation.Phrase,
		Cues: spec.Relation.Cues, Exclude: spec.Exclude, Quote: ev.Quote.Text, EvidenceType: ev.EvidenceType,
		PageKind: c.kind, PageRule: spec.pageRule(c.kind), URI: c.src.URI, Title: c.src.Title, Text: c.src.Text,
		Language: c.x.opt.Language,
	}
	req, err := prompts.Render(TaskReferent, vars)
	if err != nil {
		return false, err
	}
	in := map[string]any{"claim": vars.Claim, "quote": vars.Quote, "subject_in_quote": hasS, "object_in_quote": hasO,
		"page_kind": c.kind, "source_id": c.src.ID, "version": c.src.Version, "page_bytes": len(c.src.Text)}
	var ans ReferentAnswer
	resp, err := llm.CompleteJSON(ctx, c.x.m, req, &ans)
	ev.Prompts = append(ev.Prompts, req.PromptVersion)
	if err != nil {
		if verity.ErrorCode(err) != verity.EMALFORMED {
			return false, err
		}
		st := c.trace(StepReferent, in, map[string]string{"error": verity.ErrorMessage(err)})
		st.PromptVersion = req.PromptVersion
		ev.Referent = &Referent{Needed: true}
		c.reject(ReasonReferentNo, message(c.x.opt.Language, "referent_unreadable"))
		return false, nil
	}
	r := &Referent{Needed: true, Argument: ans.Argument, Verdict: yesNo(ans.Verdict)}
	if p := strings.TrimSpace(ans.EvidencePhrase); p != "" {
		m := c.page.Locate(p, quote.Options{NoRepair: true, NoFuzzy: true})
		if m.Found {
			r.Found, r.Start, r.End, r.Phrase = true, m.Start, m.End, c.src.Text[m.Start:m.End]
		}
	}
	ev.Referent = r
	st := c.trace(StepReferent, in, map[string]any{"answer": ans, "phrase_found": r.Found, "start": r.Start, "end": r.End})
	st.PromptVersion, st.Model = req.PromptVersion, resp.Model
	switch {
	case r.Verdict != "yes":
		c.reject(ReasonReferentNo, oneLine(ans.Argument, 200))
		return false, nil
	case !r.Found:
		c.reject(ReasonReferentPhraseNotFound, oneLine(ans.EvidencePhrase, 200))
		return false, nil
	}
	return true, nil
}

// panel runs step 6: N independent votes, each answering every applicable
// criterion.
func (c *check) panel(ctx context.Context, ev *Evidence, obj Object, subjNames []string) error {
	spec := c.x.spec
	o := c.out
	var crit []Criterion
	for _, cr := range spec.Criteria {
		if len(cr.AppliesTo) == 0 || slices.Contains(cr.AppliesTo, ev.EvidenceType) {
			crit = append(crit, cr)
		}
	}
	c.x.cost.item(StepPanel)
	p := &Panel{Requested: spec.Panel.Votes, Threshold: spec.Panel.Threshold}
	ev.Panel = p
	if len(crit) == 0 {
		ev.Confidence = 1
		c.trace(StepPanel, map[string]string{"note": message(c.x.opt.Language, "no_criterion", ev.EvidenceType)}, p)
		return nil
	}
	vars := JudgeVars{
		Claim: spec.Claim(o.Subject, obj.Name), Subject: o.Subject, SubjectAliases: subjNames[1:],
		Object: obj.Name, ObjectAliases: obj.Aliases, Relation: spec.Relation.Name, Phrase: spec.Relation.Phrase,
		Cues: spec.Relation.Cues, Exclude: spec.Exclude, Criteria: crit, Fragment: c.fragment(ev.Quote.Start, ev.Quote.End),
		Quote: ev.Quote.Text, EvidenceType: ev.EvidenceType, PageKind: c.kind, PageRule: spec.pageRule(c.kind), URI: c.src.URI,
		Language: c.x.opt.Language,
	}
	if r := ev.Referent; r != nil && r.Needed {
		vars.Referent = &ReferentNote{Argument: r.Argument, Phrase: r.Phrase}
	}
	req, err := prompts.Render(TaskJudge, vars)
	if err != nil {
		return err
	}
	ev.Prompts = append(ev.Prompts, req.PromptVersion)
	answers := make([]*JudgeAnswer, spec.Panel.Votes)
	var mu sync.Mutex
	tally, err := llm.Vote(ctx, c.x.m, req, llm.VoteOptions{N: spec.Panel.Votes, Concurrency: c.x.opt.Concurrency},
		func(ctx context.Context, r *llm.Request) (string, *llm.Response, error) {
			var a JudgeAnswer
			resp, err := llm.CompleteJSON(ctx, c.x.m, r, &a)
			if err != nil {
				return "", resp, err
			}
			mu.Lock()
			answers[r.Sample] = &a
			mu.Unlock()
			return "answered", resp, nil
		})
	if err != nil {
		return err
	}
	p.Cast = tally.Cast()
	p.Deterministic = tally.Deterministic
	p.Ballots = tally.Ballots
	totalYes := 0
	for _, cr := range crit {
		cv := CriterionVotes{ID: cr.ID, Cast: p.Cast}
		for _, b := range tally.Ballots {
			a := answers[b.Sample]
			if a == nil {
				cv.Reasons = append(cv.Reasons, message(c.x.opt.Language, "vote_unreadable", b.Reason))
				continue
			}
			ans, reason := a.answer(cr.ID, c.x.opt.Language)
			if ans == "yes" {
				cv.Yes++
			}
			cv.Reasons = append(cv.Reasons, ans+": "+oneLine(reason, 200))
		}
		if cv.Cast > 0 {
			cv.Share = float64(cv.Yes) / float64(cv.Cast)
		}
		cv.Passed = cv.Cast > 0 && cv.Share+1e-9 >= spec.Panel.Threshold
		totalYes += cv.Yes
		p.Criteria = append(p.Criteria, cv)
	}
	for _, b := range tally.Ballots {
		if a := answers[b.Sample]; a != nil && a.NotCounted != "" {
			if p.NotCounted == nil {
				p.NotCounted = map[string]int{}
			}
			p.NotCounted[strings.ToLower(strings.TrimSpace(a.NotCounted))]++
		}
	}
	if p.Cast > 0 {
		p.YesShare = float64(totalYes) / float64(p.Cast*len(crit))
	}
	ev.Confidence = 1
	for _, cv := range p.Criteria {
		ev.Confidence = min(ev.Confidence, cv.Share)
	}
	st := c.trace(StepPanel, vars, p)
	st.PromptVersion, st.Model, st.Votes = req.PromptVersion, c.x.Model(), tally
	return nil
}

// answer returns the vote's answer ("yes", "no" or "") to criterion id and
// its reason.
func (a *JudgeAnswer) answer(id, lang string) (string, string) {
	for _, x := range a.Answers {
		if strings.EqualFold(strings.TrimSpace(x.ID), id) {
			return yesNo(x.Answer), x.Reason
		}
	}
	return "", message(lang, "no_answer")
}

// decide runs step 7 on a candidate that went through the panel.
func (c *check) decide(ev *Evidence) {
	spec := c.x.spec
	o := c.out
	p := ev.Panel
	band := spec.Panel.ReviewBand
	failed := -1
	for i, cv := range p.Criteria {
		if cv.Passed {
			continue
		}
		if failed < 0 || cv.Share < p.Criteria[failed].Share ||
			(cv.Share == p.Criteria[failed].Share && c.rule(cv.ID) == RuleNotExcluded && c.rule(p.Criteria[failed].ID) != RuleNotExcluded) {
			failed = i
		}
	}
	review := false
	switch {
	case len(p.Criteria) == 0 || p.Deterministic:
		// One deterministic vote is a verdict, not a share of votes:
		// there is no confidence to place below a threshold or in a band.
	case band == nil:
		// The seed's rule: below the threshold goes to a person, unless
		// some criterion got no yes at all.
		review = failed >= 0 && ev.Confidence > 1e-9
	case len(band) == 2:
		review = ev.Confidence >= band[0]-1e-9 && ev.Confidence <= band[1]+1e-9
	}
	switch {
	case review:
		o.Verdict = Review
		rule := any(band)
		if band == nil {
			rule = "below threshold"
		}
		c.trace(StepDecision, nil, map[string]any{"verdict": Review, "confidence": ev.Confidence, "band": rule})
	case failed < 0:
		o.Verdict = Accepted
		c.trace(StepDecision, nil, map[string]any{"verdict": Accepted, "confidence": ev.Confidence})
	default:
		cv := p.Criteria[failed]
		rule := c.rule(cv.ID)
		reason := ruleReason(rule)
		detail := ""
		if reason == ReasonNotCounted {
			detail = topCode(p.NotCounted, spec.Exclude)
		}
		if detail == "" {
			for _, r := range cv.Reasons {
				if strings.HasPrefix(r, "no: ") || strings.HasPrefix(r, ": ") {
					detail = strings.TrimPrefix(strings.TrimPrefix(r, "no: "), ": ")
					break
				}
			}
		}
		o.Criterion = cv.ID
		c.reject(reason, detail)
	}
}

func (c *check) rule(criterion string) string {
	for _, cr := range c.x.spec.Criteria {
		if cr.ID == criterion {
			return cr.Rule
		}
	}
	return ""
}

// topCode returns the does-not-count code most votes named (ties to the
// spec's order), or "" when none named one of the spec's codes.
func topCode(counts map[string]int, exclude []Exclusion) string {
	best, n := "", 0
	for _, e := range exclude {
		if k := counts[strings.ToLower(e.Code)]; k > n {
			best, n = e.Code, k
		}
	}
	return best
}

// fragment returns the text the judge sees: the quote with up to
// JudgeContext bytes on each side, widened to whole sentences.
func (c *check) fragment(start, end int) string {
	w := c.x.spec.Panel.JudgeContext
	lo, hi := max(0, start-w), min(len(c.src.Text), end+w)
	for _, s := range c.sents {
		if s.Start <= lo && lo < s.End {
			lo = s.Start
		}
		if s.Start < hi && hi <= s.End {
			hi = s.End
		}
	}
	lo = min(lo, start)
	hi = max(hi, end)
	return c.src.Text[lo:hi]
}

// Mentions reports whether text names any of names, comparing word stems
// in order after folding case, quotes and legal forms: "ООО «Ромашка»" is
// mentioned by "в Ромашке", "Bitrix24" by "bitrix24.".
func Mentions(text string, names []string) bool {
	hay := stems(keyWords(text))
	for _, n := range names {
		needle := stems(strings.Fields(Key(n)))
		if len(needle) > 0 && containsRun(hay, needle) {
			return true
		}
	}
	return false
}

func stems(words []string) []string {
	out := make([]string, 0, len(words))
	for _, w := range words {
		for _, part := range strings.FieldsFunc(w, func(r rune) bool { return r == '-' || r == '/' }) {
			out = append(out, analysis.Stem(strings.Trim(part, ".,;:!?()[]")))
		}
	}
	return out
}

func containsRun(hay, needle []string) bool {
	for i := 0; i+len(needle) <= len(hay); i++ {
		if slices.Equal(hay[i:i+len(needle)], needle) {
			return true
		}
	}
	return false
}

func evidenceType(t string) string {
	t = strings.ToLower(strings.TrimSpace(t))
	if slices.Contains(EvidenceTypes, t) {
		return t
	}
	return EvidenceOther
}

// yesNo reads a yes/no answer in English or Russian.
func yesNo(s string) string {
	switch strings.ToLower(strings.Trim(strings.TrimSpace(s), ".!")) {
	case "yes", "y", "true", "да":
		return "yes"
	case "no", "n", "false", "нет":
		return "no"
	}
	return ""
}

func promptID(task string) string {
	p, _ := prompts.Get(task)
	return p.ID()
}

// oneLine collapses whitespace and cuts s to n runes.
func oneLine(s string, n int) string {
	s = strings.Join(strings.Fields(s), " ")
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n]) + "…"
}
