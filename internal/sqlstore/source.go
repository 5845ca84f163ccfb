package sqlstore

import (
	"cmp"
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"runtime"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/postings"
	"github.com/veritykb/verity/rank"
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

// putNewSources stores puts, a run of plainly new sources (see
// plainlyNew), a statement for many: one by one, each would cost a
// savepoint and half a dozen statements — round trips that made most of an
// ingest's time on a database across a socket. It reports false, having
// stored nothing, for a run too short to gain by it or when a statement
// fails (the run's savepoint is rolled back); putOne then stores and
// reports each alone.
func putNewSources(ctx context.Context, tx *Tx, puts []*verity.SourcePut, now time.Time) (bool, error) {
	if len(puts) < 2 {
		return false, nil
	}
	if _, err := tx.ExecContext(ctx, `SAVEPOINT put_new`); err != nil {
		return false, err
	}
	pending, stats := len(tx.pending), tx.stats
	stored := true
	if err := insertNew(ctx, tx, puts, now); err != nil {
		if _, rerr := tx.ExecContext(ctx, `ROLLBACK TO put_new`); rerr != nil {
			return false, rerr
		}
		tx.pending, tx.stats = tx.pending[:pending], stats
		for _, p := range puts {
			p.Source.Version, p.Source.Status = 0, ""
		}
		stored = false
	}
	if _, err := tx.ExecContext(ctx, `RELEASE put_new`); err != nil {
		return false, err
	}
	if stored {
		for _, p := range puts {
			p.Outcome, p.Change = verity.PutCreated, verity.SourceChange{}
		}
	}
	return stored, nil
}

// uriKey is a uri within its system.
type uriKey struct{ system, uri string }

// plainlyNew returns the puts whose id the store does not hold and whose
// uri their system has free, when no earlier put of the batch names the
// same id or the same uri in the same system. What a put finds holds
// whatever the puts before it do: none of them names its id or its uri.
func plainlyNew(ctx context.Context, tx *Tx, puts []*verity.SourcePut) (map[*verity.SourcePut]bool, error) {
	ids := make([]string, 0, len(puts))
	for _, p := range puts {
		ids = append(ids, p.Source.ID)
	}
	held, err := known(ctx, tx, "sources", ids)
	if err != nil {
		return nil, err
	}
	taken := map[uriKey]bool{}
	keys := make([]uriKey, 0, len(puts))
	for _, p := range puts {
		keys = append(keys, uriKey{p.Source.System, p.Source.URI})
	}
	slices.SortFunc(keys, func(a, b uriKey) int { return cmp.Or(cmp.Compare(a.system, b.system), cmp.Compare(a.uri, b.uri)) })
	keys = slices.Compact(keys)
	for lo := 0; lo < len(keys); lo += batchSize {
		part := keys[lo:min(lo+batchSize, len(keys))]
		args := make([]any, 0, 2*len(part))
		for _, k := range part {
			args = append(args, k.system, k.uri)
		}
		// A probe per pair through the one-uri index: a join or an IN list
		// leaves the planner free to scan the whole table instead.
		rows, err := tx.QueryContext(ctx, `SELECT v.column1, v.column2 FROM (VALUES `+strings.TrimSuffix(strings.Repeat("(?,?),", len(part)), ",")+`) v
			WHERE (SELECT 1 FROM sources s WHERE s.system = v.column1 AND `+tx.dialect.uriIs("s.uri", "v.column2")+` AND s.uri_duplicate = 0 LIMIT 1) IS NOT NULL`, args...)
		if err != nil {
			return nil, err
		}
		for rows.Next() {
			var k uriKey
			if err := rows.Scan(&k.system, &k.uri); err != nil {
				rows.Close()
				return nil, err
			}
			taken[k] = true
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return nil, err
		}
	}
	fresh := map[*verity.SourcePut]bool{}
	named := map[string]bool{}
	for _, p := range puts {
		k := uriKey{p.Source.System, p.Source.URI}
		if !held[p.Source.ID] && !named[p.Source.ID] && !taken[k] {
			fresh[p] = true
		}
		named[p.Source.ID], taken[k] = true, true
	}
	return fresh, nil
}

// insertNew stores new sources as putSource stores one, with a statement
// for each table.
func insertNew(ctx context.Context, tx *Tx, puts []*verity.SourcePut, now time.Time) error {
	const cols = 8
	sids := make(map[string]int64, len(puts))
	per := maxRowArgs / cols
	for lo := 0; lo < len(puts); lo += per {
		group := puts[lo:min(lo+per, len(puts))]
		args := make([]any, 0, len(group)*cols)
		for _, p := range group {
			src := p.Source
			src.Hash = verity.ContentHash(src.Title, src.Text)
			if src.UpdatedAt.IsZero() {
				src.UpdatedAt = now
			}
			src.Version, src.Status = 1, verity.StatusActive
			args = append(args, src.ID, src.URI, src.System, src.Title, string(src.Author), formatTime(src.UpdatedAt), formatTime(now), src.Hash)
		}
		rows, err := tx.QueryContext(ctx, `INSERT INTO sources (id, uri, system, title, author, updated_at, ingested_at, hash, version, status) VALUES `+
			strings.TrimSuffix(strings.Repeat("(?, ?, ?, ?, ?, ?, ?, ?, 1, 'active'), ", len(group)), ", ")+` RETURNING id, sid`, args...)
		if err != nil {
			return err
		}
		for rows.Next() {
			var (
				id  string
				sid int64
			)
			if err := rows.Scan(&id, &sid); err != nil {
				rows.Close()
				return err
			}
			sids[id] = sid
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return err
		}
	}
	var versions, acls [][]any
	nchunks := 0
	for _, p := range puts {
		src, sid := p.Source, sids[p.Source.ID]
		if sid == 0 {
			return fmt.Errorf("source %q: the store gave it no row id", src.ID)
		}
		versions = append(versions, []any{sid, 1, src.Hash, src.Title, src.Text, formatTime(now)})
		src.ACL = normalACL(src.ACL)
		for _, pr := range src.ACL {
			acls = append(acls, []any{string(pr), sid})
		}
		nchunks += len(p.Chunks)
	}
	if err := insertMany(ctx, tx, "source_versions", []string{"sid", "version", "hash", "title", "text", "created_at"}, versions); err != nil {
		return err
	}
	if err := insertMany(ctx, tx, "source_acl", []string{"principal", "sid"}, acls); err != nil {
		return err
	}
	if nchunks == 0 {
		return nil
	}
	next, err := nextCIDs(ctx, tx, nchunks)
	if err != nil {
		return err
	}
	// Deriving index terms is most of a batch's work in Go, and each
	// source's is its own: they are derived on every core, then stored in
	// the batch's order.
	type built struct {
		rows  [][]any
		docs  []postings.Doc
		terms int
	}
	firsts := make([]int64, len(puts))
	for i, p := range puts {
		firsts[i] = next
		next += int64(len(p.Chunks))
	}
	out := make([]built, len(puts))
	eachParallel(len(puts), func(i int) {
		p := puts[i]
		b := &out[i]
		b.rows, b.docs, b.terms = chunkRows(p.Source, sids[p.Source.ID], p.Chunks, firsts[i], true)
	})
	var chunks [][]any
	for _, b := range out {
		chunks = append(chunks, b.rows...)
		tx.pending = append(tx.pending, b.docs...)
		tx.bumpStats(len(b.docs), b.terms)
	}
	return insertMany(ctx, tx, "chunks", chunkColumns, chunks)
}

// eachParallel calls f(0) ... f(n-1) on as many goroutines as there are
// cores, and returns when all have returned.
func eachParallel(n int, f func(i int)) {
	workers := min(runtime.GOMAXPROCS(0), n)
	if workers <= 1 {
		for i := range n {
			f(i)
		}
		return
	}
	var (
		next atomic.Int64
		wg   sync.WaitGroup
	)
	for range workers {
		wg.Go(func() {
			for i := int(next.Add(1)) - 1; i < n; i = int(next.Add(1)) - 1 {
				f(i)
			}
		})
	}
	wg.Wait()
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
			if err := tx.QueryRowContext(ctx, `SELECT text != ? FROM source_versions WHERE sid = ? AND version = ?`, src.Text, sid, version).Scan(&textChanged); err != nil {
				return "", none, err
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
	if _, err := tx.ExecContext(ctx, `INSERT INTO source_versions (sid, version, hash, title, text, created_at) VALUES (?, ?, ?, ?, ?, ?)`,
		sid, src.Version, src.Hash, src.Title, src.Text, formatTime(now)); err != nil {
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
	if changed {
		if _, err := tx.ExecContext(ctx, `DELETE FROM source_acl WHERE sid = ?`, sid); err != nil {
			return err
		}
	}
	rows := make([][]any, len(acl))
	for i, p := range acl {
		rows[i] = []any{string(p), sid}
	}
	return insertMany(ctx, tx, "source_acl", []string{"principal", "sid"}, rows)
}

func insertChunks(ctx context.Context, tx *Tx, sid int64, src *verity.Source, chunks []verity.Chunk, indexed bool) error {
	if len(chunks) == 0 {
		return nil
	}
	first, err := nextCIDs(ctx, tx, len(chunks))
	if err != nil {
		return err
	}
	rows, docs, terms := chunkRows(src, sid, chunks, first, indexed)
	if err := insertMany(ctx, tx, "chunks", chunkColumns, rows); err != nil {
		return err
	}
	tx.pending = append(tx.pending, docs...)
	tx.bumpStats(len(docs), terms)
	return nil
}

// chunkColumns are the columns of chunks that chunkRows fills.
var chunkColumns = []string{"cid", "sid", "version", "ordinal", "start", `"end"`, "heading", "terms", "nterms"}

// chunkRows returns the rows of src's chunks (stored as source sid) with
// ids from first on, and, when they are indexed, the docs of those with
// terms and how many terms those hold. A chunk is its span of the text; it
// keeps its terms only when it is not indexed (its source is revoked).
func chunkRows(src *verity.Source, sid int64, chunks []verity.Chunk, first int64, indexed bool) (rows [][]any, docs []postings.Doc, nterms int) {
	rows = make([][]any, len(chunks))
	for i, c := range chunks {
		heading, _ := json.Marshal(nonNil(c.Heading))
		terms := rank.IndexTerms(src.Title, c.Heading, src.Text[c.Start:c.End])
		cid := first + int64(i)
		var kept sql.NullString
		if !indexed {
			kept = sql.NullString{String: strings.Join(terms, " "), Valid: true}
		}
		rows[i] = []any{cid, sid, src.Version, i, c.Start, c.End, string(heading), kept, len(terms)}
		if !indexed || len(terms) == 0 {
			continue
		}
		docs = append(docs, postings.Doc{ID: cid, Record: sid, Terms: terms})
		nterms += len(terms)
	}
	return rows, docs, nterms
}

// deleteChunks removes a source's chunks, and takes them out of the search
// index when they are in it (the source is active).
func deleteChunks(ctx context.Context, tx *Tx, sid int64, indexed bool) error {
	if indexed {
		if err := unindex(ctx, tx, sid, false); err != nil {
			return err
		}
	}
	_, err := tx.ExecContext(ctx, `DELETE FROM chunks WHERE sid = ?`, sid)
	return err
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

const sourceColumns = `s.sid, s.id, s.uri, s.system, s.title, s.author, s.version, s.updated_at, s.hash, s.status`

func scanSource(sc interface{ Scan(...any) error }) (*verity.Source, int64, error) {
	var (
		src             verity.Source
		sid             int64
		author, updated string
		status          string
	)
	if err := sc.Scan(&sid, &src.ID, &src.URI, &src.System, &src.Title, &author, &src.Version, &updated, &src.Hash, &status); err != nil {
		return nil, 0, err
	}
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
	err = d.q().QueryRowContext(ctx, `SELECT text, hash, title FROM source_versions WHERE sid = ? AND version = ?`, sid, version).
		Scan(&src.Text, &src.Hash, &src.Title)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, verity.Errorf(verity.ENOTFOUND, "source %q has no version %d (current is %d)", id, version, src.Version)
	}
	if err != nil {
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

// Chunks implements [verity.SourceStore.Chunks]. Each chunk's text is its
// span of its version's text, which is read once.
func (d *DB) Chunks(ctx context.Context, id string) ([]verity.Chunk, error) {
	rows, err := d.q().QueryContext(ctx, `SELECT c.sid, c.version, c.ordinal, c.start, c."end", c.heading
		FROM chunks c JOIN sources s ON s.sid = c.sid WHERE s.id = ? ORDER BY c.ordinal`, id)
	if err != nil {
		return nil, fmt.Errorf("read chunks of %q: %w", id, err)
	}
	defer rows.Close()
	var (
		out      []verity.Chunk
		sids     []int64
		versions = map[versionKey]version{}
	)
	for rows.Next() {
		c := verity.Chunk{SourceID: id}
		var (
			sid     int64
			heading string
		)
		if err := rows.Scan(&sid, &c.Version, &c.Ordinal, &c.Start, &c.End, &heading); err != nil {
			return nil, fmt.Errorf("read chunks of %q: %w", id, err)
		}
		json.Unmarshal([]byte(heading), &c.Heading)
		out, sids = append(out, c), append(sids, sid)
		versions[versionKey{sid, c.Version}] = version{}
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("read chunks of %q: %w", id, err)
	}
	rows.Close()
	if err := versionsOf(ctx, d.q(), versions); err != nil {
		return nil, fmt.Errorf("read chunks of %q: %w", id, err)
	}
	for i := range out {
		c := &out[i]
		if c.Text, err = span(versions[versionKey{sids[i], c.Version}].text, c.Start, c.End); err != nil {
			return nil, fmt.Errorf("read chunks of %q: chunk %d: %w", id, c.Ordinal, err)
		}
	}
	return out, nil
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
		(SELECT CAST(coalesce(sum(octet_length(v.text)), 0) AS BIGINT) FROM sources s JOIN source_versions v ON v.sid = s.sid AND v.version = s.version)`).
		Scan(&st.Sources, &st.ActiveSources, &st.RevokedSources, &st.Chunks, &st.SearchChunks, &st.TextBytes)
	if err != nil {
		return st, fmt.Errorf("count store: %w", err)
	}
	return st, nil
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
