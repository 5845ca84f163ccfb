package scim

import (
	"net/http"

	"github.com/veritykb/verity"
)

// What this server supports, for identity providers that read it first
// (RFC 7643 sections 5–7).

func (h *handler) config(w http.ResponseWriter, r *http.Request, c verity.Caller) error {
	write(w, http.StatusOK, map[string]any{
		"schemas":          []string{schemaConfig},
		"documentationUri": "https://github.com/veritykb/verity#users-and-groups",
		"patch":            map[string]bool{"supported": true},
		"bulk":             map[string]any{"supported": false, "maxOperations": 0, "maxPayloadSize": 0},
		"filter":           map[string]any{"supported": true, "maxResults": maxCount},
		"changePassword":   map[string]bool{"supported": false},
		"sort":             map[string]bool{"supported": false},
		"etag":             map[string]bool{"supported": false},
		"authenticationSchemes": []map[string]any{{
			"type": "oauthbearertoken", "name": "Bearer token", "primary": true,
			"description": "A token made with verity token create --scim, sent as Authorization: Bearer TOKEN",
		}},
		"meta": map[string]string{"resourceType": "ServiceProviderConfig", "location": Prefix + "/ServiceProviderConfig"},
	})
	return nil
}

var resourceTypes = map[string]map[string]any{
	"User": {"schemas": []string{schemaResource}, "id": "User", "name": "User", "endpoint": "/Users", "schema": schemaUser,
		"description": "A person, keyed by userName: an email, which ACLs write as user:EMAIL",
		"meta":        map[string]string{"resourceType": "ResourceType", "location": Prefix + "/ResourceTypes/User"}},
	"Group": {"schemas": []string{schemaResource}, "id": "Group", "name": "Group", "endpoint": "/Groups", "schema": schemaGroup,
		"description": "A group, keyed by displayName, which ACLs write as group:NAME",
		"meta":        map[string]string{"resourceType": "ResourceType", "location": Prefix + "/ResourceTypes/Group"}},
}

func (h *handler) resourceTypes(w http.ResponseWriter, r *http.Request, c verity.Caller) error {
	write(w, http.StatusOK, listResponse(2, 1, []any{resourceTypes["User"], resourceTypes["Group"]}))
	return nil
}

func (h *handler) resourceType(w http.ResponseWriter, r *http.Request, c verity.Caller) error {
	rt, ok := resourceTypes[r.PathValue("id")]
	if !ok {
		return verity.Errorf(verity.ENOTFOUND, "no resource type %q", r.PathValue("id"))
	}
	write(w, http.StatusOK, rt)
	return nil
}

func attribute(name, typ string, required bool, mutability, uniqueness string) map[string]any {
	return map[string]any{"name": name, "type": typ, "multiValued": false, "required": required, "caseExact": false,
		"mutability": mutability, "returned": "default", "uniqueness": uniqueness}
}

var schemas = map[string]map[string]any{
	schemaUser: {"schemas": []string{schemaSchema}, "id": schemaUser, "name": "User", "description": "A user of the directory",
		"attributes": []map[string]any{
			attribute("userName", "string", true, "immutable", "server"),
			attribute("displayName", "string", false, "readWrite", "none"),
			attribute("externalId", "string", false, "readWrite", "none"),
			attribute("active", "boolean", false, "readWrite", "none"),
			{"name": "emails", "type": "complex", "multiValued": true, "required": false, "mutability": "readWrite", "returned": "default",
				"subAttributes": []map[string]any{attribute("value", "string", false, "readWrite", "none")}},
			{"name": "groups", "type": "complex", "multiValued": true, "required": false, "mutability": "readOnly", "returned": "default",
				"subAttributes": []map[string]any{attribute("value", "string", false, "readOnly", "none")}},
		},
		"meta": map[string]string{"resourceType": "Schema", "location": Prefix + "/Schemas/" + schemaUser}},
	schemaGroup: {"schemas": []string{schemaSchema}, "id": schemaGroup, "name": "Group", "description": "A group of the directory",
		"attributes": []map[string]any{
			attribute("displayName", "string", true, "immutable", "server"),
			attribute("externalId", "string", false, "readWrite", "none"),
			{"name": "members", "type": "complex", "multiValued": true, "required": false, "mutability": "readWrite", "returned": "default",
				"subAttributes": []map[string]any{attribute("value", "string", false, "immutable", "none")}},
		},
		"meta": map[string]string{"resourceType": "Schema", "location": Prefix + "/Schemas/" + schemaGroup}},
}

func (h *handler) schemas(w http.ResponseWriter, r *http.Request, c verity.Caller) error {
	write(w, http.StatusOK, listResponse(2, 1, []any{schemas[schemaUser], schemas[schemaGroup]}))
	return nil
}

func (h *handler) schema(w http.ResponseWriter, r *http.Request, c verity.Caller) error {
	s, ok := schemas[r.PathValue("id")]
	if !ok {
		return verity.Errorf(verity.ENOTFOUND, "no schema %q", r.PathValue("id"))
	}
	write(w, http.StatusOK, s)
	return nil
}
