package eval

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/ingest"
)

// QA is one question with its gold answers, a line of a qa.jsonl file.
// A question without answers is unanswerable: the right outcome is "not
// found".
type QA struct {
	Question string   `json:"question"`
	Answers  []string `json:"answers"`
	SourceID string   `json:"source_id,omitempty"`
}

// LoadQA reads a JSON Lines file of {"question","answers":[...],
// "source_id"?}.
func LoadQA(path string) ([]QA, error) {
	var qs []QA
	if err := readJSONL(path, &qs); err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return nil, verity.Errorf(verity.ENOTFOUND, "questions file %s not found", path)
		}
		return nil, verity.Errorf(verity.EINVALID, "questions file: %w", err)
	}
	for i, q := range qs {
		if strings.TrimSpace(q.Question) == "" {
			return nil, verity.Errorf(verity.EINVALID, "%s:%d: the question is empty", filepath.Base(path), i+1)
		}
	}
	return qs, nil
}

// AnswerSet is a dataset of questions with gold answers over a corpus,
// as [XQuADAnswers] runs it: the corpus's records grouped into articles
// (records of one title), whose questions are answerable only while the
// article is in the store.
type AnswerSet struct {
	Name, Title string
	Sources     []*verity.Source
	Questions   []QA
}

// LoadAnswerSet reads dataset from the folder data: "xquad-ru" or
// "xquad-en", the development halves of XQuAD (corpus.jsonl and qa.jsonl
// in xquad-ru-dev/ and xquad-en-dev/).
func LoadAnswerSet(dataset, data string) (*AnswerSet, error) {
	var dir, title string
	switch dataset {
	case "xquad-ru":
		dir, title = "xquad-ru-dev", "XQuAD-ru dev"
	case "xquad-en":
		dir, title = "xquad-en-dev", "XQuAD-en dev"
	default:
		return nil, verity.Errorf(verity.EINVALID, "--dataset %q: want xquad-ru or xquad-en", dataset)
	}
	dir = filepath.Join(data, dir)
	corpus := filepath.Join(dir, "corpus.jsonl")
	if _, err := os.Stat(corpus); errors.Is(err, fs.ErrNotExist) {
		return nil, verity.Errorf(verity.ENOTFOUND, "%s not found in %s (want corpus.jsonl and qa.jsonl there; pass --data DIR)", title, dir)
	}
	set := &AnswerSet{Name: dataset, Title: title}
	f, err := os.Open(corpus)
	if err != nil {
		return nil, fmt.Errorf("read %s corpus: %w", dataset, err)
	}
	defer f.Close()
	ids := map[string]bool{}
	err = ingest.Records(f, "corpus.jsonl", 1<<24, func(it ingest.Item) error {
		if it.Err != nil {
			return fmt.Errorf("%s: %w", it.Where, it.Err)
		}
		set.Sources = append(set.Sources, it.Source)
		ids[it.Source.ID] = true
		return nil
	})
	if err != nil {
		return nil, err
	}
	if set.Questions, err = LoadQA(filepath.Join(dir, "qa.jsonl")); err != nil {
		return nil, err
	}
	for i, q := range set.Questions {
		if !ids[q.SourceID] {
			return nil, fmt.Errorf("qa.jsonl:%d: source_id %q is not in the corpus", i+1, q.SourceID)
		}
	}
	return set, nil
}

// Parts of a dataset for tuning honestly: the articles at positions 0, 1,
// 4, 5, 8, 9... (in corpus order) are the part a developer may look at
// while tuning; those at 2, 3, 6, 7... are held out of tuning, and their
// figures are reported apart.
const (
	PartTune = "tune"
	PartHeld = "held_out"
)

// articleFolds assigns each article (records of one title, in corpus
// order) a fold — 0 for even positions, 1 for odd — and a part: every
// second pair of articles is held out of tuning, so each fold holds both
// parts.
func articleFolds(srcs []*verity.Source) (fold map[string]int, part map[string]string, order []string) {
	fold, part = map[string]int{}, map[string]string{}
	for _, s := range srcs {
		if _, ok := fold[s.Title]; ok {
			continue
		}
		i := len(order)
		order = append(order, s.Title)
		fold[s.Title] = i % 2
		part[s.Title] = PartTune
		if (i/2)%2 == 1 {
			part[s.Title] = PartHeld
		}
	}
	return fold, part, order
}

// AnswersOptions configure [XQuADAnswers] and [QAAnswers].
type AnswersOptions struct {
	// Limit asks only the first Limit questions of each fold's answerable
	// and unanswerable ones (0: all), for a quick look.
	Limit int
	// K is how many records the baseline's search reads; 0 means 5.
	K int
}

// XQuADAnswers reads dataset from data (see [LoadAnswerSet]) and answers
// its questions in two folds: each fold's store holds half of the articles
// (even or odd positions), its questions are answerable and the other
// half's are not (their paragraphs are not in the store). Every question
// is asked through w's Ask as a public caller, and the plain baseline —
// the top-ranked sentence of the top search result, never "not found" —
// answers it in the same run over the same store.
func XQuADAnswers(ctx context.Context, w Wiring, dataset, data string, opt AnswersOptions) (*AnswersReport, error) {
	set, err := LoadAnswerSet(dataset, data)
	if err != nil {
		return nil, err
	}
	fold, part, order := articleFolds(set.Sources)
	titleOf := map[string]string{}
	for _, s := range set.Sources {
		titleOf[s.ID] = s.Title
	}
	rep := &AnswersReport{Dataset: set.Name, Title: set.Title, Questions: len(set.Questions), Articles: len(order)}
	if w.Model != nil {
		m, _, err := w.Model(ctx)
		if err != nil {
			return nil, err
		}
		rep.Model = m.Info().Name()
	}
	var items []AnswerItem
	for f := range 2 {
		var srcs []*verity.Source
		for _, s := range set.Sources {
			if fold[s.Title] == f {
				srcs = append(srcs, s)
			}
		}
		var qs []askedQA
		var in, out int
		for _, q := range set.Questions {
			t := titleOf[q.SourceID]
			answerable := fold[t] == f
			if opt.Limit > 0 && (answerable && in >= opt.Limit || !answerable && out >= opt.Limit) {
				continue
			}
			if answerable {
				in++
			} else {
				out++
				q.Answers = nil
			}
			qs = append(qs, askedQA{QA: q, Fold: f + 1, Part: part[t], Answerable: answerable})
		}
		db, cleanup, _, err := w.Scratch(ctx, fmt.Sprintf("%s-fold%d", set.Name, f+1), srcs)
		if err != nil {
			return nil, err
		}
		ask, err := w.Ask(ctx, db)
		if err != nil {
			cleanup()
			return nil, err
		}
		search := func(ctx context.Context, q string, k int) (*verity.SearchResults, error) {
			return db.Search(ctx, verity.SearchQuery{Text: q, Caller: verity.NewCaller(), K: k})
		}
		got, err := askAll(ctx, qs, ask, search, verity.NewCaller(), opt, w.Progress)
		cleanup()
		if err != nil {
			return nil, err
		}
		rep.Folds = append(rep.Folds, AnswerFold{Fold: f + 1, Records: len(srcs), Answerable: in, Unanswerable: out})
		items = append(items, got...)
	}
	rep.score(items)
	return rep, nil
}

// SearchFunc searches as the caller of a run, as the service's Search does.
type SearchFunc func(ctx context.Context, query string, k int) (*verity.SearchResults, error)

// QAAnswers answers qs through ask as caller, with the baseline over
// search, over a store that is given (a question without gold answers is
// unanswerable there).
func QAAnswers(ctx context.Context, name string, qs []QA, ask AskFunc, search SearchFunc, caller verity.Caller, opt AnswersOptions, progress Progress) (*AnswersReport, error) {
	rep := &AnswersReport{Dataset: name, Title: name, Questions: len(qs)}
	var asked []askedQA
	fold := AnswerFold{Fold: 1}
	for _, q := range qs {
		answerable := len(q.Answers) > 0
		if answerable {
			fold.Answerable++
		} else {
			fold.Unanswerable++
		}
		asked = append(asked, askedQA{QA: q, Fold: 1, Answerable: answerable})
	}
	if opt.Limit > 0 && len(asked) > opt.Limit {
		asked = asked[:opt.Limit]
	}
	items, err := askAll(ctx, asked, ask, search, caller, opt, progress)
	if err != nil {
		return nil, err
	}
	rep.Folds = []AnswerFold{fold}
	rep.score(items)
	return rep, nil
}

// askedQA is a question as one fold asks it.
type askedQA struct {
	QA
	Fold       int
	Part       string
	Answerable bool
}

// askAll asks every question through ask and answers it with the baseline.
func askAll(ctx context.Context, qs []askedQA, ask AskFunc, search SearchFunc, caller verity.Caller, opt AnswersOptions, progress Progress) ([]AnswerItem, error) {
	k := opt.K
	if k <= 0 {
		k = 5
	}
	bar := progress.start("answer", int64(len(qs)))
	defer bar.Done()
	items := make([]AnswerItem, 0, len(qs))
	for _, q := range qs {
		a, err := ask(ctx, q.Question, caller)
		if err != nil {
			return nil, fmt.Errorf("ask %q: %w", q.Question, err)
		}
		res, err := search(ctx, q.Question, k)
		if err != nil {
			return nil, fmt.Errorf("search %q: %w", q.Question, err)
		}
		items = append(items, newAnswerItem(q, a, baselineAnswer(q.Question, res)))
		bar.Add(1)
	}
	return items, nil
}
