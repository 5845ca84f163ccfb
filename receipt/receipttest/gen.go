package receipttest

import (
	"fmt"
	"math/rand/v2"

	"github.com/veritykb/verity/receipt"
)

// Config shapes a generated graph.
type Config struct {
	Sources int    // sources, the planted regions' own included
	Records int    // records, the planted regions included
	Seed    uint64 // the same seed gives the same graph
	// Plants lists the sizes of planted regions: revoking region i's source
	// kills exactly Plants[i] records.
	Plants []int
	// Window bounds how far back (and, for cycles, ahead) a bulk record's
	// members reach, so the bulk is a band of local dependencies rather
	// than a graph where early records hold up everything. Default 100000.
	Window int
	// CycleShare is the share of record members, outside grounding sets,
	// drawn from later records, closing cycles. Default 0.05.
	CycleShare float64
	// PlantShare is the share of record members, outside grounding sets,
	// drawn from planted regions: bulk records that lose a set to a planted
	// revocation and live on. Default 0.001.
	PlantShare float64
}

// Graph is a generated graph and where its plants are.
type Graph struct {
	*receipt.Memory
	Plants []Plant
}

// Plant is a planted region: records First to First+Size-1, all resting,
// through every one of their sets, on Source or on each other.
type Plant struct {
	Source receipt.Node
	First  receipt.Node
	Size   int
}

// Generate builds the graph cfg describes. Bulk record i has 1–4 sets of 1–3
// members; half the members are sources, the rest records. Its first set,
// the grounding set, holds only bulk sources and earlier bulk records, so
// every bulk record is alive and stays alive whatever happens to a plant.
// Its other sets may reach later records (cycles) and planted records.
//
// Plant records also have 1–4 sets: the first rests on the plant's source
// (the plant's first record) or on an earlier record of the plant, each
// other set holds a random record of the same plant (possibly a later one,
// or itself) and up to two random bulk nodes. Every set of every plant
// record thus contains the plant's source or one of its records, so
// revoking the source kills the whole plant and nothing else: cycles
// inside it cannot keep it alive.
func Generate(cfg Config) (*Graph, error) {
	if cfg.Window <= 0 {
		cfg.Window = 100_000
	}
	if cfg.CycleShare == 0 {
		cfg.CycleShare = 0.05
	}
	if cfg.PlantShare == 0 {
		cfg.PlantShare = 0.001
	}
	planted := 0
	for _, k := range cfg.Plants {
		if k < 1 {
			return nil, fmt.Errorf("plant of %d records", k)
		}
		planted += k
	}
	bulkSources := cfg.Sources - len(cfg.Plants)
	bulk := cfg.Records - planted
	if bulkSources < 1 || bulk < 1 {
		return nil, fmt.Errorf("%d sources and %d records leave no bulk around plants of %v", cfg.Sources, cfg.Records, cfg.Plants)
	}
	rng := rand.New(rand.NewPCG(cfg.Seed, 0x5eed))
	g := &Graph{}
	b := receipt.NewBuilder(cfg.Sources)
	b.Grow(cfg.Records, cfg.Records*5/2, cfg.Records*5)
	src := func() receipt.Node { return receipt.Node(rng.IntN(bulkSources)) }
	recordNode := func(i int) receipt.Node { return receipt.Node(cfg.Sources + i) }
	// Plants occupy the records after the bulk.
	start := bulk
	for i, k := range cfg.Plants {
		g.Plants = append(g.Plants, Plant{Source: receipt.Node(bulkSources + i), First: recordNode(start), Size: k})
		start += k
	}
	plantMember := func() receipt.Node {
		return recordNode(bulk + rng.IntN(planted))
	}
	bulkMember := func(i int, grounding bool) receipt.Node {
		if rng.IntN(2) == 0 {
			return src()
		}
		if !grounding {
			x := rng.Float64()
			switch {
			case x < cfg.PlantShare && planted > 0:
				return plantMember()
			case x < cfg.PlantShare+cfg.CycleShare:
				return recordNode(min(bulk-1, i+1+rng.IntN(cfg.Window)))
			}
		}
		if i == 0 {
			return src()
		}
		return recordNode(i - 1 - rng.IntN(min(i, cfg.Window)))
	}
	sets := make([][]receipt.Node, 4)
	for i := range bulk {
		n := 1 + rng.IntN(4)
		for s := range n {
			sets[s] = sets[s][:0]
			for range 1 + rng.IntN(3) {
				sets[s] = append(sets[s], bulkMember(i, s == 0))
			}
		}
		b.Record(sets[:n]...)
	}
	for _, p := range g.Plants {
		first := int(p.First) - cfg.Sources
		for j := range p.Size {
			n := 1 + rng.IntN(4)
			sets[0] = sets[0][:0]
			if j == 0 {
				sets[0] = append(sets[0], p.Source)
			} else {
				sets[0] = append(sets[0], recordNode(first+rng.IntN(j)))
			}
			if rng.IntN(2) == 0 {
				sets[0] = append(sets[0], src())
			}
			for s := 1; s < n; s++ {
				sets[s] = append(sets[s][:0], recordNode(first+rng.IntN(p.Size)))
				for range rng.IntN(3) {
					if rng.IntN(2) == 0 {
						sets[s] = append(sets[s], src())
					} else {
						sets[s] = append(sets[s], recordNode(rng.IntN(bulk)))
					}
				}
			}
			b.Record(sets[:n]...)
		}
	}
	m, err := b.Build()
	if err != nil {
		return nil, err
	}
	g.Memory = m
	return g, nil
}
