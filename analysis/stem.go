package analysis

import (
	"hash/maphash"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"github.com/kljensen/snowball/english"
	"github.com/kljensen/snowball/russian"
)

// maxTermBytes bounds the tokens that become index terms: longer runs are
// base64, hashes or glued garbage, never words worth searching for.
const maxTermBytes = 64

// Stem returns the Snowball stem of a folded word (see Fold): the Russian
// stemmer for words in Cyrillic, the English one for Latin words, and the word
// itself for numbers and other scripts. Stems are memoized: words follow a
// Zipf law, so most calls during ingest are for words seen before, and the
// Snowball stemmers allocate on every call.
func Stem(word string) string {
	sh := &stems[maphash.String(stemSeed, word)%stemShards]
	sh.mu.RLock()
	s, ok := sh.m[word]
	sh.mu.RUnlock()
	if ok {
		return s
	}
	s = stem(word)
	sh.mu.Lock()
	if len(sh.m) >= maxStemCache/stemShards {
		// A bounded memo: start over rather than grow without limit on
		// corpora full of unique tokens (ids, numbers, hashes).
		clear(sh.m)
	}
	if sh.m == nil {
		sh.m = map[string]string{}
	}
	sh.m[strings.Clone(word)] = s
	sh.mu.Unlock()
	return s
}

// The memo is sharded by a hash of the word, so that ingest's analysis on
// every core rarely waits on one lock; a plain map per shard is several
// times faster to read than a sync.Map keyed by interface values.
const (
	maxStemCache = 1 << 18
	stemShards   = 64
)

var (
	stemSeed = maphash.MakeSeed()
	stems    [stemShards]struct {
		mu sync.RWMutex
		m  map[string]string
		_  [64]byte // keeps shards' locks off one cache line
	}
)

func stem(word string) string {
	switch scriptOf(word) {
	case scriptCyrillic:
		return russian.Stem(word, true)
	case scriptLatin:
		return english.Stem(word, true)
	}
	return word
}

type script int

const (
	scriptOther script = iota
	scriptLatin
	scriptCyrillic
)

// scriptOf returns the script of the first letter of word.
func scriptOf(word string) script {
	for _, r := range word {
		switch {
		case r < utf8.RuneSelf:
			if ('a' <= r && r <= 'z') || ('A' <= r && r <= 'Z') {
				return scriptLatin
			}
		case unicode.Is(unicode.Cyrillic, r):
			return scriptCyrillic
		case unicode.Is(unicode.Latin, r):
			return scriptLatin
		case unicode.IsLetter(r):
			return scriptOther
		}
	}
	return scriptOther
}

// IsStopWord reports whether a folded word is too common to be worth indexing.
// The English list is Lucene's short default, the one published BM25 baselines
// use; the Russian one is Snowball's with the rest of its pronouns' forms
// (see russianStopForms).
func IsStopWord(word string) bool {
	if _, ok := englishStop[word]; ok {
		return true
	}
	if scriptOf(word) != scriptCyrillic {
		return false
	}
	_, ok := russianStopForms[word]
	return ok || russian.IsStopWord(word)
}

var englishStop = map[string]struct{}{
	"a": {}, "an": {}, "and": {}, "are": {}, "as": {}, "at": {}, "be": {}, "but": {}, "by": {},
	"for": {}, "if": {}, "in": {}, "into": {}, "is": {}, "it": {}, "no": {}, "not": {}, "of": {},
	"on": {}, "or": {}, "such": {}, "that": {}, "the": {}, "their": {}, "then": {}, "there": {},
	"these": {}, "they": {}, "this": {}, "to": {}, "was": {}, "will": {}, "with": {},
}

// russianStopForms are the forms Snowball's Russian list leaves out of the
// pronouns it lists: it has какой and какая but not какие, каким, каком,
// какую; этот and эту but not это or этим; кто but not кого. Russian
// declines these in six cases, and the forms left out were indexed as words —
// "какие" stems to "как", so a question asking "какие" matched every text
// saying "какой" or "как". Also который, каков and чей, which the list lacks
// in every form, and сколько. Only pronouns: numerals and adverbs stay as
// Snowball has them.
var russianStopForms = func() map[string]struct{} {
	m := map[string]struct{}{}
	for _, w := range strings.Fields(`
		какой какая какое какие какого какому каким каком какую каких какими
		каков какова каково каковы
		который которая которое которые которого которому которым котором которую которых которыми
		кого кому кем ком чему сколько скольких скольким сколькими
		чей чья чье чьи чьего чьему чьим чьем чью чьей чьих чьими
		этот эта это эти этого этому этим этом эту этой этих этими
		тот та то те того тому тем том ту той тех теми
		весь вся все всего всему всем всю всей всех всеми
		сам сама само сами самого самому самим самом саму самой самих самими
		свой своя свое свои своего своему своим своем свою своей своих своими
		мой моя мое мои моего моему моим моем мою моей моих моими
		наш наша наше наши нашего нашему нашим нашем нашу нашей наших нашими
		ваш ваша ваше ваши вашего вашему вашим вашем вашу вашей ваших вашими
		такой такая такое такие такого такому таким таком такую таких такими
		другой другая другое другие другого другому другим другом другую других другими
		его ее их ему ей им ним ней них нему нем нее него ими ними`) {
		m[w] = struct{}{}
	}
	return m
}()

// cyrillicTermLetters is how many letters of a Cyrillic stem an index term
// keeps. The Snowball Russian stemmer strips inflections but leaves apart
// the forms of one word that differ inside the stem — норманский and
// норманн, процентная and процент, используется and использовать
// ("использ", "использова") — and a question rarely uses the form its
// answer does. Cutting stems to a fixed prefix conflates them: truncation,
// which McNamee, Nicholas and Mayfield (SIGIR 2009) found to compete with
// stemmers on inflected European languages. Six letters was the best of
// five to eight on XQuAD-ru's development half (nDCG@10 without truncation
// 0.9526; with five to eight letters 0.9582, 0.9591, 0.9566, 0.9578);
// Latin stems are left whole, since English stems do not vary that way
// and SciFact is tuned as it is.
const cyrillicTermLetters = 6

// Terms returns the index terms of text in order: tokens folded, stop words
// dropped, stemmed, Cyrillic stems cut to cyrillicTermLetters letters. The
// index and every query go through this one function.
func Terms(text string) []string {
	terms := make([]string, 0, len(text)/8)
	eachToken(text, func(start, end int) {
		if end-start > maxTermBytes {
			return
		}
		w := Fold(text[start:end])
		if IsStopWord(w) {
			return
		}
		terms = append(terms, term(Stem(w)))
	})
	return terms
}

// term returns the index term of a stem: a Cyrillic word's stem cut to its
// first cyrillicTermLetters letters, any other stem as it is. A token with
// digits in it is a name or a code (Битрикс24, МиГ29), never cut: its
// digits tell it apart.
func term(stem string) string {
	if stem == "" || stem[0] < utf8.RuneSelf || scriptOf(stem) != scriptCyrillic {
		return stem
	}
	cut := -1
	n := 0
	for i, r := range stem {
		if unicode.IsDigit(r) {
			return stem
		}
		if n == cyrillicTermLetters && cut < 0 {
			cut = i
		}
		n++
	}
	if cut < 0 {
		return stem
	}
	return stem[:cut]
}
