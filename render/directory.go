package render

import (
	"fmt"
	"io"
	"strings"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/kb"
	"github.com/veritykb/verity/printable"
)

// Users prints the directory's users a line each: principal, active or
// deactivated, display name, groups.
func Users(w io.Writer, list *kb.UserList) {
	if len(list.Users) == 0 {
		fmt.Fprintln(w, "the directory lists no users (verity group add GROUP USER --create, or SCIM: see the README's \"Users and groups\")")
	}
	for _, u := range list.Users {
		fmt.Fprintf(w, "%s\t%s\t%s\t%s\n", printable.Text(string(u.Principal)), activity(u.Active), printable.Text(u.Name), principals(u.Groups))
	}
}

// User prints one user, its groups and the log of changes to it.
func User(w io.Writer, d *kb.UserDetail) {
	u := d.User
	fmt.Fprintf(w, "%s (%s)\n", printable.Text(string(u.Principal)), activity(u.Active))
	if u.Name != "" {
		fmt.Fprintf(w, "  name: %s\n", printable.Text(u.Name))
	}
	if len(u.Emails) > 0 {
		fmt.Fprintf(w, "  emails (display only): %s\n", printable.Text(strings.Join(u.Emails, ", ")))
	}
	if u.ExternalID != "" {
		fmt.Fprintf(w, "  identity provider's id: %s\n", printable.Text(u.ExternalID))
	}
	fmt.Fprintf(w, "  groups: %s\n  listed since %s by %s\n", principals(u.Groups), u.CreatedAt.UTC().Format("2006-01-02 15:04"), printable.Text(string(u.CreatedBy)))
	for _, e := range d.Log {
		DirectoryEvent(w, e)
	}
}

// DirectoryEvent prints one line of the directory's log.
func DirectoryEvent(w io.Writer, e verity.DirectoryEvent) {
	by := printable.Text(string(e.Actor))
	if e.Token != "" {
		by += " (token " + printable.Text(e.Token) + ")"
	}
	fmt.Fprintf(w, "  %s  %s %s by %s\n", e.At.UTC().Format("2006-01-02 15:04"), e.Action, printable.Text(string(e.Subject)), by)
}

// Groups prints the directory's groups a line each: principal, who keeps
// it (a connector's origin), an alias, and its members.
func Groups(w io.Writer, list *kb.GroupList) {
	if len(list.Groups) == 0 {
		fmt.Fprintln(w, "the directory lists no groups (verity group add GROUP USER... --create)")
	}
	for _, g := range list.Groups {
		line := printable.Text(string(g.Principal))
		if g.Origin != "" {
			line += "\tkept by connector " + printable.Text(g.Origin)
		}
		if g.AliasOf != "" {
			line += "\tread by the members of " + printable.Text(string(g.AliasOf))
		}
		fmt.Fprintf(w, "%s\t%d members: %s\n", line, len(g.Members), principals(g.Members))
	}
}

// MembersChange says who a group add or remove added, removed or created,
// and how to undo it.
func MembersChange(w io.Writer, m *kb.MembersChange) {
	for _, p := range m.Created {
		fmt.Fprintf(w, "created %s\n", printable.Text(string(p)))
	}
	switch {
	case len(m.Added) > 0:
		fmt.Fprintf(w, "added to %s: %s\n", printable.Text(string(m.Group)), principals(m.Added))
	case len(m.Removed) > 0:
		fmt.Fprintf(w, "removed from %s: %s\n", printable.Text(string(m.Group)), principals(m.Removed))
	default:
		fmt.Fprintf(w, "%s: nothing changed\n", printable.Text(string(m.Group)))
	}
	if m.Undo != "" {
		fmt.Fprintf(w, "takes effect at each caller's next request; undo with: %s\n", printable.Text(m.Undo))
	}
}

// UserChange says what activating or deactivating a user did.
func UserChange(w io.Writer, c *kb.UserChange) {
	if !c.Changed {
		fmt.Fprintf(w, "%s is %s already: nothing changed\n", printable.Text(string(c.User.Principal)), activity(c.User.Active))
		return
	}
	fmt.Fprintf(w, "%s is %s, from its next request on every server\n", printable.Text(string(c.User.Principal)), activity(c.User.Active))
}

// AliasChange says what an alias did: whom it adds to the platform group's
// readers.
func AliasChange(w io.Writer, a *kb.AliasChange) {
	switch {
	case !a.Changed:
		fmt.Fprintln(w, "nothing changed")
	case a.Group == "":
		fmt.Fprintf(w, "%s is no longer read by a directory group's members\n", printable.Text(string(a.Platform)))
	default:
		fmt.Fprintf(w, "%s is now read by the members of %s; it adds %d readers: %s\n", printable.Text(string(a.Platform)), printable.Text(string(a.Group)), len(a.Adds), principals(a.Adds))
	}
}

func activity(active bool) string {
	if active {
		return "active"
	}
	return "deactivated"
}

func principals(ps []verity.Principal) string {
	if len(ps) == 0 {
		return "none"
	}
	ss := make([]string, len(ps))
	for i, p := range ps {
		ss[i] = printable.Text(string(p))
	}
	return strings.Join(ss, " ")
}
