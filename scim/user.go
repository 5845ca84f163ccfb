package scim

import (
	"context"
	"net/http"
	"strings"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/kb"
)

// userBody is a SCIM User as identity providers send it; attributes
// Verity does not keep (title, addresses, phone numbers...) are ignored.
type userBody struct {
	Schemas     []string `json:"schemas"`
	UserName    string   `json:"userName"`
	ExternalID  string   `json:"externalId"`
	DisplayName string   `json:"displayName"`
	Name        struct {
		Formatted  string `json:"formatted"`
		GivenName  string `json:"givenName"`
		FamilyName string `json:"familyName"`
	} `json:"name"`
	Emails []struct {
		Value string `json:"value"`
	} `json:"emails"`
	Active *flexBool `json:"active"`
}

// put is the user the body describes, active unless it says otherwise.
func (b *userBody) put() kb.UserPut {
	u := kb.UserPut{User: b.UserName, ExternalID: b.ExternalID, Name: displayName(b), Active: true}
	if b.Active != nil {
		u.Active = bool(*b.Active)
	}
	for _, e := range b.Emails {
		if e.Value = strings.TrimSpace(e.Value); e.Value != "" {
			u.Emails = append(u.Emails, e.Value)
		}
	}
	return u
}

func displayName(b *userBody) string {
	switch {
	case strings.TrimSpace(b.DisplayName) != "":
		return strings.TrimSpace(b.DisplayName)
	case strings.TrimSpace(b.Name.Formatted) != "":
		return strings.TrimSpace(b.Name.Formatted)
	}
	return strings.TrimSpace(strings.TrimSpace(b.Name.GivenName) + " " + strings.TrimSpace(b.Name.FamilyName))
}

// userResource is a directory user as a SCIM User: its id is its email.
func userResource(u verity.User) map[string]any {
	id := strings.TrimPrefix(string(u.Principal), verity.PrincipalUser+":")
	res := map[string]any{"schemas": []string{schemaUser}, "id": id, "userName": id, "active": u.Active,
		"meta": meta("User", id, u.CreatedAt, u.UpdatedAt)}
	if u.ExternalID != "" {
		res["externalId"] = u.ExternalID
	}
	if u.Name != "" {
		res["displayName"] = u.Name
		res["name"] = map[string]string{"formatted": u.Name}
	}
	if len(u.Emails) > 0 {
		es := make([]map[string]any, len(u.Emails))
		for i, e := range u.Emails {
			es[i] = map[string]any{"value": e, "primary": i == 0}
		}
		res["emails"] = es
	}
	res["groups"] = refs(u.Groups, verity.PrincipalGroup, "Groups")
	return res
}

// refs are principals of kind as SCIM references to the resources at
// Prefix/endpoint, whose ids are the principals' names.
func refs(ps []verity.Principal, kind, endpoint string) []map[string]string {
	out := make([]map[string]string, 0, len(ps))
	for _, p := range ps {
		id := strings.TrimPrefix(string(p), kind+":")
		out = append(out, map[string]string{"value": id, "display": id, "$ref": Prefix + "/" + endpoint + "/" + id})
	}
	return out
}

// user reads the directory's user with SCIM id id (its email): 404 when
// it is not listed.
func (h *handler) user(ctx context.Context, c verity.Caller, id string) (verity.User, error) {
	p, err := verity.UserPrincipal(id)
	if err != nil {
		return verity.User{}, verity.Errorf(verity.ENOTFOUND, "no user %q", id)
	}
	list, err := h.svc.Users(ctx, c, verity.DirectoryFilter{Principal: p})
	if err != nil {
		return verity.User{}, err
	}
	if len(list.Users) == 0 {
		return verity.User{}, verity.Errorf(verity.ENOTFOUND, "no user %q", id)
	}
	return list.Users[0], nil
}

func (h *handler) listUsers(w http.ResponseWriter, r *http.Request, c verity.Caller) error {
	attr, value, err := filter(r, "userName", "externalId", "id")
	if err != nil {
		return err
	}
	var f verity.DirectoryFilter
	switch attr {
	case "userName", "id":
		p, err := verity.UserPrincipal(value)
		if err != nil {
			write(w, http.StatusOK, listResponse(0, 1, nil))
			return nil
		}
		f.Principal = p
	case "externalId":
		f.ExternalID = value
	}
	list, err := h.svc.Users(r.Context(), c, f)
	if err != nil {
		return err
	}
	return writePage(w, r, list.Users, userResource)
}

func (h *handler) getUser(w http.ResponseWriter, r *http.Request, c verity.Caller) error {
	u, err := h.user(r.Context(), c, r.PathValue("id"))
	if err != nil {
		return err
	}
	write(w, http.StatusOK, userResource(u))
	return nil
}

func (h *handler) createUser(w http.ResponseWriter, r *http.Request, c verity.Caller) error {
	var b userBody
	if err := decode(r, &b); err != nil {
		return err
	}
	if strings.TrimSpace(b.UserName) == "" {
		return invalid("invalidValue", "userName is required: the user's email")
	}
	if _, err := h.user(r.Context(), c, b.UserName); err == nil {
		return &scimError{status: http.StatusConflict, scimType: "uniqueness", msg: "a user with userName " + b.UserName + " exists"}
	} else if verity.ErrorCode(err) != verity.ENOTFOUND {
		return err
	}
	ch, err := h.svc.PutUser(r.Context(), c, b.put())
	if err != nil {
		return err
	}
	write(w, http.StatusCreated, userResource(ch.User))
	return nil
}

func (h *handler) replaceUser(w http.ResponseWriter, r *http.Request, c verity.Caller) error {
	old, err := h.user(r.Context(), c, r.PathValue("id"))
	if err != nil {
		return err
	}
	var b userBody
	if err := decode(r, &b); err != nil {
		return err
	}
	if err := sameUser(old, b.UserName); err != nil {
		return err
	}
	b.UserName = string(old.Principal)
	ch, err := h.svc.PutUser(r.Context(), c, b.put())
	if err != nil {
		return err
	}
	write(w, http.StatusOK, userResource(ch.User))
	return nil
}

// sameUser refuses a userName that is not the user's: it is the user's
// key, which ACLs name, so it cannot change.
func sameUser(u verity.User, userName string) error {
	return sameKey(u.Principal, userName, verity.UserPrincipal, "userName", "the user's key, which ACLs name (create a new user instead)")
}

// sameKey refuses a given name that parses to another principal than key:
// a SCIM attribute that is a principal's name cannot change. An empty one
// says nothing.
func sameKey(key verity.Principal, given string, parse func(string) (verity.Principal, error), attr, why string) error {
	if strings.TrimSpace(given) == "" {
		return nil
	}
	if p, err := parse(given); err != nil || p != key {
		_, name, _ := strings.Cut(string(key), ":")
		return invalid("mutability", "%s cannot change from %s: it is %s", attr, name, why)
	}
	return nil
}

func (h *handler) patchUser(w http.ResponseWriter, r *http.Request, c verity.Caller) error {
	old, err := h.user(r.Context(), c, r.PathValue("id"))
	if err != nil {
		return err
	}
	ops, err := readPatch(r)
	if err != nil {
		return err
	}
	put := kb.UserPut{User: string(old.Principal), Name: old.Name, Emails: old.Emails, ExternalID: old.ExternalID, Active: old.Active}
	for _, op := range ops {
		if op.op == "remove" {
			switch op.path {
			case "externalid":
				put.ExternalID = ""
			case "displayname", "name", "name.formatted":
				put.Name = ""
			case "emails":
				put.Emails = nil
			}
			continue
		}
		fields := op.fields()
		for path, raw := range fields {
			switch path {
			case "active":
				var b flexBool
				if err := b.UnmarshalJSON(raw); err != nil {
					return invalid("invalidValue", "active: want true or false")
				}
				put.Active = bool(b)
			case "username":
				var s string
				_ = jsonString(raw, &s)
				if err := sameUser(old, s); err != nil {
					return err
				}
			case "externalid":
				_ = jsonString(raw, &put.ExternalID)
			case "displayname", "name.formatted":
				_ = jsonString(raw, &put.Name)
			case "emails":
				var es []struct {
					Value string `json:"value"`
				}
				if err := jsonValue(raw, &es); err != nil {
					return invalid("invalidValue", "emails: want a list of {\"value\": EMAIL}")
				}
				put.Emails = nil
				for _, e := range es {
					put.Emails = append(put.Emails, e.Value)
				}
			}
			// Other attributes (title, addresses, name parts...) are not
			// kept: accepted and ignored, as the README says.
		}
	}
	ch, err := h.svc.PutUser(r.Context(), c, put)
	if err != nil {
		return err
	}
	write(w, http.StatusOK, userResource(ch.User))
	return nil
}

// deleteUser deactivates the user: SCIM's delete, which leaves it listed
// (never unknown again) and refused everywhere.
func (h *handler) deleteUser(w http.ResponseWriter, r *http.Request, c verity.Caller) error {
	u, err := h.user(r.Context(), c, r.PathValue("id"))
	if err != nil {
		return err
	}
	if _, err := h.svc.SetUserActive(r.Context(), c, string(u.Principal), false); err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}
