package sqlstore

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/veritykb/verity"
)

// The directory: users, groups, their members, platform groups' aliases
// and the log of every change. The store keeps what it is given; who may
// change what (admins, SCIM, a connector for its own platform's groups) is
// the service layer's to decide. Each change is logged in the transaction
// that makes it.

// PutUser stores u, creating it or replacing its name, emails, external id
// and active flag; created says it was new. ev is logged with it.
func (d *DB) PutUser(ctx context.Context, u *verity.User, ev verity.DirectoryEvent) (created bool, err error) {
	if u.Principal.Kind() != verity.PrincipalUser {
		return false, verity.Errorf(verity.EINVALID, "store user %q: want user:EMAIL", u.Principal)
	}
	emails, _ := json.Marshal(nonNil(u.Emails))
	now := formatTime(d.now())
	err = d.tx(ctx, func(tx *Tx) error {
		var n int
		if err := tx.QueryRowContext(ctx, `SELECT count(*) FROM directory_users WHERE principal = ?`, string(u.Principal)).Scan(&n); err != nil {
			return err
		}
		created = n == 0
		if created {
			by := u.CreatedBy
			if by == "" {
				by = ev.Actor
			}
			if _, err := tx.ExecContext(ctx, `INSERT INTO directory_users (principal, name, emails, external_id, active, created_by, created_at, updated_at)
				VALUES (?, ?, ?, ?, ?, ?, ?, ?)`, string(u.Principal), u.Name, string(emails), u.ExternalID, boolInt(u.Active), string(by), now, now); err != nil {
				return err
			}
		} else if _, err := tx.ExecContext(ctx, `UPDATE directory_users SET name = ?, emails = ?, external_id = ?, active = ?, updated_at = ? WHERE principal = ?`,
			u.Name, string(emails), u.ExternalID, boolInt(u.Active), now, string(u.Principal)); err != nil {
			return err
		}
		return logDirectory(ctx, tx, ev, now)
	})
	if err != nil {
		return false, fmt.Errorf("store user %s: %w", u.Principal, err)
	}
	return created, nil
}

// SetUserActive activates or deactivates user p, reporting whether that
// changed anything; ENOTFOUND when the directory does not list p.
func (d *DB) SetUserActive(ctx context.Context, p verity.Principal, active bool, ev verity.DirectoryEvent) (bool, error) {
	now := formatTime(d.now())
	var changed bool
	err := d.tx(ctx, func(tx *Tx) error {
		res, err := tx.ExecContext(ctx, `UPDATE directory_users SET active = ?, updated_at = ? WHERE principal = ? AND active <> ?`,
			boolInt(active), now, string(p), boolInt(active))
		if err != nil {
			return err
		}
		n, err := res.RowsAffected()
		if err != nil {
			return err
		}
		if changed = n > 0; !changed {
			var listed int
			if err := tx.QueryRowContext(ctx, `SELECT count(*) FROM directory_users WHERE principal = ?`, string(p)).Scan(&listed); err != nil {
				return err
			}
			if listed == 0 {
				return verity.Errorf(verity.ENOTFOUND, "no user %q in the directory", p)
			}
			return nil
		}
		return logDirectory(ctx, tx, ev, now)
	})
	if err != nil {
		return false, fmt.Errorf("set user %s active: %w", p, err)
	}
	return changed, nil
}

// Users lists the users f selects, ordered by principal, each with its
// groups.
func (d *DB) Users(ctx context.Context, f verity.DirectoryFilter) ([]verity.User, error) {
	q := `SELECT principal, name, emails, external_id, active, created_by, created_at, updated_at FROM directory_users WHERE 1 = 1`
	var args []any
	if f.Principal != "" {
		q += ` AND principal = ?`
		args = append(args, string(f.Principal))
	}
	if f.ExternalID != "" {
		q += ` AND external_id = ?`
		args = append(args, f.ExternalID)
	}
	if f.Member != "" {
		q += ` AND principal IN (SELECT member FROM directory_members WHERE grp = ?)`
		args = append(args, string(f.Member))
	}
	q += ` ORDER BY principal`
	rows, err := d.q().QueryContext(ctx, q, args...)
	if err != nil {
		return nil, fmt.Errorf("list users: %w", err)
	}
	out := []verity.User{}
	for rows.Next() {
		var (
			u                               verity.User
			emails, by, created, updated, p string
			active                          int64
		)
		if err := rows.Scan(&p, &u.Name, &emails, &u.ExternalID, &active, &by, &created, &updated); err != nil {
			rows.Close()
			return nil, fmt.Errorf("list users: %w", err)
		}
		u.Principal, u.Active, u.CreatedBy = verity.Principal(p), active != 0, verity.Principal(by)
		u.CreatedAt, u.UpdatedAt = parseTime(created), parseTime(updated)
		if err := json.Unmarshal([]byte(emails), &u.Emails); err != nil {
			rows.Close()
			return nil, fmt.Errorf("user %s: emails: %w", p, err)
		}
		out = append(out, u)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("list users: %w", err)
	}
	keys := make([]verity.Principal, len(out))
	for i, u := range out {
		keys[i] = u.Principal
	}
	groups, err := d.memberships(ctx, "member", "grp", keys)
	if err != nil {
		return nil, err
	}
	for i := range out {
		out[i].Groups = groups[out[i].Principal]
	}
	return out, nil
}

// memberships reads the directory's memberships of keys in batches: for
// each key in column by (member or grp), the values of column of, sorted.
func (d *DB) memberships(ctx context.Context, by, of string, keys []verity.Principal) (map[verity.Principal][]verity.Principal, error) {
	out := map[verity.Principal][]verity.Principal{}
	for lo := 0; lo < len(keys); lo += batchSize {
		part := keys[lo:min(lo+batchSize, len(keys))]
		args := make([]any, len(part))
		for i, k := range part {
			args[i] = string(k)
		}
		rows, err := d.q().QueryContext(ctx, `SELECT `+by+`, `+of+` FROM directory_members WHERE `+by+` IN (`+placeholders(len(part))+`) ORDER BY `+by+`, `+of, args...)
		if err != nil {
			return nil, fmt.Errorf("read the directory's members: %w", err)
		}
		for rows.Next() {
			var k, v string
			if err := rows.Scan(&k, &v); err != nil {
				rows.Close()
				return nil, fmt.Errorf("read the directory's members: %w", err)
			}
			out[verity.Principal(k)] = append(out[verity.Principal(k)], verity.Principal(v))
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return nil, fmt.Errorf("read the directory's members: %w", err)
		}
	}
	return out, nil
}

// Membership says what the directory holds of user p now: whether it is
// listed and active, and the groups it reads as — its groups and every
// platform group aliased to one of them. Two queries, nothing cached: a
// change is seen at the next call.
func (d *DB) Membership(ctx context.Context, p verity.Principal) (verity.Membership, error) {
	var m verity.Membership
	var active int64
	err := d.q().QueryRowContext(ctx, `SELECT active FROM directory_users WHERE principal = ?`, string(p)).Scan(&active)
	switch {
	case errors.Is(err, sql.ErrNoRows):
		return m, nil
	case err != nil:
		return m, fmt.Errorf("read the directory for %s: %w", p, err)
	}
	m.Listed, m.Active = true, active != 0
	rows, err := d.q().QueryContext(ctx, `SELECT grp FROM directory_members WHERE member = ?
		UNION SELECT a.platform FROM directory_aliases a JOIN directory_members m ON m.grp = a.grp WHERE m.member = ?`, string(p), string(p))
	if err != nil {
		return m, fmt.Errorf("read the directory for %s: %w", p, err)
	}
	defer rows.Close()
	for rows.Next() {
		var g string
		if err := rows.Scan(&g); err != nil {
			return m, fmt.Errorf("read the directory for %s: %w", p, err)
		}
		m.Groups = append(m.Groups, verity.Principal(g))
	}
	if err := rows.Err(); err != nil {
		return m, fmt.Errorf("read the directory for %s: %w", p, err)
	}
	slices.Sort(m.Groups)
	return m, nil
}

// PutGroup stores g's name, external id and origin, creating the group
// when it is new (created true); members are changed by [DB.SetMembers].
func (d *DB) PutGroup(ctx context.Context, g *verity.Group, ev verity.DirectoryEvent) (created bool, err error) {
	if g.Principal.Kind() != verity.PrincipalGroup {
		return false, verity.Errorf(verity.EINVALID, "store group %q: want group:NAME", g.Principal)
	}
	now := formatTime(d.now())
	err = d.tx(ctx, func(tx *Tx) error {
		var n int
		if err := tx.QueryRowContext(ctx, `SELECT count(*) FROM directory_groups WHERE principal = ?`, string(g.Principal)).Scan(&n); err != nil {
			return err
		}
		created = n == 0
		if created {
			by := g.CreatedBy
			if by == "" {
				by = ev.Actor
			}
			if _, err := tx.ExecContext(ctx, `INSERT INTO directory_groups (principal, name, external_id, origin, created_by, created_at, updated_at)
				VALUES (?, ?, ?, ?, ?, ?, ?)`, string(g.Principal), g.Name, g.ExternalID, g.Origin, string(by), now, now); err != nil {
				return err
			}
		} else if _, err := tx.ExecContext(ctx, `UPDATE directory_groups SET name = ?, external_id = ?, updated_at = ? WHERE principal = ?`,
			g.Name, g.ExternalID, now, string(g.Principal)); err != nil {
			return err
		}
		return logDirectory(ctx, tx, ev, now)
	})
	if err != nil {
		return false, fmt.Errorf("store group %s: %w", g.Principal, err)
	}
	return created, nil
}

// DeleteGroup removes group p and its memberships (and an alias naming
// it), reporting whether it was listed.
func (d *DB) DeleteGroup(ctx context.Context, p verity.Principal, ev verity.DirectoryEvent) (bool, error) {
	now := formatTime(d.now())
	var found bool
	err := d.tx(ctx, func(tx *Tx) error {
		res, err := tx.ExecContext(ctx, `DELETE FROM directory_groups WHERE principal = ?`, string(p))
		if err != nil {
			return err
		}
		n, err := res.RowsAffected()
		if err != nil {
			return err
		}
		if found = n > 0; !found {
			return nil
		}
		if _, err := tx.ExecContext(ctx, `DELETE FROM directory_members WHERE grp = ?`, string(p)); err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, `DELETE FROM directory_aliases WHERE platform = ? OR grp = ?`, string(p), string(p)); err != nil {
			return err
		}
		return logDirectory(ctx, tx, ev, now)
	})
	if err != nil {
		return false, fmt.Errorf("delete group %s: %w", p, err)
	}
	return found, nil
}

// Groups lists the groups f selects, ordered by principal, each with its
// members and the directory group it is aliased to.
func (d *DB) Groups(ctx context.Context, f verity.DirectoryFilter) ([]verity.Group, error) {
	q := `SELECT g.principal, g.name, g.external_id, g.origin, g.created_by, g.created_at, g.updated_at, coalesce(a.grp, '')
		FROM directory_groups g LEFT JOIN directory_aliases a ON a.platform = g.principal WHERE 1 = 1`
	var args []any
	if f.Principal != "" {
		q += ` AND g.principal = ?`
		args = append(args, string(f.Principal))
	}
	if f.ExternalID != "" {
		q += ` AND g.external_id = ?`
		args = append(args, f.ExternalID)
	}
	if f.Name != "" {
		q += ` AND g.name = ?`
		args = append(args, f.Name)
	}
	if f.Member != "" {
		q += ` AND g.principal IN (SELECT grp FROM directory_members WHERE member = ?)`
		args = append(args, string(f.Member))
	}
	q += ` ORDER BY g.principal`
	rows, err := d.q().QueryContext(ctx, q, args...)
	if err != nil {
		return nil, fmt.Errorf("list groups: %w", err)
	}
	out := []verity.Group{}
	for rows.Next() {
		var (
			g                          verity.Group
			p, by, created, upd, alias string
		)
		if err := rows.Scan(&p, &g.Name, &g.ExternalID, &g.Origin, &by, &created, &upd, &alias); err != nil {
			rows.Close()
			return nil, fmt.Errorf("list groups: %w", err)
		}
		g.Principal, g.CreatedBy, g.AliasOf = verity.Principal(p), verity.Principal(by), verity.Principal(alias)
		g.CreatedAt, g.UpdatedAt = parseTime(created), parseTime(upd)
		out = append(out, g)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("list groups: %w", err)
	}
	keys := make([]verity.Principal, len(out))
	for i, g := range out {
		keys[i] = g.Principal
	}
	members, err := d.memberships(ctx, "grp", "member", keys)
	if err != nil {
		return nil, err
	}
	for i := range out {
		out[i].Members = members[out[i].Principal]
		if out[i].Members == nil {
			out[i].Members = []verity.Principal{}
		}
	}
	return out, nil
}

// SetMembers adds add and removes remove from group g in one transaction,
// returning who was actually added and removed; ev is logged with the
// change (its detail gains them) unless nothing changed. The group must be
// listed (ENOTFOUND) and every added member must be a listed user
// (ENOTFOUND naming it), so that no membership names someone the
// directory does not know.
func (d *DB) SetMembers(ctx context.Context, g verity.Principal, add, remove []verity.Principal, ev verity.DirectoryEvent) (added, removed []verity.Principal, err error) {
	now := formatTime(d.now())
	err = d.tx(ctx, func(tx *Tx) error {
		added, removed = nil, nil
		var n int
		if err := tx.QueryRowContext(ctx, `SELECT count(*) FROM directory_groups WHERE principal = ?`, string(g)).Scan(&n); err != nil {
			return err
		}
		if n == 0 {
			return verity.Errorf(verity.ENOTFOUND, "no group %q in the directory", g)
		}
		for _, m := range add {
			if err := tx.QueryRowContext(ctx, `SELECT count(*) FROM directory_users WHERE principal = ?`, string(m)).Scan(&n); err != nil {
				return err
			}
			if n == 0 {
				return verity.Errorf(verity.ENOTFOUND, "no user %q in the directory", m)
			}
			res, err := tx.ExecContext(ctx, `INSERT INTO directory_members (grp, member) VALUES (?, ?) ON CONFLICT (grp, member) DO NOTHING`, string(g), string(m))
			if err != nil {
				return err
			}
			if k, _ := res.RowsAffected(); k > 0 {
				added = append(added, m)
			}
		}
		for _, m := range remove {
			res, err := tx.ExecContext(ctx, `DELETE FROM directory_members WHERE grp = ? AND member = ?`, string(g), string(m))
			if err != nil {
				return err
			}
			if k, _ := res.RowsAffected(); k > 0 {
				removed = append(removed, m)
			}
		}
		if len(added)+len(removed) == 0 {
			return nil
		}
		if _, err := tx.ExecContext(ctx, `UPDATE directory_groups SET updated_at = ? WHERE principal = ?`, now, string(g)); err != nil {
			return err
		}
		if ev.Detail == nil {
			ev.Detail = map[string]any{}
		}
		if len(added) > 0 {
			ev.Detail["added"] = added
		}
		if len(removed) > 0 {
			ev.Detail["removed"] = removed
		}
		return logDirectory(ctx, tx, ev, now)
	})
	if err != nil {
		return nil, nil, fmt.Errorf("change the members of %s: %w", g, err)
	}
	return added, removed, nil
}

// SetGroupAlias says platform group p reads as directory group g (g ""
// takes the alias away), reporting whether that changed anything.
func (d *DB) SetGroupAlias(ctx context.Context, p, g verity.Principal, ev verity.DirectoryEvent) (bool, error) {
	now := formatTime(d.now())
	var changed bool
	err := d.tx(ctx, func(tx *Tx) error {
		var res sql.Result
		var err error
		if g == "" {
			res, err = tx.ExecContext(ctx, `DELETE FROM directory_aliases WHERE platform = ?`, string(p))
		} else {
			res, err = tx.ExecContext(ctx, `INSERT INTO directory_aliases (platform, grp, set_by, set_at) VALUES (?, ?, ?, ?)
				ON CONFLICT (platform) DO UPDATE SET grp = excluded.grp, set_by = excluded.set_by, set_at = excluded.set_at
				WHERE directory_aliases.grp <> excluded.grp`, string(p), string(g), string(ev.Actor), now)
		}
		if err != nil {
			return err
		}
		n, err := res.RowsAffected()
		if err != nil {
			return err
		}
		if changed = n > 0; !changed {
			return nil
		}
		return logDirectory(ctx, tx, ev, now)
	})
	if err != nil {
		return false, fmt.Errorf("alias %s: %w", p, err)
	}
	return changed, nil
}

// LogDirectory logs an event that changed nothing the directory tables
// hold, such as a refused change.
func (d *DB) LogDirectory(ctx context.Context, ev verity.DirectoryEvent) error {
	return d.tx(ctx, func(tx *Tx) error { return logDirectory(ctx, tx, ev, formatTime(d.now())) })
}

// DirectoryLog returns the latest limit events of the directory's log
// (every one when limit ≤ 0), newest first; when subject is not "", those
// about it alone: changes to it, and changes of members that name it.
func (d *DB) DirectoryLog(ctx context.Context, subject verity.Principal, limit int) ([]verity.DirectoryEvent, error) {
	q := `SELECT id, at, actor, token, action, subject, detail FROM directory_log`
	var args []any
	if subject != "" {
		// A change of a group's members names its users in the detail.
		q += ` WHERE subject = ? OR detail LIKE ?`
		args = append(args, string(subject), "%"+quotedJSON(string(subject))+"%")
	}
	q += ` ORDER BY id DESC`
	if limit > 0 {
		q += fmt.Sprintf(` LIMIT %d`, limit)
	}
	rows, err := d.q().QueryContext(ctx, q, args...)
	if err != nil {
		return nil, fmt.Errorf("read the directory's log: %w", err)
	}
	defer rows.Close()
	out := []verity.DirectoryEvent{}
	for rows.Next() {
		var (
			e                       verity.DirectoryEvent
			at, actor, subj, detail string
		)
		if err := rows.Scan(&e.ID, &at, &actor, &e.Token, &e.Action, &subj, &detail); err != nil {
			return nil, fmt.Errorf("read the directory's log: %w", err)
		}
		if subject != "" && subj != string(subject) && !strings.Contains(detail, quotedJSON(string(subject))) {
			continue // LIKE's _ matched another character
		}
		e.At, e.Actor, e.Subject = parseTime(at), verity.Principal(actor), verity.Principal(subj)
		if detail != "" && detail != "{}" {
			if err := json.Unmarshal([]byte(detail), &e.Detail); err != nil {
				return nil, fmt.Errorf("directory event %d: %w", e.ID, err)
			}
		}
		out = append(out, e)
	}
	return out, rows.Err()
}

func logDirectory(ctx context.Context, tx *Tx, ev verity.DirectoryEvent, now string) error {
	if ev.Action == "" || ev.Actor == "" {
		return verity.Errorf(verity.EINVALID, "a directory change needs an action and an actor")
	}
	at := now
	if !ev.At.IsZero() {
		at = formatTime(ev.At)
	}
	detail := []byte("{}")
	if len(ev.Detail) > 0 {
		var err error
		if detail, err = json.Marshal(ev.Detail); err != nil {
			return fmt.Errorf("directory event: %w", err)
		}
	}
	_, err := tx.ExecContext(ctx, `INSERT INTO directory_log (at, actor, token, action, subject, detail) VALUES (?, ?, ?, ?, ?, ?)`,
		at, string(ev.Actor), ev.Token, ev.Action, string(ev.Subject), string(detail))
	return err
}

func boolInt(b bool) int64 {
	if b {
		return 1
	}
	return 0
}

// quotedJSON is s as a JSON string, the way a detail holds it.
func quotedJSON(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}
