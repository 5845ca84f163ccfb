package kb_test

import (
	"context"
	"encoding/json"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"pgregory.net/rapid"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/kb"
	"github.com/veritykb/verity/sqlite"
	"github.com/veritykb/verity/summary"
)

// world is a random store: sources with random ACLs, records resting on
// random sets of sources and records (cycles included), summaries made of
// them, and random revocations. Every source, record and summary carries a
// marker of its own in its id and text, so that a leak shows as a marker.
type world struct {
	svc       *kb.Service
	db        *sqlite.DB
	sources   []*verity.Source
	records   []*verity.Record
	summaries []*verity.Record
}

var principalPool = []verity.Principal{verity.Public, "group:g1", "group:g2", "user:u1@x.example"}

func randomWorld(t *rapid.T, dir string) *world {
	ctx := context.Background()
	db, err := sqlite.Open(ctx, filepath.Join(dir, fmt.Sprintf("w%d.db", time.Now().UnixNano())), sqlite.Options{Now: func() time.Time { return t0 }})
	if err != nil {
		t.Fatal(err)
	}
	w := &world{svc: kb.New(db, kb.Options{Now: func() time.Time { return t0 }, Models: kb.Fixed(engine, judge)}), db: db}
	n := rapid.IntRange(1, 5).Draw(t, "sources")
	run, err := w.svc.BeginIngest(ctx, local)
	if err != nil {
		t.Fatal(err)
	}
	var items []kb.Item
	for i := range n {
		id := fmt.Sprintf("mksrc%02dx", i)
		acl := rapid.SliceOfNDistinct(rapid.SampledFrom(principalPool), 0, 2, func(p verity.Principal) verity.Principal { return p }).Draw(t, "acl")
		src := &verity.Source{ID: id, URI: "https://x.example/" + id, System: verity.SystemWeb, Title: "title " + id,
			Author: "user:auth@x.example", ACL: acl, Text: "alpha beta gamma delta " + id + " epsilon.", UpdatedAt: t0}
		w.sources = append(w.sources, src)
		items = append(items, kb.Item{Where: id, Source: src})
	}
	if failed, err := run.Put(ctx, items); err != nil || len(failed) > 0 {
		t.Fatalf("put: %v %+v", err, failed)
	}
	m := rapid.IntRange(0, 6).Draw(t, "records")
	var recs []*verity.Record
	for j := range m {
		id := fmt.Sprintf("mkrec%02dx", j)
		body, _ := json.Marshal(summary.SentenceBody{Position: j + 1, Text: id + " says alpha", Topic: "topic"})
		recs = append(recs, &verity.Record{ID: id, Kind: verity.KindSentence, Body: body})
	}
	member := func(label string) verity.Ref {
		if len(recs) > 0 && rapid.Bool().Draw(t, label+" is a record") {
			return verity.RecordRef(recs[rapid.IntRange(0, len(recs)-1).Draw(t, label)].ID)
		}
		return verity.SourceRef(w.sources[rapid.IntRange(0, n-1).Draw(t, label)].ID)
	}
	for _, r := range recs {
		for range rapid.IntRange(1, 2).Draw(t, "sets") {
			var set []verity.Ref
			for range rapid.IntRange(1, 2).Draw(t, "members") {
				if ref := member("member"); ref != verity.RecordRef(r.ID) {
					set = append(set, ref)
				}
			}
			if len(set) > 0 {
				r.Receipt.Sets = append(r.Receipt.Sets, set)
			}
		}
		if len(r.Receipt.Sets) == 0 {
			r.Receipt.Sets = [][]verity.Ref{{verity.SourceRef(w.sources[0].ID)}}
		}
	}
	// Summaries: a header resting on each of its sentences.
	for k := range rapid.IntRange(0, 2).Draw(t, "summaries") {
		if len(recs) == 0 {
			break
		}
		var sents []string
		var rc verity.Receipt
		for _, r := range rapid.SliceOfNDistinct(rapid.SampledFrom(recs), 1, 3, func(r *verity.Record) string { return r.ID }).Draw(t, "sentences") {
			sents = append(sents, r.ID)
			rc.Sets = append(rc.Sets, []verity.Ref{verity.RecordRef(r.ID)})
		}
		id := fmt.Sprintf("mksum%02dx", k)
		body, _ := json.Marshal(summary.Header{Topic: id + " topic", Sentences: sents})
		w.summaries = append(w.summaries, &verity.Record{ID: id, Kind: summary.KindSummary, Receipt: rc, Body: body})
	}
	if all := append(slices.Clone(recs), w.summaries...); len(all) > 0 {
		if _, err := db.PutRecords(ctx, all); err != nil {
			t.Fatalf("put records: %v", err)
		}
	}
	w.records = recs
	for range rapid.IntRange(0, 3).Draw(t, "revocations") {
		ref := member("revoked")
		if _, err := w.svc.Revoke(ctx, local, kb.RevokeRequest{Refs: refStrings([]verity.Ref{ref}), Reason: "why " + string(ref)}); err != nil {
			t.Fatal(err)
		}
	}
	return w
}

// oracle decides what a caller may read without the service: a source by
// its ACL; a record when some set of its receipt is made of visible things,
// visibility being the least fixed point from the active sources the caller
// reads, through alive records.
type oracle struct {
	readable map[verity.Ref]bool
	visible  map[verity.Ref]bool
}

func newOracle(t *rapid.T, w *world, c verity.Caller) *oracle {
	ctx := context.Background()
	o := &oracle{readable: map[verity.Ref]bool{}, visible: map[verity.Ref]bool{}}
	for _, s := range w.sources {
		st, err := w.db.SourceVersion(ctx, s.ID, 0)
		if err != nil {
			t.Fatal(err)
		}
		ref := verity.SourceRef(s.ID)
		o.readable[ref] = c.CanRead(s.ACL)
		o.visible[ref] = o.readable[ref] && st.Status == verity.StatusActive
	}
	all := append(slices.Clone(w.records), w.summaries...)
	alive := map[string]bool{}
	for _, r := range all {
		st, err := w.db.Record(ctx, r.ID)
		if err != nil {
			t.Fatal(err)
		}
		alive[r.ID] = st.State != verity.StateDead
	}
	setVisible := func(r *verity.Record) bool {
		for _, set := range r.Receipt.Minimal().Sets {
			ok := true
			for _, m := range set {
				ok = ok && o.visible[m]
			}
			if ok {
				return true
			}
		}
		return false
	}
	for changed := true; changed; {
		changed = false
		for _, r := range all {
			ref := verity.RecordRef(r.ID)
			if !o.visible[ref] && alive[r.ID] && setVisible(r) {
				o.visible[ref], changed = true, true
			}
		}
	}
	for _, r := range all {
		o.readable[verity.RecordRef(r.ID)] = setVisible(r)
	}
	return o
}

// secrets are the markers of what c may not read: sources and records it
// cannot read, and summaries none of whose live sentences it can.
func (o *oracle) secrets(w *world) []string {
	var out []string
	for _, s := range w.sources {
		if !o.readable[verity.SourceRef(s.ID)] {
			out = append(out, s.ID)
		}
	}
	for _, r := range w.records {
		if !o.readable[verity.RecordRef(r.ID)] {
			out = append(out, r.ID)
		}
	}
	for _, h := range w.summaries {
		var b summary.Header
		json.Unmarshal(h.Body, &b)
		shown := false
		for _, id := range b.Sentences {
			shown = shown || o.visible[verity.RecordRef(id)]
		}
		if !shown {
			out = append(out, h.ID)
		}
	}
	return out
}

// TestNothingUnreadableAppears builds random worlds and, for a random
// caller, calls every read method of the service on everything there is:
// no field of any result names a source, record or summary the caller may
// not read, and an unreadable id is refused exactly like a missing one.
func TestNothingUnreadableAppears(t *testing.T) {
	dir := t.TempDir()
	rapid.Check(t, func(t *rapid.T) {
		ctx := context.Background()
		w := randomWorld(t, dir)
		defer w.db.Close()
		ps := rapid.SliceOfNDistinct(rapid.SampledFrom(principalPool[1:]), 0, 3, func(p verity.Principal) verity.Principal { return p }).Draw(t, "caller")
		c := verity.NewCaller(ps...)
		o := newOracle(t, w, c)
		secrets := o.secrets(w)
		// check scans a result and its error; the id asked for may come
		// back in the error, which repeats what the caller said.
		check := func(what string, v any, err error, asked ...string) {
			if err != nil && verity.ErrorCode(err) != verity.ENOTFOUND {
				t.Fatalf("%s as %v = %v", what, ps, err)
			}
			out, _ := json.Marshal(v)
			text := string(out)
			if err != nil {
				msg := err.Error()
				for _, a := range asked {
					msg = strings.ReplaceAll(msg, a, "ASKED")
				}
				text += " " + msg
			}
			for _, s := range secrets {
				if strings.Contains(text, s) {
					t.Fatalf("%s as %v names %s, which it may not read:\n%s", what, ps, s, text)
				}
			}
		}
		same := func(what, id, missing string, hidden, absent error) {
			if hidden == nil || absent == nil || verity.ErrorCode(hidden) != verity.ErrorCode(absent) ||
				strings.ReplaceAll(hidden.Error(), id, missing) != absent.Error() {
				t.Fatalf("%s as %v tells %s from a missing id: %v / %v", what, ps, id, hidden, absent)
			}
		}
		v1, err := w.svc.Sources(ctx, c, kb.SourceQuery{})
		check("Sources", v1, err)
		v2, err := w.svc.Search(ctx, c, kb.SearchRequest{Query: "alpha beta gamma epsilon", K: 10})
		check("Search", v2, err)
		v3, err := w.svc.Log(ctx, c)
		check("Log", v3, err)
		v4, err := w.svc.Summaries(ctx, c)
		check("Summaries", v4, err)
		v5, err := w.svc.Undetermined(ctx, c)
		check("Undetermined", v5, err)
		v6, err := w.svc.Graph(ctx, c, kb.GraphFilter{})
		check("Graph", v6, err)
		for _, s := range w.sources {
			ref := verity.SourceRef(s.ID)
			sv, err := w.svc.Show(ctx, c, kb.ShowRequest{ID: s.ID, Chunks: true})
			check("Show "+s.ID, sv, err, s.ID)
			imp, ierr := w.svc.Impact(ctx, c, kb.ImpactRequest{Refs: []string{string(ref)}})
			check("Impact "+s.ID, imp, ierr, s.ID)
			if !o.readable[ref] {
				_, absent := w.svc.Show(ctx, c, kb.ShowRequest{ID: "mksrc99x"})
				same("Show", s.ID, "mksrc99x", err, absent)
				_, absent = w.svc.Impact(ctx, c, kb.ImpactRequest{Refs: []string{string(verity.SourceRef("mksrc99x"))}})
				same("Impact", s.ID, "mksrc99x", ierr, absent)
			} else if err != nil || ierr != nil {
				t.Fatalf("Show/Impact of readable %s as %v = %v / %v", s.ID, ps, err, ierr)
			}
		}
		for _, r := range w.records {
			ref := verity.RecordRef(r.ID)
			imp, err := w.svc.Impact(ctx, c, kb.ImpactRequest{Refs: []string{string(ref)}})
			check("Impact "+r.ID, imp, err, r.ID)
			if !o.readable[ref] {
				_, absent := w.svc.Impact(ctx, c, kb.ImpactRequest{Refs: []string{string(verity.RecordRef("mkrec99x"))}})
				same("Impact", r.ID, "mkrec99x", err, absent)
			} else if err != nil {
				t.Fatalf("Impact of readable %s as %v = %v", r.ID, ps, err)
			}
		}
		for _, h := range w.summaries {
			for _, dead := range []bool{false, true} {
				sv, err := w.svc.Summary(ctx, c, h.ID, dead)
				check("Summary "+h.ID, sv, err, h.ID)
				if err != nil {
					_, absent := w.svc.Summary(ctx, c, "mksum99x", dead)
					same("Summary", h.ID, "mksum99x", err, absent)
				}
			}
		}
	})
}
