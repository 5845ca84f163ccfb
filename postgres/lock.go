package postgres

import (
	"context"
	"database/sql"
	"fmt"
	"hash/fnv"
)

// tryLock takes PostgreSQL's session advisory lock for key in the store's
// schema (by its key) on a connection of its own, held until release: the server lets
// go of it when the process (its connection) dies.
func tryLock(schemaKey int32) func(ctx context.Context, db *sql.DB, key string) (func(), bool, error) {
	return func(ctx context.Context, db *sql.DB, key string) (func(), bool, error) {
		h := fnv.New64a()
		fmt.Fprintf(h, "verity/%d/%s", schemaKey, key)
		id := int64(h.Sum64())
		conn, err := db.Conn(ctx)
		if err != nil {
			return nil, false, err
		}
		var ok bool
		if err := conn.QueryRowContext(ctx, `SELECT pg_try_advisory_lock($1)`, id).Scan(&ok); err != nil || !ok {
			conn.Close()
			return nil, false, err
		}
		return func() {
			conn.ExecContext(context.Background(), `SELECT pg_advisory_unlock($1)`, id)
			conn.Close()
		}, true, nil
	}
}
