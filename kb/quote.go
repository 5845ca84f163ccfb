package kb

import (
	"context"
	"strings"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/quote"
)

// QuoteRequest asks where words stand in a source: the MCP find_quote
// tool's arguments.
type QuoteRequest struct {
	SourceID string `json:"source_id"`
	Text     string `json:"text"`
}

// QuoteMatch says where a quote was found in a source version, or why it
// was not: a verdict, not an error.
type QuoteMatch struct {
	Found   bool    `json:"found"`
	Version int     `json:"version"`
	Start   int     `json:"start,omitempty"`
	End     int     `json:"end,omitempty"`
	Kind    string  `json:"kind,omitempty"` // exact, normalized, repaired or fuzzy
	Score   float64 `json:"score,omitempty"`
	Text    string  `json:"text,omitempty"` // the source's own words at the span
	Reason  string  `json:"reason,omitempty"`
}

// notInSource is a QuoteMatch's reason when nothing matched.
const notInSource = "not in the source: no span matches these words verbatim, with typography aside, stitched from pieces in order, or with a few slipped words"

// FindQuote locates words in the current version of a source c may read,
// as the verbatim gate does: exactly, with typography aside, stitched from
// pieces in order, or with a few slipped words. A source c cannot read is
// reported exactly like one that does not exist.
func (s *Service) FindQuote(ctx context.Context, c verity.Caller, req QuoteRequest) (*QuoteMatch, error) {
	if strings.TrimSpace(req.Text) == "" {
		return nil, verity.Errorf(verity.EINVALID, "find_quote: give the words to find")
	}
	src, err := s.Show(ctx, c, ShowRequest{ID: req.SourceID})
	if err != nil {
		return nil, err
	}
	m := quote.Locate(src.Text, req.Text, quote.Options{})
	if !m.Found {
		return &QuoteMatch{Version: src.Version, Reason: notInSource}, nil
	}
	return &QuoteMatch{Found: true, Version: src.Version, Start: m.Start, End: m.End, Kind: string(m.Kind), Score: m.Score, Text: src.Text[m.Start:m.End]}, nil
}
