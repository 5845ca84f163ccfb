package kb_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/extract"
	"github.com/veritykb/verity/kb"
)

// TestNoExistenceOracle asks every method that takes an id about something
// the caller cannot read and about something that does not exist: the two
// answers must be the same error, code and message, once the id asked for
// is swapped.
func TestNoExistenceOracle(t *testing.T) {
	f := build(t)
	for _, kind := range stores {
		t.Run(kind, func(t *testing.T) { checkNoExistenceOracle(t, f.openOn(t, kind), f) })
	}
}

func checkNoExistenceOracle(t *testing.T, setup *kb.Service, f *fixture) {
	ctx := context.Background()
	// Things only the board may read, made for this test: a summary, an
	// audit run, a sentence.
	boardSum, err := setup.Summarize(ctx, curIn, kb.SummarizeRequest{Topic: "zephyrine merger"})
	if err != nil || len(boardSum.Sentences) == 0 {
		t.Fatalf("summarize as the board = %v, %+v", err, boardSum)
	}
	boardSentence := boardSum.Sentences[0].ID
	run, err := setup.Audit(ctx, curIn, kb.AuditRequest{Records: []string{boardSentence}})
	if err != nil {
		t.Fatal(err)
	}
	spec, _ := extract.BuiltinSpec("bitrix24-ru")
	type probe struct {
		name            string
		hidden, missing string
		call            func(s *kb.Service, c verity.Caller, id string) error
	}
	num := func(id string) int64 {
		var n int64
		fmt.Sscan(id, &n)
		return n
	}
	ref := func(id string) []verity.Ref {
		if strings.HasPrefix(id, "sum-") {
			return []verity.Ref{verity.RecordRef(id)}
		}
		return []verity.Ref{verity.SourceRef(id)}
	}
	probes := []probe{
		{"Show", "BOARD-1", "NOPE-1", func(s *kb.Service, c verity.Caller, id string) error {
			_, err := s.Show(ctx, c, kb.ShowRequest{ID: id})
			return err
		}},
		{"Show a version", "BOARD-1", "NOPE-1", func(s *kb.Service, c verity.Caller, id string) error {
			_, err := s.Show(ctx, c, kb.ShowRequest{ID: id, Version: 7})
			return err
		}},
		{"Impact of a source", "BOARD-1", "NOPE-1", func(s *kb.Service, c verity.Caller, id string) error {
			_, err := s.Impact(ctx, c, kb.ImpactRequest{Refs: refStrings(ref(id))})
			return err
		}},
		{"Impact of a record", boardSentence, "sum-000000000000.s1", func(s *kb.Service, c verity.Caller, id string) error {
			_, err := s.Impact(ctx, c, kb.ImpactRequest{Refs: refStrings(ref(id))})
			return err
		}},
		{"Revoke", "BOARD-1", "NOPE-1", func(s *kb.Service, c verity.Caller, id string) error {
			_, err := s.Revoke(ctx, c, kb.RevokeRequest{Refs: refStrings(ref(id)), Reason: "why"})
			return err
		}},
		{"Unrevoke", "BOARD-2", "NOPE-2", func(s *kb.Service, c verity.Caller, id string) error {
			_, err := s.Unrevoke(ctx, c, kb.RevokeRequest{Refs: refStrings(ref(id)), Reason: "why"})
			return err
		}},
		{"Undo", fmt.Sprint(f.boardEv), "1000000001", func(s *kb.Service, c verity.Caller, id string) error {
			_, err := s.Undo(ctx, c, kb.UndoRequest{Event: num(id), Reason: "why"})
			return err
		}},
		{"Summary", boardSum.ID, "sum-000000000000", func(s *kb.Service, c verity.Caller, id string) error {
			_, err := s.Summary(ctx, c, id, true)
			return err
		}},
		{"Summary of a sentence id", boardSentence, "sum-000000000000.s1", func(s *kb.Service, c verity.Caller, id string) error {
			_, err := s.Summary(ctx, c, id, false)
			return err
		}},
		{"Explain", f.edge, "edge:000000000000", func(s *kb.Service, c verity.Caller, id string) error {
			_, err := s.Explain(ctx, c, id)
			return err
		}},
		{"Merge", f.entity, "ent:000000000000", func(s *kb.Service, c verity.Caller, id string) error {
			_, err := s.Merge(ctx, c, kb.MergeRequest{From: id, Into: f.pubObj, Basis: refStrings(nil), Why: ""})
			return err
		}},
		{"Merge basis", "BOARD-1", "NOPE-1", func(s *kb.Service, c verity.Caller, id string) error {
			_, err := s.Merge(ctx, c, kb.MergeRequest{From: f.pubEnt, Into: f.pubObj, Basis: refStrings(ref(id)), Why: ""})
			return err
		}},
		{"Decide", f.edge, "edge:000000000000", func(s *kb.Service, c verity.Caller, id string) error {
			_, err := s.Decide(ctx, c, kb.DecisionRequest{ID: id, Vote: verity.VoteReject, Why: ""})
			return err
		}},
		{"Extract", "BOARD-1", "NOPE-1", func(s *kb.Service, c verity.Caller, id string) error {
			_, err := s.Extract(ctx, c, kb.ExtractRequest{Parsed: spec, Sources: []string{id}})
			return err
		}},
		{"Audit a record", boardSentence, "sum-000000000000.s1", func(s *kb.Service, c verity.Caller, id string) error {
			_, err := s.Audit(ctx, c, kb.AuditRequest{Records: []string{id}})
			return err
		}},
		{"Audit an event", fmt.Sprint(f.boardEv), "1000000001", func(s *kb.Service, c verity.Caller, id string) error {
			_, err := s.Audit(ctx, c, kb.AuditRequest{Events: []int64{num(id)}})
			return err
		}},
		{"Replay", fmt.Sprint(run.Run.ID), "9999", func(s *kb.Service, c verity.Caller, id string) error {
			_, err := s.Replay(ctx, c, num(id))
			return err
		}},
		{"Check a cited source", "BOARD-1", "NOPE-1", func(s *kb.Service, c verity.Caller, id string) error {
			_, err := s.Check(ctx, c, kb.CheckRequest{Answer: "Acme moved [1].", Documents: []kb.Document{{SourceID: id}}})
			return err
		}},
	}
	for _, p := range probes {
		for _, cl := range []struct {
			name string
			c    verity.Caller
		}{{"curator-out", curOut}, {"reader", reader}, {"public", public}} {
			// Every probe is refused before it changes anything, so they
			// share one store: the one holding the board's summary and run.
			hidden := p.call(setup, cl.c, p.hidden)
			missing := p.call(setup, cl.c, p.missing)
			if hidden == nil || missing == nil {
				t.Errorf("%s as %s: hidden %v, missing %v; want both refused", p.name, cl.name, hidden, missing)
				continue
			}
			h := strings.ReplaceAll(hidden.Error(), p.hidden, p.missing)
			if verity.ErrorCode(hidden) != verity.ErrorCode(missing) || h != missing.Error() {
				t.Errorf("%s as %s tells hidden from missing:\n  hidden:  %s (%s)\n  missing: %s (%s)",
					p.name, cl.name, hidden, verity.ErrorCode(hidden), missing, verity.ErrorCode(missing))
			}
		}
	}
	// The admin's audit of the board stays the board's after all of that.
	if _, err := setup.Replay(ctx, admin, run.Run.ID); err != nil {
		t.Errorf("Replay as admin = %v, want the run", err)
	}
}
