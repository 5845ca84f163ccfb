package eval

import (
	"context"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/extract"
	"github.com/veritykb/verity/llm"
)

// RelationSpec maps a Re-DocRED relation to the spec that extracts it. The
// spec's objects are replaced per document by the document's entities of
// the type its first object names (ORG, MISC...): Re-DocRED gives the
// entities, as DocRED's task does; the subject is found by extraction.
type RelationSpec struct {
	P    string
	Spec *extract.Spec
}

// ExtractionOptions configure [Extraction].
type ExtractionOptions struct {
	Relations []RelationSpec
	// Distractor is a relation that looks like the mapped ones but does not
	// count (P463 "member of"); the report counts its pairs accepted as
	// any mapped relation.
	Distractor string
	Limit      int // documents; 0 means all
	// Progress, when set, is called after each document.
	Progress func(done, total int)
}

// ExtractionReport is what an extraction run scored on Re-DocRED.
type ExtractionReport struct {
	Dataset   string             `json:"dataset"`
	Docs      int                `json:"documents"`
	Model     string             `json:"model"`
	Relations []RelationScore    `json:"relations"`
	Micro     RelationScore      `json:"micro"`
	Distract  DistractorScore    `json:"distractor"`
	Rejected  map[string]int     `json:"rejected"` // reason → candidates
	Cost      extract.CostReport `json:"cost"`
	// CallsPerAccepted is model calls (provider and cache) per accepted edge.
	CallsPerAccepted float64 `json:"calls_per_accepted_edge"`
	Seconds          float64 `json:"seconds"`
}

// RelationScore is edge precision and recall for one relation, and evidence
// accuracy: of the correct edges whose gold label has evidence sentences,
// the share whose quote lies inside them.
type RelationScore struct {
	P                string  `json:"relation"`
	Name             string  `json:"name"`
	Gold             int     `json:"gold"`
	Predicted        int     `json:"predicted"`
	Correct          int     `json:"correct"`
	Precision        float64 `json:"precision"`
	Recall           float64 `json:"recall"`
	F1               float64 `json:"f1"`
	EvidenceChecked  int     `json:"evidence_checked"`
	EvidenceInside   int     `json:"evidence_inside"`
	EvidenceAccuracy float64 `json:"evidence_accuracy"`
	Unmatched        int     `json:"unmatched_subjects"` // accepted subjects that are no entity of the document
}

// DistractorScore counts pairs of the distractor relation that were
// accepted as a mapped relation (which the gold does not also hold).
type DistractorScore struct {
	P        string `json:"relation"`
	Gold     int    `json:"gold_pairs"` // (head, tail) pairs labelled with it
	Accepted int    `json:"accepted_as_mapped"`
}

// Extraction runs each relation's spec over every document with model m,
// page by page as the pipeline does (candidates, quote, shape, referent,
// panel, decision), and scores the accepted edges against the gold labels.
// A predicted edge is correct when its subject is a mention of the gold
// head entity (by entity key, or as a unique whole-word prefix of one) and
// its object the gold tail.
func Extraction(ctx context.Context, m llm.Model, data *ReDocRED, opt ExtractionOptions) (*ExtractionReport, error) {
	start := time.Now()
	docs := data.Docs
	if opt.Limit > 0 && opt.Limit < len(docs) {
		docs = docs[:opt.Limit]
	}
	rep := &ExtractionReport{Dataset: "re-docred", Docs: len(docs), Model: m.Info().Name(), Rejected: map[string]int{}}
	scores := make([]RelationScore, len(opt.Relations))
	for i, r := range opt.Relations {
		scores[i] = RelationScore{P: r.P, Name: r.Spec.Relation.Name}
	}
	rep.Distract.P = opt.Distractor
	accepted := 0
	for di, doc := range docs {
		text, spans := doc.Text(), doc.Spans()
		src := &verity.Source{ID: "redocred:" + strconv.Itoa(di), URI: "https://en.wikipedia.org/wiki/" + strings.ReplaceAll(doc.Title, " ", "_"),
			System: "redocred", Title: doc.Title, Version: 1, ACL: []verity.Principal{verity.Public}, Text: text}
		distract := pairs(doc, opt.Distractor)
		rep.Distract.Gold += len(labels(doc, opt.Distractor))
		for ri, r := range opt.Relations {
			gold := labels(doc, r.P)
			sc := &scores[ri]
			sc.Gold += len(gold)
			spec, objVertex := docSpec(r.Spec, doc)
			if spec == nil {
				continue
			}
			x := extract.New(m, spec, extract.Options{Concurrency: 1})
			res, err := x.Page(ctx, src)
			if err != nil {
				return nil, err
			}
			rep.Cost.Add(x.Cost())
			seen := map[[2]int]bool{}
			seenKey := map[string]bool{}
			for _, o := range res.Outcomes {
				switch o.Verdict {
				case extract.Rejected:
					rep.Rejected[string(o.Reason)]++
					continue
				case extract.Accepted:
				default:
					continue
				}
				accepted++
				t, ok := objVertex[o.Object]
				if !ok {
					continue
				}
				h := vertexOf(doc, o.Subject)
				if h < 0 {
					if k := extract.Key(o.Subject) + "\x00" + o.Object; !seenKey[k] {
						seenKey[k] = true
						sc.Predicted++
						sc.Unmatched++
					}
					continue
				}
				if seen[[2]int{h, t}] {
					continue
				}
				seen[[2]int{h, t}] = true
				sc.Predicted++
				ev, isGold := gold[[2]int{h, t}]
				if !isGold {
					if _, ok := distract[[2]int{h, t}]; ok {
						rep.Distract.Accepted++
					}
					continue
				}
				sc.Correct++
				if len(ev) > 0 && o.Evidence != nil {
					sc.EvidenceChecked++
					if inside(verity.Span{Start: o.Evidence.Quote.Start, End: o.Evidence.Quote.End}, ev, spans) {
						sc.EvidenceInside++
					}
				}
			}
		}
		if opt.Progress != nil {
			opt.Progress(di+1, len(docs))
		}
	}
	for i := range scores {
		finish(&scores[i])
		rep.Micro.Gold += scores[i].Gold
		rep.Micro.Predicted += scores[i].Predicted
		rep.Micro.Correct += scores[i].Correct
		rep.Micro.EvidenceChecked += scores[i].EvidenceChecked
		rep.Micro.EvidenceInside += scores[i].EvidenceInside
		rep.Micro.Unmatched += scores[i].Unmatched
	}
	rep.Micro.P, rep.Micro.Name = "micro", "all"
	finish(&rep.Micro)
	rep.Relations = scores
	if accepted > 0 {
		rep.CallsPerAccepted = float64(rep.Cost.Total.Calls+rep.Cost.Total.CacheHits) / float64(accepted)
	}
	rep.Seconds = time.Since(start).Seconds()
	return rep, nil
}

func finish(s *RelationScore) {
	if s.Predicted > 0 {
		s.Precision = float64(s.Correct) / float64(s.Predicted)
	}
	if s.Gold > 0 {
		s.Recall = float64(s.Correct) / float64(s.Gold)
	}
	if s.Precision+s.Recall > 0 {
		s.F1 = 2 * s.Precision * s.Recall / (s.Precision + s.Recall)
	}
	if s.EvidenceChecked > 0 {
		s.EvidenceAccuracy = float64(s.EvidenceInside) / float64(s.EvidenceChecked)
	}
}

// labels returns the gold (head, tail) pairs of relation p with their
// evidence sentences.
func labels(d RedDoc, p string) map[[2]int][]int {
	out := map[[2]int][]int{}
	for _, l := range d.Labels {
		if l.R == p {
			out[[2]int{l.H, l.T}] = append(out[[2]int{l.H, l.T}], l.Evidence...)
		}
	}
	return out
}

// pairs returns the pairs of relation p, both ways: a distractor accepted
// in either direction counts.
func pairs(d RedDoc, p string) map[[2]int]bool {
	out := map[[2]int]bool{}
	if p == "" {
		return out
	}
	for _, l := range d.Labels {
		if l.R == p {
			out[[2]int{l.H, l.T}] = true
			out[[2]int{l.T, l.H}] = true
		}
	}
	return out
}

// docSpec returns a copy of spec whose objects are the document's entities
// of the type spec's first object names, each under its mentions' names,
// and the entity index of each object name; nil when the document has none.
func docSpec(spec *extract.Spec, d RedDoc) (*extract.Spec, map[string]int) {
	typ := spec.Objects[0].Type
	s := *spec
	s.Objects = nil
	idx := map[string]int{}
	for v, ms := range d.Vertices {
		if len(ms) == 0 || ms[0].Type != typ {
			continue
		}
		o := extract.Object{Name: ms[0].Name, Type: typ}
		for _, m := range ms[1:] {
			if m.Name != o.Name && !slices.Contains(o.Aliases, m.Name) {
				o.Aliases = append(o.Aliases, m.Name)
			}
		}
		if _, dup := idx[o.Name]; dup || extract.Key(o.Name) == "" {
			continue
		}
		idx[o.Name] = v
		s.Objects = append(s.Objects, o)
	}
	if len(s.Objects) == 0 {
		return nil, nil
	}
	return &s, idx
}

// vertexOf returns the entity a subject name refers to: the one with a
// mention of the same key, else the only one with a mention whose key
// holds the subject's words as a run ("Rise of Apocalypse" in "X-Men
// Legends II: Rise of Apocalypse"); -1 when none does.
func vertexOf(d RedDoc, name string) int {
	k := extract.Key(name)
	if k == "" {
		return -1
	}
	prefix := -1
	for v, ms := range d.Vertices {
		for _, m := range ms {
			mk := extract.Key(m.Name)
			if mk == k {
				return v
			}
			if strings.Contains(" "+mk+" ", " "+k+" ") {
				if prefix >= 0 && prefix != v {
					prefix = -2
				} else if prefix == -1 {
					prefix = v
				}
			}
		}
	}
	if prefix < 0 {
		return -1
	}
	return prefix
}

// inside reports whether span lies within the gold evidence sentences
// (adjacent sentences joined by the space between them).
func inside(span verity.Span, evidence []int, spans []verity.Span) bool {
	ev := slices.Clone(evidence)
	slices.Sort(ev)
	ev = slices.Compact(ev)
	var cover []verity.Span
	for _, i := range ev {
		if i < 0 || i >= len(spans) {
			continue
		}
		s := spans[i]
		if n := len(cover); n > 0 && s.Start <= cover[n-1].End+1 {
			cover[n-1].End = max(cover[n-1].End, s.End)
			continue
		}
		cover = append(cover, s)
	}
	for _, c := range cover {
		if c.Contains(span) {
			return true
		}
	}
	return false
}

// ReDocREDRelations map the Re-DocRED relations [ReDocREDExtraction]
// scores to the built-in specs that extract them; P463 ("member of") is
// its distractor.
var ReDocREDRelations = [][2]string{
	{"P178", "redocred-developer"},
	{"P176", "redocred-manufacturer"},
	{"P400", "redocred-platform"},
}

// ReDocREDExtraction runs [Extraction] on Re-DocRED dev read from data
// (redocred/dev_revised.json under it), the first limit documents when
// limit > 0, with the relations of [ReDocREDRelations], P463 as the
// distractor and the run's model from w; progress shows the documents.
func ReDocREDExtraction(ctx context.Context, data string, limit int, w Wiring) (*ExtractionReport, error) {
	ds, err := LoadReDocRED(filepath.Join(data, "redocred", "dev_revised.json"))
	if err != nil {
		return nil, err
	}
	var rels []RelationSpec
	for _, r := range ReDocREDRelations {
		s, err := extract.BuiltinSpec(r[1])
		if err != nil {
			return nil, err
		}
		rels = append(rels, RelationSpec{P: r[0], Spec: s})
	}
	m, _, err := w.Model(ctx)
	if err != nil {
		return nil, err
	}
	n := len(ds.Docs)
	if limit > 0 && limit < n {
		n = limit
	}
	bar := w.Progress.start("documents", int64(n))
	defer bar.Done()
	return Extraction(ctx, m, ds, ExtractionOptions{Relations: rels, Distractor: "P463", Limit: limit,
		Progress: func(done, total int) { bar.Add(1) }})
}
