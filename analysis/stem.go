package analysis

import (
	"strings"
	"sync"
	"sync/atomic"
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
	if v, ok := stemCache.Load(word); ok {
		return v.(string)
	}
	s := stem(word)
	if stemCacheSize.Add(1) > maxStemCache {
		// A bounded memo: start over rather than grow without limit on
		// corpora full of unique tokens (ids, numbers, hashes).
		stemCache.Clear()
		stemCacheSize.Store(0)
	}
	stemCache.Store(strings.Clone(word), s)
	return s
}

const maxStemCache = 1 << 18

var (
	stemCache     sync.Map
	stemCacheSize atomic.Int64
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
// use; the Russian one is Snowball's.
func IsStopWord(word string) bool {
	if _, ok := englishStop[word]; ok {
		return true
	}
	return scriptOf(word) == scriptCyrillic && russian.IsStopWord(word)
}

var englishStop = map[string]struct{}{
	"a": {}, "an": {}, "and": {}, "are": {}, "as": {}, "at": {}, "be": {}, "but": {}, "by": {},
	"for": {}, "if": {}, "in": {}, "into": {}, "is": {}, "it": {}, "no": {}, "not": {}, "of": {},
	"on": {}, "or": {}, "such": {}, "that": {}, "the": {}, "their": {}, "then": {}, "there": {},
	"these": {}, "they": {}, "this": {}, "to": {}, "was": {}, "will": {}, "with": {},
}

// Terms returns the index terms of text in order: tokens folded, stop words
// dropped, stemmed. The index and every query go through this one function.
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
		terms = append(terms, Stem(w))
	})
	return terms
}
