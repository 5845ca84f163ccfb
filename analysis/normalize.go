package analysis

import (
	"sort"
	"sync"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"
)

// Normalized is a text in matching form together with the map that leads from
// any byte range of the matching form back to a byte range of the original,
// and from an original range forward to the matching form.
//
// The matching form is what [Normalize] produces: NFKC, case folded with
// [FoldRune], typographic quotes and dashes unified, whitespace runs collapsed
// to one space, soft hyphens and zero-width characters dropped, and words
// hyphenated across a line break joined again.
type Normalized struct {
	// Text is the matching form.
	Text string

	orig string
	// segs cut both texts into aligned pieces, in order. A linear segment
	// maps byte for byte (each rune kept or folded to a rune of the same
	// length); any other segment maps its whole normalized range to its whole
	// original range, possibly empty on the normalized side (a deletion). The
	// last element is a sentinel at the ends of both texts.
	segs []seg
}

type seg struct {
	n, o int32 // start offsets in Text and in the original
	lin  bool
}

// Normalize returns text in matching form with its offset map. Two strings
// that differ only by typography, case, spacing or line-break hyphenation
// have the same matching form.
func Normalize(text string) Normalized {
	nz := normalizer{src: text, track: true}
	nz.out = make([]byte, 0, len(text)+8)
	nz.segs = make([]seg, 0, 8)
	nz.run()
	return Normalized{Text: string(nz.out), orig: text, segs: nz.segs}
}

// NormalizeString returns only the matching form of text, without the map;
// it is what a quote is turned into before it is searched for in a page
// normalized with [Normalize].
func NormalizeString(text string) string {
	return string(AppendNormalized(nil, text))
}

// AppendNormalized appends the matching form of text to dst and returns the
// extended buffer, so callers can reuse one buffer for many strings.
func AppendNormalized(dst []byte, text string) []byte {
	nz := normalizer{src: text, out: dst, base: len(dst)}
	nz.run()
	return nz.out
}

// Original returns the text that was normalized.
func (n *Normalized) Original() string { return n.orig }

// ToOriginal maps the byte range [start, end) of n.Text to the smallest byte
// range of the original text that produced it. A boundary that falls inside a
// piece that was rewritten as a whole (a ligature, a collapsed whitespace run)
// widens to cover that piece. Characters dropped at the edges of the range
// (a soft hyphen, a space before a dash) are left out. The result always lies
// on rune boundaries of the original. Out-of-range arguments are clamped.
func (n *Normalized) ToOriginal(start, end int) (int, int) {
	start, end = clampRange(start, end, len(n.Text))
	return n.startToOrig(start), max(n.endToOrig(end), n.startToOrig(start))
}

// FromOriginal maps the byte range [start, end) of the original text to the
// smallest range of n.Text that covers what it became. Out-of-range arguments
// are clamped.
func (n *Normalized) FromOriginal(start, end int) (int, int) {
	start, end = clampRange(start, end, len(n.orig))
	s := n.startFromOrig(start)
	return s, max(n.endFromOrig(end), s)
}

func clampRange(start, end, limit int) (int, int) {
	start = min(max(start, 0), limit)
	end = min(max(end, start), limit)
	return start, end
}

// startToOrig maps a normalized start offset to the largest original offset
// that still begins at it, so a range never starts with dropped characters.
func (n *Normalized) startToOrig(p int) int {
	segs := n.segs
	// The last segment starting at or before p.
	k := sort.Search(len(segs), func(i int) bool { return int(segs[i].n) > p }) - 1
	s := segs[k]
	if int(s.n) == p || k == len(segs)-1 {
		return int(s.o)
	}
	if s.lin {
		o := int(s.o) + p - int(s.n)
		for o > int(s.o) && !utf8.RuneStart(n.orig[o]) {
			o--
		}
		return o
	}
	return int(s.o)
}

// endToOrig maps a normalized end offset to the smallest original offset that
// still ends at it, so a range never ends with dropped characters.
func (n *Normalized) endToOrig(p int) int {
	segs := n.segs
	// The first segment starting at or after p.
	k := sort.Search(len(segs), func(i int) bool { return int(segs[i].n) >= p })
	if int(segs[k].n) == p {
		return int(segs[k].o)
	}
	s := segs[k-1]
	if s.lin {
		o := int(s.o) + p - int(s.n)
		for o < int(segs[k].o) && !utf8.RuneStart(n.orig[o]) {
			o++
		}
		return o
	}
	return int(segs[k].o)
}

func (n *Normalized) startFromOrig(p int) int {
	segs := n.segs
	k := sort.Search(len(segs), func(i int) bool { return int(segs[i].o) > p }) - 1
	s := segs[k]
	if int(s.o) == p || k == len(segs)-1 {
		return int(s.n)
	}
	if s.lin {
		q := int(s.n) + p - int(s.o)
		for q > int(s.n) && !utf8.RuneStart(n.Text[q]) {
			q--
		}
		return q
	}
	return int(s.n)
}

func (n *Normalized) endFromOrig(p int) int {
	segs := n.segs
	k := sort.Search(len(segs), func(i int) bool { return int(segs[i].o) >= p })
	if int(segs[k].o) == p {
		return int(segs[k].n)
	}
	s := segs[k-1]
	if s.lin {
		q := int(s.n) + p - int(s.o)
		for q < int(segs[k].n) && !utf8.RuneStart(n.Text[q]) {
			q++
		}
		return q
	}
	return int(segs[k].n)
}

// Character classes of the matching form, as far as the rules that look at
// neighbours care.
const (
	clNone   = iota // start of text
	clLetter        // letters
	clOther         // digits, punctuation, symbols
	clDash
	clQuote
	clSpace
)

// Classes of ASCII bytes for the fast path.
const (
	aPlain = iota
	aUpper
	aSpace
	aBreak
	aDash
	aQuote
	aDrop
)

var asciiClass = func() (t [128]uint8) {
	for c := 0; c < 128; c++ {
		switch {
		case c == ' ' || c == '\t':
			t[c] = aSpace
		case c == '\n' || c == '\r' || c == '\v' || c == '\f':
			t[c] = aBreak
		case c == '-':
			t[c] = aDash
		case c == '"' || c == '\'' || c == '`':
			t[c] = aQuote
		case c < 0x20 || c == 0x7f:
			t[c] = aDrop
		case 'A' <= c && c <= 'Z':
			t[c] = aUpper
		default:
			t[c] = aPlain
		}
	}
	return t
}()

var asciiLower = func() (t [128]byte) {
	for c := range t {
		t[c] = byte(c)
		if 'A' <= c && c <= 'Z' {
			t[c] = byte(c + 'a' - 'A')
		}
	}
	return t
}()

var asciiLetter = func() (t [128]bool) {
	for c := 'a'; c <= 'z'; c++ {
		t[c], t[c-'a'+'A'] = true, true
	}
	return t
}()

// normalizer holds the state of one pass over src.
type normalizer struct {
	src   string
	out   []byte
	base  int // len(out) before this pass, when appending to a caller's buffer
	track bool
	segs  []seg

	linOpen bool // the last segment is linear and ends where out ends
	curO    int  // original start of the last non-linear segment, -1 if none open
	last    int  // class of the last rune written

	pending  bool // a whitespace run is waiting to be written or dropped
	wsStart  int
	wsBreak  bool // the run contains a line break
	shyBreak bool // a soft hyphen right after a letter preceded the run
}

func (nz *normalizer) run() {
	nz.curO = -1
	s := nz.src
	i := 0
	for i < len(s) {
		c := s[i]
		// An ASCII byte is final unless a combining mark may follow; a
		// Cyrillic letter (lead byte 0xD0 or 0xD1) never combines with it.
		if c < utf8.RuneSelf && (i+1 == len(s) || s[i+1] < utf8.RuneSelf || s[i+1] == 0xD0 || s[i+1] == 0xD1 || startsUnit(s, i+1)) {
			switch asciiClass[c] {
			case aPlain, aUpper:
				nz.flushSpace(i)
				if nz.track && !nz.linOpen {
					nz.open(i, true)
				}
				// The hot loop: a run of letters, digits, plain
				// punctuation and single spaces between them, each
				// followed by ASCII, copies lowercased.
				out := nz.out
				j := i
				for j < len(s) {
					c = s[j]
					if c >= utf8.RuneSelf || (j+1 < len(s) && s[j+1] >= utf8.RuneSelf) {
						break
					}
					if asciiClass[c] > aUpper && (c != ' ' || j+1 == len(s) || asciiClass[s[j+1]] > aUpper) {
						break
					}
					out = append(out, asciiLower[c])
					j++
				}
				if j == i {
					// A lone byte before a non-ASCII rune that cannot
					// combine with it.
					out = append(out, asciiLower[c])
					j++
				}
				nz.out = out
				switch {
				case asciiLetter[s[j-1]]:
					nz.last = clLetter
				case s[j-1] == ' ':
					nz.last = clSpace
				default:
					nz.last = clOther
				}
				i = j
				continue
			case aSpace:
				nz.space(i, false)
			case aBreak:
				nz.space(i, true)
			case aDash:
				i = nz.dash(i, i+1, true)
				continue
			case aQuote:
				nz.quote(i, i+1, true)
			case aDrop:
				nz.drop(i)
			}
			i++
			continue
		}
		i = nz.slow(i)
	}
	if nz.pending {
		nz.deleteFrom(nz.wsStart)
		nz.pending = false
	}
	if nz.track {
		nz.segs = append(nz.segs, seg{n: int32(len(nz.out) - nz.base), o: int32(len(s))})
	}
}

// slow handles the text from i, which is not plain ASCII followed by ASCII,
// and returns where to continue.
func (nz *normalizer) slow(i int) int {
	s := nz.src
	c := s[i]
	// Cyrillic letters followed by ASCII or another Cyrillic letter are
	// already in NFKC and take no combining marks: the common Russian case.
	if (c == 0xD0 || c == 0xD1) && i+1 < len(s) && (i+2 == len(s) || s[i+2] < utf8.RuneSelf || s[i+2] == 0xD0 || s[i+2] == 0xD1) {
		// U+0400..U+047F: letters whose folded forms are also two bytes.
		r, w := utf8.DecodeRuneInString(s[i:])
		if w == 2 {
			if nz.pending {
				nz.flushSpace(i)
			}
			nz.shyBreak = false
			f := foldCyrillic(r)
			if nz.track && !nz.linOpen {
				nz.open(i, true)
			}
			nz.out = append(nz.out, byte(0xC0|f>>6), byte(0x80|f&0x3F))
			nz.last = clLetter
			return i + 2
		}
	}
	r, w := rune(c), 1
	if c >= utf8.RuneSelf {
		r, w = utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && w == 1 {
			nz.rune(r, i, i+1, false)
			return i + 1
		}
	}
	// A rune that NFKC keeps as it is, followed by a rune that cannot
	// combine with it, is a normalization unit of its own; so is any space,
	// dash, quotation mark or invisible character, which all map to the
	// same thing whatever NFKC would make of them.
	info := runeInfo(r)
	if (c < utf8.RuneSelf || info&rStable != 0 || info&rClass >= cSpace) && startsUnit(s, i+w) {
		if info&rClass == cDash {
			return nz.dash(i, i+w, c == '-')
		}
		nz.rune(r, i, i+w, true)
		return i + w
	}
	j := i + norm.NFKC.NextBoundaryInString(s[i:], true)
	if j <= i {
		j = i + w
	}
	unit := s[i:j]
	if t := norm.NFKC.String(unit); t != unit {
		// The unit changes under NFKC (a ligature, an ellipsis, a
		// full-width form, a composed accent): its runes all map to the
		// whole unit.
		for _, r := range t {
			nz.rune(r, i, j, false)
		}
		return j
	}
	p := i
	for p < j {
		r, w := utf8.DecodeRuneInString(s[p:])
		switch {
		case r == utf8.RuneError && w == 1:
			nz.rune(r, p, p+1, false)
		case runeInfo(r)&rClass == cDash:
			p = nz.dash(p, p+w, r == '-')
			continue
		default:
			nz.rune(r, p, p+w, true)
		}
		p += w
	}
	return p // past j when a hyphen took the line break after it
}

// foldCyrillic is FoldRune for U+0400..U+047F without the general Unicode
// case tables, which cost more than everything else per Russian letter.
func foldCyrillic(r rune) rune {
	switch {
	case r == 0x401 || r == 0x451:
		return 0x435 // ё and Ё fold to е
	case r < 0x410:
		return r + 0x50
	case r < 0x430:
		return r + 0x20
	case r >= 0x460 && r&1 == 0:
		return r + 1
	}
	return r
}

// startsUnit reports whether the rune at s[i:] (or the end of s) begins a
// new normalization unit, that is, cannot combine with what precedes it.
func startsUnit(s string, i int) bool {
	if i >= len(s) || s[i] < utf8.RuneSelf {
		return true
	}
	r, _ := utf8.DecodeRuneInString(s[i:])
	return runeInfo(r)&rStarter != 0
}

// rune writes the matching form of r, which came from src[os:oe]. lin says
// whether r alone is src[os:oe], so an output of the same length can map byte
// for byte.
func (nz *normalizer) rune(r rune, os, oe int, lin bool) {
	if r < utf8.RuneSelf {
		switch asciiClass[r] {
		case aSpace, aBreak:
			nz.space(os, asciiClass[r] == aBreak)
			return
		case aDash:
			nz.dash(os, oe, lin && oe-os == 1)
			return
		case aQuote:
			nz.quote(os, oe, lin && oe-os == 1)
			return
		case aDrop:
			nz.drop(os)
			return
		}
		nz.flushSpace(os)
		nz.emit(os, oe, lin && oe-os == 1, byte(FoldRune(r)))
		if asciiLetter[r] {
			nz.last = clLetter
		} else {
			nz.last = clOther
		}
		return
	}
	info := runeInfo(r)
	switch info & rClass {
	case cSpace:
		nz.space(os, false)
	case cBreak:
		nz.space(os, true)
	case cDash:
		nz.dash(os, oe, false)
	case cQuote:
		nz.quote(os, oe, false)
	case cShy:
		// A soft hyphen marks where a word may break; followed by a line
		// break it is the end of a hyphenated line.
		if nz.last == clLetter && !nz.pending {
			nz.shyBreak = true
		}
		nz.drop(os)
	case cDrop:
		nz.drop(os)
	default:
		nz.flushSpace(os)
		f := FoldRune(r)
		var buf [utf8.UTFMax]byte
		w := utf8.EncodeRune(buf[:], f)
		nz.emit(os, oe, lin && w == oe-os, buf[:w]...)
		if info&rClass == cLetter {
			nz.last = clLetter
		} else {
			nz.last = clOther
		}
	}
}

// Bits of runeInfo.
const (
	rClass   = 0x0f
	rStable  = 0x10 // NFKC leaves the rune alone
	rStarter = 0x20 // the rune cannot combine with anything before it
)

// Rune classes in runeInfo.
const (
	cOther = iota
	cLetter
	cSpace
	cBreak
	cDash
	cQuote
	cShy
	cDrop
)

// runeBlocks caches runeInfo for the Basic Multilingual Plane, 256 runes at a
// time, filled on first use: the Unicode tables behind it are too slow to
// consult for every rune of a page.
var runeBlocks [256]struct {
	once sync.Once
	info [256]uint8
}

// runeInfo returns the class and normalization bits of r.
func runeInfo(r rune) uint8 {
	if r < 0 || r >= 0x10000 {
		return computeRuneInfo(r)
	}
	b := &runeBlocks[r>>8]
	b.once.Do(func() {
		base := r &^ 0xff
		for k := range b.info {
			b.info[k] = computeRuneInfo(base + rune(k))
		}
	})
	return b.info[r&0xff]
}

func computeRuneInfo(r rune) uint8 {
	var v uint8
	s := string(r)
	if norm.NFKC.String(s) == s {
		v |= rStable
	}
	if norm.NFKC.PropertiesString(s).BoundaryBefore() {
		v |= rStarter
	}
	switch {
	case r == '\n' || r == '\r' || r == '\v' || r == '\f' || r == 0x85 || r == 0x2028 || r == 0x2029:
		v |= cBreak
	case unicode.IsSpace(r):
		v |= cSpace
	case isDash(r):
		v |= cDash
	case isQuote(r):
		v |= cQuote
	case r == 0xAD:
		v |= cShy
	case isDropped(r):
		v |= cDrop
	case unicode.IsLetter(r) || unicode.Is(unicode.Mn, r):
		v |= cLetter
	}
	return v
}

// space starts or extends a whitespace run with the ASCII byte at i.
func (nz *normalizer) space(i int, brk bool) {
	if nz.pending {
		nz.wsBreak = nz.wsBreak || brk
		return
	}
	nz.pending, nz.wsStart, nz.wsBreak = true, i, brk
}

// flushSpace settles a pending whitespace run before the character at
// original offset next: dropped at the start of the text, after a dash, or
// after a soft hyphen at a line break; otherwise written as one space.
func (nz *normalizer) flushSpace(next int) {
	if !nz.pending {
		nz.shyBreak = false
		return
	}
	nz.pending = false
	shy := nz.shyBreak
	nz.shyBreak = false
	if nz.last == clNone || nz.last == clDash || (shy && nz.wsBreak) {
		nz.deleteFrom(nz.wsStart)
		return
	}
	nz.emit(nz.wsStart, next, next-nz.wsStart == 1, ' ')
	nz.last = clSpace
}

// dash handles a dash at src[os:oe] and returns where to continue. A hyphen
// between a letter and a line break followed by a lowercase letter is line-end
// hyphenation and is dropped with the break; runs of dashes collapse to one,
// and whitespace around a dash is dropped, so "a — b", "a-b" and "a -- b"
// match.
func (nz *normalizer) dash(os, oe int, lin bool) int {
	if nz.last == clLetter && !nz.pending {
		if end, ok := hyphenBreak(nz.src, oe); ok {
			nz.deleteFrom(os)
			return end
		}
	}
	if nz.pending {
		nz.pending = false
		nz.deleteFrom(nz.wsStart)
	}
	nz.shyBreak = false
	if nz.last == clDash {
		nz.deleteFrom(os)
		return oe
	}
	nz.emit(os, oe, lin, '-')
	nz.last = clDash
	return oe
}

// hyphenBreak reports whether src from i is whitespace holding a line break
// and then a lowercase letter, and where that letter starts.
func hyphenBreak(src string, i int) (int, bool) {
	brk := false
	for i < len(src) {
		r, w := rune(src[i]), 1
		if r >= utf8.RuneSelf {
			r, w = utf8.DecodeRuneInString(src[i:])
		}
		switch {
		case r == '\n' || r == '\r' || r == 0x85 || r == 0x2028 || r == 0x2029:
			brk = true
		case unicode.IsSpace(r):
		default:
			return i, brk && unicode.IsLower(r)
		}
		i += w
	}
	return i, false
}

// quote writes a unified quotation mark; runs of them collapse to one.
func (nz *normalizer) quote(os, oe int, lin bool) {
	nz.flushSpace(os)
	if nz.last == clQuote {
		nz.deleteFrom(os)
		return
	}
	nz.emit(os, oe, lin, '"')
	nz.last = clQuote
}

// drop removes an invisible character. Inside a whitespace run it simply
// becomes part of the run.
func (nz *normalizer) drop(os int) {
	if nz.pending {
		return
	}
	nz.deleteFrom(os)
}

// emit appends b, produced from src[os:oe].
func (nz *normalizer) emit(os, oe int, lin bool, b ...byte) {
	if nz.track {
		nz.open(os, lin)
	}
	nz.out = append(nz.out, b...)
}

// deleteFrom records that the original from os up to whatever comes next
// produces nothing.
func (nz *normalizer) deleteFrom(os int) {
	if nz.track {
		nz.open(os, false)
	}
}

// open makes sure the last segment can take output from original offset os.
func (nz *normalizer) open(os int, lin bool) {
	if lin {
		if nz.linOpen {
			return
		}
	} else if !nz.linOpen && nz.curO == os {
		return
	}
	nz.segs = append(nz.segs, seg{n: int32(len(nz.out) - nz.base), o: int32(os), lin: lin})
	nz.linOpen = lin
	if lin {
		nz.curO = -1
	} else {
		nz.curO = os
	}
}

func isDash(r rune) bool {
	switch r {
	case '-', 0x2010, 0x2011, 0x2012, 0x2013, 0x2014, 0x2015, 0x2043, 0x2212,
		0x2E3A, 0x2E3B, 0xFE58, 0xFE63, 0xFF0D:
		return true
	}
	return false
}

func isQuote(r rune) bool {
	switch r {
	case '"', '\'', '`', 0xAB, 0xBB, 0xB4, 0x2018, 0x2019, 0x201A, 0x201B,
		0x201C, 0x201D, 0x201E, 0x201F, 0x2039, 0x203A, 0x2032, 0x2033,
		0x275B, 0x275C, 0x275D, 0x275E, 0x301D, 0x301E, 0x301F, 0xFF02, 0xFF07:
		return true
	}
	return false
}

// isDropped reports characters with no visible form: format characters
// (zero-width space and joiners, direction marks, the byte-order mark),
// controls other than whitespace, the combining grapheme joiner and variation
// selectors.
func isDropped(r rune) bool {
	return unicode.Is(unicode.Cf, r) || unicode.IsControl(r) || r == 0x34F ||
		(0xFE00 <= r && r <= 0xFE0F) || r == 0x180E
}
