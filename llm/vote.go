package llm

import (
	"context"
	"errors"
	"sort"
	"sync"

	"github.com/veritykb/verity"
)

// StopRule decides when a vote may stop early.
type StopRule interface {
	// Need returns the fewest further votes that could settle the outcome,
	// given the counts of the votes in so far and how many of the N votes
	// are still to come; 0 when the outcome is settled already. Vote keeps
	// no more than that many samples in flight, so every sample it draws
	// could have mattered.
	Need(counts map[string]int, left int) int
}

// AtLeast is the rule "label wins when it gets at least K of N votes":
// panels ("yes" ≥ half) and audits. It settles as soon as label has K
// votes or can no longer reach K.
type AtLeast struct {
	Label string
	K     int
	N     int
}

// Need implements StopRule.
func (r AtLeast) Need(counts map[string]int, left int) int {
	yes := counts[r.Label]
	no := 0
	for l, c := range counts {
		if l != r.Label {
			no += c
		}
	}
	no += r.N - left - yes - no // unreadable ballots count against label
	toPass := r.K - yes
	toFail := (r.N - r.K + 1) - no
	if toPass <= 0 || toFail <= 0 {
		return 0
	}
	return min(toPass, toFail, left)
}

// Majority is the rule "the label with more than half of N votes wins". It
// settles when one label has a strict majority; when none can reach one,
// every vote is drawn.
type Majority struct{ N int }

// Need implements StopRule.
func (r Majority) Need(counts map[string]int, left int) int {
	need := r.N/2 + 1
	top := 0
	for _, c := range counts {
		top = max(top, c)
	}
	if top >= need {
		return 0
	}
	if top+left < need {
		return left
	}
	return need - top
}

// VoteOptions configure [Vote].
type VoteOptions struct {
	N           int      // samples wanted; 0 means 1
	Concurrency int      // samples in flight at once; 0 means N
	Stop        StopRule // nil: draw all N
}

// Voter casts one vote: it calls the model with req (whose Sample and Seed
// Vote has set) and reads the label from the answer. An error with code
// EMALFORMED becomes an unreadable ballot; any other error stops the vote.
type Voter func(ctx context.Context, req *Request) (label string, resp *Response, err error)

// Vote draws up to N independent samples of req concurrently — sample i
// gets Sample i and Seed req.Seed+i (1+i when req.Seed is 0) — and tallies
// their labels. With a StopRule it draws only as many as could still
// change the outcome, so an early agreement saves the rest; the tally's Saved
// says how many. A deterministic model (Info().Deterministic), or any model
// asked at temperature 0, is asked once: its one answer is one vote, never
// N copies of it counted as agreement.
func Vote(ctx context.Context, m Model, req *Request, opt VoteOptions, vote Voter) (*verity.Tally, error) {
	n := max(opt.N, 1)
	t := &verity.Tally{Requested: n, Counts: map[string]int{}}
	if m.Info().Deterministic || greedy(req) {
		t.Deterministic = true
		b, err := castOne(ctx, req, 0, vote)
		if err != nil {
			return nil, err
		}
		t.Ballots = append(t.Ballots, b)
		count(t, b)
		t.Saved = n - 1
		return t, nil
	}
	conc := opt.Concurrency
	if conc <= 0 {
		conc = n
	}

	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	type result struct {
		b   verity.Ballot
		err error
	}
	results := make(chan result)
	var wg sync.WaitGroup
	launched, inFlight := 0, 0
	var firstErr error
	ballots := make([]verity.Ballot, 0, n)
	for {
		// How many more could matter: all that are left without a rule.
		want := n - launched
		if opt.Stop != nil && firstErr == nil {
			want = opt.Stop.Need(t.Counts, n-len(ballots)) - inFlight
			want = min(want, n-launched)
		}
		if firstErr != nil {
			want = 0
		}
		for ; want > 0 && inFlight < conc; want-- {
			i := launched
			launched++
			inFlight++
			wg.Add(1)
			go func() {
				defer wg.Done()
				b, err := castOne(ctx, req, i, vote)
				results <- result{b, err}
			}()
		}
		if inFlight == 0 {
			break
		}
		r := <-results
		inFlight--
		if r.err != nil {
			if firstErr == nil {
				firstErr = r.err
				cancel()
			}
			continue
		}
		ballots = append(ballots, r.b)
		count(t, r.b)
	}
	wg.Wait()
	if firstErr != nil {
		return nil, firstErr
	}
	sort.Slice(ballots, func(i, j int) bool { return ballots[i].Sample < ballots[j].Sample })
	t.Ballots = ballots
	t.Saved = n - len(ballots)
	return t, nil
}

// greedy reports whether req asks for greedy decoding, under which samples
// differ only by noise in the provider's arithmetic and agree by design.
func greedy(req *Request) bool { return req.Temperature != nil && *req.Temperature == 0 }

// count counts b's label in t; an unreadable ballot counts for no label.
func count(t *verity.Tally, b verity.Ballot) {
	if b.Label != "" {
		t.Counts[b.Label]++
	}
}

func castOne(ctx context.Context, req *Request, i int, vote Voter) (verity.Ballot, error) {
	r := req.Clone()
	r.Sample = i
	if req.Seed != 0 {
		r.Seed = req.Seed + int64(i)
	} else {
		r.Seed = int64(i) + 1
	}
	label, resp, err := vote(ctx, r)
	b := verity.Ballot{Sample: i, Seed: r.Seed, Label: label}
	if resp != nil {
		b.Cached = resp.Cached
		b.Model = resp.Model
	}
	if err != nil {
		if verity.ErrorCode(err) != verity.EMALFORMED {
			return b, err
		}
		b.Label = ""
		b.Reason = verity.ErrorMessage(err)
		var me *MalformedError
		if errors.As(err, &me) {
			b.Reason = me.Error()
		}
	}
	return b, nil
}

// Sample draws n independent samples of req concurrently (at most conc at
// once; 0 means all) and returns the responses in sample order. A
// deterministic model, or a request at temperature 0, is asked once and the
// one response is returned alone. The first error cancels the rest and is returned.
func Sample(ctx context.Context, m Model, req *Request, n, conc int) ([]*Response, error) {
	if m.Info().Deterministic || greedy(req) {
		n = 1
	}
	n = max(n, 1)
	out := make([]*Response, n)
	_, err := Vote(ctx, m, req, VoteOptions{N: n, Concurrency: conc},
		func(ctx context.Context, r *Request) (string, *Response, error) {
			resp, err := m.Complete(ctx, r)
			if err == nil {
				out[r.Sample] = resp
			}
			return "", resp, err
		})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// JSONLabel returns a Voter that asks m for structured output (req must
// carry a schema) and reads the string field named field as the label.
func JSONLabel(m Model, field string) Voter {
	return func(ctx context.Context, req *Request) (string, *Response, error) {
		var out map[string]any
		resp, err := CompleteJSON(ctx, m, req, &out)
		if err != nil {
			return "", resp, err
		}
		label, ok := out[field].(string)
		if !ok || label == "" {
			return "", resp, &verity.Error{Code: verity.EMALFORMED,
				Message: req.Task + ": the answer has no " + field}
		}
		return label, resp, nil
	}
}
