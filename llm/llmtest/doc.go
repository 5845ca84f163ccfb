// Package llmtest holds test doubles for the model seam: a scripted
// [Model] (answers per task and sample, a call log, injected failures), a
// [Clock] that advances instantly, a slow in-process model and an
// OpenAI-compatible chat completions handler with a fixed latency for
// throughput measurements, and [TestCache], the conformance suite every
// llm.Cache implementation (the store's included) must pass.
//
// It is for tests and benchmarks only: production code must never import it,
// and nothing here may touch a network beyond the loopback servers that
// tests start themselves.
package llmtest
