package kb

import (
	"context"
	"errors"
	"strings"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/analysis"
	"github.com/veritykb/verity/ingest"
)

// IngestReport is what an ingest run did, summed over its batches: the
// shape `verity ingest --json` prints.
type IngestReport struct {
	Created    int `json:"created"`
	NewVersion int `json:"new_version"`
	Metadata   int `json:"metadata"`
	Unchanged  int `json:"unchanged"`
	// Changes lists every source the run stored as a new version or whose
	// metadata it changed, with the fields that changed, in the order
	// stored; created and unchanged sources are only counted.
	Changes []IngestChange `json:"changes"`
	// ACLNarrowed and ACLWidened count the sources whose ACL the run
	// narrowed or widened (see [verity.ACLChange]); one whose principals
	// were swapped for others may count in both.
	ACLNarrowed int             `json:"acl_narrowed"`
	ACLWidened  int             `json:"acl_widened"`
	Failed      []IngestFailure `json:"failed"`
	Warnings    []string        `json:"warnings"`
	Chunks      int             `json:"chunks"`
	Bytes       int64           `json:"bytes"`
	// FileACL is who may read the files and stdin of the run (JSONL records
	// carry their own ACL); the transport fills it.
	FileACL []string `json:"file_acl"`
	// Relocation is what re-locating quotes in the new versions did.
	Relocation *Relocation `json:"relocation"`
}

// IngestChange is one stored source that changed: a new version (its title
// or text changed, and maybe metadata too) or a metadata update, and which
// fields changed. ACL, when the ACL changed, lists the principals added and
// removed and says whether that narrowed or widened who may read it.
type IngestChange struct {
	Where   string               `json:"where"`
	ID      string               `json:"id"`
	Outcome verity.PutOutcome    `json:"outcome"` // new_version or metadata
	Version int                  `json:"version"` // the version stored now
	Fields  []verity.SourceField `json:"fields"`
	ACL     *verity.ACLChange    `json:"acl,omitempty"`
}

// IngestFailure is one item that was not stored, and why, with the error
// code a transport maps (invalid, conflict, forbidden...).
type IngestFailure struct {
	Where string `json:"where"`
	Code  string `json:"code"`
	Error string `json:"error"`
}

// Ingest is one run of storing sources on a caller's behalf, batch by
// batch; Report sums what it did. It is not safe for concurrent use.
type Ingest struct {
	s      *Service
	c      verity.Caller
	r      Rights
	Report IngestReport
	stored int // bytes of text stored, for a caller that reads sources itself
	conns  []verity.Connector
	// onPut, when set, is told of every source stored (a sync's report).
	onPut func(where string, p *verity.SourcePut)
	// holders are the sources whose uri an item was refused for, by the
	// item's where: a connector that adopts takes them over.
	holders map[string]string
}

// Item is one source to store and where it came from (a file and line),
// for the report.
type Item struct {
	Where  string
	Source *verity.Source
}

// BeginIngest starts an ingest run for c, which needs the curator role,
// for a caller that brings sources already read (a connector, the demo);
// [Service.Ingest] reads files and uploads itself. A
// curator may add sources and re-ingest sources it may read, narrowing
// their ACL but not widening it (that needs an admin); a source id taken by
// a source it cannot read is refused without saying anything of it, and so
// is a uri such a source holds in the same system (one uri, one source per
// system: see [verity.URIConflict]).
func (s *Service) BeginIngest(ctx context.Context, c verity.Caller) (*Ingest, error) {
	r, err := s.require(ctx, c, verity.RoleCurator, "ingesting")
	if err != nil {
		return nil, err
	}
	return s.beginIngest(ctx, c, r)
}

// beginIngest starts an ingest run for c with rights r, checked already.
func (s *Service) beginIngest(ctx context.Context, c verity.Caller, r Rights) (*Ingest, error) {
	conns, err := s.connectors(ctx)
	if err != nil {
		return nil, err
	}
	return &Ingest{s: s, c: c, r: r, conns: conns, Report: IngestReport{Changes: []IngestChange{}, Failed: []IngestFailure{}, Warnings: []string{}, FileACL: []string{}, Relocation: NewRelocation()}}, nil
}

// Fail records an item that could not be read at all.
func (in *Ingest) Fail(where string, err error) IngestFailure {
	f := IngestFailure{Where: where, Code: verity.ErrorCode(err), Error: err.Error()}
	in.Report.Failed = append(in.Report.Failed, f)
	return f
}

// Warn records a warning about an item that was read.
func (in *Ingest) Warn(where, msg string) {
	in.Report.Warnings = append(in.Report.Warnings, where+": "+msg)
}

// BatchItems and BatchBytes bound the batch a transport gives [Ingest.Put]
// at a time (whichever is reached first): a batch is one transaction, and
// one segment of the search index, so large batches store several times
// faster than small ones (a segment per 64 sources wrote and merged eight
// times as many segments), while 8 MB keeps a batch of large documents
// short enough that an interrupt stops within a second.
const (
	BatchItems = 512
	BatchBytes = 8 << 20
)

// Put stores a batch of sources in one transaction, then re-locates the
// quotes of every source stored as a new version. It returns the items
// that failed (also in Report.Failed); its error is for a failure of the
// store itself, after which the batch is not stored.
func (in *Ingest) Put(ctx context.Context, items []Item) ([]IngestFailure, error) {
	var (
		puts   []*verity.SourcePut
		wheres []string
		failed []IngestFailure
		ids    []string
	)
	for _, it := range items {
		if it.Source != nil {
			ids = append(ids, it.Source.ID)
		}
	}
	prior, err := in.s.store.SourceACLs(ctx, ids)
	if err != nil {
		return nil, err
	}
	hidden, err := in.s.undiscoverable(ctx, in.r, items)
	if err != nil {
		return nil, err
	}
	for _, it := range items {
		err := reserved(in.c, in.conns, it.Source)
		if err == nil {
			err = in.s.admitACL(in.c, in.r, it.Source, prior, hidden)
		}
		if err != nil {
			if verity.ErrorCode(err) == verity.EINTERNAL {
				return failed, err
			}
			failed = append(failed, in.Fail(it.Where, err))
			continue
		}
		puts = append(puts, &verity.SourcePut{Source: it.Source, Chunks: ingest.Chunks(it.Source, analysis.DefaultChunkOptions)})
		wheres = append(wheres, it.Where)
	}
	if len(puts) == 0 {
		return failed, nil
	}
	if err := in.s.store.PutSources(ctx, puts); err != nil {
		return failed, err
	}
	for _, p := range puts {
		in.stored += len(p.Source.Text)
	}
	rep := &in.Report
	for i, p := range puts {
		if p.Err != nil {
			var uc *verity.URIConflict
			if errors.As(p.Err, &uc) && in.holders != nil {
				in.holders[wheres[i]] = uc.Holder
			}
			err := in.s.uriConflict(ctx, in.c, in.r, p.Err)
			if verity.ErrorCode(err) == verity.EINTERNAL {
				return failed, err
			}
			failed = append(failed, in.Fail(wheres[i], err))
			continue
		}
		if in.onPut != nil {
			in.onPut(wheres[i], p)
		}
		switch p.Outcome {
		case verity.PutCreated:
			rep.Created++
			rep.Chunks += len(p.Chunks)
		case verity.PutNewVersion:
			rep.NewVersion++
			rep.Chunks += len(p.Chunks)
			rep.noteChange(wheres[i], p)
			if err := in.s.relocate(ctx, in.c, in.r, p.Source, rep.Relocation); err != nil {
				return failed, err
			}
		case verity.PutMetadata:
			rep.Metadata++
			rep.noteChange(wheres[i], p)
		case verity.PutUnchanged:
			rep.Unchanged++
		}
	}
	return failed, nil
}

// Finish ends a run that stored all it read. After a bulk run (a batch's
// worth of text or more) the store folds in and empties its write-ahead
// log (SQLite), so that no idle log is left taking disk; a failure to is
// logged, as what the run stored is stored.
func (in *Ingest) Finish(ctx context.Context) {
	if in.Report.Bytes < BatchBytes && in.stored < BatchBytes {
		return
	}
	if err := in.s.store.Checkpoint(ctx); err != nil {
		in.s.log.Warn("ingest: the write-ahead log was not checkpointed", "err", err)
	}
}

// noteChange adds a new version or a metadata update to the report.
func (rep *IngestReport) noteChange(where string, p *verity.SourcePut) {
	rep.Changes = append(rep.Changes, IngestChange{Where: where, ID: p.Source.ID, Outcome: p.Outcome, Version: p.Source.Version,
		Fields: p.Change.Fields, ACL: p.Change.ACL})
	if acl := p.Change.ACL; acl != nil {
		if acl.Narrowed {
			rep.ACLNarrowed++
		}
		if acl.Widened {
			rep.ACLWidened++
		}
	}
}

// admit decides whether c may store src: anything for an admin; for a
// curator, a new id, or a source it may read whose ACL the new one does not
// widen.
func (s *Service) admit(ctx context.Context, c verity.Caller, r Rights, src *verity.Source) error {
	if src == nil {
		return verity.Errorf(verity.EINVALID, "a source needs an id")
	}
	prior, err := s.store.SourceACLs(ctx, []string{src.ID})
	if err != nil {
		return err
	}
	hidden, err := s.undiscoverable(ctx, r, []Item{{Source: src}})
	if err != nil {
		return err
	}
	return s.admitACL(c, r, src, prior, hidden)
}

// undiscoverable returns which of the items' sources a non-admin would make
// discoverable again: stored undiscoverable, and given as discoverable.
func (s *Service) undiscoverable(ctx context.Context, r Rights, items []Item) (map[string]bool, error) {
	if r.Admin {
		return nil, nil
	}
	var ids []string
	for _, it := range items {
		if it.Source != nil && it.Source.Discoverable != nil && *it.Source.Discoverable {
			ids = append(ids, it.Source.ID)
		}
	}
	if len(ids) == 0 {
		return nil, nil
	}
	return s.store.UndiscoverableSources(ctx, ids)
}

// admitACL is admit with the stored ACLs read already (by id; an id that
// is not stored is absent), and the ids of undiscoverable sources the
// items would make discoverable.
func (s *Service) admitACL(c verity.Caller, r Rights, src *verity.Source, stored map[string][]verity.Principal, hidden map[string]bool) error {
	if src == nil || strings.TrimSpace(src.ID) == "" {
		return verity.Errorf(verity.EINVALID, "a source needs an id")
	}
	acl, known := stored[src.ID]
	switch {
	case !known || r.Admin:
		return nil
	case !c.CanRead(acl):
		// Nothing of the stored source may show: not its uri, title or ACL.
		return verity.Errorf(verity.ECONFLICT, "source id %q is taken: give this source another id", src.ID)
	}
	if added := widened(acl, src.ACL); len(added) > 0 {
		return verity.Errorf(verity.EFORBIDDEN, "source %q: letting %s read it widens its ACL, which needs the admin role (a curator may narrow an ACL, not widen it)",
			src.ID, strings.Join(added, ", "))
	}
	if hidden[src.ID] {
		return verity.Errorf(verity.EFORBIDDEN, "source %q is undiscoverable: making it discoverable lets it give hints to callers who cannot read it, which needs the admin role (leave \"discoverable\" out to keep the setting)",
			src.ID)
	}
	return nil
}

// widened returns the principals next may read through that prior did not
// let read: none when prior was public already. It is the rule the store
// reports with, [verity.DiffACL].
func widened(prior, next []verity.Principal) []string {
	d := verity.DiffACL(prior, next)
	if !d.Widened {
		return nil
	}
	out := make([]string, len(d.Added))
	for i, p := range d.Added {
		out[i] = string(p)
	}
	return out
}

// uriConflict turns the store's refusal of a uri another source of the
// same system holds ([verity.URIConflict]) into what c may be told: the
// holder's id when c may read it (an admin reads every source), else only
// that a source c cannot read has the uri, which c gave and so knows. Other
// errors pass unchanged. The result does not wrap the store's error, whose
// Holder field a transport could otherwise dig out.
//
// The store finds the holder, in the transaction that would write, rather
// than kb looking it up by (system, uri) before the put: a lookup before
// would race with other writers and miss an earlier item of the same
// batch, which only the store sees. Only kb knows the caller, so the store
// returns the holder as a value and kb decides how much of it to say.
func (s *Service) uriConflict(ctx context.Context, c verity.Caller, r Rights, err error) error {
	var uc *verity.URIConflict
	if !errors.As(err, &uc) {
		return err
	}
	if !r.Admin {
		acls, aerr := s.store.SourceACLs(ctx, []string{uc.Holder})
		if aerr != nil {
			return aerr
		}
		if acl, ok := acls[uc.Holder]; !ok || !c.CanRead(acl) {
			return verity.Errorf(verity.ECONFLICT, "source %q: uri %q is already used by a source you cannot read (system %s; one uri, one source per system): give this source another uri, or ask an admin",
				uc.ID, uc.URI, uc.System)
		}
	}
	return verity.Errorf(verity.ECONFLICT, "source %q: uri %q is already the uri of source %q (system %s; one uri, one source per system): ingest it as %q to update that source",
		uc.ID, uc.URI, uc.Holder, uc.System, uc.Holder)
}

// pageGate is the store as a crawl or a research run sees it on c's
// behalf: it reads back only pages c may read and stores only what c may
// store (see [Service.admit]).
type pageGate struct {
	s *Service
	c verity.Caller
	r Rights
}

func (g pageGate) Source(ctx context.Context, id string) (*verity.Source, error) {
	return g.s.readSource(ctx, g.c, id, g.r.Admin)
}

func (g pageGate) PutSource(ctx context.Context, src *verity.Source, chunks []verity.Chunk) (verity.PutOutcome, error) {
	conns, err := g.s.connectors(ctx)
	if err != nil {
		return "", err
	}
	if err := reserved(g.c, conns, src); err != nil {
		return "", err
	}
	if err := g.s.admit(ctx, g.c, g.r, src); err != nil {
		return "", err
	}
	outcome, err := g.s.store.PutSource(ctx, src, chunks)
	if err != nil {
		return "", g.s.uriConflict(ctx, g.c, g.r, err)
	}
	return outcome, nil
}
