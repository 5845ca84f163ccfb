// Package nli is a claim-support verifier over a dedicated NLI model served
// over HTTP with the wire format of Hugging Face Text Embeddings Inference
// (TEI): GET /info for the model's id, its labels (id2label) and its batch
// limit, and POST /predict with {"inputs": [[premise, hypothesis], ...]}
// answered by one list of {"label", "score"} per pair. Any server that
// speaks that format (TEI itself, a proxy, a small Python service) will do.
//
// [Client] is a verify.Verifier: pairs that code settles (an empty premise,
// a verbatim claim; verify.Settle) are never sent; a long premise is cut
// into windows of whole sentences that fit the model's input and the
// window with the highest entailment probability speaks for the premise;
// the most probable label becomes the verdict's label with its
// probability as the score, the entailment probability its Entailment,
// and verify.GradeFor its grade. Labels are mapped by name (entailment,
// neutral, contradiction, in any case) and LABEL_0... names through the
// service's id2label or Config.Labels, never assumed from their order.
//
// It lives under verify/, not llm/: it is a verify.Verifier, not an
// llm.Model, and imports verify, which imports llm.
//
// Batches shrink and retry when the service says 413 (too many inputs);
// 429, 5xx, dropped connections and timeouts are retried with backoff,
// honouring Retry-After, and end in an EUNAVAILABLE error that names the
// service. The package must never read configuration (cmd/verity passes
// Config), never fall back to another verifier, and never import another
// adapter.
package nli
