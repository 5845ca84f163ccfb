package offline

import (
	"context"
	"strings"

	"github.com/veritykb/verity/analysis"
	"github.com/veritykb/verity/extract"
	"github.com/veritykb/verity/llm"
)

func init() {
	register(extract.TaskCandidates, extractCandidates)
	register(extract.TaskReferent, extractReferent)
	register(extract.TaskJudge, extractJudge)
}

// extractCandidates is step 2 by pattern: generous, as the seed's prompt
// asks. It proposes
//   - for every sentence (or heading) that names an object: the sentence's
//     first other name as the subject, the sentence as the quote (in strict
//     mode only when a relation cue is in it too);
//   - for every quoted testimonial on a page whose first heading names an
//     object and an organization: that organization, with the testimonial as
//     the quote (which names one side at most, so the referent step reads
//     the page);
//   - for every list item, alt text or caption that names an organization
//     under a heading of customers ("Нам доверяют", "Our customers") on a
//     page that names an object, or on the vendor's own page even when it
//     does not: the organization, with that text as the quote and evidence
//     type logo.
//
// The vendor and the objects themselves are never subjects.
func extractCandidates(_ context.Context, _ *Engine, req *llm.Request) (any, error) {
	var v extract.CandidatesVars
	if err := decodeVars(req, &v); err != nil {
		return nil, err
	}
	p := newExPage(v.Text)
	objNames := objectNames(v.Objects)
	skip := append(append([]string(nil), objNames...), v.Vendor)
	skipKeys := map[string]bool{}
	for _, n := range skip {
		if k := extract.Key(n); k != "" {
			skipKeys[k] = true
		}
	}
	out := extract.CandidatesAnswer{Candidates: []extract.Candidate{}}
	seen := map[string]bool{}
	add := func(c extract.Candidate) {
		k := extract.Key(c.Subject) + "\x00" + c.Quote
		if !seen[k] {
			seen[k] = true
			out.Candidates = append(out.Candidates, c)
		}
	}
	titleSubject, titleObject := "", ""
	if t := p.title(); t != nil {
		if obj, ok := objectIn(p, *t, v.Objects); ok {
			if n, ok := firstSubject(p, *t, objNames, skipKeys); ok {
				titleSubject, titleObject = n.Text, obj
			}
		}
	}
	caseLike := caseTitle(p)
	for _, s := range p.Sents {
		words := exWords(s.Text, s.Start)
		obj, named := objectIn(p, s, v.Objects)
		switch {
		case named:
			if v.Strictness == extract.Strict && usedCue(words, v.Cues) == "" {
				continue
			}
			kind := evidenceKind(s, words, caseLike)
			if n, ok := firstSubject(p, s, objNames, skipKeys); ok {
				add(extract.Candidate{Subject: n.Text, Object: obj, Quote: s.Text, EvidenceType: kind})
			}
			if titleSubject != "" && firstPerson(words) && v.Strictness != extract.Strict {
				// "We" in a testimonial is its author's organization, which
				// the title may be the only place to name.
				add(extract.Candidate{Subject: titleSubject, Object: obj, Quote: s.Text, EvidenceType: extract.EvidenceTestimonial})
			}
		case titleSubject != "" && quoted(s.Text) && !s.Heading && v.Strictness != extract.Strict:
			add(extract.Candidate{Subject: titleSubject, Object: titleObject, Quote: s.Text, EvidenceType: extract.EvidenceTestimonial})
		case s.Section >= 0 && isTrustHeading(p.Sents[s.Section].Text) && logoLike(p, s):
			obj, ok := sectionObject(p, s.Section, v.Objects)
			if !ok {
				if v.PageKind != extract.PageOwn || len(v.Objects) == 0 {
					continue
				}
				// The vendor's own customer wall: its customers use its
				// product, which such a page rarely names. The page rule
				// decides; the spec's first object is the vendor's product.
				obj = v.Objects[0].Name
			}
			subject, ok := logoSubject(p, s, words)
			if !ok {
				continue
			}
			// A generic entry ("Городские больницы Казани") is proposed
			// too, generously; the shape checks reject it.
			if !skipKeys[extract.Key(subject)] {
				add(extract.Candidate{Subject: subject, Object: obj, Quote: s.Text, EvidenceType: extract.EvidenceLogo})
			}
		}
	}
	return out, nil
}

// objectIn returns the name of the first object the sentence names.
func objectIn(p *exPage, s exSentence, objs []extract.Object) (string, bool) {
	for _, o := range objs {
		if len(mentionSpans(p.Text, s, o.Names())) > 0 {
			return o.Name, true
		}
	}
	return "", false
}

// sectionObject returns an object named by the heading of section h, its
// sentences, or the page's first heading.
func sectionObject(p *exPage, h int, objs []extract.Object) (string, bool) {
	if o, ok := objectIn(p, p.Sents[h], objs); ok {
		return o, true
	}
	for _, s := range p.section(h) {
		if o, ok := objectIn(p, s, objs); ok {
			return o, true
		}
	}
	if t := p.title(); t != nil {
		return objectIn(p, *t, objs)
	}
	return "", false
}

// firstSubject returns the subject of a sentence: its first name marked as
// an organization's (a legal form, quotation marks), else its first name,
// that is not an object or the vendor and does not overlap where an object
// is named. A marked name wins because a sentence often opens with a
// capitalized common noun ("Сеть цветочных магазинов ООО «Ромашка»...").
func firstSubject(p *exPage, s exSentence, objNames []string, skipKeys map[string]bool) (exName, bool) {
	spans := mentionSpans(p.Text, s, objNames)
	var first *exName
	for _, n := range names(p, s) {
		// A name inside where an object is named is the object. A longer
		// name that opens with it is a product of its own ("Samsung Galaxy
		// S9" by Samsung); one that merely ends with it is a phrase about
		// the object ("Тарифы Битрикс24", "Лучший партнёр Битрикс24").
		if within(n.Start, n.End, spans) || (overlaps(n.Start, n.End, spans) && !opensWith(n.Start, spans)) ||
			skipKeys[extract.Key(n.Text)] || extract.Key(n.Text) == "" {
			continue
		}
		if n.Marked {
			return n, true
		}
		if first == nil {
			first = &n
		}
	}
	if first == nil {
		return exName{}, false
	}
	return *first, true
}

// logoLike reports whether a sentence under a heading of customers can be
// a logo's text: a list item, or a short block of its own, as an image's
// alt text or a figure's caption becomes in the canonical text.
func logoLike(p *exPage, s exSentence) bool {
	if s.Heading {
		return false
	}
	if s.Item {
		return true
	}
	alone := (s.Start == 0 || strings.HasSuffix(p.Text[:s.Start], "\n")) &&
		(s.End == len(p.Text) || strings.HasPrefix(strings.TrimLeft(p.Text[s.End:], " \t"), "\n"))
	return alone && len(exWords(s.Text, s.Start)) <= 12
}

// logoSubject returns the organization a logo's text names: a name marked
// as an organization's (the alt text «Сеть клиник «Медлайн»», the caption
// «Лаборатория «Гемалаб», Казань»), else a name that is the whole text, else
// the whole text of a short entry, which the shape checks judge.
func logoSubject(p *exPage, s exSentence, words []exWord) (string, bool) {
	ns := names(p, s)
	for _, n := range ns {
		if n.Marked {
			return n.Text, true
		}
	}
	if len(ns) > 0 && wholeItem(s, ns[0]) {
		return ns[0].Text, true
	}
	if len(words) == 0 || len(words) > 6 {
		return "", false // a sentence in a list, not a logo's caption
	}
	return s.Text, true
}

// wholeItem reports whether a list item is nothing but the name.
func wholeItem(s exSentence, n exName) bool {
	rest := strings.TrimSpace(strings.Replace(s.Text, n.Text, "", 1))
	return strings.Trim(rest, ".,;:!—-–·|") == ""
}

// caseTitle reports whether the page presents itself as a case study or a
// customer story.
func caseTitle(p *exPage) bool {
	t := p.title()
	if t == nil {
		return false
	}
	f := analysis.Fold(t.Text)
	for _, w := range []string{"кейс", "case study", "customer story", "success story", "история успеха", "как "} {
		if strings.Contains(f, w) {
			return true
		}
	}
	return false
}

// evidenceKind guesses the evidence type of a sentence.
func evidenceKind(s exSentence, words []exWord, caseLike bool) string {
	f := analysis.Fold(s.Text)
	switch {
	case quoted(s.Text) || (firstPerson(words) && (strings.Contains(f, "говорит") || strings.Contains(f, "says") ||
		strings.Contains(f, "рассказ") || strings.Contains(f, "отмечает"))):
		return extract.EvidenceTestimonial
	case strings.Contains(f, "пресс-релиз") || strings.Contains(f, "press release") || strings.Contains(f, "announce") ||
		strings.Contains(f, "объявля"):
		return extract.EvidencePress
	case caseLike:
		return extract.EvidenceCase
	}
	return extract.EvidenceOther
}
