package render

import (
	"fmt"
	"io"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/audit"
	"github.com/veritykb/verity/kb"
	"github.com/veritykb/verity/printable"
)

func Audit(w io.Writer, out *kb.AuditReport) {
	run := out.Run
	kind := "regeneration"
	if run.Blind {
		kind = "blind regeneration"
	}
	fmt.Fprintf(w, "audit run %d — %s by %s, prompt %s; %d probes per record (≥%d yes alive, ≤%d yes dead)\n",
		run.ID, kind, printable.Text(run.Model), run.PromptVersion, run.Probes, run.AliveAt, run.DeadAt)
	if out.Note != "" {
		fmt.Fprintf(w, "NOTE: %s\n", out.Note)
	}
	if len(run.Verdicts) == 0 {
		fmt.Fprintln(w, "no records to audit: no revocation in force touched any (see verity log)")
		return
	}
	fmt.Fprintln(w)
	for _, v := range run.Verdicts {
		if v.Reason == audit.ReasonNoText {
			continue // summary headers and the like: counted as skipped below
		}
		votes := fmt.Sprintf("%d/%d yes", v.Yes, v.Cast)
		switch {
		case v.Reason != "":
			votes = v.Reason
		case v.Deterministic:
			votes += " (deterministic: one probe)"
		}
		mark := "="
		if !v.Agrees() {
			mark = "≠"
		}
		fmt.Fprintf(w, "%s %-22s receipt %-5s audit %-12s %s  shown %d, removed %d", mark, printable.Text(v.Record), v.Receipt, OrSkipped(v.Verdict), votes, len(v.Shown), len(v.Removed))
		if v.Withheld {
			fmt.Fprint(w, ", and sources you cannot read left out")
		}
		if v.Event != 0 {
			fmt.Fprintf(w, "  (event %d)", v.Event)
		}
		fmt.Fprintf(w, "\n    %s\n", printable.Text(printable.Line(v.Text, 120)))
	}
	c := out.Counts
	fmt.Fprintf(w, "\naudited %d, skipped %d: alive %d, dead %d, undetermined %d\n", c.Audited, c.Skipped, c.Alive, c.Dead, c.Undetermined)
	fmt.Fprintf(w, "receipts and audit agree on %d of %d (kept dead: %d, dropped live: %d); %d probes stored\n", c.Agree, c.Audited, c.KeptDead, c.DroppedLive, out.ProbesStored)
	switch {
	case out.Applied != nil && out.Applied.Event == nil:
		fmt.Fprintln(w, "applied: the records the audit found dead were revoked already: nothing changed, nothing logged")
	case out.Applied != nil:
		fmt.Fprintf(w, "applied: event %d revoked %d records the audit found dead (undo with verity undo %d)\n", out.Applied.Event.ID, out.Applied.Died.Count, out.Applied.Event.ID)
	case c.KeptDead > 0:
		fmt.Fprintln(w, "dead verdicts not applied: rerun with --apply to revoke them")
	}
	if c.Undetermined > 0 {
		fmt.Fprintln(w, "undetermined records wait for a person: verity audit --undetermined")
	}
	fmt.Fprintf(w, "replay without a model: verity audit --replay --run %d\n", run.ID)
}

func OrSkipped(s verity.RecordState) string {
	if s == "" {
		return "skipped"
	}
	return string(s)
}
