package sqlstore

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/veritykb/verity"
)

// PutSource implements [verity.SourceStore.PutSource].
func (d *DB) PutSource(ctx context.Context, src *verity.Source, chunks []verity.Chunk) (verity.PutOutcome, error) {
	p := &verity.SourcePut{Source: src, Chunks: chunks}
	if err := d.PutSources(ctx, []*verity.SourcePut{p}); err != nil {
		return "", err
	}
	return p.Outcome, p.Err
}

// PutSources stores a batch of sources in one transaction, which is many
// times faster than one transaction each (the full-text index flushes once),
// as storing them one at a time in the batch's order would. A source that
// is invalid or conflicts gets its Err and is rolled back alone (a
// savepoint each); the others are stored. Runs of plainly new sources are
// stored a statement for many. The returned error is for a failure of the
// store itself, and then nothing of the batch is stored.
func (d *DB) PutSources(ctx context.Context, puts []*verity.SourcePut) error {
	now := d.now()
	err := d.tx(ctx, func(tx *Tx) error {
		var valid []*verity.SourcePut
		for _, p := range puts {
			if p.Err = checkSource(p.Source, p.Chunks); p.Err == nil {
				valid = append(valid, p)
			}
		}
		fresh, err := plainlyNew(ctx, tx, valid)
		if err != nil {
			return err
		}
		// Runs of plainly new sources are stored together; every other put
		// alone, in the batch's order.
		var run []*verity.SourcePut
		flush := func() error {
			stored, err := putNewSources(ctx, tx, run, now)
			if err != nil {
				return err
			}
			for _, p := range run {
				if stored {
					break
				}
				if err := putOne(ctx, tx, p, now); err != nil {
					return err
				}
			}
			run = run[:0]
			return nil
		}
		for _, p := range valid {
			if fresh[p] {
				run = append(run, p)
				continue
			}
			if err := flush(); err != nil {
				return err
			}
			if err := putOne(ctx, tx, p, now); err != nil {
				return err
			}
		}
		return flush()
	})
	if err != nil {
		for _, p := range puts {
			p.Outcome, p.Change = "", verity.SourceChange{}
		}
		return err
	}
	return nil
}

// putOne stores one put alone, under a savepoint: a source that is
// invalid or conflicts gets its Err and is rolled back by itself; an error
// of the store itself is returned.
func putOne(ctx context.Context, tx *Tx, p *verity.SourcePut, now time.Time) error {
	if _, err := tx.ExecContext(ctx, `SAVEPOINT put_source`); err != nil {
		return err
	}
	pending, stats := len(tx.pending), tx.stats
	outcome, change, err := putSource(ctx, tx, p.Source, p.Chunks, now)
	if err != nil {
		if _, rerr := tx.ExecContext(ctx, `ROLLBACK TO put_source`); rerr != nil {
			return rerr
		}
		// The chunks rolled back are not to be indexed either.
		tx.pending, tx.stats = tx.pending[:pending], stats
		if verity.ErrorCode(err) == verity.EINTERNAL {
			return fmt.Errorf("store source %q: %w", p.Source.ID, err)
		}
		p.Err = err
	}
	if _, err := tx.ExecContext(ctx, `RELEASE put_source`); err != nil {
		return err
	}
	p.Outcome, p.Change = outcome, change
	return nil
}

// putSource stores one source inside tx and says what it changed.
func putSource(ctx context.Context, tx *Tx, src *verity.Source, chunks []verity.Chunk, now time.Time) (verity.PutOutcome, verity.SourceChange, error) {
	var none verity.SourceChange
	src.Hash = verity.ContentHash(src.Title, src.Text)
	acl := normalACL(src.ACL)
	var (
		sid                                               int64
		uri, system, title, author, hash, updated, status string
		version                                           int
		duplicate                                         bool
	)
	err := tx.QueryRowContext(ctx, `SELECT sid, uri, system, title, author, hash, updated_at, version, status, uri_duplicate FROM sources WHERE id = ?`, src.ID).
		Scan(&sid, &uri, &system, &title, &author, &hash, &updated, &version, &status, &duplicate)
	switch {
	case errors.Is(err, sql.ErrNoRows):
		if err := checkURI(ctx, tx, src, 0); err != nil {
			return "", none, err
		}
		if src.UpdatedAt.IsZero() {
			src.UpdatedAt = now
		}
		src.Version, src.Status = 1, verity.StatusActive
		if err := tx.QueryRowContext(ctx, `INSERT INTO sources (id, uri, system, title, author, version, updated_at, ingested_at, hash, status)
			VALUES (?, ?, ?, ?, ?, 1, ?, ?, ?, 'active') RETURNING sid`,
			src.ID, src.URI, src.System, src.Title, string(src.Author), formatTime(src.UpdatedAt), formatTime(now), src.Hash).Scan(&sid); err != nil {
			return "", none, err
		}
		if _, err := setDiscoverable(ctx, tx, sid, src.Discoverable); err != nil {
			return "", none, err
		}
		return verity.PutCreated, none, storeVersion(ctx, tx, sid, src, acl, true, false, chunks, now)
	case err != nil:
		return "", none, err
	case uri != src.URI:
		return "", none, verity.Errorf(verity.ECONFLICT, "source %q already exists with uri %q, not %q", src.ID, uri, src.URI)
	}
	sameContent := hash == src.Hash
	if src.UpdatedAt.IsZero() {
		// The source system gave no time: the stored one stands while the
		// content does, so re-reading the same record is a no-op.
		src.UpdatedAt = now
		if sameContent {
			src.UpdatedAt = parseTime(updated)
		}
	}
	oldACL, err := sourceACL(ctx, tx, sid)
	if err != nil {
		return "", none, err
	}
	var change verity.SourceChange
	if title != src.Title {
		change.Fields = append(change.Fields, verity.FieldTitle)
	}
	if !sameContent {
		textChanged := title == src.Title // then the hashes differ by the text
		if !textChanged {
			var size int
			if err := tx.QueryRowContext(ctx, `SELECT size FROM source_versions WHERE sid = ? AND version = ?`, sid, version).Scan(&size); err != nil {
				return "", none, err
			}
			if textChanged = size != len(src.Text); !textChanged {
				text, err := versionText(ctx, tx, sid, version, size)
				if err != nil {
					return "", none, err
				}
				textChanged = text != src.Text
			}
		}
		if textChanged {
			change.Fields = append(change.Fields, verity.FieldText)
		}
	}
	if d := verity.DiffACL(oldACL, acl); d.Changed() {
		change.Fields = append(change.Fields, verity.FieldACL)
		change.ACL = &d
	}
	if system != src.System {
		change.Fields = append(change.Fields, verity.FieldSystem)
	}
	if author != string(src.Author) {
		change.Fields = append(change.Fields, verity.FieldAuthor)
	}
	if updated != formatTime(src.UpdatedAt) {
		change.Fields = append(change.Fields, verity.FieldUpdatedAt)
	}
	if changed, err := setDiscoverable(ctx, tx, sid, src.Discoverable); err != nil {
		return "", none, err
	} else if changed {
		change.Fields = append(change.Fields, verity.FieldDiscoverable)
	}
	if change.Has(verity.FieldSystem) {
		if err := moveSystem(ctx, tx, sid, system, duplicate, src); err != nil {
			return "", none, err
		}
	}
	src.ACL, src.Status = acl, verity.SourceStatus(status)
	if sameContent {
		src.Version = version
		if len(change.Fields) == 0 {
			return verity.PutUnchanged, none, nil
		}
		if _, err := tx.ExecContext(ctx, `UPDATE sources SET system = ?, author = ?, updated_at = ? WHERE sid = ?`,
			src.System, string(src.Author), formatTime(src.UpdatedAt), sid); err != nil {
			return "", none, err
		}
		if change.Has(verity.FieldACL) {
			if err := putACL(ctx, tx, sid, acl, true); err != nil {
				return "", none, err
			}
		}
		return verity.PutMetadata, change, nil
	}
	src.Version = version + 1
	if _, err := tx.ExecContext(ctx, `UPDATE sources SET system = ?, title = ?, author = ?, version = ?, updated_at = ?, ingested_at = ?, hash = ? WHERE sid = ?`,
		src.System, src.Title, string(src.Author), src.Version, formatTime(src.UpdatedAt), formatTime(now), src.Hash, sid); err != nil {
		return "", none, err
	}
	if err := deleteChunks(ctx, tx, sid, status == string(verity.StatusActive)); err != nil {
		return "", none, err
	}
	return verity.PutNewVersion, change, storeVersion(ctx, tx, sid, src, acl, false, change.Has(verity.FieldACL), chunks, now)
}

// setDiscoverable stores a source's own discoverable setting when the put
// gives one (nil keeps what is stored) and says whether that changed it.
func setDiscoverable(ctx context.Context, tx *Tx, sid int64, discoverable *bool) (bool, error) {
	if discoverable == nil {
		return false, nil
	}
	query := `DELETE FROM undiscoverable_sources WHERE sid = ?`
	if !*discoverable {
		query = `INSERT INTO undiscoverable_sources (sid) VALUES (?) ON CONFLICT (sid) DO NOTHING`
	}
	res, err := tx.ExecContext(ctx, query, sid)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n > 0, err
}

// checkURI refuses src when another source of its system, not sid, holds
// its uri: one uri, one source, per system ([verity.URIConflict]). It looks
// only at holders (uri_duplicate = 0, see migration 009), of which there is
// one per (system, uri) in use, through the index that enforces the rule.
func checkURI(ctx context.Context, tx *Tx, src *verity.Source, sid int64) error {
	var holder string
	err := tx.QueryRowContext(ctx, `SELECT id FROM sources WHERE system = ?1 AND `+tx.dialect.uriIs("uri", "?2")+` AND uri_duplicate = 0 AND sid != ?3`, src.System, src.URI, sid).Scan(&holder)
	switch {
	case errors.Is(err, sql.ErrNoRows):
		return nil
	case err != nil:
		return err
	}
	return verity.Errorf(verity.ECONFLICT, "source %q: %w", src.ID, &verity.URIConflict{ID: src.ID, System: src.System, URI: src.URI, Holder: holder})
}

// moveSystem moves source sid from system from to src.System, where it
// must not meet another holder of its uri; it becomes the holder there.
// When it held the uri in from, the oldest duplicate left there (if any)
// takes its place, so each (system, uri) in use keeps one holder.
func moveSystem(ctx context.Context, tx *Tx, sid int64, from string, duplicate bool, src *verity.Source) error {
	if err := checkURI(ctx, tx, src, sid); err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, `UPDATE sources SET system = ?, uri_duplicate = 0 WHERE sid = ?`, src.System, sid); err != nil {
		return err
	}
	if duplicate {
		return nil
	}
	_, err := tx.ExecContext(ctx, `UPDATE sources SET uri_duplicate = 0 WHERE sid = (
		SELECT min(sid) FROM sources WHERE system = ?1 AND `+tx.dialect.uriIs("uri", "?2")+` AND uri_duplicate = 1)`, from, src.URI)
	return err
}

// URIDuplicates lists the sources that share their system and uri with an
// older source, which holds it: pairs a store made before the one-uri rule
// may hold (migration 009), ordered by system, uri and id.
func (d *DB) URIDuplicates(ctx context.Context) ([]verity.URIDuplicate, error) {
	rows, err := d.q().QueryContext(ctx, `SELECT s.system, s.uri, s.id, h.id FROM sources s
		JOIN sources h ON h.system = s.system AND h.uri = s.uri AND h.uri_duplicate = 0
		WHERE s.uri_duplicate = 1 ORDER BY s.system, s.uri, s.id`)
	if err != nil {
		return nil, fmt.Errorf("list uri duplicates: %w", err)
	}
	defer rows.Close()
	var out []verity.URIDuplicate
	for rows.Next() {
		var u verity.URIDuplicate
		if err := rows.Scan(&u.System, &u.URI, &u.ID, &u.Holder); err != nil {
			return nil, fmt.Errorf("list uri duplicates: %w", err)
		}
		out = append(out, u)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("list uri duplicates: %w", err)
	}
	return out, nil
}

// storeVersion stores src's current version: its text, its ACL when the
// source is new (created) or the ACL changed, and its chunks (indexed when
// the source is active).
func storeVersion(ctx context.Context, tx *Tx, sid int64, src *verity.Source, acl []verity.Principal, created, aclChanged bool, chunks []verity.Chunk, now time.Time) error {
	if _, err := tx.ExecContext(ctx, `INSERT INTO source_versions (sid, version, hash, title, size, created_at) VALUES (?, ?, ?, ?, ?, ?)`,
		sid, src.Version, src.Hash, src.Title, len(src.Text), formatTime(now)); err != nil {
		return err
	}
	if err := storeText(ctx, tx, sid, src.Version, src.Text); err != nil {
		return err
	}
	if created || aclChanged {
		if err := putACL(ctx, tx, sid, acl, aclChanged); err != nil {
			return err
		}
	}
	src.ACL = acl
	return insertChunks(ctx, tx, sid, src, chunks, src.Status == verity.StatusActive)
}

// checkSource rejects what must never be stored: no id, invalid UTF-8, chunks
// whose spans do not point into the text.
func checkSource(src *verity.Source, chunks []verity.Chunk) error {
	if strings.TrimSpace(src.ID) == "" {
		return verity.Errorf(verity.EINVALID, "source without id")
	}
	if src.URI == "" {
		return verity.Errorf(verity.EINVALID, "source %q: empty uri", src.ID)
	}
	if src.System == "" {
		return verity.Errorf(verity.EINVALID, "source %q: empty system", src.ID)
	}
	for _, p := range src.ACL {
		if _, err := verity.ParsePrincipal(string(p)); err != nil {
			return verity.Errorf(verity.EINVALID, "source %q: acl: %w", src.ID, err)
		}
	}
	last := 0
	for i, c := range chunks {
		if c.Start < last || c.End <= c.Start || c.End > len(src.Text) {
			return verity.Errorf(verity.EINVALID, "source %q: chunk %d span [%d,%d) out of order or outside the text (%d bytes)", src.ID, i, c.Start, c.End, len(src.Text))
		}
		last = c.End
	}
	return nil
}

// normalACL sorts and deduplicates an ACL so comparisons are exact.
func normalACL(acl []verity.Principal) []verity.Principal {
	out := slices.Clone(acl)
	slices.Sort(out)
	return slices.Compact(out)
}

func sourceACL(ctx context.Context, q querier, sid int64) ([]verity.Principal, error) {
	rows, err := q.QueryContext(ctx, `SELECT principal FROM source_acl WHERE sid = ? ORDER BY principal`, sid)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var acl []verity.Principal
	for rows.Next() {
		var p string
		if err := rows.Scan(&p); err != nil {
			return nil, err
		}
		acl = append(acl, verity.Principal(p))
	}
	return acl, rows.Err()
}

// putACL writes source sid's ACL: a new source's (changed false), or a
// stored source's changed one (changed true; putSource has compared them),
// which replaces the old rows and raises the ACL generation, so that every
// process's cache of who may read what looks again. A new source needs no
// new generation, as caches read the ACLs of sources newer than they know.
func putACL(ctx context.Context, tx *Tx, sid int64, acl []verity.Principal, changed bool) error {
	if changed {
		if _, err := tx.ExecContext(ctx, `UPDATE search_stats SET acl_generation = acl_generation + 1 WHERE id = 1`); err != nil {
			return err
		}
	}
	var held []verity.Principal
	if changed {
		// Only the principals the ACL loses are deleted and only those it
		// gains inserted: a deleted row is what marks a narrowing that a
		// lagging replica must have replayed (PostgreSQL's migration 020).
		var err error
		if held, err = sourceACL(ctx, tx, sid); err != nil {
			return err
		}
		for _, p := range held {
			if !slices.Contains(acl, p) {
				if _, err := tx.ExecContext(ctx, `DELETE FROM source_acl WHERE sid = ? AND principal = ?`, sid, string(p)); err != nil {
					return err
				}
			}
		}
	}
	var rows [][]any
	for _, p := range acl {
		if !slices.Contains(held, p) {
			rows = append(rows, []any{string(p), sid})
		}
	}
	return insertMany(ctx, tx, "source_acl", []string{"principal", "sid"}, rows)
}

// bumpStats counts chunks and their terms into or out of the search
// statistics; the transaction writes the sum once, before it commits,
// rather than a statement per source.
func (t *Tx) bumpStats(chunks, terms int) {
	t.stats.chunks += chunks
	t.stats.terms += terms
}

// indexStats are changes to search_stats' chunk and term counts.
type indexStats struct{ chunks, terms int }

func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

const sourceColumns = `s.sid, s.id, s.uri, s.system, s.title, s.author, s.version, s.updated_at, s.hash, s.status,
	NOT EXISTS (SELECT 1 FROM undiscoverable_sources u WHERE u.sid = s.sid)`

func scanSource(sc interface{ Scan(...any) error }) (*verity.Source, int64, error) {
	var (
		src             verity.Source
		sid             int64
		author, updated string
		status          string
		discoverable    bool
	)
	if err := sc.Scan(&sid, &src.ID, &src.URI, &src.System, &src.Title, &author, &src.Version, &updated, &src.Hash, &status, &discoverable); err != nil {
		return nil, 0, err
	}
	src.Discoverable = &discoverable
	src.Author = verity.Principal(author)
	src.UpdatedAt = parseTime(updated)
	src.Status = verity.SourceStatus(status)
	return &src, sid, nil
}

// Source implements [verity.SourceStore.Source].
func (d *DB) Source(ctx context.Context, id string) (*verity.Source, error) {
	return d.SourceVersion(ctx, id, 0)
}

// SourceVersion implements [verity.SourceStore.SourceVersion]; version 0 means
// the current one.
func (d *DB) SourceVersion(ctx context.Context, id string, version int) (*verity.Source, error) {
	src, sid, err := scanSource(d.q().QueryRowContext(ctx, `SELECT `+sourceColumns+` FROM sources s WHERE s.id = ?`, id))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, verity.Errorf(verity.ENOTFOUND, "no source %q", id)
	}
	if err != nil {
		return nil, fmt.Errorf("read source %q: %w", id, err)
	}
	if version == 0 {
		version = src.Version
	}
	var size int
	err = d.q().QueryRowContext(ctx, `SELECT size, hash, title FROM source_versions WHERE sid = ? AND version = ?`, sid, version).
		Scan(&size, &src.Hash, &src.Title)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, verity.Errorf(verity.ENOTFOUND, "source %q has no version %d (current is %d)", id, version, src.Version)
	}
	if err != nil {
		return nil, fmt.Errorf("read source %q version %d: %w", id, version, err)
	}
	if src.Text, err = versionText(ctx, d.q(), sid, version, size); err != nil {
		return nil, fmt.Errorf("read source %q version %d: %w", id, version, err)
	}
	src.Version = version
	if src.ACL, err = sourceACL(ctx, d.q(), sid); err != nil {
		return nil, fmt.Errorf("read source %q acl: %w", id, err)
	}
	return src, nil
}

// Sources implements [verity.SourceStore.Sources].
func (d *DB) Sources(ctx context.Context, f verity.SourceFilter) ([]*verity.Source, error) {
	var (
		where []string
		args  []any
	)
	where = append(where, "s.id > ?")
	args = append(args, f.After)
	if f.System != "" {
		where = append(where, "s.system = ?")
		args = append(args, f.System)
	}
	if f.Status != "" {
		where = append(where, "s.status = ?")
		args = append(args, string(f.Status))
	}
	if f.Caller != nil {
		cond, cargs := aclCondition("s.sid", *f.Caller)
		where = append(where, cond)
		args = append(args, cargs...)
	}
	query := `SELECT ` + sourceColumns + ` FROM sources s WHERE ` + strings.Join(where, " AND ") + ` ORDER BY s.id`
	if f.Limit > 0 {
		query += fmt.Sprintf(" LIMIT %d", f.Limit)
	}
	rows, err := d.q().QueryContext(ctx, query, args...)
	if err != nil {
		return nil, fmt.Errorf("list sources: %w", err)
	}
	defer rows.Close()
	var out []*verity.Source
	sids := map[int64]*verity.Source{}
	for rows.Next() {
		src, sid, err := scanSource(rows)
		if err != nil {
			return nil, fmt.Errorf("list sources: %w", err)
		}
		out = append(out, src)
		sids[sid] = src
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("list sources: %w", err)
	}
	rows.Close()
	for sid, src := range sids {
		if src.ACL, err = sourceACL(ctx, d.q(), sid); err != nil {
			return nil, fmt.Errorf("list sources: %w", err)
		}
	}
	return out, nil
}

// aclCondition returns an SQL condition true when the caller may read the
// source whose sid is in column col, with its arguments.
func aclCondition(col string, c verity.Caller) (string, []any) {
	ps := c.Principals()
	args := make([]any, len(ps))
	for i, p := range ps {
		args[i] = string(p)
	}
	return `EXISTS (SELECT 1 FROM source_acl a WHERE a.sid = ` + col + ` AND a.principal IN (` + placeholders(len(ps)) + `))`, args
}

func placeholders(n int) string {
	return strings.TrimSuffix(strings.Repeat("?,", n), ",")
}

// Stats implements [verity.SourceStore.Stats].
func (d *DB) Stats(ctx context.Context) (verity.StoreStats, error) {
	var st verity.StoreStats
	err := d.q().QueryRowContext(ctx, `SELECT
		(SELECT count(*) FROM sources),
		(SELECT count(*) FROM sources WHERE status = 'active'),
		(SELECT count(*) FROM sources WHERE status = 'revoked'),
		(SELECT count(*) FROM chunks),
		(SELECT chunks FROM search_stats WHERE id = 1),
		(SELECT CAST(coalesce(sum(v.size), 0) AS BIGINT) FROM sources s JOIN source_versions v ON v.sid = s.sid AND v.version = s.version)`).
		Scan(&st.Sources, &st.ActiveSources, &st.RevokedSources, &st.Chunks, &st.SearchChunks, &st.TextBytes)
	if err != nil {
		return st, fmt.Errorf("count store: %w", err)
	}
	return st, nil
}

// HasActiveSources says whether the store holds an active source. It reads
// up to the first one rather than counting: Stats sums every version's
// text, which was half of an offline ask's time at 20,000 sources.
func (d *DB) HasActiveSources(ctx context.Context) (bool, error) {
	var ok bool
	if err := d.q().QueryRowContext(ctx, `SELECT EXISTS (SELECT 1 FROM sources WHERE status = 'active')`).Scan(&ok); err != nil {
		return false, fmt.Errorf("look for active sources: %w", err)
	}
	return ok, nil
}

// SourceACLs returns the ACL of each of ids that the store holds (an empty
// ACL for a source readable by no one); ids it does not hold are absent.
// It reads no text, so access checks over many sources stay cheap.
func (d *DB) SourceACLs(ctx context.Context, ids []string) (map[string][]verity.Principal, error) {
	out := make(map[string][]verity.Principal, len(ids))
	for start := 0; start < len(ids); start += 500 {
		batch := ids[start:min(start+500, len(ids))]
		args := make([]any, len(batch))
		for i, id := range batch {
			args[i] = id
		}
		rows, err := d.q().QueryContext(ctx, `SELECT s.id, a.principal FROM sources s LEFT JOIN source_acl a ON a.sid = s.sid
			WHERE s.id IN (`+placeholders(len(batch))+`) ORDER BY s.id, a.principal`, args...)
		if err != nil {
			return nil, fmt.Errorf("read source acls: %w", err)
		}
		for rows.Next() {
			var (
				id string
				p  sql.NullString
			)
			if err := rows.Scan(&id, &p); err != nil {
				rows.Close()
				return nil, fmt.Errorf("read source acls: %w", err)
			}
			acl := out[id]
			if p.Valid {
				acl = append(acl, verity.Principal(p.String))
			} else if acl == nil {
				acl = []verity.Principal{}
			}
			out[id] = acl
		}
		err = rows.Err()
		rows.Close()
		if err != nil {
			return nil, fmt.Errorf("read source acls: %w", err)
		}
	}
	return out, nil
}
