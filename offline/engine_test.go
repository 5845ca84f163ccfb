package offline

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/llm"
	"github.com/veritykb/verity/llm/llmtest"
	"github.com/veritykb/verity/verify"
)

func request(t *testing.T, task string, vars any) *llm.Request {
	t.Helper()
	raw, err := json.Marshal(vars)
	if err != nil {
		t.Fatal(err)
	}
	return &llm.Request{Task: task, PromptVersion: task + "@1", Vars: raw,
		Messages: []llm.Message{llm.User("prompt text the engine never reads")}}
}

func TestInfo(t *testing.T) {
	got := New(Options{}).Info()
	want := llm.Info{Provider: "offline", Model: "offline", Deterministic: true}
	if got != want {
		t.Errorf("Info() = %+v, want %+v", got, want)
	}
	if got.Name() != "offline" {
		t.Errorf("Info().Name() = %q, want offline", got.Name())
	}
}

func TestPing(t *testing.T) {
	e := New(Options{})
	resp, err := e.Complete(context.Background(), request(t, "doctor.ping", map[string]string{"echo": "verity"}))
	if err != nil {
		t.Fatal(err)
	}
	if resp.Text != `{"ok":true,"echo":"verity"}` || string(resp.JSON) != resp.Text {
		t.Errorf("doctor.ping = %s (JSON %s), want {\"ok\":true,\"echo\":\"verity\"}", resp.Text, resp.JSON)
	}
	if resp.Model != "offline" || resp.Usage != (llm.Usage{}) || resp.PromptVersion != "doctor.ping@1" || resp.StopReason != llm.StopEnd {
		t.Errorf("doctor.ping response = %+v, want model offline, zero usage, prompt version doctor.ping@1, stop end", resp)
	}
}

func TestUnknownTask(t *testing.T) {
	_, err := New(Options{}).Complete(context.Background(), request(t, "extract.relations", map[string]string{}))
	if verity.ErrorCode(err) != verity.ENOTIMPLEMENTED {
		t.Fatalf("Complete(extract.relations) error = %v, want code %s", err, verity.ENOTIMPLEMENTED)
	}
	msg := verity.ErrorMessage(err)
	for _, want := range []string{`"extract.relations"`, "offline engine does not do", "verify.support"} {
		if !strings.Contains(msg, want) {
			t.Errorf("Complete(extract.relations) message %q lacks %q", msg, want)
		}
	}
}

func TestBadVars(t *testing.T) {
	e := New(Options{})
	for _, vars := range []json.RawMessage{nil, json.RawMessage(`[1,2]`), json.RawMessage(`{"premise": 3}`)} {
		req := &llm.Request{Task: TaskSupport, Vars: vars}
		if _, err := e.Complete(context.Background(), req); verity.ErrorCode(err) != verity.EINVALID {
			t.Errorf("Complete(verify.support, vars %s) error = %v, want code %s", vars, err, verity.EINVALID)
		}
	}
}

func TestCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := New(Options{}).Complete(ctx, request(t, TaskPing, map[string]string{"echo": "x"})); err != context.Canceled {
		t.Errorf("Complete on a cancelled context = %v, want context.Canceled", err)
	}
}

func TestTasksSorted(t *testing.T) {
	got := Tasks()
	for _, want := range []string{TaskPing, TaskSupport, TaskSupportBatch} {
		found := false
		for _, g := range got {
			found = found || g == want
		}
		if !found {
			t.Errorf("Tasks() = %v, lacks %s", got, want)
		}
	}
	for i := 1; i < len(got); i++ {
		if got[i-1] >= got[i] {
			t.Errorf("Tasks() = %v, not sorted", got)
		}
	}
}

func TestRegisterTwicePanics(t *testing.T) {
	defer func() {
		if recover() == nil {
			t.Error("register(verify.support) a second time did not panic")
		}
	}()
	register(TaskSupport, support)
}

// TestDeterministic: the same request gives a byte-identical response (with
// a clock that does not move, latency included), however often and in
// whatever order it is asked.
func TestDeterministic(t *testing.T) {
	clock := llmtest.NewClock(time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC))
	e := New(Options{Clock: clock})
	reqs := []*llm.Request{
		request(t, TaskSupport, verify.SupportVars{Premise: premiseEN, Hypothesis: "Aspirin reduces the risk of stroke in older patients."}),
		request(t, TaskSupportBatch, verify.SupportBatchVars{Premise: premiseRU, Hypotheses: []string{
			"Совет директоров утвердил бюджет 9,6 млн рублей.", "Совет директоров не утвердил бюджет.", "Бюджет составил 12 млн рублей."}}),
		request(t, TaskPing, map[string]string{"echo": "verity"}),
	}
	var first [][]byte
	for round := range 3 {
		for i, req := range reqs {
			resp, err := e.Complete(context.Background(), req)
			if err != nil {
				t.Fatal(err)
			}
			b, err := json.Marshal(resp)
			if err != nil {
				t.Fatal(err)
			}
			if round == 0 {
				first = append(first, b)
			} else if string(b) != string(first[i]) {
				t.Errorf("round %d, %s: response %s, want %s", round, req.Task, b, first[i])
			}
		}
	}
}

// TestOneVoter: a panel of five asked of the offline engine is one vote,
// never five copies of it.
func TestOneVoter(t *testing.T) {
	e := New(Options{})
	req := request(t, TaskSupport, verify.SupportVars{Premise: premiseEN, Hypothesis: "Aspirin reduces the risk of stroke in older patients."})
	tally, err := llm.Vote(context.Background(), e, req, llm.VoteOptions{N: 5}, llm.JSONLabel(e, "label"))
	if err != nil {
		t.Fatal(err)
	}
	if tally.Cast() != 1 || tally.Saved != 4 || !tally.Deterministic || tally.Counts["entailed"] != 1 {
		t.Errorf("Vote(N=5) = cast %d, saved %d, deterministic %v, counts %v; want 1 entailed vote, 4 saved, deterministic",
			tally.Cast(), tally.Saved, tally.Deterministic, tally.Counts)
	}
	if tally.Ballots[0].Model != "offline" {
		t.Errorf("ballot model = %q, want offline", tally.Ballots[0].Model)
	}
}

// TestJudge runs the verifier over the engine through the real prompts,
// whose strict schemas the answers must pass, one claim at a time and in
// batches.
func TestJudge(t *testing.T) {
	pairs := []verify.Pair{
		{Premise: premiseEN, Hypothesis: "Aspirin reduces the risk of stroke in older patients."},
		{Premise: premiseEN, Hypothesis: "Aspirin increases the risk of stroke in older patients."},
		{Premise: premiseEN, Hypothesis: "Statins lower cholesterol in children."},
	}
	want := []verify.Label{verify.Entailed, verify.Contradicted, verify.Neutral}
	for _, batch := range []int{1, 3} {
		vs, err := verify.NewJudge(New(Options{}), verify.JudgeOptions{Votes: 5, Batch: batch}).Verify(context.Background(), pairs)
		if err != nil {
			t.Fatalf("batch %d: %v", batch, err)
		}
		for i, v := range vs {
			if v.Label != want[i] || v.Model != "offline" || len(v.Votes) != 1 || v.Requested != 5 || v.Score != 1 {
				t.Errorf("batch %d: Verify(%q) = %+v, want %s by one offline vote of 5 requested", batch, pairs[i].Hypothesis, v, want[i])
			}
		}
	}
}
