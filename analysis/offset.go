package analysis

import (
	"unicode/utf8"
)

// RuneOffset returns the number of runes in text[:byteOff]. An offset inside a
// rune counts that rune as not yet reached; offsets are clamped to the text.
func RuneOffset(text string, byteOff int) int {
	byteOff = clamp(byteOff, len(text))
	return utf8.RuneCountInString(text[:SnapBack(text, byteOff)])
}

// UTF16Offset returns the number of UTF-16 code units in text[:byteOff], the
// unit JavaScript and many JSON APIs count in.
func UTF16Offset(text string, byteOff int) int {
	byteOff = SnapBack(text, clamp(byteOff, len(text)))
	n := 0
	for _, r := range text[:byteOff] {
		if r >= 0x10000 {
			n += 2
		} else {
			n++
		}
	}
	return n
}

// ByteOffsetOfRune returns the byte offset of rune number runeOff in text, and
// false when runeOff is negative or past the end.
func ByteOffsetOfRune(text string, runeOff int) (int, bool) {
	if runeOff < 0 {
		return 0, false
	}
	n := 0
	for i := range text {
		if n == runeOff {
			return i, true
		}
		n++
	}
	if n == runeOff {
		return len(text), true
	}
	return 0, false
}

// ByteOffsetOfUTF16 returns the byte offset of UTF-16 code unit u16Off in text,
// and false when it is out of range or falls inside a surrogate pair.
func ByteOffsetOfUTF16(text string, u16Off int) (int, bool) {
	if u16Off < 0 {
		return 0, false
	}
	n := 0
	for i, r := range text {
		if n == u16Off {
			return i, true
		}
		if n > u16Off {
			return 0, false
		}
		if r >= 0x10000 {
			n += 2
		} else {
			n++
		}
	}
	if n == u16Off {
		return len(text), true
	}
	return 0, false
}

// SnapBack moves a byte offset back to the start of the rune it falls in, so a
// slice ending there never cuts a character.
func SnapBack(text string, off int) int {
	off = clamp(off, len(text))
	for off > 0 && off < len(text) && !utf8.RuneStart(text[off]) {
		off--
	}
	return off
}

func clamp(off, n int) int {
	if off < 0 {
		return 0
	}
	if off > n {
		return n
	}
	return off
}
