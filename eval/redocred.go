package eval

import (
	"encoding/json"
	"errors"
	"io/fs"
	"os"
	"strings"

	"github.com/veritykb/verity"
)

// ReDocRED is a split of Re-DocRED (Tan et al. 2022), the revised DocRED:
// Wikipedia lead sections as token lists, entities with their mentions, and
// relation labels between entities with evidence sentences.
type ReDocRED struct {
	Docs []RedDoc
}

// RedDoc is one document.
type RedDoc struct {
	Title    string         `json:"title"`
	Sents    [][]string     `json:"sents"`
	Vertices [][]RedMention `json:"vertexSet"`
	Labels   []RedLabel     `json:"labels"`
}

// RedMention is one mention of an entity: its words, sentence and token span.
type RedMention struct {
	Name   string `json:"name"`
	SentID int    `json:"sent_id"`
	Pos    [2]int `json:"pos"`
	Type   string `json:"type"` // ORG, PER, LOC, MISC, TIME, NUM
}

// RedLabel is a relation between entities H and T (indexes into Vertices),
// with the sentences that state it (empty for many labels the revision
// added).
type RedLabel struct {
	R        string `json:"r"` // a Wikidata property: P178, P176, P400, P463...
	H        int    `json:"h"`
	T        int    `json:"t"`
	Evidence []int  `json:"evidence"`
}

// LoadReDocRED reads a Re-DocRED split (dev_revised.json, a JSON array). A
// missing file is ENOTFOUND.
func LoadReDocRED(path string) (*ReDocRED, error) {
	data, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, verity.Errorf(verity.ENOTFOUND, "Re-DocRED not found at %s (get dev_revised.json from github.com/tonytan48/Re-DocRED)", path)
	}
	if err != nil {
		return nil, verity.Errorf(verity.EINVALID, "read Re-DocRED: %w", err)
	}
	var docs []RedDoc
	if err := json.Unmarshal(data, &docs); err != nil {
		return nil, verity.Errorf(verity.EINVALID, "parse Re-DocRED %s: %w", path, err)
	}
	return &ReDocRED{Docs: docs}, nil
}

// Text joins the document's sentences, each its tokens joined by single
// spaces, with single spaces between sentences: the canonical text Verity
// stores for it. Spans gives each sentence's byte span in it.
func (d RedDoc) Text() string {
	parts := make([]string, len(d.Sents))
	for i, s := range d.Sents {
		parts[i] = strings.Join(s, " ")
	}
	return strings.Join(parts, " ")
}

// Spans returns the byte span of each sentence within Text().
func (d RedDoc) Spans() []verity.Span {
	spans := make([]verity.Span, len(d.Sents))
	off := 0
	for i, s := range d.Sents {
		n := len(strings.Join(s, " "))
		spans[i] = verity.Span{Start: off, End: off + n}
		off += n + 1
	}
	return spans
}

// Type returns an entity's type: that of its first mention.
func (d RedDoc) Type(v int) string {
	if v < 0 || v >= len(d.Vertices) || len(d.Vertices[v]) == 0 {
		return ""
	}
	return d.Vertices[v][0].Type
}
