package quote

import (
	"sync"
	"unicode"
	"unicode/utf8"
)

// token is a word or number of a text in matching form, by byte offsets into
// that text.
type token struct {
	start, end int32
	hash       uint64 // of the canonical form: numbers lose their formatting
	flags      uint8
}

// Token flags.
const (
	tNumber   = 1 << iota // digits, possibly with separators, a decimal part or %; or a word with digits
	tNegation             // a word that turns a statement into its opposite
	tFunction             // an article, preposition, conjunction or auxiliary
)

// tokenize appends the tokens of s, a text in matching form, to dst. Words are
// runs of letters, digits and combining marks, with an apostrophe inside a word
// kept ("don"t" is one word, since normalization turned ’ into "). Numbers are
// digit groups joined by thousands separators (",", ".", or a space before
// exactly three digits) and a decimal separator, with a trailing "%" (spaced or
// not) kept; their canonical form drops grouping and writes the decimal point
// as ".", so "1,000", "1 000" and "1000" are the same token, and "12 %" is
// "12%".
func tokenize(dst []token, s string) []token {
	var canon [64]byte
	i := 0
	for i < len(s) {
		r, w := rune(s[i]), 1
		if r >= utf8.RuneSelf {
			r, w = utf8.DecodeRuneInString(s[i:])
		}
		if isDigit(r) {
			start := i
			end, n := scanNumber(s, i, canon[:0])
			dst = append(dst, token{start: int32(start), end: int32(end), hash: hashBytes(n), flags: tNumber})
			i = end
			continue
		}
		if !isWordRune(r) {
			i += w
			continue
		}
		start := i
		i += w
		digits := false
		h := uint64(fnvOffset)
		for k := start; k < i; k++ {
			h = (h ^ uint64(s[k])) * fnvPrime
		}
		for i < len(s) {
			c := s[i]
			if c < utf8.RuneSelf {
				// The common case: ASCII letters and digits, hashed as read.
				if asciiWord[c] {
					digits = digits || c <= '9'
					h = (h ^ uint64(c)) * fnvPrime
					i++
					continue
				}
				// An apostrophe between letters stays in the word.
				if c == '"' && i+1 < len(s) {
					if nr, nw := utf8.DecodeRuneInString(s[i+1:]); unicode.IsLetter(nr) {
						for k := i; k < i+1+nw; k++ {
							h = (h ^ uint64(s[k])) * fnvPrime
						}
						i += 1 + nw
						continue
					}
				}
				break
			}
			r, w := utf8.DecodeRuneInString(s[i:])
			if !isWordRune(r) {
				break
			}
			digits = digits || unicode.IsDigit(r)
			for k := i; k < i+w; k++ {
				h = (h ^ uint64(s[k])) * fnvPrime
			}
			i += w
		}
		t := token{start: int32(start), end: int32(i), hash: h}
		// A word with digits in it (NT5C2, gp130, B16F10) names a gene, a
		// cell line, a version: a number as far as edits go.
		if digits {
			t.flags |= tNumber
		}
		if i-start <= maxFlaggedWord {
			t.flags |= flagsOf(h)
		}
		if i-start > 3 && s[i-3:i] == `n"t` {
			t.flags |= tNegation // contractions: don"t, isn"t, can"t
		}
		dst = append(dst, t)
	}
	return dst
}

// scanNumber reads a number starting at s[i] and returns where it ends and
// its canonical form appended to buf.
func scanNumber(s string, i int, buf []byte) (int, []byte) {
	digits := func(j int) int {
		for j < len(s) && s[j] >= '0' && s[j] <= '9' {
			j++
		}
		return j
	}
	j := digits(i)
	buf = append(buf, s[i:j]...)
	group := j - i // length of the first group: only 1..3 may be followed by thousands groups
	for j < len(s) {
		sep := s[j]
		if sep != ',' && sep != '.' && sep != ' ' {
			break
		}
		k := digits(j + 1)
		n := k - (j + 1)
		if n == 0 {
			break
		}
		thousands := n == 3 && group <= 3 && (k == len(s) || !(s[k] >= '0' && s[k] <= '9'))
		switch {
		case sep == ' ' && thousands:
			buf = append(buf, s[j+1:k]...)
		case sep == ' ':
			return finishPercent(s, j, buf)
		case sep == ',' && thousands:
			buf = append(buf, s[j+1:k]...)
		default:
			// A decimal part ends the number.
			buf = append(buf, '.')
			buf = append(buf, s[j+1:k]...)
			return finishPercent(s, k, buf)
		}
		j = k
	}
	return finishPercent(s, j, buf)
}

// finishPercent takes a "%" right after the number or after one space.
func finishPercent(s string, j int, buf []byte) (int, []byte) {
	switch {
	case j < len(s) && s[j] == '%':
		return j + 1, append(buf, '%')
	case j+1 < len(s) && s[j] == ' ' && s[j+1] == '%':
		return j + 2, append(buf, '%')
	}
	return j, buf
}

func isDigit(r rune) bool { return '0' <= r && r <= '9' }

func isWordRune(r rune) bool {
	if r < utf8.RuneSelf {
		return 'a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' || '0' <= r && r <= '9'
	}
	return unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.Is(unicode.Mn, r)
}

// negations are the words whose insertion or loss flips a statement. They
// are in matching form: lowercase, ё as е, apostrophes as ".
var negations = map[string]bool{
	"not": true, "no": true, "never": true, "none": true, "nor": true, "neither": true,
	"without": true, "cannot": true, "nothing": true, "nobody": true, "nowhere": true,
	"не": true, "нет": true, "ни": true, "без": true, "никогда": true, "ничего": true,
	"никто": true, "нельзя": true, "нигде": true, "ничто": true,
}

// functionWords carry grammar rather than content: a quote that swaps one
// of them for another ("the" for "a", "в" for "на") still copies its source.
var functionWords = map[string]bool{
	"a": true, "an": true, "the": true, "in": true, "on": true, "at": true, "of": true,
	"for": true, "to": true, "by": true, "with": true, "from": true, "into": true,
	"and": true, "or": true, "as": true, "is": true, "are": true, "was": true,
	"were": true, "be": true, "been": true, "this": true, "that": true, "these": true,
	"those": true, "it": true, "its": true, "their": true, "which": true, "also": true,
	"и": true, "в": true, "во": true, "на": true, "с": true, "со": true, "к": true,
	"ко": true, "по": true, "о": true, "об": true, "от": true, "до": true, "из": true,
	"за": true, "у": true, "а": true, "но": true, "что": true, "как": true, "это": true,
	"его": true, "ее": true, "их": true, "для": true, "при": true, "же": true, "также": true,
}

// wordFlags holds the flags of the negations and function words by hash in
// a small open-addressing table, so tokenizing a page costs one probe per
// short word.
var wordFlags, maxFlaggedWord = func() ([512]flagSlot, int) {
	var t [512]flagSlot
	longest := 0
	add := func(w string, f uint8) {
		h := hashString(w)
		for i := h & 511; ; i = (i + 1) & 511 {
			if t[i].hash == 0 || t[i].hash == h {
				t[i].hash = h
				t[i].flags |= f
				return
			}
		}
	}
	for w := range negations {
		add(w, tNegation)
		longest = max(longest, len(w))
	}
	for w := range functionWords {
		add(w, tFunction)
		longest = max(longest, len(w))
	}
	return t, longest
}()

type flagSlot struct {
	hash  uint64
	flags uint8
}

// flagsOf returns the flags of the word with hash h.
func flagsOf(h uint64) uint8 {
	for i := h & 511; ; i = (i + 1) & 511 {
		if wordFlags[i].hash == h {
			return wordFlags[i].flags
		}
		if wordFlags[i].hash == 0 {
			return 0
		}
	}
}

var asciiWord = func() (t [utf8.RuneSelf]bool) {
	for c := range t {
		t[c] = 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9'
	}
	return t
}()

const (
	fnvOffset = 14695981039346656037
	fnvPrime  = 1099511628211
)

func hashString(s string) uint64 {
	h := uint64(fnvOffset)
	for i := 0; i < len(s); i++ {
		h ^= uint64(s[i])
		h *= fnvPrime
	}
	return h
}

func hashBytes(b []byte) uint64 {
	h := uint64(fnvOffset)
	for _, c := range b {
		h ^= uint64(c)
		h *= fnvPrime
	}
	// Numbers live in their own hash space, so "1" the digit never equals
	// a word that happens to hash alike.
	return h ^ 0x9e3779b97f4a7c15
}

// index is a page's tokens with, for each distinct token, how often it occurs
// and where: the last position in its slot, earlier ones chained through
// prev. The slots are an open-addressing table keyed by token hash, which
// builds several times faster than a Go map for the one lookup per token
// that building needs.
type index struct {
	toks  []token
	slots []posting
	mask  uint64
	prev  []int32
}

type posting struct {
	hash  uint64
	last  int32
	count int32 // 0 for an empty slot
}

func newIndex(s string) *index {
	x := &index{}
	x.build(s)
	return x
}

// indexPool recycles the buffers of indexes built for one quote and thrown
// away, which is what [Locate] does on every call that gets past the exact
// path.
var indexPool = sync.Pool{New: func() any { return new(index) }}

// build indexes s, reusing x's buffers.
func (x *index) build(s string) {
	if cap(x.toks) < len(s)/6+1 {
		x.toks = make([]token, 0, len(s)/5+1)
	}
	x.toks = tokenize(x.toks[:0], s)
	// At most two thirds full even when every word is distinct (on a page,
	// about one word in three is), so probes stay short and always end.
	n := 16
	for n < len(x.toks)+len(x.toks)/2+1 {
		n *= 2
	}
	if cap(x.slots) >= n {
		x.slots = x.slots[:n]
		clear(x.slots)
	} else {
		x.slots = make([]posting, n)
	}
	x.mask = uint64(n - 1)
	if cap(x.prev) >= len(x.toks) {
		x.prev = x.prev[:len(x.toks)]
	} else {
		x.prev = make([]int32, len(x.toks))
	}
	for i, t := range x.toks {
		p := x.slot(t.hash)
		if p.count == 0 {
			p.hash, x.prev[i] = t.hash, -1
		} else {
			x.prev[i] = p.last
		}
		p.last = int32(i)
		p.count++
	}
}

// slot returns the slot of hash h: its posting, or the empty slot where it
// would go.
func (x *index) slot(h uint64) *posting {
	for i := (h ^ h>>29) & x.mask; ; i = (i + 1) & x.mask {
		p := &x.slots[i]
		if p.count == 0 || p.hash == h {
			return p
		}
	}
}

// lookup returns the posting of token hash h.
func (x *index) lookup(h uint64) (posting, bool) {
	p := x.slot(h)
	return *p, p.count > 0
}

// tokenAt returns the index of the first token that ends after byte offset
// off of the indexed text.
func (x *index) tokenAt(off int) int {
	lo, hi := 0, len(x.toks)
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		if int(x.toks[m].end) <= off {
			lo = m + 1
		} else {
			hi = m
		}
	}
	return lo
}

// tokensBetween counts the tokens lying wholly inside [from, to) of the
// indexed text.
func (x *index) tokensBetween(from, to int) int {
	n := 0
	for k := x.tokenAt(from); k < len(x.toks) && int(x.toks[k].end) <= to; k++ {
		if int(x.toks[k].start) >= from {
			n++
		}
	}
	return n
}
