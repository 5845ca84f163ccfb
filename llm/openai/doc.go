// Package openai is an llm.Model over the OpenAI chat completions API
// (POST {base}/chat/completions), the dialect that OpenAI, OpenRouter,
// Ollama, vLLM and the llama.cpp server all speak: plain and streamed
// (server-sent events ending in [DONE]) responses, function tools,
// json_schema response formats, token usage and error bodies with
// Retry-After. It is a small client on net/http rather than an SDK, because
// this one endpoint is all Verity needs.
//
// Documents are sent as tagged text in the first user message, since chat
// completions has no document blocks or citations; the index in the tag is
// the index into Request.Documents.
//
// The package must never read the environment (cmd/verity passes the key and
// base URL in Config), never retry or cache by itself (the llm middleware
// does), and never import another adapter.
package openai
