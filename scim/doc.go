// Package scim serves SCIM 2.0 provisioning (RFC 7643, 7644) over the
// service layer: identity providers (Okta, Microsoft Entra ID, Google
// Workspace, Keycloak...) create, update and deactivate users and change
// the members of groups in Verity's directory by calling it.
//
// It is a transport: it authenticates a request with a SCIM token
// (kb.Service.AuthenticateSCIM), translates SCIM's resources and PATCH
// operations into one kb call each, and answers in SCIM's format. A SCIM
// User with userName E is user:E (lower-cased); a SCIM Group with
// displayName N is group:N. It must never decide who may change what
// (kb does), read a record, or serve a caller of any other kind.
package scim
