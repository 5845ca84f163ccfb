package offline

import (
	"context"

	"github.com/veritykb/verity/llm"
)

// Tasks of the audit by regeneration (package audit's contract).
const (
	TaskAuditRegenerate = "audit.regenerate"
	TaskAuditBlind      = "audit.blind"
)

func init() {
	register(TaskAuditRegenerate, auditRegenerate)
	register(TaskAuditBlind, auditBlind)
}

// auditRegenerate answers "would you still reach this conclusion from only
// these sources?" with the claim-support rule: yes when some remaining
// document on its own entails the conclusion, naming every such document.
// It is the same rule that judges claims elsewhere, so auditing records
// this engine built checks the engine against itself; package audit
// reports that as circular.
func auditRegenerate(_ context.Context, e *Engine, req *llm.Request) (any, error) {
	var v struct {
		Conclusion string       `json:"conclusion"`
		Documents  []summaryDoc `json:"documents"`
	}
	if err := decodeVars(req, &v); err != nil {
		return nil, err
	}
	h := analyze(v.Conclusion)
	sources := []int{}
	for _, d := range v.Documents {
		if checkSupport(analyze(d.Text), h, e.support, e.model).Label == labelEntailed {
			sources = append(sources, d.N)
		}
	}
	answer := "no"
	if len(sources) > 0 {
		answer = "yes"
	}
	return struct {
		Answer  string `json:"answer"`
		Sources []int  `json:"sources"`
	}{answer, sources}, nil
}

// auditBlind answers "what follows from these sources about the topic?"
// with the summarizer's own pick: the documents' sentences most relevant to
// the topic. Without the conclusion to look for, a record counts as
// reproduced only when its sentence is among them.
func auditBlind(_ context.Context, e *Engine, req *llm.Request) (any, error) {
	var v struct {
		Topic          string       `json:"topic"`
		MaxConclusions int          `json:"max_conclusions"`
		Documents      []summaryDoc `json:"documents"`
	}
	if err := decodeVars(req, &v); err != nil {
		return nil, err
	}
	if v.MaxConclusions <= 0 {
		v.MaxConclusions = 8
	}
	conclusions := pickSentences(v.Topic, v.Documents, v.MaxConclusions, e.support.NearStem)
	if conclusions == nil {
		conclusions = []string{}
	}
	return struct {
		Conclusions []string `json:"conclusions"`
	}{conclusions}, nil
}
