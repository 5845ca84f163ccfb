package verity

import "time"

// CacheMeta describes a model response kept in a cache: what it answered
// and when. It is for people and housekeeping, never part of the lookup.
type CacheMeta struct {
	Provider      string    `json:"provider"`
	Model         string    `json:"model"`
	Task          string    `json:"task"`
	PromptVersion string    `json:"prompt_version,omitempty"`
	Sample        int       `json:"sample"`
	InputTokens   int       `json:"input_tokens"`
	OutputTokens  int       `json:"output_tokens"`
	CreatedAt     time.Time `json:"created_at"`
}
