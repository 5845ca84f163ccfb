package main

import (
	"fmt"
	"strings"

	"github.com/veritykb/verity/kb"
)

// relocationLine says what relocation did in one line, "" when there was
// nothing to re-locate.
func relocationLine(r *kb.Relocation) string {
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
