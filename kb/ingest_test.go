package kb_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/collect"
	"github.com/veritykb/verity/kb"
	"github.com/veritykb/verity/kb/kbtest"
)

// TestIngestReportsChanges checks that an ingest run reports, per source,
// which fields changed and how the ACL moved, and counts the narrowed and
// widened ACLs.
func TestIngestReportsChanges(t *testing.T) {
	f := build(t)
	ctx := context.Background()
	s := f.open(t, true)
	type ps = []verity.Principal
	narrow := withACL(*corpus[0], "group:staff")
	narrow.Author = "user:ed@corp.example"
	retitled := *corpus[1]
	retitled.Title = "CRM for staff, revised"
	tests := []struct {
		name              string
		c                 verity.Caller
		src               verity.Source
		counts            [4]int // created, new versions, metadata, unchanged
		narrowed, widened int
		change            *kb.IngestChange
	}{
		{"unchanged", curOut, *corpus[1], [4]int{0, 0, 0, 1}, 0, 0, nil},
		{"a curator narrows, with an author", curOut, narrow, [4]int{0, 0, 1, 0}, 1, 0,
			&kb.IngestChange{Where: "PUB-1", ID: "PUB-1", Outcome: verity.PutMetadata, Version: 1,
				Fields: []verity.SourceField{verity.FieldACL, verity.FieldAuthor},
				ACL:    &verity.ACLChange{Added: ps{"group:staff"}, Removed: ps{verity.Public}, Narrowed: true}}},
		{"an admin widens", admin, withACL(*corpus[2], "group:board", "group:staff"), [4]int{0, 0, 1, 0}, 0, 1,
			&kb.IngestChange{Where: "BOARD-1", ID: "BOARD-1", Outcome: verity.PutMetadata, Version: 1,
				Fields: []verity.SourceField{verity.FieldACL}, ACL: &verity.ACLChange{Added: ps{"group:staff"}, Widened: true}}},
		{"a new title", curOut, retitled, [4]int{0, 1, 0, 0}, 0, 0,
			&kb.IngestChange{Where: "STAFF-1", ID: "STAFF-1", Outcome: verity.PutNewVersion, Version: 2, Fields: []verity.SourceField{verity.FieldTitle}}},
	}
	for _, tt := range tests {
		rep, err := ingest(ctx, s, tt.c, &tt.src)
		if err != nil {
			t.Errorf("%s: ingest = %v", tt.name, err)
			continue
		}
		counts := [4]int{rep.Created, rep.NewVersion, rep.Metadata, rep.Unchanged}
		if counts != tt.counts || rep.ACLNarrowed != tt.narrowed || rep.ACLWidened != tt.widened {
			t.Errorf("%s: counts %v, acls narrowed %d widened %d; want %v, %d, %d", tt.name, counts, rep.ACLNarrowed, rep.ACLWidened, tt.counts, tt.narrowed, tt.widened)
		}
		var want []kb.IngestChange
		if tt.change != nil {
			want = append(want, *tt.change)
		}
		if diff := cmp.Diff(want, rep.Changes, cmpopts.EquateEmpty()); diff != "" {
			t.Errorf("%s: changes mismatch (-want +got):\n%s", tt.name, diff)
		}
	}
}

// TestIngestURIConflict checks that a new id with a uri another source of
// the same system holds is refused as a conflict that names the holder
// only to a caller who may read it, through ingest and through a crawl.
func TestIngestURIConflict(t *testing.T) {
	f := build(t)
	ctx := context.Background()
	newID := func(like *verity.Source, system string) verity.Source {
		return verity.Source{ID: "NEW-1", URI: like.URI, System: system, Title: "New", ACL: []verity.Principal{"group:staff"}, Text: "A new page."}
	}
	board, pub := corpus[2], corpus[0]
	tests := []struct {
		name   string
		c      verity.Caller
		src    verity.Source
		names  string // the holder the refusal names, "" when it must name none
		stored bool
	}{
		{"a curator who cannot read the holder", curOut, newID(board, board.System), "", false},
		{"a curator who can", curIn, newID(board, board.System), "BOARD-1", false},
		{"an admin", admin, newID(board, board.System), "BOARD-1", false},
		{"the operator", local, newID(board, board.System), "BOARD-1", false},
		{"a curator and a public holder", curOut, newID(pub, pub.System), "PUB-1", false},
		{"the same uri in another system", curOut, newID(board, verity.SystemConfluence), "", true},
	}
	for _, tt := range tests {
		s := f.open(t, true)
		_, err := ingest(ctx, s, tt.c, &tt.src)
		if tt.stored {
			if err != nil {
				t.Errorf("%s: ingest = %v, want it stored", tt.name, err)
			}
			continue
		}
		msg := verity.ErrorMessage(err)
		if verity.ErrorCode(err) != verity.ECONFLICT || !strings.Contains(msg, tt.src.URI) {
			t.Errorf("%s: ingest = %v, want a conflict on the uri", tt.name, err)
			continue
		}
		if tt.names != "" && !strings.Contains(msg, "already the uri of source \""+tt.names+"\"") {
			t.Errorf("%s: ingest = %q, want it to name %s", tt.name, msg, tt.names)
		}
		if tt.names == "" {
			if !strings.Contains(msg, "already used by a source you cannot read") {
				t.Errorf("%s: ingest = %q, want it to say a source the caller cannot read has the uri", tt.name, msg)
			}
			for _, secret := range []string{"BOARD-1", "Board minutes", "group:board", "chair@"} {
				if strings.Contains(msg, secret) {
					t.Errorf("%s: the refusal names %q: %s", tt.name, secret, msg)
				}
			}
		}
	}

	// A crawl stores pages through the same gate: a page whose url a board
	// source holds is refused without naming it.
	s := f.open(t, true)
	site := testSite(t)
	held := verity.Source{ID: "BOARD-WEB", URI: site.URL + "/", System: verity.SystemWeb, Title: "Board site", ACL: []verity.Principal{"group:board"}, Text: "The board's copy."}
	if _, err := ingest(ctx, s, local, &held); err != nil {
		t.Fatal(err)
	}
	rep, err := s.Crawl(ctx, curOut, collect.NewFetcher(collect.FetchOptions{Delay: -1}), site.URL+"/", collect.CrawlOptions{Budget: 2, NoSitemap: true})
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Errors) != 1 || !strings.Contains(rep.Errors[0].Detail, "already used by a source you cannot read") || strings.Contains(rep.Errors[0].Detail, "BOARD-WEB") {
		t.Errorf("crawl as a curator who cannot read the holder: errors %+v, want one refusal naming no source", rep.Errors)
	}
}

// TestBulkIngestLeavesNoWAL: an ingest of a batch's worth of text or more
// ends with the write-ahead log folded into the store and emptied, so a
// store just filled does not keep an idle log as large as what it wrote.
func TestBulkIngestLeavesNoWAL(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "bulk.db")
	svc, db, err := kbtest.Open(path, t0, kb.Fixed(engine, judge))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var body strings.Builder
	para := strings.Repeat("Acme moved its sales to Bitrix24 after a pilot that lasted a month. ", 60)
	for i := 0; body.Len() < kb.BatchBytes+kb.BatchBytes/2; i++ {
		fmt.Fprintf(&body, `{"id":"P-%d","system":"web","acl":["public"],"text":%q}`+"\n", i, fmt.Sprintf("Passage %d. %s", i, para))
	}
	rep, err := svc.Ingest(ctx, kbtest.Operator, kb.IngestRequest{Body: strings.NewReader(body.String()), Format: "jsonl"})
	if err != nil || rep.Created == 0 || len(rep.Failed) > 0 {
		t.Fatalf("Ingest = %+v, %v", rep, err)
	}
	wal, err := os.Stat(path + "-wal")
	if err != nil {
		t.Fatal(err)
	}
	if wal.Size() != 0 {
		t.Errorf("after a bulk ingest of %d bytes the WAL holds %d bytes, want it emptied", rep.Bytes, wal.Size())
	}
}
