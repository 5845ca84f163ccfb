package sqlstore

import (
	"context"
	"fmt"

	"github.com/veritykb/verity"
)

// QuoteRecords lists the records of kind quote resting on source id, dead
// ones included, by id: what relocation re-locates when the source gets a
// new version. The receipt members' index on member finds them without a
// scan of the records.
func (d *DB) QuoteRecords(ctx context.Context, sourceID string) ([]*verity.Record, error) {
	rows, err := d.q().QueryContext(ctx, `SELECT `+recordColumns+` FROM records
		WHERE kind = ? AND rid IN (SELECT rid FROM receipt_members WHERE member = ?) ORDER BY id`,
		string(verity.KindQuote), string(verity.SourceRef(sourceID)))
	if err != nil {
		return nil, fmt.Errorf("quotes of %s: %w", sourceID, err)
	}
	defer rows.Close()
	var out []*verity.Record
	for rows.Next() {
		r, err := scanRecord(rows)
		if err != nil {
			return nil, fmt.Errorf("quotes of %s: %w", sourceID, err)
		}
		out = append(out, r)
	}
	return out, rows.Err()
}
