package extract

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"time"

	"github.com/veritykb/verity"
)

// SameKey is the kind of merge [Rekey] records: two entities whose names
// share a key under today's [Key].
const SameKey = "same_key"

// Rekey brings a graph extracted under an older [Key] in line with
// today's: entity ids are hashes of keys, and a key that now drops more
// (a descriptor before a quoted name, a leading "the") joins entities that
// used to be apart («Компания «Альтагро»» and «Альтагро»). Nothing is
// rewritten, so every old entity, edge and evidence id stays what it was
// and resolves in graph, explain, review items, receipts and the log;
// instead, for every live entity whose name keys differently now, Rekey
// makes sure the entity of the new key exists (resting on what the old
// ones rest on) and records a merge of the old one into it, whose receipt
// is the two entities. The graph then shows one node with every page's
// evidence, each edge listing the old edges it joins (MergedFrom) and the
// merges (kind same_key). Revoking such a merge (verity revoke
// record:merge:…, logged, undoable with verity undo) splits the entities
// again; a merge revoked so is never made again. Rekey returns the merge
// ids it recorded or found live.
func Rekey(ctx context.Context, st Store, now time.Time) ([]string, error) {
	recs, err := st.KindRecords(ctx, verity.KindEntity)
	if err != nil {
		return nil, err
	}
	type member struct {
		rec *verity.Record
		ent Entity
	}
	groups := map[string][]member{}
	var order []string
	for _, r := range recs {
		if r.State == verity.StateDead {
			continue
		}
		var e Entity
		if err := json.Unmarshal(r.Body, &e); err != nil {
			return nil, fmt.Errorf("entity %s: %w", r.ID, err)
		}
		target := EntityID(e.Type, Key(e.Name))
		if target == r.ID {
			if _, ok := groups[target]; !ok {
				order = append(order, target)
			}
			groups[target] = append(groups[target], member{r, e})
			continue
		}
		if _, ok := groups[target]; !ok {
			order = append(order, target)
		}
		groups[target] = append(groups[target], member{r, e})
	}
	var ids []string
	for _, target := range order {
		g := groups[target]
		if len(g) == 1 && g[0].rec.ID == target {
			continue
		}
		var into *verity.Record
		for _, m := range g {
			if m.rec.ID == target {
				into = m.rec
			}
		}
		if into == nil {
			// The new key's entity: named as the first old one was, resting
			// on every page any of them rests on.
			e := g[0].ent
			e.ID, e.Key, e.Aliases = target, Key(e.Name), nil
			var sets [][]verity.Ref
			for _, m := range g {
				sets = append(sets, m.rec.Receipt.Sets...)
				if m.ent.Name != e.Name && !slices.Contains(e.Aliases, m.ent.Name) {
					e.Aliases = append(e.Aliases, m.ent.Name)
				}
			}
			into = &verity.Record{ID: target, Kind: verity.KindEntity, Receipt: verity.Receipt{Sets: sets}, Body: mustJSON(e)}
			if _, err := st.PutRecords(ctx, []*verity.Record{into}); err != nil {
				return ids, fmt.Errorf("rekey: entity %s: %w", target, err)
			}
		}
		intoName := entityName(into)
		for _, m := range g {
			if m.rec.ID == target {
				continue
			}
			id := "merge:" + shortHash(m.rec.ID, target)
			body := Merge{ID: id, From: m.rec.ID, Into: target, FromName: m.ent.Name, IntoName: intoName, Who: string(Who),
				Why: fmt.Sprintf("«%s» has the key %q, as «%s» does", m.ent.Name, Key(m.ent.Name), intoName), At: now.UTC(), Kind: SameKey}
			if old, err := st.Record(ctx, id); err == nil {
				if old.State == verity.StateDead {
					continue // rejected, or one side is gone: not made again
				}
				body = mergeBody(old, body)
			} else if verity.ErrorCode(err) != verity.ENOTFOUND {
				return ids, err
			}
			if _, err := st.PutRecords(ctx, []*verity.Record{{ID: id, Kind: verity.KindMerge,
				Receipt: verity.Receipt{Sets: [][]verity.Ref{{verity.RecordRef(m.rec.ID), verity.RecordRef(target)}}}, Body: mustJSON(body)}}); err != nil {
				return ids, fmt.Errorf("rekey: merge %s: %w", id, err)
			}
			ids = append(ids, id)
		}
	}
	slices.Sort(ids)
	return ids, nil
}
