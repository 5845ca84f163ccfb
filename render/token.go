package render

import (
	"fmt"
	"io"
	"time"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/kb"
	"github.com/veritykb/verity/printable"
)

// Expiry says when a token expires, for a line of text.
func Expiry(t *verity.Token) string {
	if t.ExpiresAt == nil {
		return ", no Expiry"
	}
	return ", expires " + t.ExpiresAt.UTC().Format("2006-01-02 15:04")
}

// Tokens prints the tokens a line each: id, name, principals, who made it,
// whether it is active, revoked or expired at now, and when it expires.
func Tokens(w io.Writer, list *kb.TokenList, now time.Time) {
	if len(list.Tokens) == 0 {
		fmt.Fprintln(w, "no tokens (verity token create --name NAME --principal user:EMAIL)")
	}
	for _, t := range list.Tokens {
		state := "active"
		switch {
		case t.RevokedAt != nil:
			state = "revoked " + t.RevokedAt.UTC().Format("2006-01-02 15:04")
		case !t.Valid(now):
			state = "expired"
		}
		fmt.Fprintf(w, "%s\t%s\t%v\tby %s\t%s%s\n", t.ID, printable.Text(t.Name), t.Principals, printable.Text(string(t.CreatedBy)), state, Expiry(&t))
	}
}

// Roles prints the role grants a line each.
func Roles(w io.Writer, list *kb.RoleList) {
	if len(list.Roles) == 0 {
		fmt.Fprintln(w, "no roles granted: only the local operator may change knowledge (verity role grant curator PRINCIPAL)")
	}
	for _, g := range list.Roles {
		prov := ""
		if g.Provisioned {
			prov = "\tprovisioned: its identity provider or connector may change the members"
		}
		fmt.Fprintf(w, "%s\t%s\tgranted by %s on %s%s\n", printable.Text(string(g.Principal)), g.Role, printable.Text(string(g.By)), g.At.UTC().Format("2006-01-02 15:04"), prov)
	}
}

// Systems writes the source systems an admin lists: each with its sources,
// those undiscoverable by their own setting, and whether the system gives
// hints.
func Systems(w io.Writer, list *kb.SystemList) {
	if len(list.Systems) == 0 {
		fmt.Fprintln(w, "no systems: the store holds no source (verity ingest PATH)")
	}
	for _, s := range list.Systems {
		state := "discoverable"
		if !s.Discoverable {
			state = fmt.Sprintf("undiscoverable (set by %s on %s)", printable.Text(string(s.SetBy)), s.SetAt.UTC().Format("2006-01-02 15:04"))
		}
		fmt.Fprintf(w, "%s\t%d sources", printable.Text(s.Name), s.Sources)
		if s.UndiscoverableSources > 0 {
			fmt.Fprintf(w, " (%d undiscoverable)", s.UndiscoverableSources)
		}
		fmt.Fprintf(w, "\t%s\n", state)
	}
}

// DiscoverableChange writes what setting a system's discoverable did.
func DiscoverableChange(w io.Writer, c *kb.DiscoverableChange) {
	name := printable.Text(c.System)
	switch {
	case c.Changed && c.Discoverable:
		fmt.Fprintf(w, "%s is discoverable: its sources may give hints again (except those undiscoverable by their own setting)\n", name)
	case c.Changed:
		fmt.Fprintf(w, "%s is undiscoverable: none of its sources gives hints\n", name)
	case c.Discoverable:
		fmt.Fprintf(w, "%s is discoverable already: nothing changed\n", name)
	default:
		fmt.Fprintf(w, "%s is undiscoverable already: nothing changed\n", name)
	}
}

// TokenRevocation says whether revoking a token changed anything.
func TokenRevocation(w io.Writer, r *kb.TokenRevocation) {
	if r.Revoked {
		fmt.Fprintf(w, "token %s revoked\n", printable.Text(r.ID))
	} else {
		fmt.Fprintf(w, "token %s was revoked already: nothing changed\n", printable.Text(r.ID))
	}
}
