package sqlstore

import (
	"context"
	"encoding/binary"
	"fmt"
	"hash"
	"io"
	"math"
	"slices"
	"strings"
)

// row is one row's values as a driver gives them: SQLite's int64, float64,
// string and []byte, PostgreSQL's int64, string and []byte (flags are 0/1
// integers in both), and nil.
type row []any

// size is about how many bytes a row's text and blobs take.
func (r row) size() int {
	n := 8 * len(r)
	for _, v := range r {
		switch v := v.(type) {
		case string:
			n += len(v)
		case []byte:
			n += len(v)
		}
	}
	return n
}

// column is a column of a table and the kind of value the destination
// keeps in it.
type column struct {
	name string
	kind columnKind
}

type columnKind int

const (
	kindOther columnKind = iota // integers: passed as they are
	kindText
	kindBytes
)

// convert gives v the Go type the destination's column takes. SQLite
// keeps what it was given, so a BLOB column may hold text (a default of
// '{}') and a TEXT column bytes; PostgreSQL's bytea takes only bytes and
// its text only valid text, so the copy keeps text as text and blobs as
// bytes by the column.
func (c column) convert(v any) any {
	switch c.kind {
	case kindText:
		if b, ok := v.([]byte); ok {
			return string(b)
		}
	case kindBytes:
		if s, ok := v.(string); ok {
			return []byte(s)
		}
	}
	return v
}

// columnsOf lists a table's columns, in its order, with their kinds by the
// types the database declares.
func columnsOf(ctx context.Context, q querier, table string) ([]column, error) {
	rows, err := q.QueryContext(ctx, `SELECT * FROM "`+table+`" WHERE 1 = 0`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	types, err := rows.ColumnTypes()
	if err != nil {
		return nil, err
	}
	out := make([]column, len(types))
	for i, t := range types {
		out[i].name = t.Name()
		switch strings.ToUpper(t.DatabaseTypeName()) {
		case "TEXT", "VARCHAR":
			out[i].kind = kindText
		case "BLOB", "BYTEA":
			out[i].kind = kindBytes
		}
	}
	return out, rows.Err()
}

func names(cols []column) []string {
	out := make([]string, len(cols))
	for i, c := range cols {
		out[i] = c.name
	}
	return out
}

// sameNames reports whether two tables have the same columns, in any order.
func sameNames(a, b []column) bool {
	x, y := names(a), names(b)
	slices.Sort(x)
	slices.Sort(y)
	return slices.Equal(x, y)
}

// kindsOf returns the source's columns, in its order, with the kinds the
// destination's columns of the same names have.
func kindsOf(src, dst []column) []column {
	out := slices.Clone(src)
	for i := range out {
		if j := slices.IndexFunc(dst, func(c column) bool { return c.name == out[i].name }); j >= 0 {
			out[i].kind = dst[j].kind
		}
	}
	return out
}

// writeRow adds a row's canonical encoding to h: for each value a tag and
// its bytes, integers as 8 bytes big-endian, text and blobs alike as a
// length and their bytes (SQLite may hold one value as either, and the
// destination keeps it as its column's kind), so that the same rows give
// the same sum whichever database and driver read them.
func writeRow(h hash.Hash, r row) error {
	var buf [1 + binary.MaxVarintLen64]byte
	for _, v := range r {
		switch v := v.(type) {
		case nil:
			buf[0] = 'N'
			h.Write(buf[:1])
		case int64:
			buf[0] = 'I'
			binary.BigEndian.PutUint64(buf[1:], uint64(v))
			h.Write(buf[:9])
		case float64:
			buf[0] = 'F'
			binary.BigEndian.PutUint64(buf[1:], math.Float64bits(v))
			h.Write(buf[:9])
		case string:
			buf[0] = 'B'
			h.Write(buf[:1+binary.PutUvarint(buf[1:], uint64(len(v)))])
			io.WriteString(h, v)
		case []byte:
			buf[0] = 'B'
			h.Write(buf[:1+binary.PutUvarint(buf[1:], uint64(len(v)))])
			h.Write(v)
		default:
			return fmt.Errorf("a value of type %T, which no store column holds", v)
		}
	}
	return nil
}
