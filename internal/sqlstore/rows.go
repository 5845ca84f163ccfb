package sqlstore

import (
	"context"
	"strings"
)

// maxRowArgs bounds the arguments of one multi-row INSERT: SQLite takes at
// most 32766 and PostgreSQL 65535 in one statement.
const maxRowArgs = 8000

// insertMany inserts rows (each a value per column of cols) into table with
// as few statements as the argument limit allows: one round trip for a
// source's chunks rather than one a chunk, which on a database across a
// socket was most of an ingest's time. Statements of a full group are the
// same text, so a dialect that prepares them prepares them once.
func insertMany(ctx context.Context, tx *Tx, table string, cols []string, rows [][]any) error {
	if len(rows) == 0 {
		return nil
	}
	per := max(1, maxRowArgs/len(cols))
	one := "(" + strings.TrimSuffix(strings.Repeat("?, ", len(cols)), ", ") + ")"
	head := "INSERT INTO " + table + " (" + strings.Join(cols, ", ") + ") VALUES "
	for lo := 0; lo < len(rows); lo += per {
		group := rows[lo:min(lo+per, len(rows))]
		args := make([]any, 0, len(group)*len(cols))
		for _, r := range group {
			args = append(args, r...)
		}
		q := head + strings.TrimSuffix(strings.Repeat(one+", ", len(group)), ", ")
		if _, err := tx.ExecContext(ctx, q, args...); err != nil {
			return err
		}
	}
	return nil
}
