package extract

import (
	"context"
	"strings"
	"time"

	"github.com/veritykb/verity"
)

// PendingReview returns the candidates waiting for a person, oldest first,
// whose page is visible in v.
func PendingReview(ctx context.Context, st Store, v verity.View) ([]ReviewItem, error) {
	items, err := st.ReviewItems(ctx, verity.ReviewPending)
	if err != nil {
		return nil, err
	}
	var out []ReviewItem
	for _, kept := range items {
		it, err := reviewItem(kept)
		if err != nil {
			return nil, err
		}
		if v.Visible(verity.SourceRef(it.SourceID)) {
			out = append(out, it)
		}
	}
	return out, nil
}

// Decide records a person's vote on a review item or an edge. On a review
// item, approve stores the candidate as an accepted edge with the person's
// vote among its votes, and reject closes the item; on an accepted edge,
// approve is recorded alongside the panel's votes and reject revokes the
// edge on the person's authority. The vote is kept with its author either
// way. id is a review item id (ev:...) or an edge id (edge:...).
//
// The vote must be on something visible in view; an edge rejected is
// revoked on behalf of by (the person, and the API token it used).
func Decide(ctx context.Context, st Store, view verity.View, by verity.Actor, id string, v verity.HumanVote) (string, error) {
	if v.Vote != verity.VoteApprove && v.Vote != verity.VoteReject {
		return "", verity.Errorf(verity.EINVALID, "vote %q: want approve or reject", v.Vote)
	}
	if v.Author == "" {
		return "", verity.Errorf(verity.EINVALID, "a review vote needs its author (--as user:EMAIL)")
	}
	if v.At.IsZero() {
		v.At = time.Now().UTC()
	}
	if strings.HasPrefix(id, "edge:") {
		if !view.Visible(verity.RecordRef(id)) {
			return "", verity.Errorf(verity.ENOTFOUND, "no live edge %s visible to the caller", id)
		}
		if err := st.PutVote(ctx, id, id, v); err != nil {
			return "", err
		}
		if err := st.PutSteps(ctx, []verity.Step{{Candidate: -1, EdgeID: id, Name: StepReview, Input: mustJSON(map[string]string{"edge": id}),
			Output: mustJSON(v), At: v.At}}); err != nil {
			return "", err
		}
		if v.Vote == verity.VoteReject {
			why := "rejected in review by " + v.Author
			if v.Why != "" {
				why += ": " + v.Why
			}
			if _, _, err := st.Revoke(ctx, []verity.Ref{verity.RecordRef(id)}, by, why); err != nil {
				return "", err
			}
			return "edge revoked", nil
		}
		return "vote recorded", nil
	}
	kept, err := st.ReviewItem(ctx, id)
	if err != nil {
		return "", err
	}
	it, err := reviewItem(*kept)
	if err != nil {
		return "", err
	}
	if !view.Visible(verity.SourceRef(it.SourceID)) {
		return "", verity.Errorf(verity.ENOTFOUND, "no review item %s visible to the caller", id)
	}
	if it.Status != verity.ReviewPending {
		return "", verity.Errorf(verity.ECONFLICT, "review item %s was already %s", id, it.Status)
	}
	o := it.Outcome
	step := verity.Step{SourceID: it.SourceID, Version: it.Version, Candidate: o.Candidate, EdgeID: it.EdgeID, Name: StepReview,
		Input: mustJSON(map[string]any{"item": id, "confidence": o.Evidence.Confidence}), Output: mustJSON(v), At: v.At}
	status, done := verity.ReviewRejected, "rejected"
	if v.Vote == verity.VoteApprove {
		src, err := st.SourceVersion(ctx, it.SourceID, 0)
		if err != nil {
			return "", err
		}
		if src.Status != verity.StatusActive {
			return "", verity.Errorf(verity.ECONFLICT, "review item %s: its source %s was revoked", id, it.SourceID)
		}
		o.Evidence.Human = append(o.Evidence.Human, v)
		o.Verdict = Accepted
		if err := store(ctx, st, system(by), o, it.SubjType, it.ObjType); err != nil {
			return "", err
		}
		status, done = verity.ReviewApproved, "accepted as "+it.EdgeID
	}
	if err := st.DecideReview(ctx, id, status, v); err != nil {
		return "", err
	}
	if err := st.PutSteps(ctx, []verity.Step{step}); err != nil {
		return "", err
	}
	return done, nil
}

// Explanation is why an edge is what it is: its live view (if the caller
// may see it), every step of every page it was checked on, and the people's
// votes. Steps from pages the caller may not read are counted, never shown.
type Explanation struct {
	EdgeID string             `json:"edge_id"`
	State  string             `json:"state"` // alive, dead, or "" when no edge record exists (rejected everywhere)
	Edge   *EdgeView          `json:"edge,omitempty"`
	Steps  []verity.Step      `json:"steps"`
	Hidden int                `json:"hidden_steps"`
	Human  []verity.HumanVote `json:"human,omitempty"`
}

// Explain returns the explanation of an edge as v shows it. id may
// omit the "edge:" prefix.
func Explain(ctx context.Context, st Store, v verity.View, id string) (*Explanation, error) {
	if !strings.HasPrefix(id, "edge:") {
		id = "edge:" + id
	}
	ex := &Explanation{EdgeID: id}
	rec, err := st.Record(ctx, id)
	switch {
	case err == nil:
		ex.State = string(rec.State)
		if v.Visible(verity.RecordRef(id)) {
			edges, err := Graph(ctx, st, v, GraphFilter{IDs: []string{id}})
			if err != nil {
				return nil, err
			}
			if len(edges) > 0 {
				ex.Edge = &edges[0]
			}
		}
	case verity.ErrorCode(err) != verity.ENOTFOUND:
		return nil, err
	}
	steps, err := st.Steps(ctx, id)
	if err != nil {
		return nil, err
	}
	for _, s := range steps {
		if s.SourceID != "" && !v.Visible(verity.SourceRef(s.SourceID)) {
			ex.Hidden++
			continue
		}
		ex.Steps = append(ex.Steps, s)
	}
	if len(ex.Steps) == 0 && ex.Edge == nil {
		if ex.Hidden > 0 || ex.State != "" {
			return nil, verity.Errorf(verity.ENOTFOUND, "edge %s: nothing the caller may read explains it", id)
		}
		return nil, verity.Errorf(verity.ENOTFOUND, "no edge %s: no run has seen it", id)
	}
	if ex.Human, err = st.Votes(ctx, id); err != nil {
		return nil, err
	}
	return ex, nil
}
