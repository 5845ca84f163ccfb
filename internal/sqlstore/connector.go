package sqlstore

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/veritykb/verity"
)

// PutConnector stores a new connector; ECONFLICT when one has its name.
func (d *DB) PutConnector(ctx context.Context, c *verity.Connector) error {
	spaces, _ := json.Marshal(c.Spaces)
	state, _ := json.Marshal(c.State)
	err := d.tx(ctx, func(tx *Tx) error {
		var n int
		if err := tx.QueryRowContext(ctx, `SELECT count(*) FROM connectors WHERE name = ?`, c.Name).Scan(&n); err != nil {
			return err
		}
		if n > 0 {
			return verity.Errorf(verity.ECONFLICT, "a connector named %q exists: remove it first or choose another name", c.Name)
		}
		_, err := tx.ExecContext(ctx, `INSERT INTO connectors (name, kind, url, username, secret_ref, webhook_ref, filter, spaces, system, anyone, adopt, max_deletions,
			interval_s, reconcile_s, created_by, created_at, state) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
			c.Name, c.Kind, c.URL, c.User, c.Secret, c.Webhook, c.Filter, string(spaces), c.System, string(c.Anyone), boolInt(c.Adopt), c.MaxDeletions,
			int64(c.Interval/time.Second), int64(c.Reconcile/time.Second), string(c.CreatedBy), formatTime(c.CreatedAt), string(state))
		return err
	})
	if err != nil && verity.ErrorCode(err) != verity.ECONFLICT {
		return fmt.Errorf("store connector %s: %w", c.Name, err)
	}
	return err
}

const connectorColumns = `name, kind, url, username, secret_ref, webhook_ref, filter, spaces, system, anyone, adopt, max_deletions, interval_s, reconcile_s, created_by, created_at, state`

func scanConnector(sc interface{ Scan(...any) error }) (*verity.Connector, error) {
	var (
		c                          verity.Connector
		spaces, anyone, by, at, st string
		interval, reconcile, adopt int64
	)
	if err := sc.Scan(&c.Name, &c.Kind, &c.URL, &c.User, &c.Secret, &c.Webhook, &c.Filter, &spaces, &c.System, &anyone, &adopt, &c.MaxDeletions,
		&interval, &reconcile, &by, &at, &st); err != nil {
		return nil, err
	}
	if err := json.Unmarshal([]byte(spaces), &c.Spaces); err != nil {
		return nil, fmt.Errorf("connector %s: spaces: %w", c.Name, err)
	}
	if err := json.Unmarshal([]byte(st), &c.State); err != nil {
		return nil, fmt.Errorf("connector %s: state: %w", c.Name, err)
	}
	c.Anyone, c.CreatedBy, c.CreatedAt, c.Adopt = verity.Principal(anyone), verity.Principal(by), parseTime(at), adopt != 0
	c.Interval, c.Reconcile = time.Duration(interval)*time.Second, time.Duration(reconcile)*time.Second
	return &c, nil
}

// Connector returns the connector named name; ENOTFOUND when there is none.
func (d *DB) Connector(ctx context.Context, name string) (*verity.Connector, error) {
	c, err := scanConnector(d.q().QueryRowContext(ctx, `SELECT `+connectorColumns+` FROM connectors WHERE name = ?`, name))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, verity.Errorf(verity.ENOTFOUND, "no connector %q", name)
	}
	if err != nil {
		return nil, fmt.Errorf("read connector %s: %w", name, err)
	}
	return c, nil
}

// Connectors lists every connector by name.
func (d *DB) Connectors(ctx context.Context) ([]verity.Connector, error) {
	return scanAll(ctx, d.q(), "connectors", `SELECT `+connectorColumns+` FROM connectors ORDER BY name`, scanConnector)
}

// DeleteConnector removes a connector and what it knew of its pages (the
// records it wrote stay), reporting whether there was one.
func (d *DB) DeleteConnector(ctx context.Context, name string) (bool, error) {
	var gone bool
	err := d.tx(ctx, func(tx *Tx) error {
		res, err := tx.ExecContext(ctx, `DELETE FROM connectors WHERE name = ?`, name)
		if err != nil {
			return err
		}
		n, _ := res.RowsAffected()
		gone = n > 0
		_, err = tx.ExecContext(ctx, `DELETE FROM connector_items WHERE connector = ?`, name)
		return err
	})
	if err != nil {
		return false, fmt.Errorf("remove connector %s: %w", name, err)
	}
	return gone, nil
}

// SaveSync stores a connector's sync state and the items a pass changed
// in one transaction, so that a cursor is never committed ahead of what
// it says was stored.
func (d *DB) SaveSync(ctx context.Context, name string, st verity.SyncState, items []verity.ConnectorItem) error {
	state, _ := json.Marshal(st)
	err := d.tx(ctx, func(tx *Tx) error {
		res, err := tx.ExecContext(ctx, `UPDATE connectors SET state = ? WHERE name = ?`, string(state), name)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return verity.Errorf(verity.ENOTFOUND, "no connector %q", name)
		}
		for _, it := range items {
			if _, err := tx.ExecContext(ctx, `INSERT INTO connector_items (connector, sid, key, version, state) VALUES (?, ?, ?, ?, ?)
				ON CONFLICT (connector, sid) DO UPDATE SET key = excluded.key, version = excluded.version, state = excluded.state`,
				name, it.ID, it.Key, it.Version, it.State); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil && verity.ErrorCode(err) != verity.ENOTFOUND {
		return fmt.Errorf("save connector %s: %w", name, err)
	}
	return err
}

// ConnectorItems lists what connector name knows of its pages, by id.
func (d *DB) ConnectorItems(ctx context.Context, name string) ([]verity.ConnectorItem, error) {
	rows, err := d.q().QueryContext(ctx, `SELECT sid, key, version, state FROM connector_items WHERE connector = ? ORDER BY sid`, name)
	if err != nil {
		return nil, fmt.Errorf("list connector %s's items: %w", name, err)
	}
	defer rows.Close()
	out := []verity.ConnectorItem{}
	for rows.Next() {
		var it verity.ConnectorItem
		if err := rows.Scan(&it.ID, &it.Key, &it.Version, &it.State); err != nil {
			return nil, fmt.Errorf("list connector %s's items: %w", name, err)
		}
		out = append(out, it)
	}
	return out, rows.Err()
}
