package sqlstore

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/receipt"
)

var _ receipt.AccessLookup = (*DB)(nil)

// SourceAccess returns what an access decision needs of source id — its ACL
// and status — without reading its text; ENOTFOUND when there is none.
func (d *DB) SourceAccess(ctx context.Context, id string) ([]verity.Principal, verity.SourceStatus, error) {
	var (
		sid    int64
		status string
	)
	err := d.q().QueryRowContext(ctx, `SELECT sid, status FROM sources WHERE id = ?`, id).Scan(&sid, &status)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, "", verity.Errorf(verity.ENOTFOUND, "no source %q", id)
	}
	if err != nil {
		return nil, "", fmt.Errorf("read source %q: %w", id, err)
	}
	acl, err := sourceACL(ctx, d.q(), sid)
	if err != nil {
		return nil, "", fmt.Errorf("read source %q acl: %w", id, err)
	}
	return acl, verity.SourceStatus(status), nil
}
