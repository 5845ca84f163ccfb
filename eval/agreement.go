package eval

// Agreement compares one way of deciding liveness with the truth, sentence
// by sentence.
type Agreement struct {
	N     int     `json:"n"`
	Agree int     `json:"agree"`
	Rate  float64 `json:"rate"`
	// KeptDead: alive by this rule, truly dead (served text nothing
	// supports any more); DroppedLive: dead by this rule, truly alive.
	KeptDead    int `json:"kept_dead"`
	DroppedLive int `json:"dropped_live"`
}

// Add counts one sentence: truth is whether it is truly alive, said whether
// the rule keeps it.
func (g *Agreement) Add(truth, said bool) {
	g.N++
	switch {
	case truth == said:
		g.Agree++
	case said:
		g.KeptDead++
	default:
		g.DroppedLive++
	}
	g.Rate = float64(g.Agree) / float64(g.N)
}
