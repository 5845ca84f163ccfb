package sqlstore

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/postings"
	"github.com/veritykb/verity/rank"
)

// A chunk is stored as a span of its source version's text (migration 015):
// the chunks table holds its bytes [start, end) of the version's text
// (compressed in source_blocks since migration 020) and its heading path,
// not a copy of its text, and its index terms are derived from that text
// again when the index needs them. Only the chunks of a
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
		// A version's text is its blocks joined (none for an empty text).
		rows, err := q.QueryContext(ctx, `SELECT v.sid, v.version, v.title, v.size, b.block, b.data
			FROM (VALUES `+strings.TrimSuffix(strings.Repeat("(CAST(? AS BIGINT), CAST(? AS BIGINT)),", len(part)), ",")+`) k
			JOIN source_versions v ON v.sid = k.column1 AND v.version = k.column2
			LEFT JOIN source_blocks b ON b.sid = v.sid AND b.version = v.version
			ORDER BY v.sid, v.version, b.block`, args...)
		if err != nil {
			return err
		}
		var (
			found int
			at    versionKey
			v     version
			size  int
			buf   []byte
			next  int
		)
		done := func() error {
			if found == 0 {
				return nil
			}
			if len(buf) != size {
				return fmt.Errorf("the text blocks of source %d version %d hold %d bytes, not %d", at.sid, at.version, len(buf), size)
			}
			v.text = string(buf)
			keys[at] = v
			return nil
		}
		for rows.Next() {
			var (
				k     versionKey
				title string
				n     int
				block sql.NullInt64
				data  []byte
			)
			if err := rows.Scan(&k.sid, &k.version, &title, &n, &block, &data); err != nil {
				rows.Close()
				return err
			}
			if found == 0 || k != at {
				if err := done(); err != nil {
					rows.Close()
					return err
				}
				at, v, size, buf, next = k, version{title: title}, n, make([]byte, 0, n), 0
				found++
			}
			if !block.Valid {
				continue
			}
			if int(block.Int64) != next {
				rows.Close()
				return fmt.Errorf("text block %d of source %d version %d is missing", next, k.sid, k.version)
			}
			if buf, err = unblock(buf, data); err != nil {
				rows.Close()
				return err
			}
			next++
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return err
		}
		if err := done(); err != nil {
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

func insertChunks(ctx context.Context, tx *Tx, sid int64, src *verity.Source, chunks []verity.Chunk, indexed bool) error {
	if len(chunks) == 0 {
		return nil
	}
	first, err := nextCIDs(ctx, tx, len(chunks))
	if err != nil {
		return err
	}
	rows, docs, terms := chunkRows(src, sid, chunks, first, indexed)
	if err := insertMany(ctx, tx, "chunks", chunkColumns, rows); err != nil {
		return err
	}
	tx.pending = append(tx.pending, docs...)
	tx.bumpStats(len(docs), terms)
	return nil
}

// chunkColumns are the columns of chunks that chunkRows fills.
var chunkColumns = []string{"cid", "sid", "version", "ordinal", "start", `"end"`, "heading", "terms", "nterms"}

// chunkRows returns the rows of src's chunks (stored as source sid) with
// ids from first on, and, when they are indexed, the docs of those with
// terms and how many terms those hold. A chunk is its span of the text; it
// keeps its terms only when it is not indexed (its source is revoked).
func chunkRows(src *verity.Source, sid int64, chunks []verity.Chunk, first int64, indexed bool) (rows [][]any, docs []postings.Doc, nterms int) {
	rows = make([][]any, len(chunks))
	for i, c := range chunks {
		heading, _ := json.Marshal(nonNil(c.Heading))
		terms := rank.IndexTerms(src.Title, c.Heading, src.Text[c.Start:c.End])
		cid := first + int64(i)
		var kept sql.NullString
		if !indexed {
			kept = sql.NullString{String: strings.Join(terms, " "), Valid: true}
		}
		rows[i] = []any{cid, sid, src.Version, i, c.Start, c.End, string(heading), kept, len(terms)}
		if !indexed || len(terms) == 0 {
			continue
		}
		docs = append(docs, postings.Doc{ID: cid, Record: sid, Terms: terms})
		nterms += len(terms)
	}
	return rows, docs, nterms
}

// deleteChunks removes a source's chunks, and takes them out of the search
// index when they are in it (the source is active).
func deleteChunks(ctx context.Context, tx *Tx, sid int64, indexed bool) error {
	if indexed {
		if err := unindex(ctx, tx, sid, false); err != nil {
			return err
		}
	}
	_, err := tx.ExecContext(ctx, `DELETE FROM chunks WHERE sid = ?`, sid)
	return err
}

// Chunks implements [verity.SourceStore.Chunks]. Each chunk's text is its
// span of its version's text, which is read once.
func (d *DB) Chunks(ctx context.Context, id string) ([]verity.Chunk, error) {
	rows, err := d.q().QueryContext(ctx, `SELECT c.sid, c.version, c.ordinal, c.start, c."end", c.heading
		FROM chunks c JOIN sources s ON s.sid = c.sid WHERE s.id = ? ORDER BY c.ordinal`, id)
	if err != nil {
		return nil, fmt.Errorf("read chunks of %q: %w", id, err)
	}
	defer rows.Close()
	var (
		out      []verity.Chunk
		sid      int64 // one source's chunks
		versions = map[versionKey]version{}
	)
	for rows.Next() {
		c := verity.Chunk{SourceID: id}
		var heading string
		if err := rows.Scan(&sid, &c.Version, &c.Ordinal, &c.Start, &c.End, &heading); err != nil {
			return nil, fmt.Errorf("read chunks of %q: %w", id, err)
		}
		json.Unmarshal([]byte(heading), &c.Heading)
		out = append(out, c)
		versions[versionKey{sid, c.Version}] = version{}
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("read chunks of %q: %w", id, err)
	}
	rows.Close()
	if err := versionsOf(ctx, d.q(), versions); err != nil {
		return nil, fmt.Errorf("read chunks of %q: %w", id, err)
	}
	for i := range out {
		c := &out[i]
		if c.Text, err = span(versions[versionKey{sid, c.Version}].text, c.Start, c.End); err != nil {
			return nil, fmt.Errorf("read chunks of %q: chunk %d: %w", id, c.Ordinal, err)
		}
	}
	return out, nil
}
