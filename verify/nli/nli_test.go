package nli_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/llm/llmtest"
	"github.com/veritykb/verity/verify"
	"github.com/veritykb/verity/verify/nli"
)

// tei is a fake Text Embeddings Inference server speaking its wire
// format: GET /info with model_type.classifier.id2label, POST /predict
// with {"inputs": [[premise, hypothesis], ...]} answered by one list of
// {"score", "label"} per pair, most probable first, and TEI's error body
// {"error", "error_type"} with its statuses (413 for a batch over
// max_client_batch_size).
type tei struct {
	t        *testing.T
	id2label map[string]string // as /info reports it
	answer   []string          // the label names /predict answers, by id (default: id2label)
	maxBatch int               // what /info says
	limit    int               // what /predict enforces with a 413 (default maxBatch)
	apiKey   string

	mu       sync.Mutex
	batches  []int // sizes of the /predict requests that were answered
	requests int   // every /predict request, answered or not
	fail     func(n int, w http.ResponseWriter) bool
	info     int // /info requests
}

func newTEI(t *testing.T) *tei {
	return &tei{t: t, maxBatch: 32,
		id2label: map[string]string{"0": "entailment", "1": "neutral", "2": "contradiction"}}
}

func (f *tei) start() *httptest.Server {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /info", func(w http.ResponseWriter, r *http.Request) {
		if !f.authorized(w, r) {
			return
		}
		f.mu.Lock()
		f.info++
		f.mu.Unlock()
		label2id := map[string]int{}
		for k, v := range f.id2label {
			var id int
			fmt.Sscan(k, &id)
			label2id[v] = id
		}
		json.NewEncoder(w).Encode(map[string]any{
			"model_id": "MoritzLaurer/mDeBERTa-v3-base-xnli-multilingual-nli-2mil7", "model_sha": nil,
			"model_dtype":             "float32",
			"model_type":              map[string]any{"classifier": map[string]any{"id2label": f.id2label, "label2id": label2id}},
			"max_concurrent_requests": 512, "max_input_length": 512, "max_batch_tokens": 16384,
			"max_batch_requests": nil, "max_client_batch_size": f.maxBatch, "auto_truncate": false,
			"tokenization_workers": 2, "version": "1.8.0", "sha": nil, "docker_label": nil,
		})
	})
	mux.HandleFunc("POST /predict", func(w http.ResponseWriter, r *http.Request) {
		if !f.authorized(w, r) {
			return
		}
		var req struct {
			Inputs   [][]string `json:"inputs"`
			Truncate bool       `json:"truncate"`
		}
		if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
			http.Error(w, err.Error(), http.StatusUnprocessableEntity)
			return
		}
		f.mu.Lock()
		f.requests++
		n := f.requests
		fail := f.fail
		f.mu.Unlock()
		if fail != nil && fail(n, w) {
			return
		}
		limit := f.limit
		if limit == 0 {
			limit = f.maxBatch
		}
		if len(req.Inputs) > limit {
			w.Header().Set("Content-Type", "application/json")
			w.WriteHeader(http.StatusRequestEntityTooLarge)
			json.NewEncoder(w).Encode(map[string]string{
				"error": fmt.Sprintf("batch size %d > maximum allowed batch size %d", len(req.Inputs), limit), "error_type": "validation"})
			return
		}
		f.mu.Lock()
		f.batches = append(f.batches, len(req.Inputs))
		f.mu.Unlock()
		out := make([][]map[string]any, len(req.Inputs))
		for i, in := range req.Inputs {
			if len(in) != 2 {
				f.t.Errorf("/predict input %d has %d strings, want a pair", i, len(in))
				continue
			}
			probs := judge(in[0], in[1])
			var preds []map[string]any
			for id, p := range probs {
				name := f.id2label[fmt.Sprint(id)]
				if f.answer != nil {
					name = f.answer[id]
				}
				preds = append(preds, map[string]any{"score": p, "label": name})
			}
			slices.SortStableFunc(preds, func(a, b map[string]any) int {
				switch {
				case a["score"].(float64) > b["score"].(float64):
					return -1
				case a["score"].(float64) < b["score"].(float64):
					return 1
				}
				return 0
			})
			out[i] = preds
		}
		json.NewEncoder(w).Encode(out)
	})
	srv := httptest.NewServer(mux)
	f.t.Cleanup(srv.Close)
	return srv
}

func (f *tei) authorized(w http.ResponseWriter, r *http.Request) bool {
	if f.apiKey != "" && r.Header.Get("Authorization") != "Bearer "+f.apiKey {
		w.WriteHeader(http.StatusUnauthorized)
		return false
	}
	return true
}

// judge is the fake model: probabilities by id (entailment, neutral,
// contradiction) from word containment and "not".
func judge(premise, hyp string) [3]float64 {
	words := func(s string) []string {
		return strings.FieldsFunc(strings.ToLower(s), func(r rune) bool { return r == ' ' || r == '.' || r == ',' })
	}
	p := words(premise)
	in := 0
	neg := false
	for _, w := range words(hyp) {
		if w == "not" {
			neg = true
			continue
		}
		if slices.Contains(p, w) {
			in++
		}
	}
	switch {
	case neg && !slices.Contains(p, "not") && in > 0:
		return [3]float64{0.05, 0.15, 0.8}
	case in == len(words(hyp)):
		return [3]float64{0.9, 0.08, 0.02}
	}
	return [3]float64{0.1, 0.7, 0.2}
}

func client(srv *httptest.Server, cfg nli.Config) *nli.Client {
	cfg.BaseURL = srv.URL
	if cfg.Clock == nil {
		cfg.Clock = llmtest.NewClock(time.Unix(0, 0))
	}
	return nli.New(cfg)
}

const passage = "The council approved the library budget in March. The mayor was away."

func TestVerify(t *testing.T) {
	f := newTEI(t)
	f.id2label = map[string]string{"0": "ENTAILMENT", "1": "Neutral", "2": "contradiction"} // any case
	srv := f.start()
	c := client(srv, nli.Config{})
	vs, err := c.Verify(context.Background(), []verify.Pair{
		{Premise: passage, Hypothesis: "the council approved the budget"},
		{Premise: passage, Hypothesis: "The council did not approve the budget"},
		{Premise: passage, Hypothesis: "The library opened in May"},
		{Premise: passage, Hypothesis: "The mayor was away."}, // verbatim: no call
		{Premise: "", Hypothesis: "The mayor was away."},      // no evidence: no call
	})
	if err != nil {
		t.Fatal(err)
	}
	want := []struct {
		label      verify.Label
		grade      verify.Grade
		score, ent float64
		by         string
	}{
		{verify.Entailed, verify.GradeSameMeaning, 0.9, 0.9, nli.ByNLI},
		{verify.Contradicted, verify.GradeNotSupported, 0.8, 0.05, nli.ByNLI},
		{verify.Neutral, verify.GradeNotSupported, 0.7, 0.1, nli.ByNLI},
		{verify.Entailed, verify.GradeVerbatim, 1, 1, verify.ByVerbatim},
		{verify.NoEvidence, verify.GradeNotSupported, 1, 0, verify.ByCode},
	}
	for i, w := range want {
		v := vs[i]
		if v.Label != w.label || v.Grade != w.grade || v.Score != w.score || v.Entailment != w.ent || v.By != w.by {
			t.Errorf("Verify pair %d = %s grade %d score %v entailment %v by %s, want %s grade %d score %v entailment %v by %s",
				i, v.Label, v.Grade, v.Score, v.Entailment, v.By, w.label, w.grade, w.score, w.ent, w.by)
		}
	}
	if vs[0].Model != "MoritzLaurer/mDeBERTa-v3-base-xnli-multilingual-nli-2mil7" {
		t.Errorf("Verify model = %q, want the /info model_id", vs[0].Model)
	}
	if !slices.Equal(f.batches, []int{3}) || f.info != 1 {
		t.Errorf("requests: /predict batches %v, /info %d; want one batch of the 3 unsettled pairs, one /info", f.batches, f.info)
	}
	// /info is read once per client.
	if _, err := c.Verify(context.Background(), []verify.Pair{{Premise: passage, Hypothesis: "the mayor"}}); err != nil || f.info != 1 {
		t.Errorf("second Verify: %v, /info read %d times; want once", err, f.info)
	}
}

func TestLabelsByID(t *testing.T) {
	ctx := context.Background()
	pair := []verify.Pair{{Premise: passage, Hypothesis: "the council approved the budget"}}

	// The service answers LABEL_k and names them in /info's id2label (a
	// proxy in front of the model does this).
	f := newTEI(t)
	f.id2label = map[string]string{"0": "contradiction", "1": "neutral", "2": "entailment"}
	f.answer = []string{"LABEL_2", "LABEL_1", "LABEL_0"} // judge's ids: entailment, neutral, contradiction
	vs, err := client(f.start(), nli.Config{}).Verify(ctx, pair)
	if err != nil || vs[0].Label != verify.Entailed || vs[0].Entailment != 0.9 {
		t.Errorf("LABEL_k through id2label: %+v, %v; want entailed with 0.9", vs, err)
	}

	// The model's config names nothing (LABEL_0...): Config.Labels does.
	f = newTEI(t)
	f.id2label = map[string]string{"0": "LABEL_0", "1": "LABEL_1", "2": "LABEL_2"}
	srv := f.start()
	vs, err = client(srv, nli.Config{Labels: []string{"entailment", "neutral", "contradiction"}}).Verify(ctx, pair)
	if err != nil || vs[0].Label != verify.Entailed {
		t.Errorf("LABEL_k through Config.Labels: %+v, %v; want entailed", vs, err)
	}
	// Without it the labels cannot be read, and the error says what to do.
	_, err = client(srv, nli.Config{}).Verify(ctx, pair)
	if verity.ErrorCode(err) != verity.EINVALID || !strings.Contains(err.Error(), "#labels=") {
		t.Errorf("unnamed labels: error %v, want EINVALID naming #labels=", err)
	}

	// A model without entailment is no NLI model.
	f = newTEI(t)
	f.id2label = map[string]string{"0": "neutral", "1": "contradiction"}
	if _, err := client(f.start(), nli.Config{}).Info(ctx); verity.ErrorCode(err) != verity.EINVALID {
		t.Errorf("labels without entailment: %v, want EINVALID", err)
	}
}

func TestNotAClassifier(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		json.NewEncoder(w).Encode(map[string]any{"model_id": "BAAI/bge-reranker-base",
			"model_type": map[string]any{"reranker": map[string]any{"id2label": map[string]string{"0": "LABEL_0"}}}})
	}))
	defer srv.Close()
	_, err := client(srv, nli.Config{}).Info(context.Background())
	if verity.ErrorCode(err) != verity.EINVALID || !strings.Contains(err.Error(), "BAAI/bge-reranker-base") {
		t.Errorf("Info of a reranker = %v, want EINVALID naming the model", err)
	}
}

func pairs(n int) []verify.Pair {
	out := make([]verify.Pair, n)
	for i := range out {
		out[i] = verify.Pair{Premise: passage, Hypothesis: fmt.Sprintf("the council approved budget %d", i)}
	}
	return out
}

func TestBatches(t *testing.T) {
	f := newTEI(t)
	f.maxBatch = 4
	c := client(f.start(), nli.Config{Concurrency: 1})
	vs, err := c.Verify(context.Background(), pairs(10))
	if err != nil || len(vs) != 10 {
		t.Fatalf("Verify(10 pairs) = %d verdicts, %v", len(vs), err)
	}
	if !slices.Equal(f.batches, []int{4, 4, 2}) {
		t.Errorf("batches %v, want 4, 4, 2 (/info's max_client_batch_size)", f.batches)
	}
}

// TestTooLarge: a service that takes fewer pairs than it says (or than
// Config.Batch asks) answers 413; the client splits the batch and
// retries until it fits, and keeps the order.
func TestTooLarge(t *testing.T) {
	f := newTEI(t)
	f.limit = 3
	c := client(f.start(), nli.Config{Batch: 8, Concurrency: 1})
	ps := pairs(8)
	ps[5].Hypothesis = "the council did not approve the budget"
	vs, err := c.Verify(context.Background(), ps)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(f.batches, []int{2, 2, 2, 2}) {
		t.Errorf("answered batches %v, want 8 split into 4+4 and again into 2+2+2+2", f.batches)
	}
	for i, v := range vs {
		want := verify.Neutral
		if i == 5 {
			want = verify.Contradicted
		}
		if v.Label != want {
			t.Errorf("pair %d = %s, want %s (order kept across splits)", i, v.Label, want)
		}
	}
	// A service that refuses even one pair is a configuration error.
	f = newTEI(t)
	f.fail = func(_ int, w http.ResponseWriter) bool { w.WriteHeader(http.StatusRequestEntityTooLarge); return true }
	_, err = client(f.start(), nli.Config{}).Verify(context.Background(), pairs(2))
	if verity.ErrorCode(err) != verity.EINVALID {
		t.Errorf("413 for one pair: %v, want EINVALID", err)
	}
}

func TestRetries(t *testing.T) {
	for _, status := range []int{http.StatusTooManyRequests, http.StatusServiceUnavailable} {
		t.Run(fmt.Sprint(status), func(t *testing.T) {
			f := newTEI(t)
			f.fail = func(n int, w http.ResponseWriter) bool {
				if n > 2 {
					return false
				}
				w.Header().Set("Retry-After", "3")
				w.WriteHeader(status)
				json.NewEncoder(w).Encode(map[string]string{"error": "Model is overloaded", "error_type": "overloaded"})
				return true
			}
			clock := llmtest.NewClock(time.Unix(0, 0))
			vs, err := client(f.start(), nli.Config{Clock: clock}).Verify(context.Background(), pairs(1))
			if err != nil || vs[0].Label != verify.Neutral {
				t.Fatalf("Verify after two %d = %+v, %v; want a verdict", status, vs, err)
			}
			if s := clock.Sleeps(); len(s) != 2 || s[0] < 3*time.Second || s[1] < 3*time.Second {
				t.Errorf("slept %v, want two waits of at least Retry-After 3s", s)
			}
		})
	}
}

func TestUnavailable(t *testing.T) {
	f := newTEI(t)
	f.fail = func(_ int, w http.ResponseWriter) bool {
		w.WriteHeader(http.StatusServiceUnavailable)
		json.NewEncoder(w).Encode(map[string]string{"error": "unhealthy", "error_type": "unhealthy"})
		return true
	}
	srv := f.start()
	_, err := client(srv, nli.Config{Attempts: 3}).Verify(context.Background(), pairs(1))
	if verity.ErrorCode(err) != verity.EUNAVAILABLE || !strings.Contains(err.Error(), srv.URL) || !strings.Contains(err.Error(), "unhealthy") {
		t.Errorf("a service that stays at 503: %v, want EUNAVAILABLE naming it and its message", err)
	}
	if f.requests != 3 {
		t.Errorf("%d requests, want 3 attempts", f.requests)
	}

	// A request the service will never take fails at once.
	f = newTEI(t)
	f.fail = func(_ int, w http.ResponseWriter) bool {
		w.WriteHeader(http.StatusUnprocessableEntity)
		json.NewEncoder(w).Encode(map[string]string{"error": "Tokenization error", "error_type": "tokenizer"})
		return true
	}
	_, err = client(f.start(), nli.Config{}).Verify(context.Background(), pairs(1))
	if verity.ErrorCode(err) != verity.EINVALID || f.requests != 1 {
		t.Errorf("422: %v after %d requests, want EINVALID after one", err, f.requests)
	}

	// Nobody listening.
	dead := httptest.NewServer(http.NotFoundHandler())
	dead.Close()
	_, err = client(dead, nli.Config{Attempts: 2}).Verify(context.Background(), pairs(1))
	if verity.ErrorCode(err) != verity.EUNAVAILABLE {
		t.Errorf("a closed port: %v, want EUNAVAILABLE", err)
	}
}

func TestTimeout(t *testing.T) {
	f := newTEI(t)
	f.fail = func(_ int, w http.ResponseWriter) bool { time.Sleep(300 * time.Millisecond); return false }
	srv := f.start()
	_, err := client(srv, nli.Config{Timeout: 50 * time.Millisecond, Attempts: 2}).Verify(context.Background(), pairs(1))
	if verity.ErrorCode(err) != verity.EUNAVAILABLE || !strings.Contains(err.Error(), "no answer within 50ms") {
		t.Errorf("a service slower than the timeout: %v, want EUNAVAILABLE saying it did not answer within 50ms", err)
	}
	// The caller's own cancellation is not the service's fault.
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := client(srv, nli.Config{}).Verify(ctx, pairs(1)); err != context.Canceled {
		t.Errorf("cancelled: %v, want context.Canceled", err)
	}
}

func TestMalformed(t *testing.T) {
	for name, body := range map[string]string{
		"not JSON":       `<html>oops</html>`,
		"wrong count":    `[[{"label":"entailment","score":0.9}],[{"label":"neutral","score":0.9}]]`,
		"unknown labels": `[[{"label":"positive","score":0.9}]]`,
	} {
		t.Run(name, func(t *testing.T) {
			f := newTEI(t)
			f.fail = func(_ int, w http.ResponseWriter) bool { fmt.Fprint(w, body); return true }
			_, err := client(f.start(), nli.Config{}).Verify(context.Background(), pairs(1))
			if code := verity.ErrorCode(err); code != verity.EMALFORMED && code != verity.EINVALID {
				t.Errorf("body %s: %v, want EMALFORMED or EINVALID", body, err)
			}
		})
	}
}

// TestWindows: a premise longer than the model's input is cut into
// windows of whole sentences, and the window that entails most speaks.
func TestWindows(t *testing.T) {
	f := newTEI(t)
	srv := f.start()
	premise := "Alpha beta gamma delta. Epsilon zeta eta theta. The council approved the budget. Iota kappa lambda mu."
	vs, err := client(srv, nli.Config{WindowChars: 40}).Verify(context.Background(),
		[]verify.Pair{{Premise: premise, Hypothesis: "the council approved"}})
	if err != nil || vs[0].Label != verify.Entailed || vs[0].Entailment != 0.9 {
		t.Errorf("windowed premise: %+v, %v; want entailed by the window that holds it", vs, err)
	}
	if len(f.batches) != 1 || f.batches[0] < 3 {
		t.Errorf("batches %v, want one batch of several windows", f.batches)
	}
}

func TestAPIKeyAndCheck(t *testing.T) {
	f := newTEI(t)
	f.apiKey = "sekret"
	srv := f.start()
	if _, err := client(srv, nli.Config{}).Info(context.Background()); verity.ErrorCode(err) != verity.EUNAVAILABLE {
		t.Errorf("Info without the key: %v, want EUNAVAILABLE (401)", err)
	}
	info, v, _, err := client(srv, nli.Config{APIKey: "sekret"}).Check(context.Background())
	if err != nil || info.ModelID == "" || info.Labels[0] != "entailment" || info.MaxBatch != 32 || v.Label == verify.LabelNone {
		t.Errorf("Check = %+v, %+v, %v; want the model, its labels and a verdict", info, v, err)
	}
}
