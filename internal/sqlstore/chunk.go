package sqlstore

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/veritykb/verity/rank"
)

// A chunk is stored as a span of its source version's text (migration 015):
// the chunks table holds its bytes [start, end) of source_versions.text and
// its heading path, not a copy of its text, and its index terms are derived
// from that text again when the index needs them. Only the chunks of a
// revoked source keep their terms (they are out of the index, and a question
// is compared with them); every other chunk's terms column is NULL.

// versionKey names one version of one source.
type versionKey struct {
	sid     int64
	version int
}

// version is a source version's title and text, which its chunks' terms
// and texts come from.
type version struct {
	title, text string
}

// versionsOf reads the title and text of the source versions keys names,
// each once however many chunks ask for it.
func versionsOf(ctx context.Context, q querier, keys map[versionKey]version) error {
	if len(keys) == 0 {
		return nil
	}
	const per = maxRowArgs / 2
	all := make([]versionKey, 0, len(keys))
	for k := range keys {
		all = append(all, k)
	}
	for lo := 0; lo < len(all); lo += per {
		part := all[lo:min(lo+per, len(all))]
		args := make([]any, 0, 2*len(part))
		for _, k := range part {
			args = append(args, k.sid, k.version)
		}
		rows, err := q.QueryContext(ctx, `SELECT v.sid, v.version, v.title, v.text
			FROM (VALUES `+strings.TrimSuffix(strings.Repeat("(CAST(? AS BIGINT), CAST(? AS BIGINT)),", len(part)), ",")+`) k
			JOIN source_versions v ON v.sid = k.column1 AND v.version = k.column2`, args...)
		if err != nil {
			return err
		}
		found := 0
		for rows.Next() {
			var (
				k versionKey
				v version
			)
			if err := rows.Scan(&k.sid, &k.version, &v.title, &v.text); err != nil {
				rows.Close()
				return err
			}
			keys[k] = v
			found++
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return err
		}
		if found != len(part) {
			return fmt.Errorf("%d of %d source versions that chunks are spans of are missing", len(part)-found, len(part))
		}
	}
	return nil
}

// span is the text of a chunk: bytes [start, end) of its version's text.
func span(text string, start, end int) (string, error) {
	if start < 0 || end < start || end > len(text) {
		return "", fmt.Errorf("chunk span [%d,%d) is outside its version's text (%d bytes)", start, end, len(text))
	}
	return text[start:end], nil
}

// chunkTerms are the index terms of a chunk of version v with heading path
// heading (as stored, JSON) and span [start, end), as the chunk was indexed
// with: its source's title, its headings and its text.
func chunkTerms(v version, heading string, start, end int) ([]string, error) {
	text, err := span(v.text, start, end)
	if err != nil {
		return nil, err
	}
	var path []string
	if err := json.Unmarshal([]byte(heading), &path); err != nil {
		return nil, fmt.Errorf("chunk heading %.40q: %w", heading, err)
	}
	return rank.IndexTerms(v.title, path, text), nil
}
