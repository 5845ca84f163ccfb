package offline

import (
	"context"
	"strings"

	"github.com/veritykb/verity/extract"
	"github.com/veritykb/verity/llm"
)

// extractReferent is step 4 by rule: it reads the whole page for a sentence
// (the title and headings included) that names both the subject and the
// object with an undenied relation cue, and no does-not-count cue. A logo
// under a heading of trust counts on the vendor's own page when the section
// or page names the object, never on a third-party page. The evidence phrase
// is always a sentence of the page as it is written.
func extractReferent(_ context.Context, _ *Engine, req *llm.Request) (any, error) {
	var v extract.ReferentVars
	if err := decodeVars(req, &v); err != nil {
		return nil, err
	}
	p := newExPage(v.Text)
	subj := append([]string{v.Subject}, v.SubjectAliases...)
	obj := append([]string{v.Object}, v.ObjectAliases...)
	var notCounted *exSentence
	code := ""
	for i := range p.Sents {
		s := p.Sents[i]
		if !extract.Mentions(s.Text, subj) || !extract.Mentions(s.Text, obj) {
			continue
		}
		words := exWords(s.Text, s.Start)
		if c := excluded(words, v.Exclude); c != "" {
			if notCounted == nil {
				notCounted, code = &p.Sents[i], c
			}
			continue
		}
		if cue := cueBetween(p.Text, s, subj, obj, v.Cues); cue != "" && !isEvaluating(words) {
			return extract.ReferentAnswer{
				Argument: say(v.Language, "ref_yes", v.Subject, v.Object, s.Text, cue),
				Verdict:  "yes", EvidencePhrase: s.Text}, nil
		}
	}
	if item, ok := logoItem(p, v.Quote); ok {
		heading := p.Sents[item.Section].Text
		phrase, found := logoPhrase(p, item.Section, obj)
		switch {
		case !found && v.PageKind == extract.PageOwn:
			// The vendor's own customer wall need not name the product:
			// the heading of customers is what ties the logo to it.
			return extract.ReferentAnswer{
				Argument: say(v.Language, "ref_logo_wall", v.Subject, heading, v.Object),
				Verdict:  "yes", EvidencePhrase: heading}, nil
		case !found:
		case v.PageKind != extract.PageOwn:
			return extract.ReferentAnswer{
				Argument: say(v.Language, "ref_logo_third", v.Subject, heading),
				Verdict:  "no", EvidencePhrase: phrase}, nil
		default:
			return extract.ReferentAnswer{
				Argument: say(v.Language, "ref_logo_own", v.Subject, heading, v.Object, phrase),
				Verdict:  "yes", EvidencePhrase: phrase}, nil
		}
	}
	if notCounted != nil {
		return extract.ReferentAnswer{
			Argument: say(v.Language, "ref_not_counted", v.Subject, v.Object, codeName(v.Language, code), notCounted.Text),
			Verdict:  "no", EvidencePhrase: notCounted.Text}, nil
	}
	return extract.ReferentAnswer{
		Argument: say(v.Language, "ref_no", v.Subject, v.Object, v.Phrase),
		Verdict:  "no", EvidencePhrase: ""}, nil
}

// logoItem returns the logo's text (a list item, an alt text, a caption)
// under a heading of customers that the quote is.
func logoItem(p *exPage, q string) (exSentence, bool) {
	q = strings.TrimSpace(q)
	for _, s := range p.Sents {
		if s.Section >= 0 && strings.TrimSpace(s.Text) == q && isTrustHeading(p.Sents[s.Section].Text) && logoLike(p, s) {
			return s, true
		}
	}
	return exSentence{}, false
}

// logoPhrase returns the sentence that ties a logo wall to the object: the
// heading itself, a sentence of its section, or the page's first heading.
func logoPhrase(p *exPage, h int, obj []string) (string, bool) {
	if extract.Mentions(p.Sents[h].Text, obj) {
		return p.Sents[h].Text, true
	}
	for _, s := range p.section(h) {
		if !s.Item && extract.Mentions(s.Text, obj) {
			return s.Text, true
		}
	}
	if t := p.title(); t != nil && extract.Mentions(t.Text, obj) {
		return t.Text, true
	}
	return "", false
}

// isEvaluating reports whether a sentence is about considering a product
// rather than using it: it holds a word of evaluating that does not follow
// "after", "following", «после», «по итогам», «по результатам» — a trial
// that is over ("adopted Bitrix24 after a three-month pilot", «выбрала
// Битрикс24 после тестирования») is the reason for a choice made, not the
// choice still pending.
func isEvaluating(words []exWord) bool {
	for from := 0; from < len(words); {
		i, _ := cueAt(words[from:], evaluating)
		if i < 0 {
			return false
		}
		i += from
		if !afterTrial(words, i) {
			return true
		}
		from = i + 1
	}
	return false
}

// afterTrial reports whether one of the three words before word i says the
// trial it names is over.
func afterTrial(words []exWord, i int) bool {
	for k := max(0, i-3); k < i; k++ {
		switch words[k].Fold {
		case "after", "following", "после":
			return true
		case "итогам", "результатам":
			return k > 0 && words[k-1].Fold == "по"
		}
	}
	return false
}

// extractJudge is one vote of step 6 by rule. It answers each criterion by
// the rule the spec names for it (extract.Rules); a criterion without a rule
// it knows is answered "no", since a false customer costs more than a
// missing one.
func extractJudge(_ context.Context, _ *Engine, req *llm.Request) (any, error) {
	var v extract.JudgeVars
	if err := decodeVars(req, &v); err != nil {
		return nil, err
	}
	var ans extract.JudgeAnswer
	answer := func(id string, yes bool, reason string) {
		a := "no"
		if yes {
			a = "yes"
		}
		ans.Answers = append(ans.Answers, struct {
			ID     string `json:"id"`
			Answer string `json:"answer"`
			Reason string `json:"reason"`
		}{id, a, reason})
	}
	code, codeIn := judgeExcluded(v)
	for _, c := range v.Criteria {
		switch c.Rule {
		case extract.RulePresentsUser:
			yes, why := presentsUser(v)
			answer(c.ID, yes, why)
		case extract.RuleSpecific:
			switch extract.Shape(v.Subject, v.Fragment) {
			case extract.ShapeOK:
				answer(c.ID, true, say(v.Language, "named_org", v.Subject))
			case extract.ShapePerson:
				answer(c.ID, false, say(v.Language, "person", v.Subject))
			default:
				answer(c.ID, false, say(v.Language, "generic", v.Subject))
			}
		case extract.RuleNotExcluded:
			if code != "" {
				answer(c.ID, false, say(v.Language, "excluded", codeIn, codeName(v.Language, code)))
			} else {
				answer(c.ID, true, say(v.Language, "not_excluded"))
			}
		case extract.RuleNamesObject:
			ok := extract.Mentions(v.Quote, objNamesOf(v)) || (v.Referent != nil && extract.Mentions(v.Referent.Phrase, objNamesOf(v)))
			answer(c.ID, ok, say(v.Language, map[bool]string{true: "names_object", false: "no_object"}[ok], v.Object))
		default:
			answer(c.ID, false, say(v.Language, "no_rule"))
		}
	}
	ans.NotCounted = code
	return ans, nil
}

func objNamesOf(v extract.JudgeVars) []string { return append([]string{v.Object}, v.ObjectAliases...) }
func subjNamesOf(v extract.JudgeVars) []string {
	return append([]string{v.Subject}, v.SubjectAliases...)
}

// evSentence is a sentence of the evidence with the text its offsets are in.
type evSentence struct {
	s    exSentence
	text string
}

// evidenceSentences returns the sentences of the quote, then those of the
// referent step's phrase.
func evidenceSentences(v extract.JudgeVars) []evSentence {
	var out []evSentence
	for _, t := range []string{v.Quote, referentPhrase(v)} {
		for _, s := range newExPage(t).Sents {
			out = append(out, evSentence{s, t})
		}
	}
	return out
}

func referentPhrase(v extract.JudgeVars) string {
	if v.Referent == nil {
		return ""
	}
	return v.Referent.Phrase
}

// presentsUser is the rule for "the page presents the subject as in the
// relation with the object": some sentence of the quote or of the referent
// step's phrase names the object with an undenied relation cue, is not about
// evaluating it, and names the subject or speaks as "we" for it. A logo
// counts only on the vendor's own page and only with the referent step's
// phrase tying the page to the object.
func presentsUser(v extract.JudgeVars) (bool, string) {
	subj, obj := subjNamesOf(v), objNamesOf(v)
	if v.EvidenceType == extract.EvidenceLogo {
		switch {
		case v.PageKind != extract.PageOwn:
			return false, say(v.Language, "logo_third")
		case v.Referent == nil || (!extract.Mentions(v.Referent.Phrase, obj) && !extract.IsCustomerHeading(v.Referent.Phrase)):
			return false, say(v.Language, "logo_untied", v.Object)
		}
		return true, say(v.Language, "logo_own", v.Referent.Phrase)
	}
	quoteNamesSubject := extract.Mentions(v.Quote, subj)
	for _, e := range evidenceSentences(v) {
		s := e.s
		if !extract.Mentions(s.Text, obj) {
			continue
		}
		words := exWords(s.Text, s.Start)
		if isEvaluating(words) {
			continue
		}
		// The cue must stand between the two names, or the sentence must
		// speak as "we" for a subject the quote names or the referent
		// step tied to it.
		cue := cueBetween(e.text, s, subj, obj, v.Cues)
		if cue == "" && firstPerson(words) && (quoteNamesSubject || v.Referent != nil) {
			cue = usedCue(words, v.Cues)
		}
		if cue != "" {
			return true, say(v.Language, "presents", s.Text, v.Subject, cue)
		}
	}
	return false, say(v.Language, "not_presented", v.Subject, v.Object, v.Phrase)
}

// judgeExcluded returns the does-not-count entry the evidence describes:
// the first entry whose cues occur in a sentence of the quote or the
// referent step's phrase that names the subject or the object.
func judgeExcluded(v extract.JudgeVars) (string, string) {
	subj, obj := subjNamesOf(v), objNamesOf(v)
	for _, e := range evidenceSentences(v) {
		s := e.s
		if !extract.Mentions(s.Text, subj) && !extract.Mentions(s.Text, obj) {
			continue
		}
		if c := excluded(exWords(s.Text, s.Start), v.Exclude); c != "" {
			return c, s.Text
		}
	}
	return "", ""
}
