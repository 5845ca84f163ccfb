package quote

import verity "github.com/veritykb/verity"

// Kind says how a quote was found, from strictest to most lenient.
type Kind string

// Kinds of match.
const (
	// Exact: the quote's bytes occur in the text as they are.
	Exact Kind = "exact"
	// Normalized: the quote occurs once typography is set aside (case, NFKC,
	// quotes, dashes, spacing, soft hyphens, line-break hyphenation, ё/е).
	Normalized Kind = "normalized"
	// Repaired: the quote was stitched from pieces that occur in order with
	// text between them; the span covers the pieces and the skipped text.
	Repaired Kind = "repaired"
	// Fuzzy: the quote differs from the span by a few word-level edits that
	// keep every number and negation.
	Fuzzy Kind = "fuzzy"
)

// Match is the verdict on one quote: found or not, and where. Start and End
// are byte offsets into the original text, on rune boundaries.
type Match struct {
	Found bool    `json:"found"`
	Start int     `json:"start"`
	End   int     `json:"end"`
	Kind  Kind    `json:"kind,omitempty"`
	Score float64 `json:"score"` // how closely the quote reproduces the span; see [Locate]

	// Pieces are the spans of the quote's pieces and Gaps the text skipped
	// between them, for a repaired match.
	Pieces []verity.Span `json:"pieces,omitempty"`
	Gaps   []verity.Span `json:"gaps,omitempty"`

	// Occurrences lists, in text order, every span where the quote was
	// found with the same kind, when there is more than one; the match
	// itself is the one nearest Options.Hint, or the first.
	Occurrences []verity.Span `json:"occurrences,omitempty"`
}

// Span returns the matched byte range.
func (m Match) Span() verity.Span { return verity.Span{Start: m.Start, End: m.End} }

// Options tune [Locate]. The zero value enables every kind of match.
type Options struct {
	// Hint, when set, is where the quote is expected (the span of the chunk
	// it was taken from): among several occurrences, the nearest one wins.
	Hint *verity.Span

	// MaxGap is the largest number of words a repaired quote may skip
	// between two pieces; 0 means DefaultMaxGap.
	MaxGap int

	// NoRepair and NoFuzzy switch off the lenient kinds, for callers that
	// accept only text that occurs as it is.
	NoRepair bool
	NoFuzzy  bool
}

// DefaultMaxGap is the default bound on words skipped between the pieces of
// a repaired quote: a few sentences, so pieces from unrelated parts of a page
// never join.
const DefaultMaxGap = 120

func (o Options) maxGap() int {
	if o.MaxGap > 0 {
		return o.MaxGap
	}
	return DefaultMaxGap
}

// nearest returns the index in spans of the span nearest hint, the first
// among equally near ones (all that overlap it are at distance 0), or 0 when
// there is no hint.
func nearest(spans []verity.Span, hint *verity.Span) int {
	if hint == nil || len(spans) < 2 {
		return 0
	}
	best, bestD := 0, 0
	for i, s := range spans {
		d := distance(s, *hint)
		if i == 0 || d < bestD {
			best, bestD = i, d
		}
	}
	return best
}

// distance is the gap between two spans, 0 when they touch or overlap.
func distance(a, b verity.Span) int {
	return max(0, max(a.Start, b.Start)-min(a.End, b.End))
}
