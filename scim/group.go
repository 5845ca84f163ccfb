package scim

import (
	"context"
	"net/http"
	"strings"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/kb"
)

// groupBody is a SCIM Group as identity providers send it.
type groupBody struct {
	Schemas     []string `json:"schemas"`
	DisplayName string   `json:"displayName"`
	ExternalID  string   `json:"externalId"`
	Members     []struct {
		Value string `json:"value"`
	} `json:"members"`
}

func (b *groupBody) memberIDs() []string {
	ids := make([]string, 0, len(b.Members))
	for _, m := range b.Members {
		ids = append(ids, m.Value)
	}
	return ids
}

// groupResource is a directory group as a SCIM Group: its id is its name.
func groupResource(g verity.Group, withMembers bool) map[string]any {
	id := strings.TrimPrefix(string(g.Principal), verity.PrincipalGroup+":")
	res := map[string]any{"schemas": []string{schemaGroup}, "id": id, "displayName": id, "meta": meta("Group", id, g.CreatedAt, g.UpdatedAt)}
	if g.ExternalID != "" {
		res["externalId"] = g.ExternalID
	}
	if withMembers {
		res["members"] = refs(g.Members, verity.PrincipalUser, "Users")
	}
	return res
}

// group reads the directory group with SCIM id id: 404 when it is not
// listed.
func (h *handler) group(ctx context.Context, c verity.Caller, id string) (verity.Group, error) {
	p, err := verity.GroupPrincipal(id)
	if err != nil {
		return verity.Group{}, verity.Errorf(verity.ENOTFOUND, "no group %q", id)
	}
	list, err := h.svc.Groups(ctx, c, verity.DirectoryFilter{Principal: p})
	if err != nil {
		return verity.Group{}, err
	}
	if len(list.Groups) == 0 {
		return verity.Group{}, verity.Errorf(verity.ENOTFOUND, "no group %q", id)
	}
	return list.Groups[0], nil
}

// withMembers says whether a response lists members: not when the request
// excluded them (Entra ID asks excludedAttributes=members).
func withMembers(r *http.Request) bool {
	for a := range strings.SplitSeq(r.URL.Query().Get("excludedAttributes"), ",") {
		if strings.EqualFold(strings.TrimSpace(a), "members") {
			return false
		}
	}
	return true
}

func (h *handler) listGroups(w http.ResponseWriter, r *http.Request, c verity.Caller) error {
	attr, value, err := filter(r, "displayName", "externalId", "id")
	if err != nil {
		return err
	}
	var f verity.DirectoryFilter
	switch attr {
	case "displayName", "id":
		p, err := verity.GroupPrincipal(value)
		if err != nil {
			write(w, http.StatusOK, listResponse(0, 1, nil))
			return nil
		}
		f.Principal = p
	case "externalId":
		f.ExternalID = value
	}
	list, err := h.svc.Groups(r.Context(), c, f)
	if err != nil {
		return err
	}
	members := withMembers(r)
	return writePage(w, r, list.Groups, func(g verity.Group) map[string]any { return groupResource(g, members) })
}

func (h *handler) getGroup(w http.ResponseWriter, r *http.Request, c verity.Caller) error {
	g, err := h.group(r.Context(), c, r.PathValue("id"))
	if err != nil {
		return err
	}
	write(w, http.StatusOK, groupResource(g, withMembers(r)))
	return nil
}

func (h *handler) createGroup(w http.ResponseWriter, r *http.Request, c verity.Caller) error {
	var b groupBody
	if err := decode(r, &b); err != nil {
		return err
	}
	if strings.TrimSpace(b.DisplayName) == "" {
		return invalid("invalidValue", "displayName is required: the group's name, as ACLs write it after group:")
	}
	if _, err := h.group(r.Context(), c, b.DisplayName); err == nil {
		return &scimError{status: http.StatusConflict, scimType: "uniqueness", msg: "a group named " + b.DisplayName + " exists"}
	} else if verity.ErrorCode(err) != verity.ENOTFOUND {
		return err
	}
	g, _, err := h.svc.PutGroup(r.Context(), c, kb.GroupPut{Group: b.DisplayName, Name: b.DisplayName, ExternalID: b.ExternalID})
	if err != nil {
		return err
	}
	if len(b.Members) > 0 {
		if _, err := h.svc.ReplaceMembers(r.Context(), c, string(g.Principal), b.memberIDs()); err != nil {
			return memberErr(err)
		}
	}
	return h.writeGroup(w, r, c, string(g.Principal), http.StatusCreated)
}

func (h *handler) writeGroup(w http.ResponseWriter, r *http.Request, c verity.Caller, id string, status int) error {
	g, err := h.group(r.Context(), c, id)
	if err != nil {
		return err
	}
	write(w, status, groupResource(g, withMembers(r)))
	return nil
}

// sameGroup refuses a displayName that is not the group's: it is the
// group's name, which ACLs write, so it cannot change.
func sameGroup(g verity.Group, displayName string) error {
	return sameKey(g.Principal, displayName, verity.GroupPrincipal, "displayName", "the group's name, which ACLs write (create a new group instead)")
}

func (h *handler) replaceGroup(w http.ResponseWriter, r *http.Request, c verity.Caller) error {
	g, err := h.group(r.Context(), c, r.PathValue("id"))
	if err != nil {
		return err
	}
	var b groupBody
	if err := decode(r, &b); err != nil {
		return err
	}
	if err := sameGroup(g, b.DisplayName); err != nil {
		return err
	}
	if b.ExternalID != g.ExternalID {
		if _, _, err := h.svc.PutGroup(r.Context(), c, kb.GroupPut{Group: string(g.Principal), Name: g.Name, ExternalID: b.ExternalID}); err != nil {
			return err
		}
	}
	if _, err := h.svc.ReplaceMembers(r.Context(), c, string(g.Principal), b.memberIDs()); err != nil {
		return memberErr(err)
	}
	return h.writeGroup(w, r, c, string(g.Principal), http.StatusOK)
}

// patchGroup applies the operations identity providers send: add members
// (a value list), remove members (members[value eq "ID"], or path members
// with a value list; no value removes all), replace members, and replace
// with no path and an object value; displayName may be repeated but not
// changed.
func (h *handler) patchGroup(w http.ResponseWriter, r *http.Request, c verity.Caller) error {
	ctx := r.Context()
	g, err := h.group(ctx, c, r.PathValue("id"))
	if err != nil {
		return err
	}
	ops, err := readPatch(r)
	if err != nil {
		return err
	}
	group := string(g.Principal)
	for _, op := range ops {
		if op.op == "remove" {
			var ids []string
			switch id, ok := memberFilter(op.rawPath); {
			case ok:
				ids = []string{id}
			case op.path == "members" && len(op.value) > 0 && string(op.value) != "null":
				if ids, err = members(op.value); err != nil {
					return err
				}
			case op.path == "members":
				if _, err := h.svc.ReplaceMembers(ctx, c, group, nil); err != nil {
					return err
				}
				continue
			case op.path == "externalid":
				if _, _, err := h.svc.PutGroup(ctx, c, kb.GroupPut{Group: group, Name: g.Name}); err != nil {
					return err
				}
				continue
			default:
				return invalid("invalidPath", "remove %q: this server removes members and externalId", op.rawPath)
			}
			if _, err := h.svc.RemoveFromGroup(ctx, c, kb.GroupChange{Group: group, Users: ids}); err != nil {
				return memberErr(err)
			}
			continue
		}
		for path, raw := range op.fields() {
			switch path {
			case "members":
				ids, err := members(raw)
				if err != nil {
					return err
				}
				if op.op == "replace" {
					_, err = h.svc.ReplaceMembers(ctx, c, group, ids)
				} else if len(ids) > 0 {
					_, err = h.svc.AddToGroup(ctx, c, kb.GroupChange{Group: group, Users: ids})
				}
				if err != nil {
					return memberErr(err)
				}
			case "displayname":
				var s string
				_ = jsonString(raw, &s)
				if err := sameGroup(g, s); err != nil {
					return err
				}
			case "externalid":
				var s string
				_ = jsonString(raw, &s)
				if _, _, err := h.svc.PutGroup(ctx, c, kb.GroupPut{Group: group, Name: g.Name, ExternalID: s}); err != nil {
					return err
				}
			default:
				return invalid("invalidPath", "%s %q: this server changes members and externalId of a group", op.op, path)
			}
		}
	}
	return h.writeGroup(w, r, c, group, http.StatusOK)
}

func (h *handler) deleteGroup(w http.ResponseWriter, r *http.Request, c verity.Caller) error {
	g, err := h.group(r.Context(), c, r.PathValue("id"))
	if err != nil {
		return err
	}
	if _, err := h.svc.DeleteGroup(r.Context(), c, string(g.Principal)); err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}

// memberErr turns a member the directory does not list (kb's not found)
// into SCIM's invalid value: the group exists, its member does not.
func memberErr(err error) error {
	if verity.ErrorCode(err) == verity.ENOTFOUND {
		return invalid("invalidValue", "%s: provision the user before adding it to a group", verity.ErrorMessage(err))
	}
	return err
}
