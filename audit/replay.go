package audit

import (
	"fmt"

	"github.com/veritykb/verity"
)

// Replayed is a verdict recomputed from stored probes next to the stored one.
type Replayed struct {
	Record  string             `json:"record"`
	Stored  verity.RecordState `json:"stored"`
	Replay  verity.RecordState `json:"replay"`
	Yes     int                `json:"yes"`
	Cast    int                `json:"cast"`
	Matches bool               `json:"matches"`
}

// Replay recomputes every verdict of run from its stored probes — labels
// read again from the raw answers with [Label], verdicts decided again
// with the run's thresholds — with no model call, and reports whether each
// matches the stored verdict. compare is the blind comparison the run
// used (nil: [Reaches]). Verdicts reached without probes (nothing remained,
// no text) replay as stored.
func Replay(run *verity.AuditRun, compare func([]string, string) bool) ([]Replayed, error) {
	byRecord := map[string][]verity.AuditProbe{}
	for _, p := range run.Log {
		byRecord[p.Record] = append(byRecord[p.Record], p)
	}
	var out []Replayed
	for _, v := range run.Verdicts {
		r := Replayed{Record: v.Record, Stored: v.Verdict}
		probes := byRecord[v.Record]
		switch {
		case v.Reason != "":
			r.Replay = v.Verdict
		case len(probes) == 0:
			return nil, verity.Errorf(verity.EINVALID, "audit run %d: record %q has a verdict but no stored probes", run.ID, v.Record)
		default:
			for _, p := range probes {
				label, _ := Label(p.Task, p.Answer, v.Text, compare)
				if label == Yes {
					r.Yes++
				}
				if p.PromptVersion != run.PromptVersion {
					return nil, verity.Errorf(verity.EINVALID, "audit run %d: probe of %q used prompt %s, the run %s", run.ID, v.Record, p.PromptVersion, run.PromptVersion)
				}
			}
			r.Cast = len(probes)
			r.Replay = Decide(r.Yes, r.Cast, v.Requested, run.AliveAt, run.DeadAt)
		}
		r.Matches = r.Replay == r.Stored
		out = append(out, r)
	}
	return out, nil
}

// ReplaySummary counts matches of a replay.
func ReplaySummary(rs []Replayed) string {
	n := 0
	for _, r := range rs {
		if r.Matches {
			n++
		}
	}
	return fmt.Sprintf("%d of %d verdicts reproduced from stored probes", n, len(rs))
}
