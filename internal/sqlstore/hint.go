package sqlstore

import (
	"context"
	"database/sql"
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/veritykb/verity"
)

// SetSystemDiscoverable makes every source of system discoverable or not
// (see [verity.Hint]), recorded as set by by, and reports whether that
// changed the setting. A system may be made undiscoverable before it holds
// any source. Deciding who may is the service layer's.
func (d *DB) SetSystemDiscoverable(ctx context.Context, system string, discoverable bool, by verity.Principal) (bool, error) {
	if strings.TrimSpace(system) == "" {
		return false, verity.Errorf(verity.EINVALID, "set discoverable: give a system")
	}
	query, args := `DELETE FROM undiscoverable_systems WHERE system = ?`, []any{system}
	if !discoverable {
		query = `INSERT INTO undiscoverable_systems (system, set_by, set_at) VALUES (?, ?, ?) ON CONFLICT (system) DO NOTHING`
		args = append(args, string(by), formatTime(d.now()))
	}
	res, err := d.q().ExecContext(ctx, query, args...)
	if err != nil {
		return false, fmt.Errorf("set system %q discoverable: %w", system, err)
	}
	n, err := res.RowsAffected()
	if err != nil {
		return false, fmt.Errorf("set system %q discoverable: %w", system, err)
	}
	return n > 0, nil
}

// Systems lists every system that holds a source or has been made
// undiscoverable, by name.
func (d *DB) Systems(ctx context.Context) ([]verity.System, error) {
	rows, err := d.q().QueryContext(ctx, `SELECT n.system,
		(SELECT count(*) FROM sources s WHERE s.system = n.system),
		(SELECT count(*) FROM sources s JOIN undiscoverable_sources u ON u.sid = s.sid WHERE s.system = n.system),
		y.set_by, y.set_at
		FROM (SELECT DISTINCT system FROM sources UNION SELECT system FROM undiscoverable_systems) n
		LEFT JOIN undiscoverable_systems y ON y.system = n.system
		ORDER BY n.system`)
	if err != nil {
		return nil, fmt.Errorf("list systems: %w", err)
	}
	defer rows.Close()
	out := []verity.System{}
	for rows.Next() {
		var (
			s      verity.System
			by, at sql.NullString
		)
		if err := rows.Scan(&s.Name, &s.Sources, &s.UndiscoverableSources, &by, &at); err != nil {
			return nil, fmt.Errorf("list systems: %w", err)
		}
		s.Discoverable = !by.Valid
		if by.Valid {
			s.SetBy, s.SetAt = verity.Principal(by.String), parseTime(at.String)
		}
		out = append(out, s)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("list systems: %w", err)
	}
	return out, nil
}

// UndiscoverableSources returns which of ids the store holds as
// undiscoverable by their own setting.
func (d *DB) UndiscoverableSources(ctx context.Context, ids []string) (map[string]bool, error) {
	out := map[string]bool{}
	for lo := 0; lo < len(ids); lo += batchSize {
		part := ids[lo:min(lo+batchSize, len(ids))]
		rows, err := d.q().QueryContext(ctx, `SELECT s.id FROM sources s JOIN undiscoverable_sources u ON u.sid = s.sid
			WHERE s.id IN (`+placeholders(len(part))+`)`, argsOf(part)...)
		if err != nil {
			return nil, fmt.Errorf("read discoverable: %w", err)
		}
		for rows.Next() {
			var id string
			if err := rows.Scan(&id); err != nil {
				rows.Close()
				return nil, fmt.Errorf("read discoverable: %w", err)
			}
			out[id] = true
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return nil, fmt.Errorf("read discoverable: %w", err)
		}
	}
	return out, nil
}

// HintQueries returns how many searches each of principals made in hour
// (Unix seconds / 3600), as every server sharing the store has added them;
// a principal with none is absent.
func (d *DB) HintQueries(ctx context.Context, principals []string, hour int64) (map[string]int64, error) {
	out := map[string]int64{}
	if len(principals) == 0 {
		return out, nil
	}
	rows, err := d.q().QueryContext(ctx, `SELECT principal, queries FROM hint_queries WHERE hour = ? AND principal IN (`+placeholders(len(principals))+`)`,
		append([]any{hour}, argsOf(principals)...)...)
	if err != nil {
		return nil, fmt.Errorf("read hint budget: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var (
			p string
			n int64
		)
		if err := rows.Scan(&p, &n); err != nil {
			return nil, fmt.Errorf("read hint budget: %w", err)
		}
		out[p] = n
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("read hint budget: %w", err)
	}
	return out, nil
}

// AddHintQueries adds counts to each principal's searches in hour, in one
// transaction, and forgets the hours before the previous one.
func (d *DB) AddHintQueries(ctx context.Context, hour int64, counts map[string]int64) error {
	ps := slices.Sorted(maps.Keys(counts))
	return d.tx(ctx, func(tx *Tx) error {
		for _, p := range ps {
			if _, err := tx.ExecContext(ctx, `INSERT INTO hint_queries (principal, hour, queries) VALUES (?, ?, ?)
				ON CONFLICT (principal, hour) DO UPDATE SET queries = hint_queries.queries + excluded.queries`, p, hour, counts[p]); err != nil {
				return fmt.Errorf("count hint queries: %w", err)
			}
		}
		if _, err := tx.ExecContext(ctx, `DELETE FROM hint_queries WHERE hour < ?`, hour-1); err != nil {
			return fmt.Errorf("count hint queries: %w", err)
		}
		return nil
	})
}
