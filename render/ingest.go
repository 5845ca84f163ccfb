package render

import (
	"fmt"
	"io"
	"strings"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/kb"
	"github.com/veritykb/verity/printable"
)

// RelocationLine says what relocation did in one line, "" when there was
// nothing to re-locate.
func RelocationLine(r *kb.Relocation) string {
	if r == nil || r.Moved+r.Gone+r.Back+r.EvidenceMoved+r.EvidenceGone == 0 {
		return ""
	}
	var parts []string
	if n := r.Moved + r.Gone + r.Back; n > 0 {
		s := fmt.Sprintf("%d quote%s re-located, %d gone", r.Moved, plural(r.Moved), r.Gone)
		if len(r.Retracted) > 0 {
			s += fmt.Sprintf(" (%d record%s retracted)", len(r.Retracted), plural(len(r.Retracted)))
		}
		if r.Back > 0 {
			s += fmt.Sprintf(", %d back", r.Back)
		}
		if len(r.Restored) > 0 {
			s += fmt.Sprintf(" (%d record%s restored)", len(r.Restored), plural(len(r.Restored)))
		}
		parts = append(parts, s)
	}
	if r.EvidenceMoved+r.EvidenceGone > 0 {
		parts = append(parts, fmt.Sprintf("evidence: %d moved, %d gone", r.EvidenceMoved, r.EvidenceGone))
	}
	s := fmt.Sprintf("after %d new version%s: %s", r.Sources, plural(r.Sources), strings.Join(parts, "; "))
	switch len(r.Events) {
	case 0:
	case 1:
		s += fmt.Sprintf(" (logged as event %d)", r.Events[0])
	default:
		ev := make([]string, len(r.Events))
		for i, e := range r.Events {
			ev[i] = fmt.Sprint(e)
		}
		s += fmt.Sprintf(" (logged as events %s)", strings.Join(ev, ", "))
	}
	return s
}

// ChangeLine describes one changed source: its id, what the put did and
// the fields it changed, such as
//
//	CONF-101: metadata: acl narrowed (removed public; added group:staff), author
func ChangeLine(c kb.IngestChange) string {
	what := "metadata"
	if c.Outcome == verity.PutNewVersion {
		what = fmt.Sprintf("new version %d", c.Version)
	}
	fields := make([]string, len(c.Fields))
	for i, f := range c.Fields {
		fields[i] = string(f)
		if f == verity.FieldACL && c.ACL != nil {
			fields[i] = aclPhrase(*c.ACL)
		}
	}
	return printable.Text(c.ID) + ": " + what + ": " + printable.Text(strings.Join(fields, ", "))
}

// aclPhrase says how an ACL changed: "acl narrowed (removed public; added
// group:staff)".
func aclPhrase(d verity.ACLChange) string {
	var out string
	switch {
	case d.Narrowed && d.Widened:
		out = "acl narrowed and widened"
	case d.Narrowed:
		out = "acl narrowed"
	case d.Widened:
		out = "acl widened"
	default:
		out = "acl changed, still public"
	}
	var parts []string
	if len(d.Removed) > 0 {
		parts = append(parts, "removed "+principalList(d.Removed))
	}
	if len(d.Added) > 0 {
		parts = append(parts, "added "+principalList(d.Added))
	}
	return out + " (" + strings.Join(parts, "; ") + ")"
}

func principalList(ps []verity.Principal) string {
	out := make([]string, len(ps))
	for i, p := range ps {
		out[i] = string(p)
	}
	return strings.Join(out, ", ")
}

// Ingest prints what an ingest did: a line per source that changed, the
// counts, the ACL changes, who may read the files, and what re-locating
// quotes in new versions did.
func Ingest(w io.Writer, sum *kb.IngestReport, store string) {
	for _, c := range sum.Changes {
		fmt.Fprintln(w, ChangeLine(c))
	}
	fmt.Fprintf(w, "ingested into %s: %d new, %d new versions, %d metadata updates, %d unchanged, %d failed; %d chunks indexed\n",
		store, sum.Created, sum.NewVersion, sum.Metadata, sum.Unchanged, len(sum.Failed), sum.Chunks)
	if sum.ACLNarrowed+sum.ACLWidened > 0 {
		fmt.Fprintf(w, "acls: %d narrowed, %d widened\n", sum.ACLNarrowed, sum.ACLWidened)
	}
	fmt.Fprintf(w, "files and stdin readable by: %s (JSONL records use their own acl)\n", strings.Join(sum.FileACL, ", "))
	if s := RelocationLine(sum.Relocation); s != "" {
		fmt.Fprintln(w, s)
	}
}
