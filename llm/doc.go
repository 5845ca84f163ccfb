// Package llm is Verity's seam to language models: one request and response
// shape for every provider ([Model], [Request], [Response]), prompts kept as
// versioned data ([Prompt]), structured output with tolerant parsing and one
// repair retry ([CompleteJSON]), votes of independent samples with early
// stopping ([Vote]), a read-only tool round ([CompleteWithTools]), and the
// middleware that makes calls reliable and cheap to repeat: retries with
// backoff honouring Retry-After ([Retrier]), per-provider concurrency and
// rate limits ([Limiter]), a content-addressed response cache ([Cached]) and
// token and cost accounting ([Meter]). [ParseSpec] reads the model spec
// strings the CLI accepts.
//
// The providers live below it: llm/openai (any OpenAI-compatible chat
// completions endpoint), llm/anthropic (Messages API with citations) and
// llm/llmtest (scripted doubles, fake clocks and a slow fake provider). The
// offline engine, which reads [Request.Vars], dispatches on [Request.Task]
// and so knows every pipeline's prompts, is not one of them: it lives above
// the pipelines in package offline, so that nothing under llm/ imports a
// pipeline.
//
// This package must never read the environment or configuration files (the
// CLI passes values in), never talk to a network itself, never import an
// adapter or a pipeline, and never turn a model's "no" into an error: a
// verdict is a value. Output that cannot be parsed after the repair retry is
// an EMALFORMED error carrying the raw output, never an empty result.
package llm
