package searchbench

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/ingest"
	"github.com/veritykb/verity/kb"
)

// Store is the store the Verity engine runs over: what the service layer
// serves from, and Close. *sqlite.DB is one; cmd/verity opens it.
type Store interface {
	kb.Store
	Close() error
}

// Verity is Verity's engine: the service layer over a store in one file,
// ingesting as the command line's JSONL ingest does (one ingest session of
// the local operator, batches of [kb.BatchItems] records or [kb.BatchBytes])
// and searching through
// [kb.Service.Search] with the caller explicit.
type Verity struct {
	st   Store
	svc  *kb.Service
	path string
}

var _ Engine = (*Verity)(nil)

// NewVerity returns the engine over st, whose file is at path (its size is
// that file's with its -wal and -shm beside it). Close closes st.
func NewVerity(st Store, path string) *Verity {
	return &Verity{st: st, svc: kb.New(st, kb.Options{}), path: path}
}

// Name is "verity".
func (v *Verity) Name() string { return "verity" }

// operator is who ingests: the local operator, who may store any ACL.
var operator = verity.LocalOperator("searchbench")

// batchDocs and batchBytes bound one ingest batch, one transaction, as
// they bound `verity ingest`'s.
const (
	batchDocs  = kb.BatchItems
	batchBytes = kb.BatchBytes
)

// Ingest stores docs as sources of system "bench" whose uri is their id,
// with their text canonicalized as a JSONL record's is. A passage the
// service refuses is an error.
func (v *Verity) Ingest(ctx context.Context, docs []Doc, progress func(int64)) (int, error) {
	run, err := v.svc.BeginIngest(ctx, operator)
	if err != nil {
		return 0, err
	}
	var (
		batch []kb.Item
		size  int
	)
	flush := func() error {
		if len(batch) == 0 {
			return nil
		}
		failed, err := run.Put(ctx, batch)
		if err != nil {
			return err
		}
		if len(failed) > 0 {
			return verity.Errorf(verity.EINVALID, "passage %s: %s", failed[0].Where, failed[0].Error)
		}
		progress(int64(size))
		batch, size = batch[:0], 0
		return nil
	}
	for _, d := range docs {
		src, err := source(d)
		if err != nil {
			return 0, err
		}
		batch = append(batch, kb.Item{Where: d.ID, Source: src})
		size += len(d.Text)
		if len(batch) >= batchDocs || size >= batchBytes {
			if err := flush(); err != nil {
				return 0, err
			}
		}
	}
	if err := flush(); err != nil {
		return 0, err
	}
	run.Finish(ctx)
	return run.Report.Chunks, nil
}

// source is the source a JSONL record {"id","title","text","acl"} of
// system "bench" becomes.
func source(d Doc) (*verity.Source, error) {
	text, err := ingest.CanonicalString(d.Text)
	if err != nil {
		return nil, fmt.Errorf("passage %s: %w", d.ID, err)
	}
	src := &verity.Source{ID: d.ID, URI: d.ID, System: "bench", Title: d.Title, Text: text}
	for _, s := range d.ACL {
		p, err := verity.ParsePrincipal(s)
		if err != nil {
			return nil, verity.Errorf(verity.EINVALID, "passage %s: %w", d.ID, err)
		}
		src.ACL = append(src.ACL, p)
	}
	return src, nil
}

// Search asks the service as a caller holding principals (and public), or
// as the local operator, who reads as public, when there are none.
func (v *Verity) Search(ctx context.Context, query string, k int, principals []string) ([]string, error) {
	c, err := Caller(principals)
	if err != nil {
		return nil, err
	}
	res, err := v.svc.Search(ctx, c, kb.SearchRequest{Query: query, K: k})
	if err != nil {
		return nil, err
	}
	ids := make([]string, len(res.Results))
	for i, r := range res.Results {
		ids[i] = r.SourceID
	}
	return ids, nil
}

// Caller is the caller a benchmark searches as: exactly principals (and
// public), or the local operator, who reads as public, without any.
func Caller(principals []string) (verity.Caller, error) {
	if len(principals) == 0 {
		return operator, nil
	}
	ps := make([]verity.Principal, len(principals))
	for i, s := range principals {
		p, err := verity.ParsePrincipal(s)
		if err != nil {
			return verity.Caller{}, verity.Errorf(verity.EINVALID, "--as: %w", err)
		}
		ps[i] = p
	}
	return verity.NewCaller(ps...), nil
}

// Size is the store's bytes on disk as the ingest left them: its file and
// the -wal and -shm files beside it.
func (v *Verity) Size(ctx context.Context) (int64, error) {
	file, wal, err := v.Sizes(ctx)
	return file + wal, err
}

// Sizes is Size in two parts: the store's file, and its write-ahead log
// and shared memory beside it.
func (v *Verity) Sizes(ctx context.Context) (file, wal int64, err error) {
	for _, p := range []string{v.path, v.path + "-wal", v.path + "-shm"} {
		fi, err := os.Stat(p)
		if errors.Is(err, fs.ErrNotExist) && p != v.path {
			continue
		}
		if err != nil {
			return 0, 0, err
		}
		if p == v.path {
			file = fi.Size()
		} else {
			wal += fi.Size()
		}
	}
	return file, wal, nil
}

// Close closes the store.
func (v *Verity) Close() error { return v.st.Close() }

// CheckFlags refuses verity bench search's flags that mean nothing: k
// outside 1-1000, no queries, an --as that names no caller.
func CheckFlags(k int, queries string, as []string) error {
	if k <= 0 || k > 1000 {
		return verity.Errorf(verity.EINVALID, "--k must be between 1 and 1000, got %d", k)
	}
	if queries == "" {
		return verity.Errorf(verity.EINVALID, "--queries is required (see verity bench search --help)")
	}
	_, err := Caller(as)
	return err
}

// WriteStore says which store a run used: a temporary one, one it filled
// and kept, or one it searched as it was.
func WriteStore(w io.Writer, temporary, fresh bool, path string) {
	switch {
	case temporary:
		fmt.Fprintln(w, "store: a temporary one, removed now")
	case fresh:
		fmt.Fprintf(w, "store: %s, filled now and kept\n", path)
	default:
		fmt.Fprintf(w, "store: %s, searched as it was\n", path)
	}
}
