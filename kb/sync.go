package kb

import (
	"cmp"
	"context"
	"fmt"
	"maps"
	"math"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/veritykb/verity"
)

// SyncOptions are how a pass runs: verity sync [NAME] [--full]
// [--confirm-deletions].
type SyncOptions struct {
	// Full lists every page rather than those changed since the cursor,
	// and revokes the known pages the listing no longer holds.
	Full bool `json:"full,omitempty"`
	// ConfirmDeletions lets a pass revoke more than the guard allows: an
	// admin's word that the pages really went.
	ConfirmDeletions bool `json:"confirm_deletions,omitempty"`
	// Wait is how long the pass waits for another pass of the connector
	// to end before it is refused (a conflict): none for a verity sync, a
	// while for a worker's job and a webhook's re-reading.
	Wait time.Duration `json:"-"`
}

// SyncPage is one page a connector read from its platform: its key there
// (the page id), its version there, and the source it becomes. The sync
// gives the source its id (PREFIX+key) and system. A source without text
// whose version is the one the store holds live keeps its stored text,
// and its stored title, address, author and time where it gives none: a
// connector need not download an unchanged file again to apply its
// permissions.
type SyncPage struct {
	Key     string
	Version string
	Source  *verity.Source
}

// SyncReport is the exact change a pass made: verity sync --json.
type SyncReport struct {
	Connector string   `json:"connector"`
	Full      bool     `json:"full"`
	Status    string   `json:"status"`
	Error     string   `json:"error,omitempty"`
	Listed    int      `json:"listed"`
	Created   []string `json:"created"`
	// Versions are the pages stored as a new version.
	Versions []string `json:"new_versions"`
	// Changes lists every new version and metadata change with its
	// fields, and for an ACL the principals added and removed.
	Changes   []IngestChange `json:"changes"`
	Narrowed  []string       `json:"acl_narrowed"`
	Widened   []string       `json:"acl_widened"`
	Unchanged int            `json:"unchanged"`
	// Revoked are the pages revoked as deleted (or moved out of the
	// synced spaces); Unrevoked those the connector had revoked that came
	// back; Kept those that came back while someone else's revocation
	// holds them, which stands.
	Revoked   []string `json:"revoked"`
	Unrevoked []string `json:"unrevoked"`
	Kept      []string `json:"kept_revoked,omitempty"`
	// Adopted are sources of the connector's system stored before it (from
	// an export) that it took over, with --adopt.
	Adopted []string `json:"adopted,omitempty"`
	// Died, Survived and Revived count the derived records the
	// revocations and unrevocations killed, left alive on other sets and
	// revived: counts only, since the sync reads no record.
	Died     int             `json:"died"`
	Survived int             `json:"survived"`
	Revived  int             `json:"revived"`
	Failed   []IngestFailure `json:"failed"`
	Warnings []string        `json:"warnings"`
	Groups   *PlatformSync   `json:"groups,omitempty"`
	Cursor   string          `json:"cursor,omitempty"`
}

// Sync is one pass of a connector, run as its service caller
// (connector:NAME): everything it changes lies under the connector's
// prefix, and it reads nothing of the store but what the connector itself
// wrote. It is not safe for concurrent use.
type Sync struct {
	s     *Service
	c     verity.Caller
	conn  verity.Connector
	opt   SyncOptions
	items map[string]verity.ConnectorItem // by id
	byKey map[string]string               // a page's id in the store, by its key
	seen  map[string]bool
	in    *Ingest
	dirty []verity.ConnectorItem
	mu    sync.Mutex // guards Report.Warnings
	// blocked is why the guard stopped a revocation, "" when it did not.
	blocked string
	unlock  func() // lets go of the connector's pass lock
	Report  SyncReport
}

// BeginSync starts a pass of connector name on c's behalf (admin). The
// connector's platform client reads pages and hands them to [Sync.Put],
// commits its cursor with [Sync.Commit], reports pages it knows are gone
// with [Sync.Gone], and ends with [Sync.Finish].
func (s *Service) BeginSync(ctx context.Context, c verity.Caller, name string, opt SyncOptions) (*Sync, error) {
	if _, err := s.require(ctx, c, verity.RoleAdmin, "syncing a connector"); err != nil {
		return nil, err
	}
	// One pass of a connector at a time, in every process on the store;
	// the state is read once the lock is held, so a pass continues from
	// the cursor the last one committed.
	unlock, err := s.store.LockConnector(ctx, name, opt.Wait)
	if err != nil {
		return nil, err
	}
	conn, err := s.store.Connector(ctx, name)
	if err == nil && conn == nil {
		err = verity.Errorf(verity.ENOTFOUND, "no connector %q", name)
	}
	var items []verity.ConnectorItem
	if err == nil {
		items, err = s.store.ConnectorItems(ctx, name)
	}
	if err != nil {
		unlock()
		return nil, err
	}
	y := &Sync{s: s, c: verity.ConnectorCaller(name), conn: *conn, opt: opt, unlock: unlock, items: map[string]verity.ConnectorItem{}, byKey: map[string]string{}, seen: map[string]bool{},
		Report: SyncReport{Connector: name, Full: opt.Full, Status: verity.SyncRunning, Created: []string{}, Versions: []string{},
			Changes: []IngestChange{}, Narrowed: []string{}, Widened: []string{}, Revoked: []string{}, Unrevoked: []string{},
			Failed: []IngestFailure{}, Warnings: []string{}}}
	for _, it := range items {
		if it.Key == "" {
			it.Key = strings.TrimPrefix(it.ID, conn.Prefix())
		}
		y.items[it.ID], y.byKey[it.Key] = it, it.ID
	}
	// The sync stores as its own caller, with every right inside its
	// prefix: it narrows and widens what the platform says (Put checks
	// that each id is its own before anything is stored).
	if y.in, err = s.beginIngest(ctx, y.c, Rights{Curator: true, Admin: true}); err != nil {
		unlock()
		return nil, err
	}
	y.in.onPut = y.noted
	if conn.Adopt {
		y.in.holders = map[string]string{}
	}
	return y, nil
}

// Release ends the pass without saving more: its lock on the connector
// goes (Finish does it too; a second call does nothing).
func (y *Sync) Release() {
	if y.unlock != nil {
		y.unlock()
		y.unlock = nil
	}
}

// Connector is the connector being synced, with its secret's reference
// and the cursor its last pass committed.
func (y *Sync) Connector() verity.Connector { return y.conn }

// Caller is who the pass acts as: connector:NAME.
func (y *Sync) Caller() verity.Caller { return y.c }

// Known returns the platform version the connector stored for the page
// with key, and whether it is still live (not revoked by the connector).
func (y *Sync) Known(key string) (version string, live, ok bool) {
	it, ok := y.items[y.id(key)]
	return it.Version, it.State == verity.ItemLive, ok
}

// id is the store's id of the page with key: PREFIX+key, or the source
// the connector adopted for it.
func (y *Sync) id(key string) string {
	if id, ok := y.byKey[key]; ok {
		return id
	}
	return y.conn.Prefix() + key
}

// Snapshot returns [Sync.Known] over the pages as they stand now, safe
// to call while the pass stores more (a listing running ahead).
func (y *Sync) Snapshot() func(key string) (version string, live, ok bool) {
	items := maps.Clone(y.items)
	byKey := maps.Clone(y.byKey)
	return func(key string) (string, bool, bool) {
		id, ok := byKey[key]
		if !ok {
			id = y.conn.Prefix() + key
		}
		it, ok := items[id]
		return it.Version, it.State == verity.ItemLive, ok
	}
}

// Under are the keys of the connector's live records whose keys start
// with prefix, sorted: what hangs off a page (its attachments, keyed
// PAGE.ID), which a hint about the page reads again with it.
func (y *Sync) Under(prefix string) []string {
	var keys []string
	for _, it := range y.items {
		if it.State == verity.ItemLive && strings.HasPrefix(it.Key, prefix) {
			keys = append(keys, it.Key)
		}
	}
	slices.Sort(keys)
	return keys
}

// Warn records a warning about the pass: a permission that could not be
// mapped, say. It is safe to call while the pass stores pages.
func (y *Sync) Warn(msg string) {
	y.mu.Lock()
	defer y.mu.Unlock()
	y.Report.Warnings = append(y.Report.Warnings, msg)
}

// Put stores pages in one batch as the connector, unrevoking those the
// connector itself revoked before (a page that came back). It marks them
// listed, for Finish.
func (y *Sync) Put(ctx context.Context, pages []SyncPage) error {
	items := make([]Item, 0, len(pages))
	for _, p := range pages {
		if p.Source == nil || strings.TrimSpace(p.Key) == "" {
			return verity.Errorf(verity.EINVALID, "connector %s: a page without a key", y.conn.Name)
		}
		src := *p.Source
		src.ID, src.System = y.id(p.Key), y.conn.System
		// Without text and at the version held live, the stored text is
		// kept; otherwise an empty text is the page's own (a parent page
		// with no body), which storing judges like any other.
		if it, held := y.items[src.ID]; src.Text == "" && held && it.State == verity.ItemLive && it.Version == p.Version {
			stored, err := y.s.store.Source(ctx, src.ID)
			if err != nil {
				return fmt.Errorf("connector %s: the stored text of %s: %w", y.conn.Name, src.ID, err)
			}
			src.Text = stored.Text
			src.Title, src.URI, src.Author = cmp.Or(src.Title, stored.Title), cmp.Or(src.URI, stored.URI), cmp.Or(src.Author, stored.Author)
			if src.UpdatedAt.IsZero() {
				src.UpdatedAt = stored.UpdatedAt
			}
		}
		if len(src.ACL) == 0 {
			y.Warn(fmt.Sprintf("%s: readable by no one (no permission mapped)", src.ID))
		}
		y.seen[src.ID] = true
		y.Report.Listed++
		items = append(items, Item{Where: src.ID, Source: &src})
	}
	failed, err := y.in.Put(ctx, items)
	if err != nil {
		return err
	}
	if failed, err = y.adopt(ctx, pages, items, failed); err != nil {
		return err
	}
	y.Report.Failed = append(y.Report.Failed, failed...)
	var back []verity.Ref
	for i, p := range pages {
		id := items[i].Source.ID
		if slices.ContainsFunc(failed, func(f IngestFailure) bool { return f.Where == id }) {
			continue
		}
		it := y.items[id]
		switch it.State {
		case verity.ItemRevoked:
			back = append(back, verity.SourceRef(id))
		case verity.ItemGone:
			y.Report.Kept = append(y.Report.Kept, id)
		}
		y.set(verity.ConnectorItem{ID: id, Key: p.Key, Version: p.Version, State: verity.ItemLive})
	}
	if len(back) == 0 {
		return nil
	}
	ev, change, err := y.s.store.Unrevoke(ctx, back, y.c.AsActor(), "the page is back at "+y.conn.Origin())
	if err != nil {
		return err
	}
	for _, ref := range ev.Changed {
		y.Report.Unrevoked = append(y.Report.Unrevoked, ref.ID())
	}
	y.Report.Revived += len(change.Revived)
	return nil
}

// adopt stores again, under the holder's id, the pages refused because a
// source of the connector's system (from an export) holds their uri, when
// the connector adopts: that source becomes the page's, logged as such.
// It returns the failures left.
func (y *Sync) adopt(ctx context.Context, pages []SyncPage, items []Item, failed []IngestFailure) ([]IngestFailure, error) {
	if !y.conn.Adopt || len(failed) == 0 {
		return failed, nil
	}
	var again []Item
	var keys []string
	var left []IngestFailure
	for _, f := range failed {
		holder, ok := y.in.holders[f.Where]
		i := slices.IndexFunc(items, func(it Item) bool { return it.Where == f.Where })
		if _, mine := y.items[holder]; !ok || i < 0 || mine {
			left = append(left, f)
			continue
		}
		src := *items[i].Source
		src.ID = holder
		again, keys = append(again, Item{Where: holder, Source: &src}), append(keys, pages[i].Key)
	}
	// The refused items are not the run's failures: they are stored again.
	y.in.Report.Failed = slices.DeleteFunc(y.in.Report.Failed, func(f IngestFailure) bool {
		return y.in.holders[f.Where] != "" && !slices.Contains(left, f)
	})
	if len(again) == 0 {
		return left, nil
	}
	more, err := y.in.Put(ctx, again)
	if err != nil {
		return nil, err
	}
	for j, it := range again {
		if slices.ContainsFunc(more, func(f IngestFailure) bool { return f.Where == it.Where }) {
			continue
		}
		i := slices.IndexFunc(pages, func(p SyncPage) bool { return p.Key == keys[j] })
		items[i] = it // the page is the adopted source now
		y.byKey[keys[j]], y.seen[it.Where] = it.Where, true
		y.Report.Adopted = append(y.Report.Adopted, it.Where)
		y.s.log.Info("connector adopted a source", "connector", y.conn.Name, "source", it.Where, "page", keys[j])
	}
	return append(left, more...), nil
}

// noted adds one stored source to the report.
func (y *Sync) noted(where string, p *verity.SourcePut) {
	rep := &y.Report
	switch p.Outcome {
	case verity.PutCreated:
		rep.Created = append(rep.Created, p.Source.ID)
		return
	case verity.PutUnchanged:
		rep.Unchanged++
		return
	case verity.PutNewVersion:
		rep.Versions = append(rep.Versions, p.Source.ID)
	}
	rep.Changes = append(rep.Changes, IngestChange{Where: where, ID: p.Source.ID, Outcome: p.Outcome, Version: p.Source.Version, Fields: p.Change.Fields, ACL: p.Change.ACL})
	if acl := p.Change.ACL; acl != nil {
		if acl.Narrowed {
			rep.Narrowed = append(rep.Narrowed, p.Source.ID)
		}
		if acl.Widened {
			rep.Widened = append(rep.Widened, p.Source.ID)
		}
	}
}

func (y *Sync) set(it verity.ConnectorItem) {
	y.items[it.ID], y.byKey[it.Key] = it, it.ID
	y.dirty = append(y.dirty, it)
}

// Commit stores the cursor the next pass continues from, with what the
// pass learned of its pages, in one transaction: after a crash the next
// pass starts from the last cursor committed, and what it stores again is
// unchanged.
func (y *Sync) Commit(ctx context.Context, cursor string) error {
	st := y.conn.State
	st.Cursor, st.Status = cursor, verity.SyncRunning
	if err := y.s.store.SaveSync(ctx, y.conn.Name, st, y.dirty); err != nil {
		return err
	}
	y.conn.State, y.dirty = st, nil
	y.Report.Cursor = cursor
	return nil
}

// Gone revokes the pages with keys as deleted at the platform (or moved
// out of the synced spaces), for the reason why, unless the guard against
// mass revocation stops it: then nothing is revoked, and Finish marks the
// pass blocked with the reason. A page someone else revoked already is
// left to that revocation.
func (y *Sync) Gone(ctx context.Context, keys []string, why string) error {
	var refs []verity.Ref
	for _, k := range keys {
		if it, ok := y.items[y.id(k)]; ok && it.State == verity.ItemLive {
			refs = append(refs, verity.SourceRef(it.ID))
		}
	}
	if len(refs) == 0 {
		return nil
	}
	if why, ok := y.guard(len(refs)); !ok {
		y.blocked = why
		return nil
	}
	ev, change, err := y.s.store.Revoke(ctx, refs, y.c.AsActor(), why)
	if err != nil {
		return err
	}
	for _, ref := range refs {
		it := y.items[ref.ID()]
		if slices.Contains(ev.Changed, ref) {
			it.State = verity.ItemRevoked
			y.Report.Revoked = append(y.Report.Revoked, ref.ID())
		} else {
			it.State = verity.ItemGone
		}
		y.set(it)
	}
	y.Report.Died += len(change.Died)
	y.Report.Survived += len(change.Survived)
	st := &y.conn.State
	st.WindowDeleted += len(refs)
	return nil
}

// guard refuses to revoke n more pages when that would make the window's
// deletions more than the connector's share of its known pages (at least
// one page), unless the admin confirmed the deletions.
func (y *Sync) guard(n int) (string, bool) {
	if y.opt.ConfirmDeletions {
		return "", true
	}
	st := &y.conn.State
	now := y.s.now()
	if st.WindowStart.IsZero() || now.Sub(st.WindowStart) > DeletionWindow {
		st.WindowStart, st.WindowDeleted = now, 0
	}
	live := 0
	for _, it := range y.items {
		if it.State == verity.ItemLive {
			live++
		}
	}
	base := live + st.WindowDeleted
	limit := max(1, int(math.Floor(y.conn.MaxDeletions*float64(base))))
	if st.WindowDeleted+n <= limit {
		return "", true
	}
	return fmt.Sprintf("%d of %d known pages would be revoked as deleted within %s (more than %.0f%%): nothing was revoked; if they really went, run: verity sync %s --confirm-deletions",
		st.WindowDeleted+n, base, DeletionWindow, y.conn.MaxDeletions*100, y.conn.Name), false
}

// SyncGroups writes the platform's groups into the directory as the
// connector's (group:KIND:NAME/GROUP).
func (y *Sync) SyncGroups(ctx context.Context, groups []PlatformGroup) error {
	ps, err := y.s.SyncPlatformGroups(ctx, y.c, y.conn.Origin(), groups)
	if err != nil {
		return err
	}
	y.Report.Groups = ps
	return nil
}

// Finish ends the pass. listErr is the listing's failure, if it failed:
// then nothing is revoked, and the pass is marked failed with it. A full
// pass that listed everything revokes the known pages the listing no
// longer holds — unless the listing came back empty, or lost more than
// the guard allows: then it revokes nothing and is marked blocked.
func (y *Sync) Finish(ctx context.Context, listErr error) (*SyncReport, error) {
	defer y.Release()
	rep := &y.Report
	y.in.Finish(ctx)
	st := y.conn.State
	now := y.s.now()
	st.LastSync = now
	switch {
	case listErr != nil:
		st.Status, st.Error = verity.SyncFailed, fmt.Sprintf("connector %s: %v", y.conn.Name, listErr)
	case y.opt.Full:
		var gone []string
		known := 0
		for id, it := range y.items {
			if it.State != verity.ItemLive {
				continue
			}
			known++
			if !y.seen[id] {
				gone = append(gone, it.Key)
			}
		}
		slices.Sort(gone)
		if rep.Listed == 0 && known > 0 && !y.opt.ConfirmDeletions {
			y.blocked = fmt.Sprintf("the listing came back empty while %d pages are known (a token that lost access often gets an empty answer): nothing was revoked; if they really went, run: verity sync %s --confirm-deletions",
				known, y.conn.Name)
		} else if err := y.Gone(ctx, gone, "deleted at "+y.conn.Origin()+" (or moved out of the synced spaces)"); err != nil {
			return nil, err
		}
		st = y.conn.State
		st.LastSync, st.Status, st.Error = now, verity.SyncOK, ""
		if y.blocked == "" {
			st.LastFull = now
		} else {
			st.Status, st.Error = verity.SyncBlocked, y.blocked
		}
	case y.blocked != "":
		st.Status, st.Error = verity.SyncBlocked, y.blocked
	default:
		st.Status, st.Error = verity.SyncOK, ""
	}
	if err := y.s.store.SaveSync(ctx, y.conn.Name, st, y.dirty); err != nil {
		return nil, err
	}
	y.conn.State, y.dirty = st, nil
	rep.Status, rep.Error, rep.Cursor = st.Status, st.Error, st.Cursor
	y.s.log.Info("connector synced", "connector", y.conn.Name, "status", st.Status, "listed", rep.Listed, "created", len(rep.Created),
		"new_versions", len(rep.Versions), "revoked", len(rep.Revoked), "unrevoked", len(rep.Unrevoked), "by", string(y.c.Actor()))
	return rep, nil
}
