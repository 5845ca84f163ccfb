package kb

import (
	"github.com/veritykb/verity/answer"
	"github.com/veritykb/verity/audit"
	"github.com/veritykb/verity/extract"
	"github.com/veritykb/verity/summary"
	"github.com/veritykb/verity/verify"
)

// PipelinePrompts names the prompt versions one pipeline sends; every
// result records the version it used, and verity doctor lists them all.
type PipelinePrompts struct {
	Pipeline string `json:"pipeline"`
	Versions string `json:"versions"`
}

// PromptVersions lists the prompt versions of every pipeline that calls a
// model.
func PromptVersions() []PipelinePrompts {
	return []PipelinePrompts{
		{"answer", answer.PromptVersions()},
		{"verify", verify.PromptVersions()},
		{"extract", extract.PromptVersions()},
		{"summary", summary.PromptVersions()},
		{"audit", audit.PromptVersions()},
	}
}
