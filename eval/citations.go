package eval

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/analysis"
)

// CitationItem is one answer whose citations are scored: the answer text
// with [n] markers and the documents it could cite, numbered from 1.
type CitationItem struct {
	ID       string        `json:"id,omitempty"`
	Question string        `json:"question,omitempty"`
	Output   string        `json:"output"`
	Docs     []CitationDoc `json:"docs"`
}

// CitationDoc is a document an answer may cite. Sent, when set, replaces
// Text, as in the ALCE reference (documents cut to a sentence).
type CitationDoc struct {
	Title string `json:"title"`
	Text  string `json:"text"`
	Sent  string `json:"sent,omitempty"`
}

// format is how the reference shows a document to the judge.
func (d CitationDoc) format() string {
	body := d.Text
	if d.Sent != "" {
		body = d.Sent
	}
	return "Title: " + d.Title + "\n" + body
}

// EntailmentPair is one question to the judge: does Premise entail
// Hypothesis?
type EntailmentPair struct {
	Premise    string
	Hypothesis string
}

// Entailer is the entailment judge E(premise, hypothesis) ∈ {0, 1}. It
// gets a batch so a model-backed judge can work on many pairs at once.
type Entailer interface {
	Entail(ctx context.Context, pairs []EntailmentPair) ([]bool, error)
}

// CitationOptions choose how answers are read.
type CitationOptions struct {
	// ALCECompat follows the ALCE reference exactly: only the first line
	// of the answer is scored, markers are read with its pattern `\[\d+`
	// (so "[1, 2]" cites only 1), and "[0]" wraps to the last document as
	// Python's index -1 does. The default reads merged markers "[1, 2]"
	// and runs "[1][2]", scores every line, and treats [0] as out of
	// range.
	ALCECompat bool
	// MaxCitations is how many citations of a sentence are kept after the
	// range check; 0 means 3, the reference's at_most_citations.
	MaxCitations int
}

// SentenceSplitter names the splitter citation scoring uses. The ALCE
// reference uses NLTK's sent_tokenize; Verity uses analysis.Sentences
// (full stops, ? ! …, abbreviations and initials in Russian and English,
// closing quotes and brackets), on each line in the default mode.
const SentenceSplitter = "analysis.Sentences"

// CitationReport is ALCE citation recall and precision over a set of
// answers, both macro-averaged over the answers that have sentences and
// scaled to 0–100, with the counts behind them.
type CitationReport struct {
	Mode      string  `json:"mode"` // "default" or "alce-compat"
	Splitter  string  `json:"sentence_splitter"`
	Answers   int     `json:"answers"`
	Scored    int     `json:"scored"`  // answers with at least one sentence
	Skipped   int     `json:"skipped"` // answers with none (empty), left out of the averages as the reference does
	Sentences int     `json:"sentences"`
	Citations int     `json:"citations"`
	Recall    float64 `json:"citation_recall"`
	Precision float64 `json:"citation_precision"`
	F1        float64 `json:"citation_f1"`
	// Sentences citing several documents, how many of those were
	// supported, and citations found redundant (over-citations).
	MultiCited     int           `json:"multi_cited"`
	MultiSupported int           `json:"multi_supported"`
	OverCitations  int           `json:"over_citations"`
	JudgeCalls     int           `json:"judge_calls"`
	Items          []CitationRow `json:"items,omitempty"`
}

// CitationRow is one answer's scores (0–1).
type CitationRow struct {
	ID        string  `json:"id,omitempty"`
	Sentences int     `json:"sentences"`
	Citations int     `json:"citations"`
	Recall    float64 `json:"recall"`
	Precision float64 `json:"precision"`
}

// citedSentence is one sentence with its citations as 0-based document
// indexes, and whether any citation was out of range.
type citedSentence struct {
	hypothesis string
	refs       []int
	outOfRange bool
}

// CitationScores computes ALCE citation recall and precision (see
// ../shared/design/ALCE.md) over items with judge as the entailment model.
//
// Per sentence s with citations C: recall is 0 when C is empty or holds a
// citation outside the documents, else E(concat(C), s') where s' is s
// without markers; only after the range check is C cut to the first
// MaxCitations and |C| added to the answer's citation count. Precision: when
// rec(s) = 1 and |C| > 1, a citation is good if its document alone entails
// s', or else if the other citations together do not (it was needed);
// otherwise every citation of s counts rec(s). Per answer, recall is Σrec /
// #sentences and precision Σgood / #citations (0 with none); both are
// macro-averaged over answers with sentences, × 100, and F1 is taken of the
// two averages.
func CitationScores(ctx context.Context, items []CitationItem, judge Entailer, opt CitationOptions) (CitationReport, error) {
	if opt.MaxCitations <= 0 {
		opt.MaxCitations = 3
	}
	rep := CitationReport{Mode: "default", Splitter: SentenceSplitter, Answers: len(items)}
	if opt.ALCECompat {
		rep.Mode = "alce-compat"
	}
	parsed := make([][]citedSentence, len(items))
	for i, it := range items {
		parsed[i] = citedSentences(it, opt)
	}

	// Phase 1, recall: one judgement per sentence with in-range citations.
	var recallPairs []EntailmentPair
	type key struct{ item, sent int }
	recallAt := map[key]int{}
	for i, sents := range parsed {
		for j, s := range sents {
			if len(s.refs) == 0 || s.outOfRange {
				continue
			}
			recallAt[key{i, j}] = len(recallPairs)
			recallPairs = append(recallPairs, EntailmentPair{Premise: joinDocs(items[i].Docs, s.refs), Hypothesis: s.hypothesis})
		}
	}
	recall, err := entail(ctx, judge, recallPairs, &rep)
	if err != nil {
		return rep, err
	}

	// Phase 2, precision: each citation of a supported multi-cited
	// sentence alone; phase 3, the rest without it, where it was not enough.
	type cite struct{ item, sent, pos int }
	var alonePairs []EntailmentPair
	var aloneAt []cite
	for i, sents := range parsed {
		for j, s := range sents {
			k, ok := recallAt[key{i, j}]
			if !ok || !recall[k] || len(s.refs) < 2 {
				continue
			}
			for p, r := range s.refs {
				aloneAt = append(aloneAt, cite{i, j, p})
				alonePairs = append(alonePairs, EntailmentPair{Premise: items[i].Docs[r].format(), Hypothesis: s.hypothesis})
			}
		}
	}
	alone, err := entail(ctx, judge, alonePairs, &rep)
	if err != nil {
		return rep, err
	}
	var restPairs []EntailmentPair
	restAt := map[cite]int{}
	for k, c := range aloneAt {
		if alone[k] {
			continue
		}
		s := parsed[c.item][c.sent]
		// The reference removes the first occurrence of the citation, so
		// a repeated citation leaves its twin in the rest.
		first := slices.Index(s.refs, s.refs[c.pos])
		rest := slices.Delete(slices.Clone(s.refs), first, first+1)
		restAt[c] = len(restPairs)
		restPairs = append(restPairs, EntailmentPair{Premise: joinDocs(items[c.item].Docs, rest), Hypothesis: s.hypothesis})
	}
	restOK, err := entail(ctx, judge, restPairs, &rep)
	if err != nil {
		return rep, err
	}
	aloneOf := map[cite]bool{}
	for k, c := range aloneAt {
		aloneOf[c] = alone[k]
	}

	var sumR, sumP float64
	for i, sents := range parsed {
		row := CitationRow{ID: items[i].ID, Sentences: len(sents)}
		if len(sents) == 0 {
			rep.Skipped++
			continue
		}
		var entailed, good float64
		for j, s := range sents {
			rec := false
			if k, ok := recallAt[key{i, j}]; ok {
				rec = recall[k]
				row.Citations += len(s.refs)
			}
			if rec {
				entailed++
			}
			if len(s.refs) > 1 && !s.outOfRange {
				rep.MultiCited++
			}
			if rec && len(s.refs) > 1 {
				rep.MultiSupported++
				for p := range s.refs {
					c := cite{i, j, p}
					switch {
					case aloneOf[c]:
						good++
					case restOK[restAt[c]]:
						rep.OverCitations++
					default:
						good++
					}
				}
			} else if rec {
				good++
			}
		}
		row.Recall = entailed / float64(len(sents))
		if row.Citations > 0 {
			row.Precision = good / float64(row.Citations)
		}
		rep.Scored++
		rep.Sentences += len(sents)
		rep.Citations += row.Citations
		sumR += row.Recall
		sumP += row.Precision
		rep.Items = append(rep.Items, row)
	}
	if rep.Scored > 0 {
		rep.Recall = 100 * sumR / float64(rep.Scored)
		rep.Precision = 100 * sumP / float64(rep.Scored)
	}
	if rep.Recall+rep.Precision > 0 {
		rep.F1 = 2 * rep.Recall * rep.Precision / (rep.Recall + rep.Precision)
	}
	return rep, nil
}

func entail(ctx context.Context, judge Entailer, pairs []EntailmentPair, rep *CitationReport) ([]bool, error) {
	if len(pairs) == 0 {
		return nil, nil
	}
	out, err := judge.Entail(ctx, pairs)
	if err != nil {
		return nil, fmt.Errorf("citation scores: judge: %w", err)
	}
	if len(out) != len(pairs) {
		return nil, verity.Errorf(verity.EINTERNAL, "citation scores: the judge answered %d of %d pairs", len(out), len(pairs))
	}
	rep.JudgeCalls += len(pairs)
	return out, nil
}

// joinDocs concatenates documents as the reference does: formatted, one per
// line.
func joinDocs(docs []CitationDoc, refs []int) string {
	parts := make([]string, len(refs))
	for i, r := range refs {
		parts[i] = docs[r].format()
	}
	return strings.Join(parts, "\n")
}

var (
	// alceMarker is the reference's pattern: it reads "[1, 2]" as 1 only.
	alceMarker = regexp.MustCompile(`\[\d+`)
	// alceSpacedMarker is the first pattern remove_citations strips.
	alceSpacedMarker = regexp.MustCompile(` \[\d+`)
	// marker reads a whole marker with every number in it.
	marker = regexp.MustCompile(`\[\s*\d+(?:\s*[,;]\s*\d+)*\s*\]`)
	number = regexp.MustCompile(`\d+`)
)

// citedSentences splits an answer into sentences with their citations.
func citedSentences(it CitationItem, opt CitationOptions) []citedSentence {
	out := strings.TrimSpace(it.Output)
	var lines []string
	if opt.ALCECompat {
		out, _, _ = strings.Cut(out, "\n")
		lines = []string{strings.ReplaceAll(out, "<|im_end|>", "")}
	} else {
		lines = strings.Split(out, "\n")
	}
	var res []citedSentence
	for _, line := range lines {
		for _, sp := range analysis.Sentences(line) {
			sent := line[sp.Start:sp.End]
			if opt.ALCECompat {
				res = append(res, compatSentence(sent, len(it.Docs), opt.MaxCitations))
			} else {
				res = append(res, defaultSentence(sent, len(it.Docs), opt.MaxCitations))
			}
		}
	}
	return res
}

// compatSentence reads a sentence the way the reference does: every "[n"
// is citation n-1, any index ≥ #docs is out of range, and index -1 (from
// "[0") is left to wrap to the last document.
func compatSentence(sent string, ndocs, maxCites int) citedSentence {
	s := citedSentence{hypothesis: strings.TrimSpace(removeCitationsALCE(sent))}
	for _, m := range alceMarker.FindAllString(sent, -1) {
		n, err := strconv.Atoi(m[1:])
		if err != nil {
			continue
		}
		s.refs = append(s.refs, n-1)
	}
	for _, r := range s.refs {
		if r >= ndocs {
			s.outOfRange = true
		}
	}
	if s.outOfRange {
		return s
	}
	s.refs = s.refs[:min(len(s.refs), maxCites)]
	for i, r := range s.refs {
		if r < 0 {
			s.refs[i] = ndocs + r // Python's docs[-1]
		}
	}
	if ndocs == 0 {
		s.outOfRange = len(s.refs) > 0
	}
	return s
}

// removeCitationsALCE is the reference's remove_citations.
func removeCitationsALCE(sent string) string {
	s := alceSpacedMarker.ReplaceAllString(sent, "")
	s = alceMarker.ReplaceAllString(s, "")
	s = strings.ReplaceAll(s, " |", "")
	return strings.ReplaceAll(s, "]", "")
}

// defaultSentence reads whole markers ("[1, 2]", "[1][2]"), each document
// once, and treats 0 like any number outside 1..#docs.
func defaultSentence(sent string, ndocs, maxCites int) citedSentence {
	var s citedSentence
	for _, m := range marker.FindAllString(sent, -1) {
		for _, d := range number.FindAllString(m, -1) {
			n, err := strconv.Atoi(d)
			if err != nil || n < 1 || n > ndocs {
				s.outOfRange = true
				continue
			}
			if !slices.Contains(s.refs, n-1) {
				s.refs = append(s.refs, n-1)
			}
		}
	}
	if !s.outOfRange {
		s.refs = s.refs[:min(len(s.refs), maxCites)]
	}
	h := marker.ReplaceAllString(sent, "")
	h = strings.Join(strings.Fields(h), " ")
	for _, p := range []string{".", ",", ";", ":", "!", "?"} {
		h = strings.ReplaceAll(h, " "+p, p)
	}
	s.hypothesis = strings.TrimSpace(h)
	return s
}

// LoadCitationItems reads answers to score: an ALCE result file
// ({"data": [...]}), a JSON array of items, or JSON Lines with one item
// per line. An item holds "output" (or "answer"), "docs" (or
// "documents") of {"title", "text"} (or "sent"), and optionally "id" and
// "question".
func LoadCitationItems(r io.Reader) ([]CitationItem, error) {
	data, err := io.ReadAll(r)
	if err != nil {
		return nil, fmt.Errorf("read answers: %w", err)
	}
	data = bytes.TrimSpace(bytes.TrimPrefix(data, []byte("\ufeff")))
	if len(data) == 0 {
		return nil, verity.Errorf(verity.EINVALID, "answers file is empty")
	}
	var raws []json.RawMessage
	switch data[0] {
	case '[':
		if err := json.Unmarshal(data, &raws); err != nil {
			return nil, verity.Errorf(verity.EINVALID, "answers file: %w", err)
		}
	case '{':
		var wrapped struct {
			Data []json.RawMessage `json:"data"`
		}
		if json.Unmarshal(data, &wrapped) == nil && wrapped.Data != nil {
			raws = wrapped.Data
			break
		}
		sc := bufio.NewScanner(bytes.NewReader(data))
		sc.Buffer(make([]byte, 1<<20), 64<<20)
		for line := 1; sc.Scan(); line++ {
			b := bytes.TrimSpace(sc.Bytes())
			if len(b) == 0 {
				continue
			}
			if !json.Valid(b) {
				return nil, verity.Errorf(verity.EINVALID, "answers file line %d: not JSON", line)
			}
			raws = append(raws, append(json.RawMessage(nil), b...))
		}
		if err := sc.Err(); err != nil {
			return nil, verity.Errorf(verity.EINVALID, "answers file: %w", err)
		}
	default:
		return nil, verity.Errorf(verity.EINVALID, "answers file: want JSON (an ALCE result file, an array or JSON Lines)")
	}
	items := make([]CitationItem, 0, len(raws))
	for i, raw := range raws {
		var it struct {
			ID        json.RawMessage `json:"id"`
			Question  string          `json:"question"`
			Output    *string         `json:"output"`
			Answer    *string         `json:"answer"`
			Docs      []CitationDoc   `json:"docs"`
			Documents []CitationDoc   `json:"documents"`
		}
		if err := json.Unmarshal(raw, &it); err != nil {
			return nil, verity.Errorf(verity.EINVALID, "answers file item %d: %w", i+1, err)
		}
		out := CitationItem{Question: it.Question, Docs: it.Docs}
		switch {
		case it.Output != nil:
			out.Output = *it.Output
		case it.Answer != nil:
			out.Output = *it.Answer
		default:
			return nil, verity.Errorf(verity.EINVALID, "answers file item %d: no \"output\" or \"answer\"", i+1)
		}
		if out.Docs == nil {
			out.Docs = it.Documents
		}
		if len(it.ID) > 0 {
			var s string
			if json.Unmarshal(it.ID, &s) != nil {
				s = string(it.ID)
			}
			out.ID = s
		}
		items = append(items, out)
	}
	return items, nil
}
