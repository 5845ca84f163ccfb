package scim_test

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/veritykb/verity"
	httpapi "github.com/veritykb/verity/http"
	"github.com/veritykb/verity/kb"
	"github.com/veritykb/verity/kb/kbtest"
	"github.com/veritykb/verity/scim"
	"github.com/veritykb/verity/sqlite"
)

var t0 = time.Date(2026, 12, 1, 9, 0, 0, 0, time.UTC)

// env is a server with the SCIM endpoint mounted as verity serve mounts
// it, over a store with a staff page, and the tokens the tests use.
type env struct {
	t    *testing.T
	srv  *httptest.Server
	svc  *kb.Service
	scim string // the identity provider's token
	api  string // alice's API token, which names no group
}

func newEnv(t *testing.T, opts ...func(*httpapi.Options)) *env {
	t.Helper()
	ctx := context.Background()
	db, err := sqlite.Open(ctx, filepath.Join(t.TempDir(), "scim.db"), sqlite.Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	svc := kb.New(db, kb.Options{Now: func() time.Time { return t0 }})
	pages := []*verity.Source{{ID: "STAFF-1", URI: "https://wiki.corp.example/staff", System: verity.SystemConfluence, Title: "Staff",
		ACL: []verity.Principal{"group:staff"}, Text: "Staff park in the north lot."}}
	if err := kbtest.Seed(ctx, svc, []verity.RoleGrant{{Principal: "group:editors", Role: verity.RoleCurator}}, pages, t0); err != nil {
		t.Fatal(err)
	}
	op := kbtest.Operator
	sc, err := svc.CreateToken(ctx, op, kb.TokenRequest{Name: "okta", SCIM: true})
	if err != nil {
		t.Fatal(err)
	}
	api, err := svc.CreateToken(ctx, op, kb.TokenRequest{Name: "alice", Principals: []string{"user:alice@corp.example"}})
	if err != nil {
		t.Fatal(err)
	}
	// A burst large enough for the rights table's 51 refusals from one address.
	opt := httpapi.Options{Service: svc, Burst: 1000, Mounts: []httpapi.Mount{{Pattern: scim.Prefix + "/", Raw: scim.Handler(svc, scim.Options{}), MaxBody: 64 << 10, Refuse: scim.Refuse}}}
	for _, o := range opts {
		o(&opt)
	}
	server := httpapi.New(opt)
	srv := httptest.NewServer(server)
	t.Cleanup(srv.Close)
	return &env{t: t, srv: srv, svc: svc, scim: sc.Token, api: api.Token}
}

// do sends a request with token and returns the status and decoded body.
func (e *env) do(method, path, token, body string) (int, map[string]any) {
	e.t.Helper()
	req, err := http.NewRequest(method, e.srv.URL+path, strings.NewReader(body))
	if err != nil {
		e.t.Fatal(err)
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	if body != "" {
		req.Header.Set("Content-Type", "application/scim+json")
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		e.t.Fatal(err)
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(resp.Body)
	var out map[string]any
	if len(raw) > 0 {
		if err := json.Unmarshal(raw, &out); err != nil {
			e.t.Fatalf("%s %s: body is not JSON: %s", method, path, raw)
		}
	}
	return resp.StatusCode, out
}

// aliceReads says whether alice's API token reads the staff page now.
func (e *env) aliceReads() bool {
	e.t.Helper()
	code, _ := e.do("GET", "/api/v1/source?id=STAFF-1", e.api, "")
	return code == http.StatusOK
}

// TestSCIMProvisioning is the "done when" over SCIM, in the forms
// Okta and Microsoft Entra ID document: a user and a group created; alice
// added by a PATCH reads the staff page through a token that never named
// the group; removed by members[value eq "…"], she does not; deactivated
// with {"active": false} and no path, her token is refused.
func TestSCIMProvisioning(t *testing.T) {
	e := newEnv(t)
	code, user := e.do("POST", "/scim/v2/Users", e.scim, `{"schemas":["urn:ietf:params:scim:schemas:core:2.0:User"],
		"userName":"Alice@corp.example","name":{"givenName":"Alice","familyName":"Liddell"},
		"emails":[{"primary":true,"value":"alice@home.example","type":"work"}],"active":true,"externalId":"00u1"}`)
	if code != http.StatusCreated || user["id"] != "alice@corp.example" || user["displayName"] != "Alice Liddell" || user["active"] != true {
		t.Fatalf("POST /Users = %d %v", code, user)
	}
	if code, _ := e.do("POST", "/scim/v2/Users", e.scim, `{"userName":"alice@corp.example"}`); code != http.StatusConflict {
		t.Errorf("POST /Users again = %d, want 409", code)
	}
	code, group := e.do("POST", "/scim/v2/Groups", e.scim, `{"schemas":["urn:ietf:params:scim:schemas:core:2.0:Group"],"displayName":"staff","members":[]}`)
	if code != http.StatusCreated || group["id"] != "staff" {
		t.Fatalf("POST /Groups = %d %v", code, group)
	}
	if e.aliceReads() {
		t.Fatal("alice reads the staff page before SCIM adds her")
	}
	// Okta: add with a value array, capitalised op.
	code, group = e.do("PATCH", "/scim/v2/Groups/staff", e.scim, `{"schemas":["urn:ietf:params:scim:api:messages:2.0:PatchOp"],
		"Operations":[{"op":"Add","path":"members","value":[{"value":"alice@corp.example","display":"alice@corp.example"}]}]}`)
	if code != http.StatusOK || len(group["members"].([]any)) != 1 {
		t.Fatalf("PATCH add member = %d %v", code, group)
	}
	if !e.aliceReads() {
		t.Error("alice, added to staff by SCIM, does not read the staff page with a token that never named staff")
	}
	// Okta: remove by filter.
	if code, body := e.do("PATCH", "/scim/v2/Groups/staff", e.scim, `{"schemas":["urn:ietf:params:scim:api:messages:2.0:PatchOp"],
		"Operations":[{"op":"Remove","path":"members[value eq \"alice@corp.example\"]"}]}`); code != http.StatusOK {
		t.Fatalf("PATCH remove member = %d %v", code, body)
	}
	if e.aliceReads() {
		t.Error("alice, removed from staff by SCIM, still reads the staff page")
	}
	// Entra ID: replace members; then remove with path members and a value.
	if code, body := e.do("PATCH", "/scim/v2/Groups/staff", e.scim, `{"Operations":[{"op":"Replace","path":"members","value":[{"value":"alice@corp.example"}]}]}`); code != http.StatusOK {
		t.Fatalf("PATCH replace members = %d %v", code, body)
	}
	if !e.aliceReads() {
		t.Error("alice, put back by a replace of members, does not read")
	}
	if code, body := e.do("PATCH", "/scim/v2/Groups/staff", e.scim, `{"Operations":[{"op":"Remove","path":"members","value":[{"value":"alice@corp.example"}]}]}`); code != http.StatusOK {
		t.Fatalf("PATCH remove with a value = %d %v", code, body)
	}
	if e.aliceReads() {
		t.Error("alice still reads after a remove with a value list")
	}
	e.do("PATCH", "/scim/v2/Groups/staff", e.scim, `{"Operations":[{"op":"add","path":"members","value":[{"value":"alice@corp.example"}]}]}`)
	// Entra ID: deactivate with no path, the value a string "False".
	code, user = e.do("PATCH", "/scim/v2/Users/alice@corp.example", e.scim, `{"schemas":["urn:ietf:params:scim:api:messages:2.0:PatchOp"],
		"Operations":[{"op":"Replace","value":{"active":"False"}}]}`)
	if code != http.StatusOK || user["active"] != false {
		t.Fatalf("PATCH active False = %d %v", code, user)
	}
	if code, body := e.do("GET", "/api/v1/search?q=parking", e.api, ""); code != http.StatusUnauthorized || body["error"] == nil {
		t.Errorf("a deactivated user's token = %d %v, want 401", code, body)
	}
	// Okta: replace {"active": true} with no path brings her back.
	if code, _ := e.do("PATCH", "/scim/v2/Users/alice@corp.example", e.scim, `{"Operations":[{"op":"replace","value":{"active":true}}]}`); code != http.StatusOK {
		t.Fatal("reactivation failed")
	}
	if !e.aliceReads() {
		t.Error("alice, active again and in staff, does not read")
	}
	// DELETE deactivates; she stays listed.
	if code, _ := e.do("DELETE", "/scim/v2/Users/alice@corp.example", e.scim, ""); code != http.StatusNoContent {
		t.Errorf("DELETE /Users = %d, want 204", code)
	}
	if code, user := e.do("GET", "/scim/v2/Users/alice@corp.example", e.scim, ""); code != http.StatusOK || user["active"] != false {
		t.Errorf("GET a deleted user = %d %v, want listed and inactive", code, user)
	}
	if e.aliceReads() {
		t.Error("a SCIM-deleted user still reads")
	}
}

// TestSCIMQueriesAndErrors: filters and pagination as identity providers
// query; errors in SCIM's format; keys that cannot change; a group that
// holds a role refused unless its grant is provisioned; the SCIM token
// opens no other route and an API token does not open SCIM; bodies
// bounded.
func TestSCIMQueriesAndErrors(t *testing.T) {
	e := newEnv(t)
	for _, u := range []string{"a@corp.example", "b@corp.example", "c@corp.example"} {
		if code, body := e.do("POST", "/scim/v2/Users", e.scim, `{"userName":"`+u+`","externalId":"x-`+u+`"}`); code != http.StatusCreated {
			t.Fatalf("POST %s = %d %v", u, code, body)
		}
	}
	q := func(path string) map[string]any {
		t.Helper()
		code, body := e.do("GET", path, e.scim, "")
		if code != http.StatusOK {
			t.Fatalf("GET %s = %d %v", path, code, body)
		}
		return body
	}
	if l := q("/scim/v2/Users?filter=" + url.QueryEscape(`userName eq "B@corp.example"`)); l["totalResults"] != 1.0 {
		t.Errorf("filter userName eq = %v, want one", l)
	}
	if l := q("/scim/v2/Users?filter=" + url.QueryEscape(`externalId eq "x-c@corp.example"`)); l["totalResults"] != 1.0 {
		t.Errorf("filter externalId eq = %v, want one", l)
	}
	if l := q("/scim/v2/Users?filter=" + url.QueryEscape(`userName eq "nobody@corp.example"`)); l["totalResults"] != 0.0 || len(l["Resources"].([]any)) != 0 {
		t.Errorf("filter for nobody = %v, want an empty list", l)
	}
	if l := q("/scim/v2/Users?startIndex=2&count=1"); l["totalResults"] != 3.0 || l["itemsPerPage"] != 1.0 || l["startIndex"] != 2.0 ||
		l["Resources"].([]any)[0].(map[string]any)["id"] != "b@corp.example" {
		t.Errorf("page 2 of 1 = %v", l)
	}
	for _, path := range []string{"/scim/v2/ServiceProviderConfig", "/scim/v2/ResourceTypes", "/scim/v2/Schemas", "/scim/v2/ResourceTypes/User"} {
		q(path)
	}
	code, body := e.do("GET", "/scim/v2/Users?filter="+url.QueryEscape(`emails co "x"`), e.scim, "")
	if code != http.StatusBadRequest || body["scimType"] != "invalidFilter" || body["status"] != "400" ||
		body["schemas"].([]any)[0] != "urn:ietf:params:scim:api:messages:2.0:Error" {
		t.Errorf("an unsupported filter = %d %v, want a SCIM 400 invalidFilter", code, body)
	}
	if code, body := e.do("PUT", "/scim/v2/Users/a@corp.example", e.scim, `{"userName":"z@corp.example"}`); code != http.StatusBadRequest || body["scimType"] != "mutability" ||
		!strings.Contains(body["detail"].(string), "userName cannot change") {
		t.Errorf("PUT changing userName = %d %v, want 400 mutability", code, body)
	}
	if code, _ := e.do("GET", "/scim/v2/Users/nobody@corp.example", e.scim, ""); code != http.StatusNotFound {
		t.Errorf("GET an unknown user = %d, want 404", code)
	}
	if code, body := e.do("POST", "/scim/v2/Groups", e.scim, `{"displayName":"confluence:wiki/eng"}`); code != http.StatusBadRequest {
		t.Errorf("a platform group's name over SCIM = %d %v, want 400", code, body)
	}
	if code, body := e.do("POST", "/scim/v2/Groups", e.scim, `{"displayName":"team","members":[{"value":"ghost@corp.example"}]}`); code != http.StatusBadRequest || body["scimType"] != "invalidValue" {
		t.Errorf("a group with an unknown member = %d %v, want 400 invalidValue", code, body)
	}
	// editors holds curator, granted without --provisioned.
	e.do("POST", "/scim/v2/Groups", e.scim, `{"displayName":"editors"}`)
	patch := `{"Operations":[{"op":"add","path":"members","value":[{"value":"a@corp.example"}]}]}`
	if code, body := e.do("PATCH", "/scim/v2/Groups/editors", e.scim, patch); code != http.StatusForbidden || body["status"] != "403" {
		t.Errorf("SCIM adding to a role-holding group = %d %v, want 403", code, body)
	}
	if _, err := e.svc.GrantProvisionedRole(context.Background(), kbtest.Operator, verity.RoleCurator, "group:editors"); err != nil {
		t.Fatal(err)
	}
	if code, body := e.do("PATCH", "/scim/v2/Groups/editors", e.scim, patch); code != http.StatusOK {
		t.Errorf("SCIM adding to a provisioned role's group = %d %v, want 200", code, body)
	}
	// Doors: each token opens its own.
	if code, _ := e.do("GET", "/api/v1/search?q=parking", e.scim, ""); code != http.StatusUnauthorized {
		t.Errorf("the SCIM token on the API = %d, want 401", code)
	}
	if code, _ := e.do("GET", "/scim/v2/Users", e.api, ""); code != http.StatusUnauthorized {
		t.Errorf("an API token on SCIM = %d, want 401", code)
	}
	if code, _ := e.do("GET", "/scim/v2/Users", "", ""); code != http.StatusUnauthorized {
		t.Errorf("no token on SCIM = %d, want 401", code)
	}
	big := `{"userName":"big@corp.example","displayName":"` + strings.Repeat("x", 70<<10) + `"}`
	if code, _ := e.do("POST", "/scim/v2/Users", e.scim, big); code != http.StatusRequestEntityTooLarge {
		t.Errorf("a 70 KiB body = %d, want 413", code)
	}
	if code, body := e.do("PATCH", "/scim/v2/Users/a@corp.example", e.scim, `{"Operations":[{"op":"move","path":"active"}]}`); code != http.StatusBadRequest {
		t.Errorf("an unknown op = %d %v, want 400", code, body)
	}
}

// TestSCIMRights is the SCIM rows of the authorization table: every route
// refuses a request without a token and one with an API token — an
// admin's included — with 401, and serves the SCIM token.
func TestSCIMRights(t *testing.T) {
	e := newEnv(t)
	admin, err := e.svc.CreateToken(context.Background(), kbtest.Operator, kb.TokenRequest{Name: "adm", Principals: []string{"user:adm@corp.example"}})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := e.svc.GrantRole(context.Background(), kbtest.Operator, verity.RoleAdmin, "user:adm@corp.example"); err != nil {
		t.Fatal(err)
	}
	e.do("POST", "/scim/v2/Users", e.scim, `{"userName":"u@corp.example"}`)
	e.do("POST", "/scim/v2/Groups", e.scim, `{"displayName":"g"}`)
	patch := `{"Operations":[{"op":"replace","path":"externalId","value":"x"}]}`
	routes := []struct {
		method, path, body string
		ok                 int
	}{
		{"GET", "/scim/v2/ServiceProviderConfig", "", 200}, {"GET", "/scim/v2/ResourceTypes", "", 200}, {"GET", "/scim/v2/ResourceTypes/Group", "", 200},
		{"GET", "/scim/v2/Schemas", "", 200}, {"GET", "/scim/v2/Schemas/urn:ietf:params:scim:schemas:core:2.0:User", "", 200},
		{"GET", "/scim/v2/Users", "", 200}, {"POST", "/scim/v2/Users", `{"userName":"v@corp.example"}`, 201},
		{"GET", "/scim/v2/Users/u@corp.example", "", 200}, {"PUT", "/scim/v2/Users/u@corp.example", `{"userName":"u@corp.example","active":true}`, 200},
		{"PATCH", "/scim/v2/Users/u@corp.example", patch, 200}, {"GET", "/scim/v2/Groups", "", 200},
		{"POST", "/scim/v2/Groups", `{"displayName":"h"}`, 201}, {"GET", "/scim/v2/Groups/g", "", 200},
		{"PUT", "/scim/v2/Groups/g", `{"displayName":"g","members":[{"value":"u@corp.example"}]}`, 200}, {"PATCH", "/scim/v2/Groups/g", patch, 200},
		{"DELETE", "/scim/v2/Groups/h", "", 204}, {"DELETE", "/scim/v2/Users/v@corp.example", "", 204},
	}
	for _, rt := range routes {
		for _, tok := range []string{"", admin.Token, e.api} {
			if code, _ := e.do(rt.method, rt.path, tok, rt.body); code != http.StatusUnauthorized {
				t.Errorf("%s %s with token %.8q = %d, want 401", rt.method, rt.path, tok, code)
			}
		}
		if code, body := e.do(rt.method, rt.path, e.scim, rt.body); code != rt.ok {
			t.Errorf("%s %s with the SCIM token = %d %v, want %d", rt.method, rt.path, code, body, rt.ok)
		}
	}
}

// TestSCIMRateLimited: past the route's rate, a provider gets 429 in
// SCIM's error format with Retry-After, from the server's own bounds.
func TestSCIMRateLimited(t *testing.T) {
	e := newEnv(t, func(o *httpapi.Options) { o.Rate, o.Burst = 0.001, 1 })
	var last int
	var body map[string]any
	for range 30 {
		if last, body = e.do("GET", "/scim/v2/Users", e.scim, ""); last == http.StatusTooManyRequests {
			break
		}
	}
	if last != http.StatusTooManyRequests || body["status"] != "429" || body["schemas"] == nil {
		t.Errorf("past the rate = %d %v, want 429 in SCIM's format", last, body)
	}
}
