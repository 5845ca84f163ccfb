package verity

import (
	"encoding/json"
	"time"
)

// AuditRun is one audit by regeneration: its settings, its verdicts and
// every probe.
type AuditRun struct {
	ID            int64          `json:"id"`
	At            time.Time      `json:"at"`
	Model         string         `json:"model"`
	PromptVersion string         `json:"prompt_version"`
	Blind         bool           `json:"blind"`
	Probes        int            `json:"probes_per_record"`
	AliveAt       int            `json:"alive_at"`
	DeadAt        int            `json:"dead_at"`
	Scope         AuditScope     `json:"scope"`
	Verdicts      []AuditVerdict `json:"verdicts"`
	Log           []AuditProbe   `json:"probes"`
	// Circular counts verdicts given by the model that built the record.
	Circular int `json:"circular"`
	// Applied is the revocation event that applied the dead verdicts, 0
	// when they were only reported.
	Applied int64 `json:"applied,omitempty"`
}

// AuditScope says which records an audit covers.
type AuditScope struct {
	// Events are the revocations whose touched records are audited; empty
	// means every revocation in the log that is still in force (not undone).
	Events []int64 `json:"events,omitempty"`
	// Disputed audits only the records whose receipt and last audit
	// disagree, instead of the touched ones.
	Disputed bool `json:"disputed,omitempty"`
	// Records names records to audit directly, instead of either.
	Records []string `json:"records,omitempty"`
	// Sample, when above 0, audits that many of the chosen records, drawn
	// with Seed, so a sample can be drawn again.
	Sample int    `json:"sample,omitempty"`
	Seed   uint64 `json:"seed,omitempty"`
}

// AuditProbe is one question put to the model about one record, as asked
// and as answered: enough to replay the verdict without asking again.
type AuditProbe struct {
	Record        string          `json:"record"`
	Sample        int             `json:"sample"`
	Seed          int64           `json:"seed"`
	Task          string          `json:"task"`
	PromptVersion string          `json:"prompt_version"`
	Model         string          `json:"model"`
	Vars          json.RawMessage `json:"vars"`
	Answer        string          `json:"answer"` // the raw reply that was read (the repaired one after a repair)
	Label         string          `json:"label"`  // yes, no, or "" when unreadable
	Reason        string          `json:"reason,omitempty"`
	Cached        bool            `json:"cached,omitempty"`
}

// AuditVerdict is an audit's decision on one record next to what its
// receipt says.
type AuditVerdict struct {
	Record  string      `json:"record"`
	Kind    RecordKind  `json:"kind"`
	Text    string      `json:"text"`
	Event   int64       `json:"event,omitempty"`
	Receipt RecordState `json:"receipt"` // alive or dead, by receipts, when audited
	// Verdict is alive, dead or undetermined; "" when the record was
	// skipped (Reason says why).
	Verdict   RecordState `json:"verdict"`
	Yes       int         `json:"yes"`
	Cast      int         `json:"cast"`
	Requested int         `json:"requested"`
	// Deterministic is set when the model answers the same every time and
	// so cast one probe, not Requested copies of one answer.
	Deterministic bool  `json:"deterministic,omitempty"`
	Shown         []Ref `json:"shown"`             // the live sources the model saw
	Removed       []Ref `json:"removed,omitempty"` // the revoked sources left out
	// Withheld is set when sources the auditing caller may not read were
	// left out of what the model saw: an audit on a caller's behalf shows
	// the model only what that caller may read.
	Withheld bool   `json:"withheld,omitempty"`
	Reason   string `json:"reason,omitempty"`
	// SameModel is set when the model auditing is the one that built the
	// record: the audit then checks a model against itself.
	SameModel bool `json:"same_model,omitempty"`
}

// Agrees reports whether the audit and the receipt say the same thing.
func (v AuditVerdict) Agrees() bool { return v.Verdict != "" && v.Verdict == v.Receipt }

// AuditCounts sums a run's verdicts.
type AuditCounts struct {
	Audited      int `json:"audited"`
	Skipped      int `json:"skipped"`
	Alive        int `json:"alive"`
	Dead         int `json:"dead"`
	Undetermined int `json:"undetermined"`
	Agree        int `json:"agree"`    // the audit says what the receipt says
	Disagree     int `json:"disagree"` // alive by one, dead by the other
	// KeptDead counts records alive by receipt that the audit finds dead:
	// the silent error the seed found in summary-wide receipts.
	KeptDead int `json:"kept_dead"`
	// DroppedLive counts records dead by receipt that the audit finds alive.
	DroppedLive int `json:"dropped_live"`
	Calls       int `json:"probes"`
}

// Counts sums the run's verdicts.
func (r *AuditRun) Counts() AuditCounts {
	var c AuditCounts
	for _, v := range r.Verdicts {
		switch v.Verdict {
		case "":
			c.Skipped++
			continue
		case StateAlive:
			c.Alive++
		case StateDead:
			c.Dead++
		case StateUndetermined:
			c.Undetermined++
		}
		c.Audited++
		switch {
		case v.Agrees():
			c.Agree++
		case v.Verdict == StateUndetermined:
		case v.Receipt == StateAlive:
			c.Disagree++
			c.KeptDead++
		default:
			c.Disagree++
			c.DroppedLive++
		}
	}
	c.Calls = len(r.Log)
	return c
}
