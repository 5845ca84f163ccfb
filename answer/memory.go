package answer

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/relocate"
	"github.com/veritykb/verity/verify"
)

// StatementPrefix returns the prefix of the ids of statement records stored
// for answers to question: "answer:" + a key of the question's words.
func StatementPrefix(question string) string { return "answer:" + questionKey(question) + ":" }

// statementBody is the JSON body of a statement record.
type statementBody struct {
	Question       string          `json:"question"`
	Claim          string          `json:"claim"`
	Citations      []statementCite `json:"citations"`
	Support        Support         `json:"support"`
	Policy         Policy          `json:"policy"`
	Model          string          `json:"model"`
	PromptVersions []string        `json:"prompt_versions,omitempty"`
}

type statementCite struct {
	SourceID string `json:"source_id"`
	Version  int    `json:"version"`
	Quote    *Quote `json:"quote,omitempty"`
	// QuoteRecord is the quote record the statement rests on for this
	// source instead of the source itself (package relocate), when a quote
	// was located.
	QuoteRecord string `json:"quote_record,omitempty"`
}

// record stores each claim as a statement record. Its receipt has one set
// per cited source that supports the claim alone, or, when only the cited
// sources together do, one set of all of them: the claim lives while any
// source that carries it does. Where a cited source's quote was located,
// the set holds the quote's record instead of the source, so a new version
// of the source without those words retracts the statement.
func (s *Service) record(ctx context.Context, mem Memory, a *Answer, caller verity.Caller) error {
	prefix := StatementPrefix(a.Question)
	recs := make([]*verity.Record, 0, 2*len(a.Claims))
	quotes := map[string]bool{}
	for i := range a.Claims {
		c := &a.Claims[i]
		body := statementBody{Question: a.Question, Claim: c.Claim, Support: c.Support, Policy: a.Policy,
			Model: a.Model, PromptVersions: a.PromptVersions}
		var all, rests []verity.Ref
		var sets [][]verity.Ref
		for _, cit := range c.Citations {
			ref := verity.SourceRef(cit.SourceID)
			all = append(all, ref)
			sc := statementCite{SourceID: cit.SourceID, Version: cit.Version, Quote: cit.Quote}
			rest := ref
			if q := cit.Quote; q != nil && q.End > q.Start {
				qr := relocate.Record(relocate.Quote{SourceID: cit.SourceID, Version: cit.Version, Start: q.Start, End: q.End, Text: q.Text, Kind: q.Kind})
				if !quotes[qr.ID] {
					quotes[qr.ID] = true
					recs = append(recs, qr)
				}
				sc.QuoteRecord, rest = qr.ID, verity.RecordRef(qr.ID)
			}
			rests = append(rests, rest)
			body.Citations = append(body.Citations, sc)
			alone := len(c.Citations) == 1 ||
				cit.Support != nil && verify.Grade(cit.Support.Grade) <= s.opt.Policy.MaxGrade() && cit.Support.Label != ""
			if alone {
				sets = append(sets, []verity.Ref{rest})
			}
		}
		if len(sets) == 0 {
			sets = [][]verity.Ref{rests}
		}
		raw, err := json.Marshal(body)
		if err != nil {
			return fmt.Errorf("encode statement: %w", err)
		}
		sum := sha256.Sum256([]byte(strings.Join(foldedWords(c.Claim), " ") + "\x00" + refsKey(all)))
		c.Record = prefix + hex.EncodeToString(sum[:6])
		recs = append(recs, &verity.Record{ID: c.Record, Kind: verity.KindStatement,
			Receipt: verity.Receipt{Sets: sets}, Body: raw})
	}
	if _, err := mem.PutRecords(ctx, recs); err != nil {
		return fmt.Errorf("store statements: %w", err)
	}
	return nil
}

// statementSources returns a statement record's receipt over sources: each
// quote record read as the source it quotes, which the body's citations
// name.
func statementSources(r *verity.Record) verity.Receipt {
	var b statementBody
	_ = json.Unmarshal(r.Body, &b) // an unreadable body leaves quote records as they are: unreadable below
	sourceOf := map[string]string{}
	for _, c := range b.Citations {
		if c.QuoteRecord != "" {
			sourceOf[c.QuoteRecord] = c.SourceID
		}
	}
	return relocate.Sources(r.Receipt, sourceOf)
}

func refsKey(refs []verity.Ref) string {
	parts := make([]string, len(refs))
	for i, r := range refs {
		parts[i] = string(r)
	}
	return strings.Join(parts, ",")
}

// retracted reports whether a "not found" for question is a retraction:
// a statement stored for an earlier answer to it died, resting on sources
// the caller could read; or a revoked source the caller could read matches
// the question better than anything search still finds. Only counts and
// liveness are read, never a revoked source's text.
func (s *Service) retracted(ctx context.Context, mem Memory, question string, caller verity.Caller, view verity.View, found float64) (bool, error) {
	recs, err := mem.StatementRecords(ctx, StatementPrefix(question))
	if err != nil {
		return false, err
	}
	for _, r := range recs {
		if r.State != verity.StateDead {
			continue
		}
		for _, set := range statementSources(r).Sets {
			readable := true
			for _, ref := range set {
				if ref.Kind() != verity.RefSource || !view.Readable(ref) {
					readable = false
					break
				}
			}
			if readable {
				return true, nil
			}
		}
	}
	m, err := mem.RevokedMatch(ctx, verity.SearchQuery{Text: question, Caller: caller})
	if err != nil {
		return false, err
	}
	return m >= lowConfidence && m > found, nil
}

// cacheKey names an answer by everything that shapes it: the question's
// words, the caller, the model, the verifier, the options and the prompt
// versions. A verifier names itself with a String method (the judge, the
// offline verifier and the NLI client do), else by its type.
func (s *Service) cacheKey(question string, caller verity.Caller) string {
	h := sha256.New()
	fmt.Fprintf(h, "q=%s\x00", questionKey(question))
	for _, p := range caller.Principals() {
		fmt.Fprintf(h, "p=%s\x00", p)
	}
	fmt.Fprintf(h, "m=%s\x00policy=%s\x00verbatim=%t\x00k=%d\x00docs=%d\x00prompts=%s\x00verify=%s",
		s.model.Info().Name(), s.opt.Policy, !s.opt.NoVerbatim, s.opt.K, s.opt.MaxDocs, PromptVersions(), verify.PromptVersions())
	if n, ok := s.verifier.(fmt.Stringer); ok {
		fmt.Fprintf(h, "\x00verifier=%s", n)
	} else {
		fmt.Fprintf(h, "\x00verifier=%T", s.verifier)
	}
	return hex.EncodeToString(h.Sum(nil))
}

// cached returns the answer stored under key when the store has not
// changed since and every claim's statement record is still alive and
// visible to the caller; otherwise it misses, and the question is answered
// afresh (which is where a retraction shows).
func (s *Service) cached(ctx context.Context, mem Memory, key, stamp string, view verity.View) (*Answer, bool, error) {
	raw, ok, err := mem.CachedAnswer(ctx, key, stamp)
	if err != nil || !ok {
		return nil, false, err
	}
	var a Answer
	if err := json.Unmarshal(raw, &a); err != nil {
		return nil, false, nil // an unreadable entry is a miss, and is overwritten
	}
	if a.Outcome != Answered || len(a.Claims) == 0 {
		return nil, false, nil
	}
	for _, c := range a.Claims {
		if c.Record == "" || !view.Visible(verity.RecordRef(c.Record)) {
			return nil, false, nil
		}
	}
	a.Cached = true
	return &a, true, nil
}

// remember stores an answered answer in the cache.
func (s *Service) remember(ctx context.Context, mem Memory, key, stamp string, a *Answer) error {
	for _, c := range a.Claims {
		if c.Record == "" {
			return nil // not recorded, so it could not be retracted: not cached either
		}
	}
	raw, err := json.Marshal(a)
	if err != nil {
		return fmt.Errorf("encode answer: %w", err)
	}
	return mem.PutAnswer(ctx, key, stamp, raw)
}
