package http

import (
	"net/http"

	"github.com/veritykb/verity/kb"
)

// table lists every endpoint: method, path pattern, the request body it
// decodes (nil for none) and its handler. openapi.json documents exactly
// these (openapi_test.go checks it both ways).
func (s *Server) table() []route {
	api := func(method, path string, body any, h handler) route {
		return route{method: method, path: "/api/v1" + path, body: body, handle: s.endpoint(h)}
	}
	return []route{
		{method: http.MethodGet, path: "/healthz", handle: s.probe(s.health)},
		{method: http.MethodGet, path: "/readyz", handle: s.probe(s.ready)},
		{method: http.MethodGet, path: "/metrics", handle: s.metricsEndpoint()},
		{method: http.MethodGet, path: "/api/v1/openapi.json", handle: s.probe(s.openAPI)},

		api(http.MethodGet, "/rights", nil, s.rights),
		api(http.MethodGet, "/search", nil, s.search),
		api(http.MethodPost, "/ask", kb.AskRequest{}, s.ask),
		api(http.MethodPost, "/check", kb.CheckRequest{}, s.check),
		api(http.MethodGet, "/feedback", nil, s.feedback),
		api(http.MethodPost, "/feedback", kb.FeedbackRequest{}, s.rate),
		api(http.MethodPost, "/chat/link-codes", kb.LinkRequest{}, s.linkCode),
		api(http.MethodGet, "/sources", nil, s.sources),
		api(http.MethodGet, "/source", nil, s.source),
		api(http.MethodPost, "/ingest", nil, s.ingest),

		api(http.MethodGet, "/graph", nil, s.graph),
		api(http.MethodGet, "/graph/entities", nil, s.entities),
		api(http.MethodPost, "/graph/merge", kb.MergeRequest{}, s.merge),
		api(http.MethodPost, "/graph/alias", kb.AliasRequest{}, s.alias),
		api(http.MethodGet, "/explain", nil, s.explain),
		api(http.MethodGet, "/review", nil, s.review),
		api(http.MethodPost, "/review/decisions", kb.DecisionRequest{}, s.decide),
		api(http.MethodPost, "/extract", kb.ExtractRequest{}, s.extract),

		api(http.MethodPost, "/summarize", kb.SummarizeRequest{}, s.summarize),
		api(http.MethodGet, "/summaries", nil, s.summaries),
		api(http.MethodGet, "/summaries/{id}", nil, s.summary),
		api(http.MethodPost, "/summaries/{id}/publish", nil, s.publish),

		api(http.MethodPost, "/revoke", kb.RevokeRequest{}, s.revoke),
		api(http.MethodPost, "/unrevoke", kb.RevokeRequest{}, s.unrevoke),
		api(http.MethodPost, "/undo", kb.UndoRequest{}, s.undo),
		api(http.MethodPost, "/impact", kb.ImpactRequest{}, s.impact),
		api(http.MethodGet, "/log", nil, s.revocationLog),

		api(http.MethodPost, "/audit", kb.AuditRequest{}, s.audit),
		api(http.MethodGet, "/audit/replay", nil, s.replay),
		api(http.MethodGet, "/audit/undetermined", nil, s.undetermined),

		api(http.MethodGet, "/jobs", nil, s.jobs),
		api(http.MethodGet, "/jobs/{id}", nil, s.job),
		api(http.MethodPost, "/jobs/{id}/cancel", nil, s.cancelJob),

		api(http.MethodGet, "/roles", nil, s.roles),
		api(http.MethodPost, "/roles/grant", kb.RoleRequest{}, s.grantRole),
		api(http.MethodPost, "/roles/revoke", kb.RoleRequest{}, s.revokeRole),
		api(http.MethodGet, "/tokens", nil, s.tokens),
		api(http.MethodPost, "/tokens", kb.TokenRequest{}, s.createToken),
		api(http.MethodPost, "/tokens/revoke", TokenRevokeRequest{}, s.revokeToken),
		api(http.MethodGet, "/systems", nil, s.systems),
		api(http.MethodPut, "/systems/{system}/discoverable", kb.DiscoverableRequest{}, s.setDiscoverable),
	}
}
