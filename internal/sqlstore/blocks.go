package sqlstore

import (
	"context"
	"database/sql"
	"fmt"
	"runtime"
	"sync"

	"github.com/klauspost/compress/zstd"
)

// A version's text is stored compressed, in blocks (migration 020): block
// n of a version holds its bytes [n*TextBlock, (n+1)*TextBlock) as one
// zstd frame, in source_blocks, and source_versions keeps the text's
// length (size). A chunk or a quote span is read by decompressing only the
// blocks it falls in, so a result from a long PDF costs a block or two,
// not the document; spans stay byte offsets into the whole text. Stored
// whole, the text was most of a store (141 of 306 MB at 100,000 passages)
// where a search library compresses its stored fields. A block may end
// inside a UTF-8 sequence: blocks are joined before a span is cut.

// TextBlock is how many bytes of a version's text one block holds (the
// last block of a version may hold fewer). It is part of the stored
// format: a store written with one size is read with the same.
const TextBlock = 32 << 10

var (
	zstdOnce sync.Once
	zstdEnc  *zstd.Encoder
	zstdDec  *zstd.Decoder
)

// codec returns the process's zstd encoder and decoder, which every
// goroutine shares (EncodeAll and DecodeAll run concurrently, on as many
// encoders as cores: a batch compresses on every core). The window is one
// block's: a frame never refers further back. The default level: on
// passages of about 1 KB it stores 1.71 bytes of text in one at 38 MB/s
// a core, where the fastest gives 1.35 and a trained dictionary 1.94 at a
// quarter of the speed.
func codec() (*zstd.Encoder, *zstd.Decoder) {
	zstdOnce.Do(func() {
		var err error
		zstdEnc, err = zstd.NewWriter(nil, zstd.WithEncoderLevel(zstd.SpeedDefault),
			zstd.WithWindowSize(TextBlock), zstd.WithEncoderCRC(false),
			zstd.WithEncoderConcurrency(runtime.GOMAXPROCS(0)), zstd.WithLowerEncoderMem(true))
		if err != nil {
			panic(err) // only for invalid options, which these are not
		}
		zstdDec, err = zstd.NewReader(nil, zstd.WithDecoderConcurrency(0), zstd.WithDecoderLowmem(true),
			zstd.WithDecoderMaxWindow(TextBlock))
		if err != nil {
			panic(err)
		}
	})
	return zstdEnc, zstdDec
}

// textBlocks splits text into its compressed blocks: rows of
// source_blocks for version (sid, version) (columns blockColumns).
func textBlocks(sid int64, version int, text string) [][]any {
	enc, _ := codec()
	rows := make([][]any, 0, (len(text)+TextBlock-1)/TextBlock)
	for n := 0; n*TextBlock < len(text); n++ {
		part := text[n*TextBlock : min((n+1)*TextBlock, len(text))]
		rows = append(rows, []any{sid, version, n, enc.EncodeAll([]byte(part), nil)})
	}
	return rows
}

// blockColumns are the columns of source_blocks that textBlocks fills.
var blockColumns = []string{"sid", "version", "block", "data"}

// storeText writes the blocks of version (sid, version)'s text.
func storeText(ctx context.Context, tx *Tx, sid int64, version int, text string) error {
	return insertMany(ctx, tx, "source_blocks", blockColumns, textBlocks(sid, version, text))
}

// unblock decompresses one block, appending its bytes to dst. A block
// holds TextBlock bytes at most; one that would hold more is a broken
// store.
func unblock(dst, data []byte) ([]byte, error) {
	_, dec := codec()
	out, err := dec.DecodeAll(data, dst)
	if err != nil {
		return dst, fmt.Errorf("decompress a text block: %w", err)
	}
	if len(out)-len(dst) > TextBlock {
		return dst, fmt.Errorf("a text block holds %d bytes, more than %d", len(out)-len(dst), TextBlock)
	}
	return out, nil
}

// blockRange is the blocks a span [start, end) of a text falls in, as SQL
// over columns start and end: a condition on source_blocks b.
func blockRange(start, end string) string {
	return fmt.Sprintf(`b.block BETWEEN %[1]s / %[3]d AND (%[2]s - 1) / %[3]d`, start, end, TextBlock)
}

// spanOf cuts span [start, end) out of the joined blocks that begin with
// block first, which must cover it.
func spanOf(joined []byte, first, start, end int) ([]byte, error) {
	lo, hi := start-first*TextBlock, end-first*TextBlock
	if start < 0 || end < start || lo < 0 || hi > len(joined) {
		return nil, fmt.Errorf("span [%d,%d) is outside the text blocks read (%d bytes from %d)", start, end, len(joined), first*TextBlock)
	}
	return joined[lo:hi], nil
}

// versionText reads and joins the blocks of version (sid, version), whose
// text is size bytes long.
func versionText(ctx context.Context, q querier, sid int64, version, size int) (string, error) {
	rows, err := q.QueryContext(ctx, `SELECT block, data FROM source_blocks WHERE sid = ? AND version = ? ORDER BY block`, sid, version)
	if err != nil {
		return "", err
	}
	defer rows.Close()
	buf := make([]byte, 0, size)
	for n := 0; rows.Next(); n++ {
		var (
			block int
			data  []byte
		)
		if err := rows.Scan(&block, &data); err != nil {
			return "", err
		}
		if block != n {
			return "", fmt.Errorf("text block %d of source %d version %d is missing", n, sid, version)
		}
		if buf, err = unblock(buf, data); err != nil {
			return "", err
		}
	}
	if err := rows.Err(); err != nil {
		return "", err
	}
	if len(buf) != size {
		return "", fmt.Errorf("the text blocks of source %d version %d hold %d bytes, not %d", sid, version, len(buf), size)
	}
	return string(buf), nil
}

// CompressVersions is migration 020's Go part: it moves the text of every
// stored version into compressed blocks and records its size, a few
// hundred versions at a time (keyset order, so memory stays bounded),
// then drops source_versions.text. The SQL before it made source_blocks
// and the size column.
func CompressVersions(ctx context.Context, tx *Tx) error {
	const per = 256
	var (
		sid     int64 // the last version done; sids start at 1
		version int
	)
	for {
		rows, err := tx.QueryContext(ctx, `SELECT sid, version, text FROM source_versions
			WHERE sid > ? OR (sid = ? AND version > ?) ORDER BY sid, version LIMIT `+fmt.Sprint(per), sid, sid, version)
		if err != nil {
			return err
		}
		type one struct {
			sid     int64
			version int
			text    string
		}
		var batch []one
		for rows.Next() {
			var o one
			var text sql.RawBytes
			if err := rows.Scan(&o.sid, &o.version, &text); err != nil {
				rows.Close()
				return err
			}
			o.text = string(text)
			batch = append(batch, o)
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return err
		}
		if len(batch) == 0 {
			break
		}
		var blocks [][]any
		for _, o := range batch {
			blocks = append(blocks, textBlocks(o.sid, o.version, o.text)...)
			if _, err := tx.ExecContext(ctx, `UPDATE source_versions SET size = ? WHERE sid = ? AND version = ?`, len(o.text), o.sid, o.version); err != nil {
				return err
			}
		}
		if err := insertMany(ctx, tx, "source_blocks", blockColumns, blocks); err != nil {
			return err
		}
		last := batch[len(batch)-1]
		sid, version = last.sid, last.version
	}
	_, err := tx.ExecContext(ctx, `ALTER TABLE source_versions DROP COLUMN text`)
	return err
}

// spanBlocks gathers, chunk by chunk, the decompressed blocks that chunks'
// spans fall in, as a query's rows bring them (ordered by chunk and block).
type spanBlocks map[int64]*spanPart

// spanPart is the blocks of one chunk read so far: from block first, up to
// next (excluded), joined.
type spanPart struct {
	first, next int
	joined      []byte
}

// add appends block number block of chunk cid's version.
func (s spanBlocks) add(cid int64, block int, data []byte) error {
	p := s[cid]
	if p == nil {
		p = &spanPart{first: block, next: block}
		s[cid] = p
	}
	if block != p.next {
		return fmt.Errorf("text block %d of chunk %d is missing", p.next, cid)
	}
	joined, err := unblock(p.joined, data)
	if err != nil {
		return err
	}
	p.joined, p.next = joined, block+1
	return nil
}

// span is the bytes [start, end) of chunk cid's version, from its blocks.
func (s spanBlocks) span(cid int64, start, end int) ([]byte, error) {
	p := s[cid]
	if p == nil {
		return nil, fmt.Errorf("chunk %d has no text blocks", cid)
	}
	if end <= start || p.first != start/TextBlock || p.next != (end-1)/TextBlock+1 {
		return nil, fmt.Errorf("chunk %d span [%d,%d) has blocks %d to %d", cid, start, end, p.first, p.next-1)
	}
	return spanOf(p.joined, p.first, start, end)
}
