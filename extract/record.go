package extract

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"

	"github.com/veritykb/verity"
)

// EdgeBody is the body of an edge record. The edge names its ends by entity
// id; merges never rewrite it, so when a merge dies the edge is simply
// shown under its own subject again.
type EdgeBody struct {
	ID          string `json:"id"`
	Relation    string `json:"relation"`
	SubjectID   string `json:"subject_id"`
	Subject     string `json:"subject"`
	SubjectKey  string `json:"subject_key"`
	SubjectType string `json:"subject_type"`
	ObjectID    string `json:"object_id"`
	Object      string `json:"object"`
	ObjectKey   string `json:"object_key"`
	ObjectType  string `json:"object_type"`
	Spec        string `json:"spec"`
}

// acceptedRecords returns the records an accepted outcome becomes: its
// evidence (resting on the page's source), the edge (one receipt set per
// evidence, added to the sets it already has), and both entities (resting
// on the evidences that name them). Records already stored keep their first
// names; only receipts grow.
func acceptedRecords(ctx context.Context, st Store, o Outcome, subjType, objType string) ([]*verity.Record, error) {
	ev := o.Evidence
	if ev == nil || o.EdgeID == "" {
		return nil, fmt.Errorf("outcome of %q has no evidence", o.Subject)
	}
	evRef := verity.RecordRef(ev.ID)
	one := verity.Receipt{Sets: [][]verity.Ref{{evRef}}}
	subj := Entity{ID: EntityID(subjType, o.SubjectKey), Name: o.Subject, Key: o.SubjectKey, Type: subjType}
	obj := Entity{ID: EntityID(objType, o.ObjectKey), Name: o.Object, Key: o.ObjectKey, Type: objType}
	for _, e := range []*Entity{&subj, &obj} {
		if old, err := st.Record(ctx, e.ID); err == nil {
			var prev Entity
			if json.Unmarshal(old.Body, &prev) == nil && prev.Name != "" {
				if prev.Name != e.Name && !slices.Contains(prev.Aliases, e.Name) {
					prev.Aliases = append(prev.Aliases, e.Name)
				}
				*e = prev
			}
		} else if verity.ErrorCode(err) != verity.ENOTFOUND {
			return nil, err
		}
	}
	edge := EdgeBody{ID: o.EdgeID, Relation: o.Relation, SubjectID: subj.ID, Subject: subj.Name, SubjectKey: subj.Key,
		SubjectType: subjType, ObjectID: obj.ID, Object: obj.Name, ObjectKey: obj.Key, ObjectType: objType, Spec: ev.Spec}
	if old, err := st.Record(ctx, o.EdgeID); err == nil {
		var prev EdgeBody
		if json.Unmarshal(old.Body, &prev) == nil && prev.ID != "" {
			edge = prev
		}
	}
	return []*verity.Record{
		{ID: ev.ID, Kind: verity.KindEvidence, Receipt: verity.Receipt{Sets: [][]verity.Ref{{verity.SourceRef(ev.SourceID)}}}, Body: mustJSON(ev)},
		{ID: o.EdgeID, Kind: verity.KindEdge, Receipt: one, Body: mustJSON(edge)},
		{ID: subj.ID, Kind: verity.KindEntity, Receipt: one, Body: mustJSON(subj)},
		{ID: obj.ID, Kind: verity.KindEntity, Receipt: one, Body: mustJSON(obj)},
	}, nil
}

// store puts an accepted outcome's records into st. Evidence that
// extraction itself revoked earlier because its quote had left the page is
// restored: the quote is back.
func store(ctx context.Context, st Store, by verity.Actor, o Outcome, subjType, objType string) error {
	recs, err := acceptedRecords(ctx, st, o, subjType, objType)
	if err != nil {
		return err
	}
	if _, err := st.PutRecords(ctx, recs); err != nil {
		return fmt.Errorf("store edge %s: %w", o.EdgeID, err)
	}
	gone, err := st.Gone(ctx, o.Evidence.ID)
	if err != nil {
		return err
	}
	if gone {
		why := fmt.Sprintf("quote found again in version %d of %s", o.Evidence.Version, o.Evidence.SourceID)
		if _, _, err := st.Unrevoke(ctx, []verity.Ref{verity.RecordRef(o.Evidence.ID)}, by, why); err != nil {
			return fmt.Errorf("restore evidence %s: %w", o.Evidence.ID, err)
		}
		if err := st.MarkGone(ctx, o.Evidence.ID, false); err != nil {
			return err
		}
	}
	return nil
}

// objectType returns the entity type of a spec object by name.
func (s *Spec) objectType(name string) string {
	if o, ok := s.object(name); ok {
		return o.Type
	}
	return SubjectProduct
}
