package connector_test

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/ingest/ingesttest"
	"github.com/veritykb/verity/kb"
)

// withAttachments adds to the setup's pages: on the handbook (page 1,
// the space's readers) a Markdown policy, a PDF, a photo no reader
// takes, a file over the size budget and a broken PDF; on the salaries
// page (2, Bob alone) a text file; and twelve plain pages,
// so that a page and its attachment deleted together stay under the
// guard's share.
func withAttachments(s *setup) {
	s.f.attach(&fattach{id: "att10", page: "1", title: "parking.md", mediaType: "text/markdown", creator: alice,
		data: []byte("# Parking\n\nStaff park in the north lot; visitors use the south gate.\n")})
	s.f.attach(&fattach{id: "att11", page: "1", title: "laptop-policy.pdf", mediaType: "application/pdf", creator: alice,
		data: ingesttest.MinimalPDF("Laptops are replaced every four years.")})
	s.f.attach(&fattach{id: "att12", page: "1", title: "team.png", mediaType: "image/png", creator: alice, data: []byte("\x89PNG")})
	s.f.attach(&fattach{id: "att13", page: "1", title: "dump.txt", mediaType: "text/plain", creator: alice, data: []byte("x"), size: 200 << 20})
	s.f.attach(&fattach{id: "att14", page: "1", title: "scan.pdf", mediaType: "application/pdf", creator: alice, data: []byte("%PDF-1.4 truncated")})
	s.f.attach(&fattach{id: "att20", page: "2", title: "bands.txt", mediaType: "text/plain", creator: bob, data: []byte("Band six pays platypus rates.\n")})
	for i := range 12 {
		s.f.put(&fpage{id: fmt.Sprint(100 + i), space: "ENG", title: fmt.Sprintf("Runbook %d", i), creator: alice, body: fmt.Sprintf("<p>Runbook %d.</p>", i)})
	}
}

// TestAttachments: a full pass stores the attachments a reader takes,
// each readable by whoever reads its page, and warns of those it cannot
// read (over the size budget, a broken PDF) without failing the pass; an
// idle pass downloads nothing again; a restriction announced for a page
// narrows its attachments at once; an attachment removed is revoked by
// the next full pass, and a page deleted takes its attachments with it.
// On Cloud and on Data Center.
func TestAttachments(t *testing.T) {
	for _, dc := range []bool{false, true} {
		t.Run(map[bool]string{false: "cloud", true: "datacenter"}[dc], func(t *testing.T) {
			s := newSetup(t, dc)
			withAttachments(s)
			rep := s.sync(t, kb.SyncOptions{Full: true})
			var atts []string
			for _, id := range rep.Created {
				if strings.Contains(id, ".att") {
					atts = append(atts, id)
				}
			}
			if want := []string{"confluence:wiki:1.att10", "confluence:wiki:1.att11", "confluence:wiki:2.att20"}; !slices.Equal(atts, want) {
				t.Fatalf("attachments stored %v, want %v (report %+v)", atts, want, rep)
			}
			for _, want := range []string{"1.att13", "1.att14"} {
				if !slices.ContainsFunc(rep.Warnings, func(w string) bool { return strings.Contains(w, want) }) {
					t.Errorf("warnings %q name no %s", rep.Warnings, want)
				}
			}
			if rep.Status != verity.SyncOK {
				t.Errorf("status %s, want ok", rep.Status)
			}
			md := s.source(t, "confluence:wiki:1.att10")
			if !strings.Contains(md.Text, "north lot") || md.Title != "parking.md" || !strings.HasPrefix(md.URI, s.f.URL()) {
				t.Errorf("the Markdown attachment = %q %q %q", md.Title, md.URI, md.Text)
			}
			if !dc && md.Author != "user:alice@corp.example" {
				t.Errorf("the attachment's author = %q, want alice", md.Author)
			}
			if pdf := s.source(t, "confluence:wiki:1.att11"); !strings.Contains(pdf.Text, "replaced every four years") {
				t.Errorf("the PDF attachment's text = %q", pdf.Text)
			}
			if got, want := s.source(t, "confluence:wiki:2.att20").ACL, s.source(t, "confluence:wiki:2").ACL; !slices.Equal(got, want) {
				t.Errorf("ACL of the salaries page's attachment = %v, want its page's %v", got, want)
			}
			if dc {
				return // Data Center's users carry no email: who finds what is the Cloud run's
			}
			if !s.finds(t, "alice@corp.example", "north lot parking", "confluence:wiki:1.att10") || s.finds(t, "alice@corp.example", "platypus rates", "confluence:wiki:2.att20") ||
				!s.finds(t, "bob@corp.example", "platypus rates", "confluence:wiki:2.att20") {
				t.Error("alice should find the handbook's attachment and not the salaries page's; bob both")
			}

			// An idle full pass downloads nothing again and changes nothing.
			before := s.f.downloads
			rep = s.sync(t, kb.SyncOptions{Full: true})
			if s.f.downloads != before+1 || len(rep.Created)+len(rep.Versions)+len(rep.Changes)+len(rep.Revoked) != 0 {
				t.Errorf("an idle pass downloaded %d files (want only the broken PDF again) and reported %+v", s.f.downloads-before, rep)
			}

			// The handbook is restricted to Bob, announced by webhook: its
			// attachments narrow with it, at once.
			s.f.change("1", func(p *fpage) { p.users = []fuser{bob} })
			rep, err := s.run.Hint(context.Background(), admin, "wiki", []string{"1"})
			if err != nil {
				t.Fatal(err)
			}
			if want := []string{"confluence:wiki:1", "confluence:wiki:1.att10", "confluence:wiki:1.att11"}; !slices.Equal(rep.Narrowed, want) {
				t.Fatalf("narrowed %v, want %v", rep.Narrowed, want)
			}
			if s.finds(t, "alice@corp.example", "north lot parking", "confluence:wiki:1.att10") {
				t.Error("alice still finds the restricted page's attachment")
			}

			// A new version that cannot be read (binary in a .md) does not
			// hold a restriction back: the hint applies the page's new
			// readers to the version it holds, with a warning.
			s.f.changeAttachment("att10", func(a *fattach) { a.version, a.data = 2, []byte{0xff, 0xfe, 0x00, 0x01} })
			s.f.change("1", func(p *fpage) { p.users = []fuser{carol} })
			rep, err = s.run.Hint(context.Background(), admin, "wiki", []string{"1"})
			if err != nil || !slices.Contains(rep.Narrowed, "confluence:wiki:1.att10") && !slices.Contains(rep.Widened, "confluence:wiki:1.att10") {
				t.Fatalf("a restriction while the attachment's new version is unreadable = %+v, %v", rep, err)
			}
			if got := s.source(t, "confluence:wiki:1.att10"); !slices.Equal(got.ACL, acl("user:carol@corp.example")) || !strings.Contains(got.Text, "north lot") {
				t.Errorf("the attachment = %v %q, want Carol's with the text it held", got.ACL, got.Text)
			}
			if !slices.ContainsFunc(rep.Warnings, func(w string) bool { return strings.Contains(w, "1.att10") && strings.Contains(w, "is kept") }) {
				t.Errorf("warnings %q do not say the held version is kept", rep.Warnings)
			}

			// A new version of an attachment is downloaded; one removed is
			// revoked by the full pass.
			s.f.changeAttachment("att10", func(a *fattach) {
				a.version, a.when, a.data = 3, a.when.Add(time.Hour), []byte("# Parking\n\nStaff park in the east lot now.\n")
			})
			s.f.changeAttachment("att11", func(a *fattach) { a.status = "trashed" })
			rep = s.sync(t, kb.SyncOptions{Full: true})
			if !slices.Equal(rep.Versions, []string{"confluence:wiki:1.att10"}) || !slices.Equal(rep.Revoked, []string{"confluence:wiki:1.att11"}) {
				t.Fatalf("after a new version and a removal: versions %v, revoked %v", rep.Versions, rep.Revoked)
			}
			if !strings.Contains(s.source(t, "confluence:wiki:1.att10").Text, "east lot") {
				t.Error("the new version's text is not stored")
			}

			// The salaries page is deleted, announced by webhook: its
			// attachment goes with it.
			s.f.change("2", func(p *fpage) { p.status = "trashed" })
			rep, err = s.run.Hint(context.Background(), admin, "wiki", []string{"2"})
			if err != nil || !slices.Equal(rep.Revoked, []string{"confluence:wiki:2", "confluence:wiki:2.att20"}) {
				t.Fatalf("deleting the page = %+v, %v; want it and its attachment revoked", rep, err)
			}
		})
	}
}
