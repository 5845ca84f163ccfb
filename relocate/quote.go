package relocate

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/veritykb/verity"
)

// Quote is the body of a quote record: where its text stands in a version
// of its source, Text == source.Text[Start:End] for that Version.
type Quote struct {
	SourceID string `json:"source_id"`
	Version  int    `json:"version"`
	Start    int    `json:"start"`
	End      int    `json:"end"`
	// Text is stored under "quote", not "text": a quote is not a claim of
	// its own, so audits, which regenerate a record's "text", skip it.
	Text string `json:"quote"`
	// Kind is how quote.Locate found it the last time: exact, normalized,
	// repaired or fuzzy when first located, exact or normalized after a move.
	Kind string `json:"kind,omitempty"`
	// Gone is the version of the source the quote was missing from when
	// relocation revoked it; 0 while it is found. Version, Start and End
	// then still say where it was last seen.
	Gone int `json:"gone,omitempty"`
}

// IDPrefix starts the id of every quote record.
const IDPrefix = "quote:"

// ID returns the id of the quote record of text in source sourceID. It
// depends only on the two, with runs of white space read as one space, so
// the same words of the same source are one record however many sentences
// and statements rest on them.
func ID(sourceID, text string) string {
	sum := sha256.Sum256([]byte(sourceID + "\x00" + strings.Join(strings.Fields(text), " ")))
	return IDPrefix + hex.EncodeToString(sum[:8])
}

// Record returns the quote record of q: its [ID], kind quote, q as its
// body, and a receipt resting on q's source alone.
func Record(q Quote) *verity.Record {
	body, _ := json.Marshal(q) // a struct of strings and ints always encodes
	return &verity.Record{ID: ID(q.SourceID, q.Text), Kind: verity.KindQuote,
		Receipt: verity.Receipt{Sets: [][]verity.Ref{{verity.SourceRef(q.SourceID)}}}, Body: body}
}

// Of reads a quote record's body back.
func Of(rec *verity.Record) (Quote, error) {
	var q Quote
	if rec.Kind != verity.KindQuote {
		return q, verity.Errorf(verity.EINVALID, "record %q is a %s, not a quote", rec.ID, rec.Kind)
	}
	if err := json.Unmarshal(rec.Body, &q); err != nil {
		return q, fmt.Errorf("quote %s: body: %w", rec.ID, err)
	}
	return q, nil
}

// IsQuote reports whether ref names a quote record.
func IsQuote(ref verity.Ref) bool {
	return ref.Kind() == verity.RefRecord && strings.HasPrefix(ref.ID(), IDPrefix)
}

// Sources returns rc as a person reads it: each quote record replaced by
// the source it quotes, as sourceOf (quote record id → source id) names
// it. Other refs, and quote records sourceOf does not name, stay as they
// are. The result is minimal, so a receipt built from a minimal receipt
// over sources reads back exactly as that one.
func Sources(rc verity.Receipt, sourceOf map[string]string) verity.Receipt {
	out := verity.Receipt{Sets: make([][]verity.Ref, len(rc.Sets))}
	for i, set := range rc.Sets {
		out.Sets[i] = make([]verity.Ref, len(set))
		for j, ref := range set {
			if src, ok := sourceOf[ref.ID()]; ok && IsQuote(ref) {
				ref = verity.SourceRef(src)
			}
			out.Sets[i][j] = ref
		}
	}
	return out.Minimal()
}

// Resting returns rc with each source that quoted names (source id → quote
// record id) replaced by its quote record: the receipt a sentence or
// statement is stored with. Sources without a quote stay: there is nothing
// to re-locate for them.
func Resting(rc verity.Receipt, quoted map[string]string) verity.Receipt {
	out := verity.Receipt{Sets: make([][]verity.Ref, len(rc.Sets))}
	for i, set := range rc.Sets {
		out.Sets[i] = make([]verity.Ref, len(set))
		for j, ref := range set {
			if q, ok := quoted[ref.ID()]; ok && ref.Kind() == verity.RefSource {
				ref = verity.RecordRef(q)
			}
			out.Sets[i][j] = ref
		}
	}
	return out.Minimal()
}
