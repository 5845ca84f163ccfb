package eval

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/answer"
	"github.com/veritykb/verity/verify"
)

// AskFunc answers a question as a caller, as the service layer's Ask does.
type AskFunc func(ctx context.Context, question string, caller verity.Caller) (*answer.Answer, error)

// SourceReader reads a source as it was at a version: what
// [SciFactAnswers] needs of a store to give each citation its text.
// *sqlite.DB is one.
type SourceReader interface {
	SourceVersion(ctx context.Context, id string, version int) (*verity.Source, error)
}

// SciFactGold compares answers' citations with SciFact's gold evidence.
type SciFactGold struct {
	Claims        int `json:"claims"`
	Answered      int `json:"answered"`
	NotFound      int `json:"not_found"`
	Citations     int `json:"citations"`
	OnEvidenceDoc int `json:"citations_on_evidence_abstract"`
	Quotes        int `json:"quotes_on_evidence_abstracts"`
	OnRationale   int `json:"quotes_on_rationale_sentence"`
	WithEvidence  int `json:"claims_with_evidence"`
	EvidenceHit   int `json:"claims_with_evidence_answered_from_it"`
	// AnsweredNoEvidence counts answers to claims SciFact gives no
	// evidence for in any abstract (NEI): whatever they cite is off gold.
	AnsweredNoEvidence int `json:"answered_claims_without_evidence"`
}

// SciFactAnswers asks SciFact's dev claims (the first limit of them when
// limit > 0) as questions of a public caller, and returns the answers as
// ALCE items, the documents being each cited source's evidence chunk read
// from sources, with the comparison of their citations with the gold
// evidence. ask must answer over a store of SciFact's abstracts, each under
// its doc id; sources is that store.
func SciFactAnswers(ctx context.Context, sf *SciFact, limit int, ask AskFunc, sources SourceReader, progress Progress) ([]CitationItem, SciFactGold, error) {
	var gold SciFactGold
	docs := map[string]SciDoc{}
	for _, d := range sf.Docs {
		docs[d.ID] = d
	}
	claims := sf.Dev
	if limit > 0 && limit < len(claims) {
		claims = claims[:limit]
	}
	bar := progress.start("answer", int64(len(claims)))
	defer bar.Done()
	var items []CitationItem
	for _, c := range claims {
		ans, err := ask(ctx, c.Claim, verity.NewCaller())
		if err != nil {
			return nil, gold, fmt.Errorf("claim %d: %w", c.ID, err)
		}
		bar.Add(1)
		it, err := citationItem(ctx, sources, fmt.Sprint(c.ID), ans)
		if err != nil {
			return nil, gold, err
		}
		items = append(items, it)
		gold.add(c, ans, docs)
	}
	return items, gold, nil
}

// citationItem turns an answer into an ALCE item: its text, and as
// documents the evidence chunk of each source it cites, in footnote order.
func citationItem(ctx context.Context, sources SourceReader, id string, ans *answer.Answer) (CitationItem, error) {
	it := CitationItem{ID: id, Question: ans.Question, Output: ans.Text, Docs: []CitationDoc{}}
	for _, s := range ans.Sources {
		src, err := sources.SourceVersion(ctx, s.SourceID, s.Version)
		if err != nil {
			return it, err
		}
		text := src.Text
		if e := s.Evidence; e != nil && e.Start >= 0 && e.End <= len(text) && e.Start < e.End {
			text = text[e.Start:e.End]
		}
		it.Docs = append(it.Docs, CitationDoc{Title: s.Title, Text: text})
	}
	return it, nil
}

// add counts one answer to claim c against its gold evidence.
func (g *SciFactGold) add(c Claim, ans *answer.Answer, docs map[string]SciDoc) {
	g.Claims++
	if ans.Outcome != answer.Answered {
		g.NotFound++
	} else {
		g.Answered++
	}
	hit := false
	for _, cl := range ans.Claims {
		for _, cit := range cl.Citations {
			g.Citations++
			rs, ok := c.Evidence[cit.SourceID]
			if !ok {
				continue
			}
			g.OnEvidenceDoc++
			hit = true
			if cit.Quote == nil {
				continue
			}
			g.Quotes++
			spans := docs[cit.SourceID].SentenceSpans()
			on := false
			for _, r := range rs {
				for _, si := range r.Sentences {
					if si >= 0 && si < len(spans) && spans[si].Start < cit.Quote.End && cit.Quote.Start < spans[si].End {
						on = true
					}
				}
			}
			if on {
				g.OnRationale++
			}
		}
	}
	if len(c.Evidence) > 0 {
		g.WithEvidence++
		if hit {
			g.EvidenceHit++
		}
	} else if ans.Outcome == answer.Answered {
		g.AnsweredNoEvidence++
	}
}

// VerifierEntailer is the ALCE judge over a verifier: entailed (grades 1–2)
// is a yes, anything else a no.
type VerifierEntailer struct{ Verifier verify.Verifier }

// Entail asks the verifier about every pair at once.
func (e VerifierEntailer) Entail(ctx context.Context, pairs []EntailmentPair) ([]bool, error) {
	ps := make([]verify.Pair, len(pairs))
	for i, p := range pairs {
		ps[i] = verify.Pair{Premise: p.Premise, Hypothesis: p.Hypothesis}
	}
	vs, err := e.Verifier.Verify(ctx, ps)
	if err != nil {
		return nil, err
	}
	out := make([]bool, len(vs))
	for i, v := range vs {
		out[i] = v.Label == verify.Entailed
	}
	return out, nil
}

// CitationRun is what `verity eval citations` reports: the ALCE scores of
// a set of answers, who judged them, and where the answers came from.
// Its fields are in the order of their JSON names, which is the order the
// report has always been printed in.
type CitationRun struct {
	AnswersFrom string `json:"answers_from"` // the answers file, or the model that wrote them
	// Circular is set when the judge is the model that wrote the answers:
	// the scores then check consistency, not truth.
	Circular bool           `json:"circular,omitempty"`
	Gold     *SciFactGold   `json:"gold,omitempty"` // with SciFact: the citations against its gold evidence
	Judge    string         `json:"judge"`
	Report   CitationReport `json:"report"`
	Seconds  float64        `json:"seconds"` // of scoring
}

// CitationRunOptions configure [Citations].
type CitationRunOptions struct {
	CitationOptions
	// File is the answers to score (see [LoadCitationItems]); when it is
	// empty, SciFact's dev claims read from SciFact (the folder holding
	// scifact/) are answered afresh and those answers scored.
	File    string
	SciFact string
	Limit   int  // with SciFact: ask only the first Limit claims; 0 is all
	Items   bool // keep the per-answer rows in the report
	// Keep, when set, is handed the answers before they are scored, to
	// write them out.
	Keep func([]CitationItem) error
}

// Citations scores the citations of answers as ALCE does, the entailment
// judged by a judge over the run's model (three votes, stopping early)
// through Verity's verifier. With SciFact it answers the dev claims as a
// public caller over a scratch store of the abstracts, answered as w
// answers, and compares the citations with the gold evidence too (see
// [SciFactAnswers]).
func Citations(ctx context.Context, w Wiring, opt CitationRunOptions) (*CitationRun, error) {
	m, _, err := w.Model(ctx)
	if err != nil {
		return nil, err
	}
	judge := VerifierEntailer{Verifier: verify.NewJudge(m, verify.JudgeOptions{Votes: 3, EarlyStop: true, Concurrency: w.Concurrency})}
	run := &CitationRun{Judge: m.Info().Name(), AnswersFrom: opt.File}
	var answers []CitationItem
	if opt.File == "" {
		gold := SciFactGold{}
		if answers, gold, err = answerSciFact(ctx, opt.SciFact, opt.Limit, w); err != nil {
			return nil, err
		}
		run.AnswersFrom, run.Circular, run.Gold = m.Info().Name(), true, &gold
	} else {
		f, err := os.Open(opt.File)
		if err != nil {
			return nil, verity.Errorf(verity.EINVALID, "answers file: %w", err)
		}
		answers, err = LoadCitationItems(f)
		f.Close()
		if err != nil {
			return nil, err
		}
	}
	if opt.Keep != nil {
		if err := opt.Keep(answers); err != nil {
			return nil, err
		}
	}
	start := time.Now()
	if run.Report, err = CitationScores(ctx, answers, judge, opt.CitationOptions); err != nil {
		return nil, err
	}
	if !opt.Items {
		run.Report.Items = nil
	}
	run.Seconds = time.Since(start).Seconds()
	return run, nil
}

// answerSciFact answers SciFact's dev claims read from data over a scratch
// store of its abstracts, as w answers over it.
func answerSciFact(ctx context.Context, data string, limit int, w Wiring) ([]CitationItem, SciFactGold, error) {
	sf, err := LoadSciFact(filepath.Join(data, "scifact"))
	if err != nil {
		return nil, SciFactGold{}, err
	}
	db, cleanup, _, err := w.Scratch(ctx, "scifact", sf.Sources())
	if err != nil {
		return nil, SciFactGold{}, err
	}
	defer cleanup()
	ask, err := w.Ask(ctx, db)
	if err != nil {
		return nil, SciFactGold{}, err
	}
	return SciFactAnswers(ctx, sf, limit, ask, db, w.Progress)
}
