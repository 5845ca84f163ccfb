package main

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/receipt"
	"github.com/veritykb/verity/relocate"
	"github.com/veritykb/verity/sqlite"
)

const refsHelp = `A REF is a source id (CONF-101, or source:CONF-101) or a derived record
(record:ID: a summary sentence, an edge, a merge, an answer statement, or a
quote:… record, one quote of one source that sentences and statements rest
on; they are counted and listed as "N quotes of SOURCE").`

// revocationOutput is what revoke, unrevoke, undo and impact print with --json.
type revocationOutput struct {
	Event *receipt.Event `json:"event,omitempty"` // nil for impact, a dry run
	Refs  []verity.Ref   `json:"refs"`
	// Already lists asked refs that were in the asked state already.
	Already  []verity.Ref `json:"already,omitempty"`
	Died     recordGroup  `json:"died"`
	Survived recordGroup  `json:"survived"`
	Revived  recordGroup  `json:"revived"`
	Search   searchEffect `json:"search"`
	Examined int          `json:"examined"`
}

// recordGroup is a set of records with counts by kind.
type recordGroup struct {
	Count   int            `json:"count"`
	ByKind  map[string]int `json:"by_kind"`
	Records []recordLine   `json:"records"`
}

// recordLine is one record as a person reads it. Text is empty when the
// caller could not read any set of its receipt.
type recordLine struct {
	ID    string             `json:"id"`
	Kind  verity.RecordKind  `json:"kind"`
	State verity.RecordState `json:"state"`
	Text  string             `json:"text,omitempty"`
	// Hidden is set when the text is withheld: no set of the record's
	// receipt is made of things the caller may read.
	Hidden bool `json:"hidden,omitempty"`
	// Source is the source a quote record quotes (kind quote), when the
	// caller may read it.
	Source string `json:"source,omitempty"`
}

// searchEffect is what a revocation does to search: sources whose chunks
// leave it (or come back, for an unrevocation).
type searchEffect struct {
	Sources int            `json:"sources"`
	Chunks  int            `json:"chunks"`
	BySrc   map[string]int `json:"by_source,omitempty"`
}

func (a *app) revokeCmd() *cobra.Command {
	var reason, by string
	cmd := &cobra.Command{
		Use:   "revoke REF... --reason TEXT",
		Short: "Withdraw sources or records; what rested only on them dies",
		Long: `Revoke withdraws sources or derived records. Everything left without a live
set in its receipt dies — summary sentences, edges, merges, answer
statements, and whatever rests on them — while records with another live
set survive on it. A revoked source's chunks leave search. No model is
called: it is set arithmetic over receipts.

` + refsHelp + `

Every revocation is logged with who, when and why (verity log) and can be
undone exactly (verity undo EVENT, or verity unrevoke REF...). Who is --by,
or else the first user principal given with --as. A reason is required.

--json prints {"event":{"id","action","refs","changed","who","why","at",
"died","revived"},"refs":[...],"already":[...],"died":{"count","by_kind",
"records":[{"id","kind","state","text","source"}]},"survived":{...},"revived":{...},
"search":{"sources","chunks","by_source"},"examined"}. Record text is
shown only when the caller (--as) may read a set of its receipt.`,
		Example: `  verity revoke CONF-101 --reason "retracted by the vendor" --by user:alice@corp.example
  verity --as user:alice@corp.example revoke https://oblako.example/clients --reason "fabricated numbers"
  verity revoke record:sum-3f2a9c1b7d40.s2 --reason "wrong" --by user:alice@corp.example --json`,
		Args: cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if strings.TrimSpace(reason) == "" {
				return verity.Errorf(verity.EINVALID, "revoke: --reason is required: say why, it goes into the log")
			}
			return a.runRevocation(cmd.Context(), receipt.ActionRevoke, args, by, reason)
		},
	}
	cmd.Flags().StringVar(&reason, "reason", "", "why (required; logged)")
	cmd.Flags().StringVar(&by, "by", "", "who revokes: user:EMAIL (default: the first --as user)")
	return cmd
}

func (a *app) unrevokeCmd() *cobra.Command {
	var reason, by string
	cmd := &cobra.Command{
		Use:   "unrevoke REF...",
		Short: "Restore revoked sources or records and everything that rested on them",
		Long: `Unrevoke restores revoked sources or records: their chunks return to search
and every record that died only because of them revives, exactly as before.
It is logged like a revocation. To reverse one logged event precisely, use
verity undo EVENT.

` + refsHelp + `

--json prints the same shape as verity revoke, with "revived" filled.`,
		Example: `  verity unrevoke CONF-101 --by user:alice@corp.example
  verity unrevoke record:sum-3f2a9c1b7d40.s2 --reason "checked by hand" --by user:alice@corp.example`,
		Args: cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			return a.runRevocation(cmd.Context(), receipt.ActionUnrevoke, args, by, reason)
		},
	}
	cmd.Flags().StringVar(&reason, "reason", "", "why (logged)")
	cmd.Flags().StringVar(&by, "by", "", "who unrevokes: user:EMAIL (default: the first --as user)")
	return cmd
}

func (a *app) undoCmd() *cobra.Command {
	var reason, by string
	cmd := &cobra.Command{
		Use:   "undo EVENT",
		Short: "Reverse one event of the revocation log",
		Long: `Undo appends the inverse of a logged event: it unrevokes exactly what a
revocation revoked (nothing an earlier event did), or revokes again what an
unrevocation restored. Each event can be undone once; the undo is itself an
event and can be undone in turn. See the events with verity log.

--json prints the same shape as verity revoke.`,
		Example: `  verity log
  verity undo 3 --by user:alice@corp.example --reason "revoked the wrong page"`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			id, err := strconv.ParseInt(args[0], 10, 64)
			if err != nil || id <= 0 {
				return verity.Errorf(verity.EINVALID, "undo: EVENT must be an event number from verity log, got %q", args[0])
			}
			who, err := a.who(by)
			if err != nil {
				return err
			}
			ctx := cmd.Context()
			db, err := a.openStore(ctx)
			if err != nil {
				return err
			}
			ev, change, err := db.Undo(ctx, id, who, reason)
			if err != nil {
				return err
			}
			return a.printRevocation(ctx, db, &ev, ev.Refs, change)
		},
	}
	cmd.Flags().StringVar(&reason, "reason", "", "why (logged)")
	cmd.Flags().StringVar(&by, "by", "", "who undoes: user:EMAIL (default: the first --as user)")
	return cmd
}

func (a *app) impactCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "impact REF...",
		Short: "Dry run of revoke: what would die, what would survive on another set",
		Long: `Impact shows what revoking the refs would do, without doing it: the records
that would die (by kind), those that would survive on another set of their
receipt, and the sources whose chunks would leave search. Nothing is changed
or logged.

` + refsHelp + `

--json prints the shape of verity revoke without "event".`,
		Example: `  verity impact CONF-101
  verity impact https://oblako.example/clients record:sum-3f2a9c1b7d40.s1 --json`,
		Args: cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			refs, err := parseRefs(args)
			if err != nil {
				return err
			}
			ctx := cmd.Context()
			db, err := a.openStore(ctx)
			if err != nil {
				return err
			}
			change, err := db.Impact(ctx, refs)
			if err != nil {
				return err
			}
			return a.printRevocation(ctx, db, nil, refs, change)
		},
	}
}

func (a *app) logCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "log",
		Short: "The revocation log: who revoked or restored what, when and why",
		Long: `Log lists every revocation event, oldest first: its number, time, action,
who, why, the refs it flipped, how many records died or revived, and which
later event undid it. Undo an event with verity undo EVENT.

--json prints {"events":[{"id","action","refs","changed","who","why","at",
"undoes","died","revived","undone_by"}]}.`,
		Example: `  verity log
  verity log --json`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			ctx := cmd.Context()
			db, err := a.openStore(ctx)
			if err != nil {
				return err
			}
			events, err := db.RevocationLog(ctx)
			if err != nil {
				return err
			}
			type entry struct {
				receipt.Event
				UndoneBy int64 `json:"undone_by,omitempty"`
			}
			out := make([]entry, len(events))
			for i, e := range events {
				out[i].Event = e
				for _, later := range events {
					if later.Undoes == e.ID {
						out[i].UndoneBy = later.ID
					}
				}
			}
			if a.json {
				return a.printJSON(map[string]any{"events": out})
			}
			if len(out) == 0 {
				fmt.Fprintln(a.stdout, "the revocation log is empty")
			}
			for _, e := range out {
				fmt.Fprintf(a.stdout, "%d  %s  %-8s %s  %s", e.ID, e.At.UTC().Format("2006-01-02 15:04:05"), e.Action, clean(string(e.Who)), clean(refList(e.Changed)))
				if e.Undoes != 0 {
					fmt.Fprintf(a.stdout, "  (undoes %d)", e.Undoes)
				}
				fmt.Fprintf(a.stdout, "  died %d, revived %d", e.Died, e.Revived)
				if e.UndoneBy != 0 {
					fmt.Fprintf(a.stdout, "  [undone by %d]", e.UndoneBy)
				}
				fmt.Fprintln(a.stdout)
				if e.Why != "" {
					fmt.Fprintf(a.stdout, "    why: %s\n", clean(oneLine(e.Why, 200)))
				}
			}
			return nil
		},
	}
}

// parseRefs reads REF arguments: record:ID, source:ID, or a bare source id.
func parseRefs(args []string) ([]verity.Ref, error) {
	var refs []verity.Ref
	for _, s := range args {
		s = strings.TrimSpace(s)
		var r verity.Ref
		switch {
		case strings.HasPrefix(s, verity.RefRecord+":"):
			r = verity.RecordRef(strings.TrimPrefix(s, verity.RefRecord+":"))
		case strings.HasPrefix(s, verity.RefSource+":"):
			r = verity.SourceRef(strings.TrimPrefix(s, verity.RefSource+":"))
		default:
			r = verity.SourceRef(s)
		}
		if r.ID() == "" {
			return nil, verity.Errorf(verity.EINVALID, "empty ref %q: want a source id or record:ID", s)
		}
		if !slices.Contains(refs, r) {
			refs = append(refs, r)
		}
	}
	return refs, nil
}

// who resolves who acts: --by, else the first user principal of --as.
func (a *app) who(by string) (verity.Principal, error) {
	if by != "" {
		p, err := verity.ParsePrincipal(by)
		if err != nil {
			return "", fmt.Errorf("--by: %w", err)
		}
		return p, nil
	}
	for _, s := range a.as {
		p, err := verity.ParsePrincipal(s)
		if err != nil {
			return "", fmt.Errorf("--as: %w", err)
		}
		if p.Kind() == verity.PrincipalUser {
			return p, nil
		}
	}
	return "", verity.Errorf(verity.EINVALID, "say who acts: --by user:EMAIL, or --as user:EMAIL (the log records it)")
}

func (a *app) runRevocation(ctx context.Context, action receipt.Action, args []string, by, reason string) error {
	refs, err := parseRefs(args)
	if err != nil {
		return err
	}
	who, err := a.who(by)
	if err != nil {
		return err
	}
	db, err := a.openStore(ctx)
	if err != nil {
		return err
	}
	ev, change, err := func() (receipt.Event, receipt.Change[verity.Ref], error) {
		if action == receipt.ActionRevoke {
			return db.Revoke(ctx, refs, who, reason)
		}
		return db.Unrevoke(ctx, refs, who, reason)
	}()
	if err != nil {
		return err
	}
	return a.printRevocation(ctx, db, &ev, refs, change)
}

// revocationReport builds the output of a revocation event (or of an
// impact, ev nil) from what it changed.
func (a *app) revocationReport(ctx context.Context, db *sqlite.DB, ev *receipt.Event, refs []verity.Ref, change receipt.Change[verity.Ref]) (*revocationOutput, error) {
	caller, err := a.caller()
	if err != nil {
		return nil, err
	}
	rd := newReadable(ctx, db, caller)
	out := &revocationOutput{Event: ev, Refs: refs, Examined: change.Examined}
	// The refs whose flag flipped: their chunks leave search (or return).
	flipped := change.Revoked
	if ev != nil {
		flipped = ev.Changed
	}
	for _, r := range refs {
		if !slices.Contains(flipped, r) {
			out.Already = append(out.Already, r)
		}
	}
	if out.Died, err = rd.group(change.Died); err != nil {
		return nil, err
	}
	if out.Survived, err = rd.group(change.Survived); err != nil {
		return nil, err
	}
	if out.Revived, err = rd.group(change.Revived); err != nil {
		return nil, err
	}
	out.Search.BySrc = map[string]int{}
	for _, r := range flipped {
		if r.Kind() != verity.RefSource {
			continue
		}
		chunks, err := db.Chunks(ctx, r.ID())
		if err != nil {
			return nil, err
		}
		out.Search.Sources++
		out.Search.Chunks += len(chunks)
		out.Search.BySrc[r.ID()] = len(chunks)
	}
	return out, nil
}

func (a *app) printRevocation(ctx context.Context, db *sqlite.DB, ev *receipt.Event, refs []verity.Ref, change receipt.Change[verity.Ref]) error {
	out, err := a.revocationReport(ctx, db, ev, refs, change)
	if err != nil {
		return err
	}
	if a.json {
		return a.printJSON(out)
	}
	w := a.stdout
	leave := "left"
	switch {
	case ev == nil:
		fmt.Fprintf(w, "impact of revoking %s (dry run: nothing changed)\n", clean(refList(refs)))
		leave = "would leave"
	case ev.Action == receipt.ActionRevoke:
		fmt.Fprintf(w, "event %d: revoked %s by %s: %q\n", ev.ID, clean(refList(ev.Changed)), clean(string(ev.Who)), clean(oneLine(ev.Why, 200)))
	default:
		fmt.Fprintf(w, "event %d: restored %s by %s\n", ev.ID, clean(refList(ev.Changed)), clean(string(ev.Who)))
		leave = "returned to"
	}
	if len(out.Already) > 0 {
		fmt.Fprintf(w, "  already so, unchanged: %s\n", clean(refList(out.Already)))
	}
	if out.Search.Sources > 0 {
		fmt.Fprintf(w, "  search: %d chunk%s of %d source%s %s search\n", out.Search.Chunks, plural(out.Search.Chunks), out.Search.Sources, plural(out.Search.Sources), leave)
	}
	dieVerb, surviveVerb := "died", "survived on another set"
	if ev == nil {
		dieVerb, surviveVerb = "would die", "would survive on another set"
	}
	if ev == nil || ev.Action == receipt.ActionRevoke || out.Died.Count+out.Survived.Count > 0 {
		a.printGroup(dieVerb, "✗", out.Died)
		a.printGroup(surviveVerb, "✓", out.Survived)
	}
	if out.Revived.Count > 0 {
		a.printGroup("revived", "↺", out.Revived)
	}
	if ev != nil {
		fmt.Fprintf(w, "undo with: verity undo %d\n", ev.ID)
	}
	return nil
}

func (a *app) printGroup(verb, mark string, g recordGroup) {
	fmt.Fprintf(a.stdout, "  %s: %d record%s", verb, g.Count, plural(g.Count))
	if g.Count > 0 {
		fmt.Fprintf(a.stdout, " (%s)", byKind(g.ByKind))
	}
	fmt.Fprintln(a.stdout)
	// Quote records are the plumbing between a sentence or statement and
	// a source: counted above, shown as one line per source they quote.
	quotes := map[string]int{}
	var sources []string
	for _, r := range g.Records {
		if r.Kind == verity.KindQuote {
			if quotes[r.Source] == 0 {
				sources = append(sources, r.Source)
			}
			quotes[r.Source]++
			continue
		}
		text := r.Text
		if r.Hidden {
			text = "(text not shown: rests on sources you cannot read)"
		}
		fmt.Fprintf(a.stdout, "    %s %s  %s  %s\n", mark, clean(r.ID), r.Kind, clean(oneLine(text, 120)))
	}
	for _, src := range sources {
		n := quotes[src]
		if src == "" {
			src = "a source you cannot read"
		}
		fmt.Fprintf(a.stdout, "    %s %d quote%s of %s\n", mark, n, plural(n), clean(src))
	}
}

func byKind(m map[string]int) string {
	kinds := make([]string, 0, len(m))
	for k := range m {
		kinds = append(kinds, k)
	}
	slices.Sort(kinds)
	parts := make([]string, len(kinds))
	for i, k := range kinds {
		parts[i] = fmt.Sprintf("%s %d", k, m[k])
	}
	return strings.Join(parts, ", ")
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

func refList(refs []verity.Ref) string {
	parts := make([]string, len(refs))
	for i, r := range refs {
		parts[i] = string(r)
	}
	return strings.Join(parts, " ")
}

// readable decides, for one caller, whether a record's text may be shown:
// some set of its receipt is made of sources the caller may read (whatever
// their status) and of records readable in turn. Liveness is left out on
// purpose: it says what died, and the caller may see what they could read.
type readable struct {
	ctx     context.Context
	db      *sqlite.DB
	caller  verity.Caller
	sources map[string]bool
	records map[string]*verity.Record
	memo    map[string]bool
}

func newReadable(ctx context.Context, db *sqlite.DB, caller verity.Caller) *readable {
	return &readable{ctx: ctx, db: db, caller: caller, sources: map[string]bool{}, records: map[string]*verity.Record{}, memo: map[string]bool{}}
}

func (r *readable) source(id string) bool {
	if ok, seen := r.sources[id]; seen {
		return ok
	}
	src, err := r.db.SourceVersion(r.ctx, id, 0)
	ok := err == nil && r.caller.CanRead(src.ACL)
	r.sources[id] = ok
	return ok
}

func (r *readable) record(id string) bool {
	if ok, seen := r.memo[id]; seen {
		return ok
	}
	r.memo[id] = false // a cycle reads as unreadable until a set proves otherwise
	rec, err := r.load(id)
	if err != nil {
		return false
	}
	for _, set := range rec.Receipt.Sets {
		ok := true
		for _, m := range set {
			if (m.Kind() == verity.RefSource && !r.source(m.ID())) || (m.Kind() == verity.RefRecord && !r.record(m.ID())) {
				ok = false
				break
			}
		}
		if ok {
			r.memo[id] = true
			return true
		}
	}
	return false
}

func (r *readable) load(id string) (*verity.Record, error) {
	if rec, ok := r.records[id]; ok {
		return rec, nil
	}
	rec, err := r.db.Record(r.ctx, id)
	if err != nil {
		return nil, err
	}
	r.records[id] = rec
	return rec, nil
}

// group describes records for the caller, with counts by kind.
func (r *readable) group(refs []verity.Ref) (recordGroup, error) {
	g := recordGroup{ByKind: map[string]int{}, Records: []recordLine{}}
	for _, ref := range refs {
		if ref.Kind() != verity.RefRecord {
			continue
		}
		rec, err := r.load(ref.ID())
		if err != nil {
			return g, err
		}
		g.Count++
		g.ByKind[string(rec.Kind)]++
		line := recordLine{ID: rec.ID, Kind: rec.Kind, State: rec.State}
		if r.record(rec.ID) {
			line.Text = recordText(rec)
			if q, err := relocate.Of(rec); err == nil {
				line.Source = q.SourceID
			}
		} else {
			line.Hidden = true
		}
		g.Records = append(g.Records, line)
	}
	return g, nil
}

// recordText is what a record says, from its body's "text" (sentences,
// statements) or else a few fields other kinds use (a summary's "topic").
func recordText(rec *verity.Record) string {
	var b map[string]any
	if json.Unmarshal(rec.Body, &b) != nil {
		return ""
	}
	for _, k := range []string{"text", "statement", "claim", "quote", "name", "topic"} {
		if s, ok := b[k].(string); ok && s != "" {
			return s
		}
	}
	// Edges and their evidence name a subject and an object; evidence also
	// carries its quote.
	subj, _ := b["subject"].(string)
	obj, _ := b["object"].(string)
	if subj == "" || obj == "" {
		return ""
	}
	rel, _ := b["relation"].(string)
	if rel == "" {
		rel = "—"
	}
	out := subj + " " + rel + " " + obj
	if q, ok := b["quote"].(map[string]any); ok {
		if t, _ := q["text"].(string); t != "" {
			out += ": «" + t + "»"
		}
	}
	return out
}
