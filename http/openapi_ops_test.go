package http

import (
	"fmt"
	"reflect"
	"slices"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/answer"
	"github.com/veritykb/verity/extract"
	"github.com/veritykb/verity/ingest"
	"github.com/veritykb/verity/kb"
	"github.com/veritykb/verity/summary"
)

// The words of the OpenAPI document: what each route is for, its
// parameters, the Go type of its 200 body and the statuses it may give.
// Schemas come from the Go types and their doc comments
// (openapi_gen_test.go); TestRights checks that every real response fits
// its schema and every error status is one its route declares.

const apiAbout = "Verity's service layer over HTTP. Every request acts as one caller: Authorization: Bearer TOKEN (verity token create), a trusted proxy's user header, or, with --anonymous read, the public caller. Rights and visibility are decided by the service layer exactly as for the CLI; responses are the CLI's --json shapes. Request bodies are JSON only (Content-Type: application/json, or none): a body sent as a form, as curl -d sends one unless told otherwise, is refused with 415. Routes that platforms call in their own formats (SCIM at /scim/v2/, chat webhooks) are not in this document."

// operation documents one route.
type operation struct {
	id, summary, about string
	params             []param
	resp               any            // a zero value of the 200 body's Go type
	alt                []any          // other bodies a 200 may carry (oneOf)
	events             map[string]any // server-sent events by name, with their data's Go type
	text               bool           // a text/plain 200 (metrics)
	upload             any            // a request body that is not JSON (ingest)
	public             bool           // no credentials
	errs               []int          // statuses of the route's own work, beside the door's
}

// tag groups the operations: the API, and operations' probes.
func (op operation) tag() string {
	if op.public || op.text {
		return "operations"
	}
	return "api"
}

// statuses are every error status the route may give: its own, the door's
// (401, 429, 500, 503 for every API call; 403 for a cross-site write),
// and a JSON body's (400, 413, 415).
func (op operation) statuses(method string, body bool) []int {
	out := slices.Clone(op.errs)
	if !op.public && !op.text {
		out = append(out, 401, 429, 500, 503)
	}
	if method != "GET" {
		// A browser's cross-site request is refused (403) before it runs.
		out = append(out, 403)
	}
	if body {
		out = append(out, 400, 413, 415)
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// param is a query or path parameter.
type param struct {
	name, in, typ, about string
	required, repeat     bool
	min, max             int // bounds of an integer, when max > 0
	enum                 []string
}

func (p param) schema() map[string]any {
	s := map[string]any{"type": p.typ}
	if p.max > 0 {
		s["minimum"], s["maximum"] = p.min, p.max
	}
	if p.enum != nil {
		s["enum"] = p.enum
	}
	if p.repeat {
		s = map[string]any{"type": "array", "items": s}
	}
	out := map[string]any{"name": p.name, "in": p.in, "required": p.required || p.in == "path", "schema": s}
	if p.about != "" {
		out["description"] = p.about
	}
	if p.repeat {
		out["explode"] = true
	}
	return out
}

// constraint is what a request field's Go type cannot say: bounds,
// choices, whether it must be given.
type constraint struct {
	min, max int // when max > 0
	enum     []string
	required bool
	about    string
}

func (c constraint) apply(s map[string]any) map[string]any {
	if c.max > 0 {
		s = maps(maps(s, "minimum", c.min), "maximum", c.max)
	}
	if c.enum != nil {
		s = maps(s, "enum", c.enum)
	}
	return s
}

// constraints, by "GoType.json_name".
var constraints = map[string]constraint{
	"AskRequest.question":              {required: true},
	"AskRequest.k":                     {min: 1, max: kb.MaxAskK, about: fmt.Sprintf("records per search, 1-%d (default %d)", kb.MaxAskK, kb.DefaultAskK)},
	"AskRequest.policy":                {enum: []string{"strict", "broad"}, about: "strict (default): only verified claims; broad: also those the verifier could not confirm, marked"},
	"CheckRequest.answer":              {required: true, about: "the answer, with [N] markers citing documents[N-1]"},
	"CheckRequest.policy":              {enum: []string{"strict", "broad"}},
	"MergeRequest.from":                {required: true, about: "ent:... id"},
	"MergeRequest.into":                {required: true, about: "ent:... id"},
	"RevokeRequest.refs":               {required: true},
	"UndoRequest.event":                {required: true},
	"ImpactRequest.refs":               {required: true},
	"RoleRequest.role":                 {required: true, enum: []string{string(verity.RoleCurator), string(verity.RoleAdmin)}},
	"RoleRequest.principal":            {required: true},
	"TokenRevokeRequest.id":            {required: true},
	"DiscoverableRequest.discoverable": {required: true},
}

// enums are the values of string types that name a choice, from their
// constants.
var enums = map[reflect.Type][]string{
	reflect.TypeFor[answer.Outcome]():      {string(answer.Answered), string(answer.NotFound), string(answer.Conversational)},
	reflect.TypeFor[answer.Reason]():       {"", string(answer.NotInCorpus), string(answer.InsufficientSupport), string(answer.Retracted)},
	reflect.TypeFor[answer.Risk]():         {string(answer.RiskNone), string(answer.RiskLow), string(answer.RiskHigh)},
	reflect.TypeFor[answer.Policy]():       {string(answer.Strict), string(answer.Broad)},
	reflect.TypeFor[verity.Role]():         {string(verity.RoleCurator), string(verity.RoleAdmin)},
	reflect.TypeFor[verity.JobState]():     jobStates,
	reflect.TypeFor[verity.SourceStatus](): {string(verity.StatusActive), string(verity.StatusRevoked)},
}

var jobStates = []string{string(verity.JobQueued), string(verity.JobRunning), string(verity.JobRetrying), string(verity.JobDone), string(verity.JobFailed), string(verity.JobCancelled)}

// errorStatuses are the error responses, each with its meaning.
var errorStatuses = map[int]string{
	400: "invalid input (code invalid)",
	401: "no caller: a token unknown, malformed, expired or revoked, or none where one is needed (code unauthorized)",
	403: "the caller lacks the role this needs (code forbidden); never said of a record it cannot read",
	404: "no such record, or one the caller may not read: the two look the same (code not_found)",
	409: "the request contradicts what is stored (code conflict)",
	413: "past a documented bound: the body, claims to check, document bytes (code too_large)",
	415: "a body that is not JSON, such as a form (code unsupported_media_type)",
	429: "over the caller's rate; Retry-After says when to come back (code rate_limited)",
	500: "a bug or an unexpected failure; the message says only \"internal error\" (code internal)",
	501: "this server has no model (or no verifier) configured for it (code not_implemented)",
	502: "the model's answer did not parse, even after a repair retry (code malformed)",
	503: "the store or a model provider is down, or the request's time ran out (code unavailable)",
}

// ingestUpload is POST /api/v1/ingest's body: a file or a JSONL export.
var ingestUpload = map[string]any{"required": true, "content": map[string]any{
	"application/x-ndjson":     map[string]any{"schema": map[string]any{"type": "string"}},
	"application/octet-stream": map[string]any{"schema": map[string]any{"type": "string", "contentEncoding": "binary"}},
}}

// operations, by "METHOD path" as the route table registers them.
var operations = map[string]operation{
	"GET /healthz": {
		id: "health", summary: "Process up",
		about:  "Answers while the process runs; no credentials.",
		resp:   ProbeStatus{},
		public: true,
		errs:   []int{500},
	},
	"GET /readyz": {
		id: "ready", summary: "Store ready",
		about:  "Answers 200 when the store is reachable and migrated, 503 otherwise; no credentials.",
		resp:   ProbeStatus{},
		public: true,
		errs:   []int{503},
	},
	"GET /metrics": {
		id: "metrics", summary: "Prometheus metrics",
		about: "Needs the admin role. Without a token on the separate --metrics-addr listener.",
		text:  true,
		errs:  []int{401, 403, 429, 500},
	},
	"GET /api/v1/openapi.json": {
		id: "openapi", summary: "This document",
		about:  "No credentials.",
		resp:   map[string]any{},
		public: true,
		errs:   []int{500},
	},
	"GET /api/v1/rights": {
		id: "rights", summary: "Who the caller is and may do",
		about: "Any caller, on what it may read. Answers {principals, actor, rights: {curator, admin}}.",
		resp:  kb.Identity{},
	},
	"GET /api/v1/search": {
		id: "search", summary: "Search",
		about: "Any caller, on what it may read. As verity search --json: {results, hints}; anonymous callers get no hints.",
		resp:  verity.SearchResults{},
		errs:  []int{400},
		params: []param{
			{name: "q", in: "query", typ: "string", required: true, about: "the query"},
			{name: "k", in: "query", typ: "integer", min: 1, max: kb.MaxSearchK, about: fmt.Sprintf("records to return (default %d)", verity.DefaultK)},
			{name: "system", in: "query", typ: "string", about: "only records of this system (confluence, jira, web...)"},
			{name: "author", in: "query", typ: "string", about: "only records by this author: an email or user:NAME"},
			{name: "since", in: "query", typ: "string", about: "only records updated on or after this day (YYYY-MM-DD, UTC) or time (RFC 3339); a search with since gives no hints"},
		},
	},
	"POST /api/v1/ask": {
		id: "ask", summary: "Ask",
		about:  "Any caller, on what it may read. As verity ask --json. With Accept: text/event-stream, the stages as server-sent events, ending with an \"answer\" event holding the same JSON. The stream starts with the first stage: a request refused before it (a bad body, a missing role, an empty question) gets its real status and a JSON error; only a failure after the stream started is an \"error\" event.",
		resp:   kb.Answer{},
		events: map[string]any{"stage": kb.Stage{}, "answer": kb.Answer{}, "error": ErrorBody{}},
		errs:   []int{501, 502},
	},
	"POST /api/v1/check": {
		id: "check", summary: "Check an answer",
		about: "Any caller, on what it may read. As verity check --json. The result names the verifier that judged its claims (verifier: \"nli MODEL\", \"judge PROVIDER:MODEL\", \"offline\", or \"code\"), and its annotated text labels the injected quotes in the answer's language. A quote located from the request's citations (a provider's cited_text) carries from_citation: true.",
		resp:  kb.Answer{},
		errs:  []int{404, 501, 502},
	},
	"GET /api/v1/feedback": {
		id: "listFeedback", summary: "List feedback",
		about: "Needs the admin role. As verity feedback --json: every rating of an answer ({answer_id, by, rating, transport, at, question, verbatim}) and the counts by rating, transport and verbatim mode.",
		resp:  kb.FeedbackList{},
		errs:  []int{403},
	},
	"POST /api/v1/feedback": {
		id: "rateAnswer", summary: "Rate an answer",
		about: "Any authenticated caller who holds an answer's id (answer_id of POST /api/v1/ask): 👍 (up) or 👎 (down), one rating per caller, the last one kept. Answers {answer_id, rating, changed}.",
		resp:  kb.FeedbackChange{},
		errs:  []int{404},
	},
	"POST /api/v1/chat/link-codes": {
		id: "createLinkCode", summary: "Make a chat link code",
		about: "A one-time code that links a chat account (platform telegram) to a user: the caller itself, or anyone for an admin. The person sends /start CODE to the bot in a private chat within 15 minutes; the code holds 192 random bits, is stored hashed and works once. Answers {code, principal, expires_at}.",
		resp:  kb.NewLinkCode{},
		errs:  []int{403},
	},
	"GET /api/v1/sources": {
		id: "listSources", summary: "List sources",
		about: "Any caller, on what it may read. As verity sources --json: {sources, uri_duplicates}; all=true is an operator view (admin).",
		resp:  kb.SourceList{},
		errs:  []int{400, 403},
		params: []param{
			{name: "system", in: "query", typ: "string", about: "only this system"},
			{name: "status", in: "query", typ: "string", enum: []string{string(verity.StatusActive), string(verity.StatusRevoked)}, about: "only sources in this state"},
			{name: "limit", in: "query", typ: "integer", about: "at most this many"},
			{name: "after", in: "query", typ: "string", about: "ids after this one, for paging"},
			{name: "all", in: "query", typ: "boolean", about: "every source whatever its ACL (admin)"},
		},
	},
	"GET /api/v1/source": {
		id: "showSource", summary: "Show a source",
		about: "Any caller, on what it may read. As verity show --json. An id the caller cannot read and one that does not exist answer alike (404).",
		resp:  kb.SourceView{},
		errs:  []int{400, 403, 404},
		params: []param{
			{name: "id", in: "query", typ: "string", required: true, about: "the source id (may contain /)"},
			{name: "version", in: "query", typ: "integer", about: "an older version"},
			{name: "chunks", in: "query", typ: "boolean", about: "also the chunks with their spans"},
			{name: "all", in: "query", typ: "boolean", about: "whatever its ACL (admin)"},
		},
	},
	"POST /api/v1/ingest": {
		id: "ingest", summary: "Ingest an upload",
		about:  "Needs the curator role. The body is JSONL connector records (Content-Type application/x-ndjson or format=jsonl), or one file (txt, md, html, pdf) that becomes source id. As verity ingest --json.",
		resp:   kb.IngestReport{},
		upload: ingestUpload,
		errs:   []int{400, 403, 409},
		params: []param{
			{name: "format", in: "query", typ: "string", enum: ingest.Formats, about: "the reader (default: by Content-Type, else sniffed)"},
			{name: "id", in: "query", typ: "string", about: "the source id of a single file (required unless JSONL)"},
			{name: "uri", in: "query", typ: "string", about: "its uri (default stdin:ID)"},
			{name: "title", in: "query", typ: "string", about: "its title"},
			{name: "acl", in: "query", typ: "string", repeat: true, about: "who may read a single file, repeatable (default public)"},
			{name: "undiscoverable", in: "query", typ: "boolean", about: "true: every source stored gives no permission hints to callers who cannot read it (JSONL records may say \"discoverable\": false themselves; a record without the field keeps the stored setting)"},
		},
	},
	"GET /api/v1/graph": {
		id: "graph", summary: "The graph",
		about: "Any caller, on what it may read. As verity graph --json: {edges}. An edge or item whose panel was a deterministic model's single vote has confidence null, votes 1 and deterministic true: a verdict with no confidence estimate.",
		resp:  kb.EdgeList{},
		errs:  []int{400},
		params: []param{
			{name: "relation", in: "query", typ: "string", about: "only this relation"},
			{name: "spec", in: "query", typ: "string", about: "only edges first found by this spec"},
		},
	},
	"GET /api/v1/graph/entities": {
		id: "listEntities", summary: "Entities",
		about: "Any caller, on what it may read. As verity graph entities --json: {entities, duplicates}: duplicates are pairs rules alone find alike (transliteration, abbreviation, spelling) that nothing has merged.",
		resp:  kb.EntityList{},
	},
	"POST /api/v1/graph/merge": {
		id: "mergeEntities", summary: "Merge entities",
		about: "Needs the curator role. Answers {merge}.",
		resp:  kb.Merged{},
		errs:  []int{403, 404, 409},
	},
	"POST /api/v1/graph/alias": {
		id: "addAlias", summary: "Add an alias",
		about: "Needs the curator role. Answers {key, alias}.",
		resp:  kb.Aliased{},
		errs:  []int{403, 404, 409},
	},
	"GET /api/v1/explain": {
		id: "explainEdge", summary: "Explain an edge",
		about: "Any caller, on what it may read. As verity explain --json.",
		resp:  extract.Explanation{},
		errs:  []int{400, 404},
		params: []param{
			{name: "edge", in: "query", typ: "string", required: true, about: "edge:ID"},
		},
	},
	"GET /api/v1/review": {
		id: "listReview", summary: "Review queue",
		about: "Any caller, on what it may read. As verity review --json: {review}. An edge or item whose panel was a deterministic model's single vote has confidence null, votes 1 and deterministic true: a verdict with no confidence estimate.",
		resp:  kb.ReviewList{},
	},
	"POST /api/v1/review/decisions": {
		id: "decideReview", summary: "Decide a review item",
		about: "Needs the curator role. Answers {id, vote, by, result}.",
		resp:  kb.Decision{},
		errs:  []int{403, 404, 409},
	},
	"POST /api/v1/extract": {
		id: "extract", summary: "Extract relations",
		about: "Needs the curator role. As verity extract --json. An edge or item whose panel was a deterministic model's single vote has confidence null, votes 1 and deterministic true: a verdict with no confidence estimate.",
		resp:  kb.ExtractReport{},
		alt:   []any{kb.Queued{}},
		errs:  []int{403, 404, 501, 502},
	},
	"POST /api/v1/summarize": {
		id: "summarize", summary: "Summarize",
		about: "Any caller, on what it may read. As verity summarize --json; anonymous callers get no hints.",
		resp:  kb.Summary{},
		errs:  []int{404, 501, 502},
	},
	"GET /api/v1/summaries": {
		id: "listSummaries", summary: "List summaries",
		about: "Any caller, on what it may read. As verity summarize --list --json: {summaries}.",
		resp:  kb.SummaryList{},
	},
	"GET /api/v1/summaries/{id}": {
		id: "showSummary", summary: "Show a summary",
		about: "Any caller, on what it may read. As verity summarize --show ID --json.",
		resp:  summary.View{},
		errs:  []int{400, 404},
		params: []param{
			{name: "id", in: "path", typ: "string", required: true},
			{name: "all", in: "query", typ: "boolean", about: "also the dead sentences"},
		},
	},
	"POST /api/v1/summaries/{id}/publish": {
		id: "publishSummary", summary: "Publish a summary",
		about: "Curators, on a summary they may see: lists a summary a reader asked for to everyone who may read its sentences (a reader's summary is its own until then). The publication is record pub:ID, resting on the summary; revoke it to withdraw. As verity summarize --publish ID --json.",
		resp:  kb.Publication{},
		errs:  []int{403, 404, 409},
		params: []param{
			{name: "id", in: "path", typ: "string", required: true},
		},
	},
	"POST /api/v1/revoke": {
		id: "revoke", summary: "Revoke",
		about: "Needs the curator role. As verity revoke --json.",
		resp:  kb.RevocationReport{},
		errs:  []int{403, 404, 409},
	},
	"POST /api/v1/unrevoke": {
		id: "unrevoke", summary: "Unrevoke",
		about: "Needs the curator role. As verity unrevoke --json.",
		resp:  kb.RevocationReport{},
		errs:  []int{403, 404, 409},
	},
	"POST /api/v1/undo": {
		id: "undo", summary: "Undo a logged event",
		about: "Needs the curator role. As verity undo --json.",
		resp:  kb.RevocationReport{},
		errs:  []int{403, 404, 409},
	},
	"POST /api/v1/impact": {
		id: "impact", summary: "Impact of a revocation",
		about: "Any caller, on what it may read. A dry run, as verity impact --json (filtered).",
		resp:  kb.RevocationReport{},
		errs:  []int{404},
	},
	"GET /api/v1/log": {
		id: "revocationLog", summary: "Revocation log",
		about: "Any caller, on what it may read. As verity log --json: {events} (filtered; admins see all).",
		resp:  kb.EventList{},
	},
	"POST /api/v1/audit": {
		id: "audit", summary: "Audit by regeneration",
		about: "Any caller, on what it may read. (filtered); apply needs the curator role. As verity audit --json.",
		resp:  kb.AuditReport{},
		alt:   []any{kb.Queued{}},
		errs:  []int{403, 501, 502},
	},
	"GET /api/v1/audit/replay": {
		id: "replayAudit", summary: "Replay an audit run",
		about: "Any caller, on what it may read. No model call. As verity audit --replay --json.",
		resp:  kb.AuditReport{},
		errs:  []int{400, 404},
		params: []param{
			{name: "run", in: "query", typ: "integer", about: "the run (default the latest)"},
		},
	},
	"GET /api/v1/audit/undetermined": {
		id: "listUndetermined", summary: "Undetermined records",
		about: "Any caller, on what it may read. As verity audit --undetermined --json: {undetermined}.",
		resp:  kb.UndeterminedList{},
	},
	"GET /api/v1/roles": {
		id: "listRoles", summary: "List roles",
		about: "Needs the admin role. As verity role list --json: {roles}.",
		resp:  kb.RoleList{},
		errs:  []int{403},
	},
	"POST /api/v1/roles/grant": {
		id: "grantRole", summary: "Grant a role",
		about: "Needs the admin role. Answers {principal, role, changed}.",
		resp:  kb.RoleChange{},
		errs:  []int{403, 409},
	},
	"POST /api/v1/roles/revoke": {
		id: "revokeRole", summary: "Revoke a role",
		about: "Needs the admin role. Answers {principal, role, changed}.",
		resp:  kb.RoleChange{},
		errs:  []int{403, 404},
	},
	"GET /api/v1/tokens": {
		id: "listTokens", summary: "List tokens",
		about: "Needs the admin role. No secrets: {tokens}.",
		resp:  kb.TokenList{},
		errs:  []int{403},
	},
	"POST /api/v1/tokens": {
		id: "createToken", summary: "Create a token",
		about: "Needs the admin role. Answers {id, token, info}; the secret is shown only here.",
		resp:  kb.NewToken{},
		errs:  []int{403},
	},
	"POST /api/v1/tokens/revoke": {
		id: "revokeToken", summary: "Revoke a token",
		about: "Needs the admin role. Answers {id, revoked}.",
		resp:  kb.TokenRevocation{},
		errs:  []int{403, 404},
	},
	"GET /api/v1/systems": {
		id: "listSystems", summary: "List source systems",
		about: "Needs the admin role. As verity systems --json: {systems: [{system, sources, undiscoverable_sources, discoverable, set_by, set_at}]}.",
		resp:  kb.SystemList{},
		errs:  []int{403},
	},
	"PUT /api/v1/systems/{system}/discoverable": {
		id: "setDiscoverable", summary: "Make a system discoverable or not",
		about: "Needs the admin role, in both directions. An undiscoverable system's sources give no permission hints to callers who cannot read them. Answers {system, discoverable, changed}, as verity systems discoverable|undiscoverable SYSTEM --json.",
		resp:  kb.DiscoverableChange{},
		errs:  []int{403, 404},
		params: []param{
			{name: "system", in: "path", typ: "string", required: true},
		},
	},
	"GET /api/v1/jobs": {
		id: "listJobs", summary: "List jobs",
		about: "Any caller: its own jobs (queued as its user, or its group when it acts as no user); every job for an admin. Newest first. As verity jobs --json: a list of {id,kind,state,owner,batch,model,args,attempt,max_attempts,errors,progress,result,created_at,started_at,finished_at}.",
		resp:  []*verity.Job{},
		errs:  []int{400},
		params: []param{
			{name: "state", in: "query", typ: "string", repeat: true, enum: jobStates, about: "only jobs in these states"},
			{name: "batch", in: "query", typ: "string", about: "only the jobs of this batch"},
			{name: "limit", in: "query", typ: "integer", min: 1, max: kb.MaxJobs, about: "at most this many (default 100)"},
		},
	},
	"GET /api/v1/jobs/{id}": {
		id: "showJob", summary: "Show a job",
		about: "The job's owner or an admin; to anyone else the job does not exist (404). As verity jobs show ID --json.",
		resp:  verity.Job{},
		errs:  []int{400, 404},
		params: []param{
			{name: "id", in: "path", typ: "integer", required: true},
		},
	},
	"POST /api/v1/jobs/{id}/cancel": {
		id: "cancelJob", summary: "Cancel a job",
		about: "The job's owner or an admin (404 for anyone else): a queued job never runs, a running one stops after its current page and keeps what it committed. As verity jobs cancel ID --json.",
		resp:  verity.Job{},
		errs:  []int{400, 404, 409},
		params: []param{
			{name: "id", in: "path", typ: "integer", required: true},
		},
	},
}
