package render

import (
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/kb"
	"github.com/veritykb/verity/printable"
)

// Connector prints a connector: where it syncs from, the reference to its
// secret (never the secret), and where its last pass left off.
func Connector(w io.Writer, c *verity.Connector) {
	fmt.Fprintf(w, "%s (%s) %s\n", printable.Text(c.Name), printable.Text(c.Kind), printable.Text(c.URL))
	auth := "bearer token (Data Center / Server)"
	if c.User != "" {
		auth = "email and API token (Cloud): " + printable.Text(c.User)
	}
	fmt.Fprintf(w, "  auth: %s, token from %s\n", auth, printable.Text(c.Secret))
	spaces := "every space the token reads"
	if len(c.Spaces) > 0 {
		spaces = printable.Text(strings.Join(c.Spaces, ", "))
	}
	fmt.Fprintf(w, "  spaces: %s\n  records: %s* in system %s\n", spaces, printable.Text(c.Prefix()), printable.Text(c.System))
	anyone := "no one"
	if c.Anyone != "" {
		anyone = printable.Text(string(c.Anyone))
	}
	fmt.Fprintf(w, "  anyone/anonymous grants map to: %s\n  every %s, full reconciliation every %s; the guard stops a window's deletions above %.0f%% of the known pages\n",
		anyone, c.Interval, c.Reconcile, c.MaxDeletions*100)
	st := c.State
	fmt.Fprintf(w, "  last pass: %s", printable.Text(st.Status))
	if !st.LastSync.IsZero() {
		fmt.Fprintf(w, " at %s", st.LastSync.UTC().Format(time.RFC3339))
	}
	if !st.LastFull.IsZero() {
		fmt.Fprintf(w, "; last full at %s", st.LastFull.UTC().Format(time.RFC3339))
	}
	fmt.Fprintln(w)
	if st.Error != "" {
		fmt.Fprintf(w, "  error: %s\n", printable.Text(st.Error))
	}
}

// Connectors prints every connector.
func Connectors(w io.Writer, l *kb.ConnectorList) {
	if len(l.Connectors) == 0 {
		fmt.Fprintln(w, "no connectors (add one with: verity connector add confluence --name NAME --url URL --token-file FILE)")
	}
	for i := range l.Connectors {
		Connector(w, &l.Connectors[i])
	}
}

// ConnectorDetail prints a connector and its pages by state.
func ConnectorDetail(w io.Writer, d *kb.ConnectorDetail) {
	Connector(w, &d.Connector)
	fmt.Fprintf(w, "  pages: %d live, %d revoked by the connector, %d gone while someone else's revocation holds them\n",
		d.Pages[verity.ItemLive], d.Pages[verity.ItemRevoked], d.Pages[verity.ItemGone])
}

// ConnectorRemoval prints what removing a connector did.
func ConnectorRemoval(w io.Writer, r *kb.ConnectorRemoval) {
	fmt.Fprintf(w, "removed connector %s; the %d records it wrote stay as they are (revoke them with verity revoke)\n", printable.Text(r.Name), r.Records)
}

// SyncReport prints the exact change of a pass.
func SyncReport(w io.Writer, r *kb.SyncReport) {
	kind := "incremental"
	if r.Full {
		kind = "full"
	}
	fmt.Fprintf(w, "%s: %s pass, %s: %d pages read, %d new, %d new versions, %d metadata changes, %d unchanged\n",
		printable.Text(r.Connector), kind, printable.Text(r.Status), r.Listed, len(r.Created), len(r.Versions), len(r.Changes)-len(r.Versions), r.Unchanged)
	for _, id := range r.Created {
		fmt.Fprintf(w, "  new       %s\n", printable.Text(id))
	}
	for _, c := range r.Changes {
		what := "version " + fmt.Sprint(c.Version)
		if c.Outcome == verity.PutMetadata {
			what = "metadata"
		}
		fields := make([]string, len(c.Fields))
		for i, f := range c.Fields {
			fields[i] = string(f)
		}
		fmt.Fprintf(w, "  changed   %s: %s (%s)\n", printable.Text(c.ID), what, strings.Join(fields, ", "))
		if a := c.ACL; a != nil {
			dir := "narrowed"
			switch {
			case a.Narrowed && a.Widened:
				dir = "narrowed and widened"
			case a.Widened:
				dir = "widened"
			}
			fmt.Fprintf(w, "            ACL %s: added %s; removed %s\n", dir, principals(a.Added), principals(a.Removed))
		}
	}
	for _, id := range r.Revoked {
		fmt.Fprintf(w, "  deleted   %s → revoked\n", printable.Text(id))
	}
	for _, id := range r.Unrevoked {
		fmt.Fprintf(w, "  restored  %s → unrevoked\n", printable.Text(id))
	}
	for _, id := range r.Kept {
		fmt.Fprintf(w, "  restored  %s, kept revoked: someone else revoked it\n", printable.Text(id))
	}
	if len(r.Revoked)+len(r.Unrevoked) > 0 {
		fmt.Fprintf(w, "  derived records: %d died, %d survived on other sources, %d revived\n", r.Died, r.Survived, r.Revived)
	}
	if g := r.Groups; g != nil {
		fmt.Fprintf(w, "  platform groups: %d written, %d members added, %d removed\n", g.Groups, g.Added, g.Removed)
	}
	for _, f := range r.Failed {
		fmt.Fprintf(w, "  failed    %s: %s\n", printable.Text(f.Where), printable.Text(f.Error))
	}
	for _, m := range r.Warnings {
		fmt.Fprintf(w, "  warning   %s\n", printable.Text(m))
	}
	if r.Error != "" {
		fmt.Fprintf(w, "  %s: %s\n", printable.Text(r.Status), printable.Text(r.Error))
	}
}
