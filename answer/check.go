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

// ModeCheck marks the result of [Service.Check]: an answer produced
// elsewhere, checked claim by claim.
const ModeCheck Mode = "check"

// checkDoc is a document a checked answer may rest on, with its whole text.
type checkDoc struct {
	N        int
	SourceID string
	Version  int
	URI      string
	Title    string
	System   string
	Text     string
	sents    []analysis.Span
}

// checkUnit is one claim of a checked answer: a sentence of its text.
type checkUnit struct {
	Span   analysis.Span // of the sentence in the submission's text
	Text   string        // without markers
	Refs   []int         // cited document numbers, as written (may be out of range)
	Quotes map[int][]string
}

// maxPremise is the largest document checked whole; a longer one is checked
// by the sentences around the quote that stands for the claim.
const maxPremise = 4000

// Check verifies an answer produced anywhere: it splits the text into
// claims (sentences, with their [N] markers or provider citations), finds
// each claim's verbatim support in the documents it cites — or, for a claim
// that cites nothing, among all the documents given, or among records
// retrieved from the store under the caller's rights when none were given —
// runs the verifier, and lists the claims that stay unverified with the
// reason. Sentences of fewer than three words and lead-ins ending in ":"
// are not claims. The result keeps the submission's numbering; Annotated is
// its text with each claim's verbatim quote injected after it.
func (s *Service) Check(ctx context.Context, sub Submission, caller verity.Caller, view verity.View) (*Answer, error) {
	if strings.TrimSpace(sub.Text) == "" {
		return nil, verity.Errorf(verity.EINVALID, "check: the answer is empty")
	}
	a := s.newAnswer(sub.Question)
	a.Mode = ModeCheck
	docs, err := s.checkDocs(ctx, sub.Documents, view)
	if err != nil {
		return nil, err
	}
	if n := docBytes(docs); s.opt.MaxBytes > 0 && n > s.opt.MaxBytes {
		return nil, verity.Errorf(verity.ETOOLARGE, "check: the documents hold %d bytes, more than the %d one check reads", n, s.opt.MaxBytes)
	}
	units := splitClaims(sub)
	if s.opt.MaxClaims > 0 && len(units) > s.opt.MaxClaims {
		return nil, verity.Errorf(verity.ETOOLARGE, "check: the answer makes %d claims, more than the %d one check verifies: check it in parts", len(units), s.opt.MaxClaims)
	}
	s.started("verify")

	type cand struct {
		doc   *checkDoc
		quote *Quote
		pair  int // index into pairs
	}
	type plan struct {
		unit      checkUnit
		cited     bool
		cands     []cand
		joint     int // pair index of the joint check of several citations, -1 for none
		unverdict string
	}
	var pairs []verify.Pair
	plans := make([]plan, len(units))
	byID := map[string]*checkDoc{}
	for _, d := range docs {
		if d.SourceID != "" {
			byID[d.SourceID] = d
		}
	}
	for i, u := range units {
		// Locating quotes is work in proportion to claims × document
		// size: a caller that gave up (a request past its timeout) stops it.
		if err := ctx.Err(); err != nil {
			return nil, verity.Errorf(verity.EUNAVAILABLE, "check: stopped after %d of %d claims, when the request's time ran out: %w", i, len(units), err)
		}
		p := plan{unit: u, joint: -1}
		var nums []int
		switch {
		case len(u.Refs) > 0:
			p.cited = true
			var bad []int
			for _, r := range u.Refs {
				if r < 1 || r > len(docs) {
					bad = append(bad, r)
				}
			}
			if len(bad) > 0 {
				p.unverdict = fmt.Sprintf("cites %s, which is not among the %d documents", FormatMarkers(bad), len(docs))
				break
			}
			nums = u.Refs
		case len(docs) > 0:
			for _, d := range docs {
				nums = append(nums, d.N)
			}
		case s.store != nil:
			found, err := s.retrieve(ctx, u.Text, caller, &docs, byID)
			if err != nil {
				return nil, err
			}
			nums = found
		}
		if p.unverdict == "" && len(nums) == 0 {
			p.unverdict = "no citation, and no document to look for support in"
		}
		for _, n := range nums {
			d := docs[n-1]
			q := findQuote(d, u.Quotes[n], u.Text)
			if q == nil && !p.cited {
				continue // a document that does not share the claim's words is no candidate
			}
			pairs = append(pairs, verify.Pair{Premise: d.premise(q), Hypothesis: u.Text})
			p.cands = append(p.cands, cand{doc: d, quote: q, pair: len(pairs) - 1})
		}
		if p.unverdict == "" && len(p.cands) == 0 {
			p.unverdict = "no citation, and no document shares its words"
		}
		if p.cited && len(p.cands) > 1 {
			var parts []string
			for _, c := range p.cands {
				parts = append(parts, c.doc.premise(c.quote))
			}
			pairs = append(pairs, verify.Pair{Premise: strings.Join(parts, "\n\n"), Hypothesis: u.Text})
			p.joint = len(pairs) - 1
		}
		plans[i] = p
	}
	var verdicts []verify.Verdict
	if len(pairs) > 0 {
		if verdicts, err = s.verifier.Verify(ctx, pairs); err != nil {
			return nil, fmt.Errorf("check: verify: %w", err)
		}
	}

	maxGrade := s.opt.Policy.MaxGrade()
	var claims []Claim
	verdictOf := map[int]string{} // unit → unverified reason, for the annotation
	claimOf := map[int]int{}      // unit → index into claims
	for i, p := range plans {
		if p.unverdict != "" {
			a.Unverified = append(a.Unverified, Unverified{Claim: p.unit.Text, Reason: p.unverdict, Stage: "check"})
			verdictOf[i] = p.unverdict
			continue
		}
		c := Claim{Claim: p.unit.Text, DistortionRisk: RiskNone, DistortionReasons: []string{}, Distortions: []Difference{}}
		if p.cited {
			overall := verdicts[p.cands[0].pair]
			if p.joint >= 0 {
				overall = verdicts[p.joint]
			}
			if !overall.Supported(maxGrade) {
				reason := dropReason(overall, s.opt.Policy)
				a.Unverified = append(a.Unverified, Unverified{Claim: p.unit.Text, Reason: reason, Stage: "check"})
				verdictOf[i] = reason
				continue
			}
			c.Support = supportOf(overall)
			for _, cd := range p.cands {
				cit := cd.doc.citation(cd.quote)
				if p.joint >= 0 {
					sup := supportOf(verdicts[cd.pair])
					cit.Support = &sup
				}
				c.Citations = append(c.Citations, cit)
			}
		} else {
			// Uncited: the documents that support it alone, best first.
			var ok []cand
			for _, cd := range p.cands {
				if verdicts[cd.pair].Supported(maxGrade) {
					ok = append(ok, cd)
				}
			}
			if len(ok) == 0 {
				reason := "no citation, and none of the documents supports it"
				a.Unverified = append(a.Unverified, Unverified{Claim: p.unit.Text, Reason: reason, Stage: "check"})
				verdictOf[i] = reason
				continue
			}
			slices.SortStableFunc(ok, func(x, y cand) int { return int(verdicts[x.pair].Grade) - int(verdicts[y.pair].Grade) })
			ok = ok[:min(len(ok), 3)]
			c.Support = supportOf(verdicts[ok[0].pair])
			c.Uncited = true
			for _, cd := range ok {
				sup := supportOf(verdicts[cd.pair])
				cit := cd.doc.citation(cd.quote)
				cit.Support = &sup
				c.Citations = append(c.Citations, cit)
			}
		}
		c.Marked = verify.Grade(c.Support.Grade) == verify.GradePartial
		if s.opt.NoVerbatim {
			for j := range c.Citations {
				c.Citations[j].Quote = nil
			}
		} else {
			annotate(&c)
		}
		for _, cit := range c.Citations {
			c.Refs = append(c.Refs, cit.N)
		}
		claimOf[i] = len(claims)
		claims = append(claims, c)
	}
	s.kept("verify", len(claims), len(units), UnitClaim)

	a.Claims = claims
	if a.Claims == nil {
		a.Claims = []Claim{}
	}
	a.Text = sub.Text
	used := map[int]bool{}
	for _, c := range claims {
		for _, r := range c.Refs {
			used[r] = true
		}
	}
	for _, d := range docs {
		if used[d.N] {
			a.Sources = append(a.Sources, Source{N: d.N, SourceID: d.SourceID, Version: d.Version, URI: d.URI, Title: d.Title, System: d.System})
		}
	}
	switch {
	case len(claims) > 0:
		a.Outcome = Answered
	default:
		a.Outcome, a.NotFoundReason = NotFound, InsufficientSupport
	}
	a.Verifier = verifierOf(verdicts)
	// The injected labels are in the answer's own language: a Russian
	// answer reads [источник 1: «…»], as the seed's path C writes it.
	lang := languageOf(sub.Text)
	a.Annotated = annotateText(sub.Text, units, func(i int) string {
		if k, ok := claimOf[i]; ok {
			c := claims[k]
			if c.VerbatimQuote == "" {
				return ""
			}
			return fmt.Sprintf(injected[lang].source, c.Citations[0].N, strings.Join(strings.Fields(c.VerbatimQuote), " "))
		}
		if r, ok := verdictOf[i]; ok {
			return fmt.Sprintf(injected[lang].unverified, r)
		}
		return ""
	})
	return a, nil
}

// injected are the labels path C writes into a checked answer, by the
// answer's language.
var injected = map[string]struct{ source, unverified string }{
	"en": {` [source %d: "%s"]`, " [unverified: %s]"},
	"ru": {" [источник %d: «%s»]", " [не подтверждено: %s]"},
}

// languageOf returns "ru" for a text mostly in Cyrillic letters, else "en".
func languageOf(text string) string {
	if isCyrillic(text) {
		return "ru"
	}
	return "en"
}

// verifierOf names what judged the claims, from the verdicts themselves:
// each distinct method and model ("nli MODEL", "judge openai:gpt-4o-mini",
// "offline"), or "code" when code settled every claim (verbatim, or no
// evidence) and no verifier was asked.
func verifierOf(vs []verify.Verdict) string {
	var names []string
	for _, v := range vs {
		if v.By == verify.ByVerbatim || v.By == verify.ByCode || v.By == "" {
			continue
		}
		name := v.By
		if v.Model != "" && v.Model != v.By {
			name += " " + v.Model
		}
		if !slices.Contains(names, name) {
			names = append(names, name)
		}
	}
	if len(names) == 0 {
		return "code"
	}
	return strings.Join(names, ", ")
}

// checkDocs resolves the submission's documents: inline ones as given,
// store ones under the caller's rights (a source the caller may not read
// is reported exactly like one that does not exist).
func (s *Service) checkDocs(ctx context.Context, in []Document, view verity.View) ([]*checkDoc, error) {
	var docs []*checkDoc
	for i, d := range in {
		n := i + 1
		if d.SourceID == "" {
			if strings.TrimSpace(d.Text) == "" {
				return nil, verity.Errorf(verity.EINVALID, "check: document %d has neither text nor source_id", n)
			}
			docs = append(docs, &checkDoc{N: n, Title: d.Title, Text: d.Text})
			continue
		}
		if s.store == nil {
			return nil, verity.Errorf(verity.EINVALID, "check: document %d names source %q, but there is no store", n, d.SourceID)
		}
		if !view.Visible(verity.SourceRef(d.SourceID)) {
			return nil, verity.Errorf(verity.ENOTFOUND, "check: document %d: no source %q that you may read", n, d.SourceID)
		}
		src, err := s.store.SourceVersion(ctx, d.SourceID, d.Version)
		if err != nil && verity.ErrorCode(err) != verity.ENOTFOUND {
			return nil, err
		}
		if err != nil {
			return nil, verity.Errorf(verity.ENOTFOUND, "check: document %d: no source %q that you may read", n, d.SourceID)
		}
		docs = append(docs, docOfSource(n, src))
	}
	return docs, nil
}

func docOfSource(n int, src *verity.Source) *checkDoc {
	return &checkDoc{N: n, SourceID: src.ID, Version: src.Version, URI: src.URI, Title: src.Title, System: src.System, Text: src.Text}
}

// retrieve searches the store for a claim that cites nothing when no
// documents were given, adding what it finds to docs.
func (s *Service) retrieve(ctx context.Context, claim string, caller verity.Caller, docs *[]*checkDoc, byID map[string]*checkDoc) ([]int, error) {
	res, err := s.store.Search(ctx, verity.SearchQuery{Text: claim, Caller: caller, K: 3})
	if err != nil {
		return nil, fmt.Errorf("check: search: %w", err)
	}
	var nums []int
	for _, r := range res.Results {
		d, ok := byID[r.SourceID]
		if !ok {
			src, err := s.store.SourceVersion(ctx, r.SourceID, r.Version)
			if err != nil {
				return nil, err
			}
			d = docOfSource(len(*docs)+1, src)
			*docs = append(*docs, d)
			byID[r.SourceID] = d
		}
		nums = append(nums, d.N)
	}
	return nums, nil
}

// findQuote locates the claim's verbatim support in a document: the first
// fragment offered (a provider's cited text) that quote.Locate finds, else
// the run of sentences sharing the most words with the claim.
func findQuote(d *checkDoc, offered []string, claim string) *Quote {
	for _, q := range offered {
		if m := quote.Locate(d.Text, q, quote.Options{}); m.Found && m.End > m.Start {
			return &Quote{Text: d.Text[m.Start:m.End], Start: m.Start, End: m.End, Kind: string(m.Kind), FromCitation: true}
		}
	}
	w, ok := bestWindow(d.Text, claim)
	if !ok {
		return nil
	}
	return &Quote{Text: d.Text[w.Start:w.End], Start: w.Start, End: w.End, Kind: string(quote.Exact)}
}

// premise is what the verifier reads for a claim: the whole document when
// it is short, else the sentences within maxPremise/2 bytes of the quote.
func (d *checkDoc) premise(q *Quote) string {
	body := d.Text
	if len(body) > maxPremise && q != nil {
		if d.sents == nil {
			d.sents = analysis.Sentences(d.Text)
		}
		lo, hi := q.Start-maxPremise/2, q.End+maxPremise/2
		start, end := q.Start, q.End
		for _, s := range d.sents {
			if s.End > lo && s.Start < hi {
				start, end = min(start, s.Start), max(end, s.End)
			}
		}
		body = d.Text[start:end]
	} else if len(body) > maxPremise {
		body = body[:analysis.SnapBack(body, maxPremise)]
	}
	if t := strings.TrimSpace(d.Title); t != "" && !strings.Contains(body, t) {
		return t + "\n\n" + body
	}
	return body
}

func (d *checkDoc) citation(q *Quote) Citation {
	return Citation{N: d.N, SourceID: d.SourceID, Version: d.Version, URI: d.URI, Title: d.Title, System: d.System, Quote: q}
}

// splitClaims cuts the submission's text into lines and the lines into
// sentences (analysis.Sentences), and gives each sentence its citations:
// its [N] markers and the provider citations whose span of the text
// overlaps it (their document index + 1, their cited text as quotes).
// Lines split because answers written elsewhere put list items and lead-ins
// on lines of their own, often without a full stop.
func splitClaims(sub Submission) []checkUnit {
	var spans []analysis.Span
	for at := 0; at < len(sub.Text); {
		end := strings.IndexByte(sub.Text[at:], '\n')
		if end < 0 {
			end = len(sub.Text)
		} else {
			end += at
		}
		for _, sp := range analysis.Sentences(sub.Text[at:end]) {
			spans = append(spans, analysis.Span{Start: at + sp.Start, End: at + sp.End})
		}
		at = end + 1
	}
	var out []checkUnit
	for _, sp := range spans {
		raw := sub.Text[sp.Start:sp.End]
		u := checkUnit{Span: sp, Text: StripMarkers(raw), Refs: Markers(raw), Quotes: map[int][]string{}}
		for _, c := range sub.Citations {
			if c.AnswerStart < sp.End && c.AnswerEnd > sp.Start {
				n := c.Document + 1
				if !slices.Contains(u.Refs, n) {
					u.Refs = append(u.Refs, n)
				}
				if strings.TrimSpace(c.CitedText) != "" {
					u.Quotes[n] = append(u.Quotes[n], c.CitedText)
				}
			}
		}
		if len(analysis.Tokens(u.Text)) < 3 || len(u.Refs) == 0 && strings.HasSuffix(u.Text, ":") {
			continue
		}
		out = append(out, u)
	}
	return out
}

// annotateText returns text with note(i) inserted after unit i's sentence.
func annotateText(text string, units []checkUnit, note func(i int) string) string {
	var b strings.Builder
	at := 0
	for i, u := range units {
		b.WriteString(text[at:u.Span.End])
		b.WriteString(note(i))
		at = u.Span.End
	}
	b.WriteString(text[at:])
	return b.String()
}

// docBytes is the size of the documents' texts.
func docBytes(docs []*checkDoc) int {
	n := 0
	for _, d := range docs {
		n += len(d.Text)
	}
	return n
}
