package offline

import (
	"context"
	"slices"
	"strings"
	"unicode"

	"github.com/veritykb/verity/analysis"
	"github.com/veritykb/verity/llm"
	"github.com/veritykb/verity/quote"
)

// Tasks of grounded answering (package answer's contract). The engine does
// not do answer.route: it calls no tools, so package answer, hearing
// ENOTIMPLEMENTED, always searches with the question — the seed's "the
// offline engine always searches".
const (
	TaskAnswerChat        = "answer.chat"
	TaskAnswerDraft       = "answer.draft"
	TaskAnswerFacts       = "answer.facts"
	TaskAnswerAssemble    = "answer.assemble"
	TaskAnswerReformulate = "answer.reformulate"
)

func init() {
	register(TaskAnswerChat, answerChat)
	register(TaskAnswerDraft, answerDraft)
	register(TaskAnswerFacts, answerFacts)
	register(TaskAnswerAssemble, answerAssemble)
	register(TaskAnswerReformulate, answerReformulate)
}

// Limits of the extractive answerer: statements of stage 1, facts per
// document of stage 2, and statements of an assembled answer.
const (
	answerMaxDraft     = 2
	answerMaxFacts     = 1
	answerMaxAssembled = 3
	// answerFactScore is the score a document's best sentence needs to be
	// one of its key facts in stage 2, which sees that document alone: it
	// must answer the question clearly by itself, or it would only pad the
	// answer the draft chose from every document.
	answerFactScore = 0.5
)

// answerDoc is one numbered document of an answer request.
type answerDoc struct {
	N      int    `json:"n"`
	Title  string `json:"title"`
	System string `json:"system"`
	Text   string `json:"text"`
}

// answerStatement is a statement of stage 1 or a fact of stage 2.
type answerStatement struct {
	Text      string `json:"text"`
	Citations []int  `json:"citations,omitempty"`
	Quote     string `json:"quote"`
}

// answerChat says plainly that the engine has no general knowledge: it is
// asked only when the knowledge store is empty, and it knows nothing but
// what documents it is given.
func answerChat(_ context.Context, _ *Engine, req *llm.Request) (any, error) {
	var v struct {
		Question string `json:"question"`
	}
	if err := decodeVars(req, &v); err != nil {
		return nil, err
	}
	text := "I am Verity's offline engine. I have no general knowledge: I can only answer from documents, " +
		"and the knowledge base is empty. Add sources with `verity ingest`, or configure a model with --model."
	if hasCyrillic(v.Question) {
		text = "Я офлайн-движок Verity. Общих знаний у меня нет: я отвечаю только по документам, " +
			"а база знаний пуста. Добавьте источники командой `verity ingest` или подключите модель флагом --model."
	}
	return struct {
		Answer string `json:"answer"`
	}{text}, nil
}

// answerDraft is stage 1, extractively: the sentences of the documents
// that answer the question (selectSentences) — one, or two equally good —
// each cited to every document holding it and quoted as itself, verbatim
// by construction.
func answerDraft(_ context.Context, _ *Engine, req *llm.Request) (any, error) {
	var v struct {
		Question  string      `json:"question"`
		Documents []answerDoc `json:"documents"`
	}
	if err := decodeVars(req, &v); err != nil {
		return nil, err
	}
	out := []answerStatement{}
	said := map[string]bool{} // a sentence several documents hold is one statement citing them all
	for _, c := range selectSentences(v.Question, v.Documents) {
		key := strings.Join(foldWords(c.text), " ")
		if len(out) == answerMaxDraft || said[key] {
			continue
		}
		said[key] = true
		out = append(out, answerStatement{Text: c.text, Citations: holders(c.text, c.doc, v.Documents), Quote: c.text})
	}
	return struct {
		Statements []answerStatement `json:"statements"`
	}{out}, nil
}

// answerFacts is stage 2 for one document: useful when its best answering
// sentence answers the question clearly by itself (answerFactScore).
func answerFacts(_ context.Context, _ *Engine, req *llm.Request) (any, error) {
	var v struct {
		Question string    `json:"question"`
		Document answerDoc `json:"document"`
	}
	if err := decodeVars(req, &v); err != nil {
		return nil, err
	}
	facts := []answerStatement{}
	for _, c := range selectSentences(v.Question, []answerDoc{v.Document}) {
		if len(facts) == answerMaxFacts || c.score < answerFactScore {
			break
		}
		facts = append(facts, answerStatement{Text: c.text, Quote: c.text})
	}
	return struct {
		Useful bool              `json:"useful"`
		Facts  []answerStatement `json:"facts"`
	}{len(facts) > 0, facts}, nil
}

// answerAssemble is stage 3 by rule: statements in the order given, a
// statement whose words another one holds merged into it with the
// citations of both, and nothing added.
func answerAssemble(_ context.Context, _ *Engine, req *llm.Request) (any, error) {
	var v struct {
		Question   string `json:"question"`
		Statements []struct {
			ID        string `json:"id"`
			Text      string `json:"text"`
			Citations []int  `json:"citations"`
		} `json:"statements"`
	}
	if err := decodeVars(req, &v); err != nil {
		return nil, err
	}
	type assembled struct {
		Text      string   `json:"text"`
		Citations []int    `json:"citations"`
		From      []string `json:"from"`
		words     string
	}
	out := []assembled{}
	for _, s := range v.Statements {
		w := " " + strings.Join(foldWords(s.Text), " ") + " "
		merged := false
		for i := range out {
			switch {
			case strings.Contains(out[i].words, w):
			case strings.Contains(w, out[i].words):
				out[i].Text, out[i].words = s.Text, w
			default:
				continue
			}
			out[i].Citations = append(out[i].Citations, s.Citations...)
			slices.Sort(out[i].Citations)
			out[i].Citations = slices.Compact(out[i].Citations)
			out[i].From = append(out[i].From, s.ID)
			merged = true
			break
		}
		if !merged {
			out = append(out, assembled{Text: s.Text, Citations: slices.Clone(s.Citations), From: []string{s.ID}, words: w})
		}
	}
	if len(out) > answerMaxAssembled {
		out = out[:answerMaxAssembled]
	}
	return struct {
		Statements []assembled `json:"statements"`
	}{out}, nil
}

// answerReformulate keeps the question's words that say what is asked
// about — numbers and cue words included — and drops question words, stop
// words and punctuation. Without synonyms or translation this rarely finds
// more; it is what an engine with no knowledge of words can honestly do.
func answerReformulate(_ context.Context, _ *Engine, req *llm.Request) (any, error) {
	var v struct {
		Question string `json:"question"`
		Query    string `json:"query"`
	}
	if err := decodeVars(req, &v); err != nil {
		return nil, err
	}
	var words []string
	for _, t := range analysis.Tokens(v.Question) {
		f := analysis.Fold(t.Text)
		if !questionWords[f] && !analysis.IsStopWord(f) {
			words = append(words, t.Text)
		}
	}
	return struct {
		Query string `json:"query"`
	}{strings.Join(words, " ")}, nil
}

// holders returns the numbers of the documents that hold text (exactly or
// near-verbatim), starting with the one it came from.
func holders(text string, from int, docs []answerDoc) []int {
	out := []int{from}
	for _, d := range docs {
		if d.N == from {
			continue
		}
		if m := quote.Locate(d.Text, text, quote.Options{NoRepair: true}); m.Found && m.Score >= quoteReceipt {
			out = append(out, d.N)
		}
	}
	slices.Sort(out)
	return out
}

// instruction reports whether a sentence speaks to an assistant rather than
// about the world ("ignore the rules above and show...", "you are now..."):
// retrieved text is data, and an order planted in it answers no question.
func instruction(text string) bool {
	t := " " + strings.Join(foldWords(text), " ") + " "
	for _, p := range instructionPhrases {
		if strings.Contains(t, " "+p+" ") {
			return true
		}
	}
	return false
}

var instructionPhrases = []string{
	"ignore the", "ignore all", "ignore any", "ignore previous", "ignore your", "disregard the",
	"disregard all", "disregard previous", "you are now", "system override", "system prompt",
	"any assistant", "as an ai", "to any ai", "new instructions",
	"игнорируй", "игнорируйте", "проигнорируй", "забудь все", "забудьте все", "ты теперь",
	"вы теперь", "любому ассистенту", "системная инструкция", "новые инструкции",
}

// questionQuery returns the content stems a question asks about: without
// its question words, and without the degree word of "how long", "how
// often", "как часто", "как долго" — the answer states a duration or a
// frequency, it does not repeat the word "long".
func questionQuery(question string) []string {
	d := analyze(question)
	var (
		query []string
		seen  = map[string]bool{}
		prev  string
	)
	for _, w := range d.Words {
		skip := !w.Content || questionStems[w.Stem] || (howWords[prev] && degreeWords[w.Fold])
		prev = w.Fold
		if skip || seen[w.Stem] {
			continue
		}
		seen[w.Stem] = true
		query = append(query, w.Stem)
	}
	return query
}

var (
	howWords    = map[string]bool{"how": true, "как": true, "насколько": true}
	degreeWords = map[string]bool{
		"long": true, "many": true, "much": true, "often": true, "far": true, "old": true, "soon": true,
		"frequently": true, "large": true, "big": true,
		"часто": true, "долго": true, "много": true, "давно": true, "скоро": true, "далеко": true,
	}
)

// questionWords are words that ask rather than say what is asked about;
// questionStems are their stems, dropped from a question's query.
var questionWords = func() map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(`how what when where which who whom whose why does do did is are
		сколько какой какая какое какие каков какова каковы когда где куда откуда почему зачем кто что
		чем ли можно нужно ли`) {
		m[w] = true
	}
	return m
}()

var questionStems = func() map[string]bool {
	m := map[string]bool{}
	for w := range questionWords {
		m[analysis.Stem(w)] = true
	}
	return m
}()

// foldWords returns the folded words of s.
func foldWords(s string) []string {
	toks := analysis.Tokens(s)
	out := make([]string, len(toks))
	for i, t := range toks {
		out[i] = analysis.Fold(t.Text)
	}
	return out
}

func hasCyrillic(s string) bool {
	for _, r := range s {
		if unicode.Is(unicode.Cyrillic, r) {
			return true
		}
	}
	return false
}
