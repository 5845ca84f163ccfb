package answer

import (
	"context"
	"strings"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/analysis"
)

// Part is one part of a compound question ("how many vacation days carry
// over, and what is the layoff plan?"), answered or not found on its own,
// with the hints of its own searches.
type Part struct {
	Question       string        `json:"question"`
	Outcome        Outcome       `json:"outcome"`
	NotFoundReason Reason        `json:"not_found_reason"`
	Claims         []int         `json:"claims"` // indexes into Answer.Claims
	Hints          []verity.Hint `json:"hints"`
}

// SplitQuestion returns the parts of a compound question, or the question
// alone. A question splits after a question mark or a semicolon that more
// text follows, and at "and", "и", "а" or "а также" that a new question
// phrase follows ("…, and what is…", «… и какие…», «…, а кто…»), never at
// a comma alone ("Who led, when the Franks came?" is one question);
// each part must ask something (a question phrase of its own) about
// something (a focus term), so "кто и когда" or "pros and cons" stay whole.
func SplitQuestion(question string) []string {
	w := readWords(question)
	var cuts []int // byte offsets where a new part starts
	for i := 1; i < len(w); i++ {
		gap := question[w[i-1].end:w[i].start]
		start := i
		switch {
		case strings.ContainsAny(gap, "?;") || strings.Contains(gap, ",") && joinWords[w[i].fold]:
			// "…? And what…", "…, and what…", "…; кто…": a joining word
			// after the break belongs to neither part. A comma alone does
			// not split: "…, когда франки вошли…" is a clause of the
			// question, not a second one.
			if joinWords[w[i].fold] {
				start = i + 1
				if start < len(w) && w[start].fold == "также" {
					start++
				}
			}
		case joinWords[w[i-1].fold] && i >= 2:
			// "… Яндекс Маркет и какие…"
		default:
			continue
		}
		if start >= len(w) {
			continue
		}
		if t, n, _ := phraseAt(w, start, true); n == 0 || t == AskYesNo {
			continue
		}
		cuts = append(cuts, w[start].start)
		i = start
	}
	if len(cuts) == 0 {
		return []string{question}
	}
	var parts []string
	from := 0
	for _, c := range append(cuts, len(question)) {
		parts = append(parts, trimJoin(question[from:c]))
		from = c
	}
	for _, p := range parts {
		if q := ReadQuestion(p); q.Type == AskOther || len(q.Focus) == 0 {
			return []string{question}
		}
	}
	return parts
}

// trimJoin trims the joining words and punctuation a part ends with
// ("…carry over, and" → "…carry over").
func trimJoin(p string) string {
	for {
		q := strings.TrimRight(strings.TrimSpace(p), ",;—-– ")
		for _, j := range []string{" and", " also", " и", " а", " также"} {
			if strings.HasSuffix(strings.ToLower(q), j) {
				q = q[:len(q)-len(j)]
			}
		}
		if q == p {
			return q
		}
		p = q
	}
}

// joinWords join two questions into one.
var joinWords = analysis.WordSet(`and also и а также`)

// referring words point back at what an earlier part named ("какие
// категории там представлены", "and when did it open?").
var referringWords = analysis.WordSet(`it its there they them their this these that those he she his her
	там туда тут здесь он она оно они его ее её их него нее неё них нем ней ним нему этот эта это эти
	этого этой этих тот та те того той тех`)

// partQuestion is the question a later part is asked as: when it points
// back with a referring word, the names of the first part (its capitalized
// words that are no question words) are added, or its content words when
// it names nothing, so that "и какие категории там представлены" is asked
// about Яндекс Маркет.
func partQuestion(first, part string) string {
	w := readWords(part)
	refers := false
	for _, x := range w {
		if referringWords[x.fold] {
			refers = true
		}
	}
	if !refers {
		return part
	}
	var names, words []string
	fq := ReadQuestion(first)
	for i, x := range fq.words {
		if x.question || x.term == "" || questionWords[x.fold] || auxWords[x.fold] || functionWords[x.fold] {
			continue
		}
		if i > 0 && x.capital {
			names = append(names, x.raw)
		}
		words = append(words, x.raw)
	}
	if len(names) == 0 {
		names = words // "кто за это отвечает" after "как часто пересматриваются права"
	}
	if len(names) == 0 {
		return part
	}
	return strings.TrimRight(part, "?") + " (" + strings.Join(names, " ") + ")?"
}

// askParts answers each part of a compound question on its own — its own
// searches, stages, gate and hints — and gathers the claims into one
// answer whose parts say which claims answer which part.
func (s *Service) askParts(ctx context.Context, a *Answer, parts []string, caller verity.Caller, view verity.View, mem Memory) error {
	type done struct {
		part   Part
		claims []Claim
	}
	var all []done
	relevant := false
	for i, p := range parts {
		asked := p
		if i > 0 {
			asked = partQuestion(parts[0], p)
		}
		pa := s.newAnswer(asked)
		claims, about, _, _, err := s.grounded(ctx, pa, caller, true)
		if err != nil {
			return err
		}
		relevant = relevant || about
		if err := s.finish(ctx, pa, claims, about, caller, view, nil); err != nil {
			return err
		}
		a.Unverified = append(a.Unverified, pa.Unverified...)
		a.Searches = append(a.Searches, pa.Searches...)
		a.Failures = append(a.Failures, pa.Failures...)
		for _, v := range pa.PromptVersions {
			a.addPromptVersion(v)
		}
		for _, h := range pa.Hints {
			if !containsHint(a.Hints, h) {
				a.Hints = append(a.Hints, h)
			}
		}
		all = append(all, done{Part{Question: p, Outcome: pa.Outcome, NotFoundReason: pa.NotFoundReason, Claims: []int{}, Hints: pa.Hints}, pa.Claims})
	}
	sortHints(a.Hints)
	// One claim answers every part it was found for: the same words citing
	// the same records are one claim.
	var claims []Claim
	at := map[string]int{}
	for k := range all {
		for _, c := range all[k].claims {
			key := strings.Join(foldedWords(c.Claim), " ") + "\x00" + citedKey(c)
			i, ok := at[key]
			if !ok {
				i = len(claims)
				at[key] = i
				claims = append(claims, c)
			}
			all[k].part.Claims = append(all[k].part.Claims, i)
		}
	}
	if err := s.finish(ctx, a, claims, relevant, caller, view, mem); err != nil {
		return err
	}
	for _, d := range all {
		a.Parts = append(a.Parts, d.part)
	}
	return nil
}

func citedKey(c Claim) string {
	ids := make([]string, len(c.Citations))
	for i, cit := range c.Citations {
		ids[i] = cit.SourceID
	}
	return strings.Join(ids, ",")
}

func containsHint(hs []verity.Hint, h verity.Hint) bool {
	for _, x := range hs {
		if x == h {
			return true
		}
	}
	return false
}
