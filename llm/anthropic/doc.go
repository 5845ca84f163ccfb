// Package anthropic is an llm.Model over the Anthropic Messages API, through
// the official SDK (anthropic-sdk-go/v2): request documents become document
// blocks with citations enabled, citations are read from whole responses and
// from streams (citations_delta events, accumulated onto their text block),
// tools are tool_use blocks, and structured output uses the API's
// output_config JSON schema format.
//
// The Messages API cannot combine citations with structured output; a
// request that asks for both gets structured output, and its documents are
// sent without citations. The API version this SDK speaks (2026-10-21)
// rejects temperature and never took a seed, so neither is sent: samples
// differ by the model's own sampling, and the sample index keeps them apart
// in the cache.
//
// The package must never read the environment (the SDK's environment
// defaults are switched off; cmd/verity passes the key in Config), never
// retry by itself (the SDK's retries are off, llm.Retrier decides), and
// never import another adapter.
package anthropic
