// Package mcp offers Verity's knowledge base to assistants as Model Context
// Protocol tools — search_knowledge, ask, get_source, check_answer and
// find_quote — built with the official Go SDK on the service layer (package
// kb). A server is made for one caller: over stdio the person who started
// it (the local operator, or the caller --as or a token narrows it to);
// over HTTP, the caller a request's token authenticates. While the store
// holds no source, search_knowledge is left out of the tool list (there is
// no grounding mode to offer).
//
// This package is a transport: it must never decide access itself (every
// tool calls one kb method with the caller it was given), never import a
// store, and never present text from sources as instructions — tool
// descriptions tell the agent that what comes back is quoted material.
package mcp
