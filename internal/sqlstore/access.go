package sqlstore

import (
	"context"
	"database/sql"
	"fmt"
	"slices"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/receipt"
)

var _ receipt.AccessLookup = (*DB)(nil)

// SourceAccess returns what an access decision needs of source id — its ACL
// and status — without reading its text; ENOTFOUND when there is none. It
// is one query whether the source exists or not, so that the service's
// answer for an id the caller cannot read and for a missing one take the
// same path.
func (d *DB) SourceAccess(ctx context.Context, id string) ([]verity.Principal, verity.SourceStatus, error) {
	rows, err := d.q().QueryContext(ctx, `SELECT s.status, a.principal FROM sources s LEFT JOIN source_acl a ON a.sid = s.sid
		WHERE s.id = ?`, id)
	if err != nil {
		return nil, "", fmt.Errorf("read source %q: %w", id, err)
	}
	defer rows.Close()
	var (
		acl    []verity.Principal
		status string
		found  bool
	)
	for rows.Next() {
		var p sql.NullString
		if err := rows.Scan(&status, &p); err != nil {
			return nil, "", fmt.Errorf("read source %q: %w", id, err)
		}
		found = true
		if p.Valid {
			acl = append(acl, verity.Principal(p.String))
		}
	}
	if err := rows.Err(); err != nil {
		return nil, "", fmt.Errorf("read source %q: %w", id, err)
	}
	if !found {
		return nil, "", verity.Errorf(verity.ENOTFOUND, "no source %q", id)
	}
	// Sorted here: ORDER BY led SQLite to walk the whole ACL table in
	// principal order for an id that does not exist.
	slices.Sort(acl)
	return acl, verity.SourceStatus(status), nil
}
