package nli

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"time"

	"golang.org/x/sync/errgroup"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/analysis"
	"github.com/veritykb/verity/llm"
	"github.com/veritykb/verity/verify"
)

// ByNLI is the verdicts' By: an NLI model decided them.
const ByNLI = "nli"

// Config says which service a Client talks to and how. cmd/verity fills it
// from --verifier nli:URL and the environment.
type Config struct {
	// BaseURL is the service's root, such as http://localhost:8080; the
	// client adds /info and /predict.
	BaseURL string
	// APIKey is sent as a bearer token when not empty (TEI's --api-key).
	APIKey string
	// Labels names the model's labels by id ("entailment", "neutral",
	// "contradiction" in the model's order) when neither the service's
	// answers nor its id2label name them. Empty means read them from the
	// service.
	Labels []string
	// Batch is the most pairs one request carries; 0 means the service's
	// max_client_batch_size, or 32 when /info does not say.
	Batch int
	// WindowChars is the most characters of premise one pair carries; a
	// longer premise is cut into windows of whole sentences. 0 means three
	// characters per token of the service's max_input_length, less the
	// hypothesis, or 1,500 when /info does not say.
	WindowChars int
	// Concurrency is how many requests are in flight at once; 0 means 2.
	Concurrency int
	// Timeout bounds one request; 0 means 60 seconds.
	Timeout time.Duration
	// Attempts is how many times a request is tried on a temporary
	// failure (429, 5xx, a timeout, a dropped connection); 0 means 4.
	Attempts int
	// BaseDelay is the first backoff, doubling per attempt; 0 means 500 ms.
	BaseDelay time.Duration
	// HTTPClient sends the requests; nil means one with pooled connections
	// and no timeout of its own (Timeout bounds each request).
	HTTPClient *http.Client
	// Clock sleeps between attempts; nil means llm.SystemClock.
	Clock llm.Clock
}

// Info is what the service says about itself at GET /info.
type Info struct {
	ModelID string `json:"model_id"`
	// Labels are the model's labels by id (id2label), as the service
	// names them.
	Labels         map[int]string `json:"labels"`
	MaxBatch       int            `json:"max_client_batch_size,omitempty"`
	MaxInputTokens int            `json:"max_input_length,omitempty"`
	Version        string         `json:"version,omitempty"`
}

// Client is a verify.Verifier over an NLI service. It reads /info once, on
// first use, and is safe for concurrent use.
type Client struct {
	cfg  Config
	base string
	http *http.Client

	mu   sync.Mutex
	info *Info
}

var _ verify.Verifier = (*Client)(nil)

// New returns a Client for cfg.
func New(cfg Config) *Client {
	if cfg.Concurrency <= 0 {
		cfg.Concurrency = 2
	}
	if cfg.Timeout <= 0 {
		cfg.Timeout = 60 * time.Second
	}
	if cfg.Attempts <= 0 {
		cfg.Attempts = 4
	}
	if cfg.BaseDelay <= 0 {
		cfg.BaseDelay = 500 * time.Millisecond
	}
	if cfg.Clock == nil {
		cfg.Clock = llm.SystemClock
	}
	hc := cfg.HTTPClient
	if hc == nil {
		t := http.DefaultTransport.(*http.Transport).Clone()
		t.MaxIdleConnsPerHost = 16
		hc = &http.Client{Transport: t}
	}
	return &Client{cfg: cfg, base: strings.TrimRight(cfg.BaseURL, "/"), http: hc}
}

// String names the client for caches and records: the service and the
// labels it was told.
func (c *Client) String() string {
	return fmt.Sprintf("nli %s labels=%s", c.base, strings.Join(c.cfg.Labels, ","))
}

// wireInfo is the part of TEI's /info the client reads.
type wireInfo struct {
	ModelID   string `json:"model_id"`
	ModelType map[string]struct {
		ID2Label map[string]string `json:"id2label"`
	} `json:"model_type"`
	MaxClientBatchSize int    `json:"max_client_batch_size"`
	MaxInputLength     int    `json:"max_input_length"`
	Version            string `json:"version"`
}

// Info returns what the service says about its model (GET /info), read once
// and kept. It fails when the service is down, when it serves something
// other than a classifier, or when its labels are not an NLI model's.
func (c *Client) Info(ctx context.Context) (Info, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.info != nil {
		return *c.info, nil
	}
	body, err := c.call(ctx, http.MethodGet, "/info", nil)
	if err != nil {
		return Info{}, err
	}
	var w wireInfo
	if err := json.Unmarshal(body, &w); err != nil {
		return Info{}, verity.Errorf(verity.EMALFORMED, "nli: %s/info is not TEI's info JSON: %w", c.base, err)
	}
	info := Info{ModelID: w.ModelID, Labels: map[int]string{}, MaxBatch: w.MaxClientBatchSize,
		MaxInputTokens: w.MaxInputLength, Version: w.Version}
	cls, ok := w.ModelType["classifier"]
	if !ok {
		kinds := make([]string, 0, len(w.ModelType))
		for k := range w.ModelType {
			kinds = append(kinds, k)
		}
		return Info{}, verity.Errorf(verity.EINVALID, "nli: %s serves %s (model_type %v), not a sequence-classification NLI model",
			c.base, orUnknown(w.ModelID), kinds)
	}
	for k, v := range cls.ID2Label {
		id, err := strconv.Atoi(k)
		if err != nil {
			return Info{}, verity.Errorf(verity.EMALFORMED, "nli: %s/info: id2label key %q is not a number", c.base, k)
		}
		info.Labels[id] = v
	}
	// Every label must map, and entailment must be one of them: a model
	// that cannot say "entailed" cannot support anything.
	hasEntail := false
	for id := range info.Labels {
		l, err := c.labelOf(info.Labels[id], info.Labels)
		if err != nil {
			return Info{}, err
		}
		hasEntail = hasEntail || l == verify.Entailed
	}
	if len(info.Labels) > 0 && !hasEntail {
		return Info{}, verity.Errorf(verity.EINVALID, "nli: the labels of %s (%s) have no entailment", orUnknown(info.ModelID), labelList(info.Labels))
	}
	c.info = &info
	return info, nil
}

func orUnknown(s string) string {
	if s == "" {
		return "an unnamed model"
	}
	return s
}

func labelList(m map[int]string) string {
	var parts []string
	for i := 0; i < len(m)+8 && len(parts) < len(m); i++ {
		if v, ok := m[i]; ok {
			parts = append(parts, fmt.Sprintf("%d=%s", i, v))
		}
	}
	return strings.Join(parts, ", ")
}

var numbered = regexp.MustCompile(`^(?i:label_)?(\d+)$`)

// labelOf maps a label the service uses to a verify label: by name in any
// case (entailment, neutral, contradiction and their -ed and short forms;
// not_entailment of two-way models is neutral), and LABEL_k or k through
// Config.Labels or the service's id2label.
func (c *Client) labelOf(name string, id2label map[int]string) (verify.Label, error) {
	if l, ok := labelByName(name); ok {
		return l, nil
	}
	if m := numbered.FindStringSubmatch(strings.TrimSpace(name)); m != nil {
		id, _ := strconv.Atoi(m[1])
		if id < len(c.cfg.Labels) {
			if l, ok := labelByName(c.cfg.Labels[id]); ok {
				return l, nil
			}
		} else if n, ok := id2label[id]; ok {
			if l, ok := labelByName(n); ok {
				return l, nil
			}
		}
	}
	return verify.LabelNone, verity.Errorf(verity.EINVALID,
		"nli: the model's label %q is none of entailment, neutral, contradiction; name the labels in the model's order with nli:URL#labels=entailment,neutral,contradiction", name)
}

func labelByName(name string) (verify.Label, bool) {
	switch strings.ToLower(strings.TrimSpace(name)) {
	case "entailment", "entailed", "entail", "entails":
		return verify.Entailed, true
	case "neutral":
		return verify.Neutral, true
	case "contradiction", "contradicted", "contradict", "contradicts":
		return verify.Contradicted, true
	case "not_entailment", "not-entailment", "non_entailment", "non-entailment", "not entailment":
		return verify.Neutral, true
	}
	return verify.LabelNone, false
}

// input is one pair sent to the service: a window of a premise and the
// hypothesis, with the index of the pair it belongs to.
type input struct {
	pair       int
	premise    string
	hypothesis string
}

// Verify implements verify.Verifier.
func (c *Client) Verify(ctx context.Context, pairs []verify.Pair) ([]verify.Verdict, error) {
	out := make([]verify.Verdict, len(pairs))
	var pending []int
	for i, p := range pairs {
		if v, ok := verify.Settle(p); ok {
			out[i] = v
			continue
		}
		pending = append(pending, i)
	}
	if len(pending) == 0 {
		return out, nil
	}
	info, err := c.Info(ctx)
	if err != nil {
		return nil, err
	}
	var inputs []input
	for _, i := range pending {
		for _, w := range c.windows(pairs[i], info) {
			inputs = append(inputs, input{pair: i, premise: w, hypothesis: pairs[i].Hypothesis})
		}
	}
	dists, err := c.predictAll(ctx, inputs, c.batchSize(info))
	if err != nil {
		return nil, err
	}
	best := map[int]distribution{}
	for k, in := range inputs {
		d, err := c.distributionOf(dists[k], info)
		if err != nil {
			return nil, err
		}
		if b, ok := best[in.pair]; !ok || d.entailed > b.entailed {
			best[in.pair] = d
		}
	}
	for i, d := range best {
		label, score := d.top()
		out[i] = verify.Verdict{Label: label, Score: score, Entailment: d.entailed,
			Grade: verify.GradeFor(label, pairs[i].Premise, pairs[i].Hypothesis),
			By:    ByNLI, Model: info.ModelID}
	}
	return out, nil
}

// distribution is a model's probabilities over the three labels of one
// input (a two-way model leaves contradicted at 0).
type distribution struct{ entailed, neutral, contradicted float64 }

// top returns the most probable label and its probability; ties go to
// neutral, then contradicted, so that a tie never reads as support.
func (d distribution) top() (verify.Label, float64) {
	label, p := verify.Neutral, d.neutral
	if d.contradicted > p {
		label, p = verify.Contradicted, d.contradicted
	}
	if d.entailed > p {
		label, p = verify.Entailed, d.entailed
	}
	return label, p
}

func (c *Client) distributionOf(preds []prediction, info Info) (distribution, error) {
	var d distribution
	if len(preds) == 0 {
		return d, verity.Errorf(verity.EMALFORMED, "nli: %s answered no labels for an input", c.base)
	}
	for _, p := range preds {
		l, err := c.labelOf(p.Label, info.Labels)
		if err != nil {
			return d, err
		}
		switch l {
		case verify.Entailed:
			d.entailed += p.Score
		case verify.Neutral:
			d.neutral += p.Score
		case verify.Contradicted:
			d.contradicted += p.Score
		}
	}
	return d, nil
}

func (c *Client) batchSize(info Info) int {
	switch {
	case c.cfg.Batch > 0:
		return c.cfg.Batch
	case info.MaxBatch > 0:
		return info.MaxBatch
	}
	return 32
}

// windows cuts a premise into runs of whole sentences that fit the
// model's input, consecutive windows sharing a sentence so that a claim
// stated across two sentences is seen whole. A premise that fits is one
// window; a sentence longer than the budget is a window of its own (the
// service truncates it).
func (c *Client) windows(p verify.Pair, info Info) []string {
	budget := c.cfg.WindowChars
	if budget <= 0 {
		budget = 1500
		if info.MaxInputTokens > 0 {
			budget = 3 * info.MaxInputTokens
		}
		budget = max(budget-len(p.Hypothesis), 200)
	}
	if len(p.Premise) <= budget {
		return []string{p.Premise}
	}
	sents := analysis.Sentences(p.Premise)
	if len(sents) <= 1 {
		return []string{p.Premise}
	}
	var out []string
	for i := 0; i < len(sents); {
		j := i + 1
		for j < len(sents) && sents[j].End-sents[i].Start <= budget {
			j++
		}
		out = append(out, p.Premise[sents[i].Start:sents[j-1].End])
		if j == len(sents) {
			break
		}
		i = max(j-1, i+1)
	}
	return out
}

// prediction is one label of TEI's /predict answer.
type prediction struct {
	Label string  `json:"label"`
	Score float64 `json:"score"`
}

type predictRequest struct {
	Inputs   [][2]string `json:"inputs"`
	Truncate bool        `json:"truncate"`
}

// predictAll predicts every input in batches of at most size, a few at
// once, and returns the answers in input order.
func (c *Client) predictAll(ctx context.Context, inputs []input, size int) ([][]prediction, error) {
	out := make([][]prediction, len(inputs))
	g, gctx := errgroup.WithContext(ctx)
	g.SetLimit(c.cfg.Concurrency)
	for lo := 0; lo < len(inputs); lo += size {
		hi := min(lo+size, len(inputs))
		g.Go(func() error { return c.predict(gctx, inputs[lo:hi], out[lo:hi]) })
	}
	if err := g.Wait(); err != nil {
		return nil, err
	}
	return out, ctx.Err()
}

// errTooLarge is a 413: the batch was more than the service takes.
var errTooLarge = errors.New("batch too large")

// predict sends one batch, halving it while the service says 413.
func (c *Client) predict(ctx context.Context, batch []input, out [][]prediction) error {
	req := predictRequest{Truncate: true}
	for _, in := range batch {
		req.Inputs = append(req.Inputs, [2]string{in.premise, in.hypothesis})
	}
	raw, err := json.Marshal(req)
	if err != nil {
		return verity.Errorf(verity.EINTERNAL, "nli: encode request: %w", err)
	}
	body, err := c.call(ctx, http.MethodPost, "/predict", raw)
	if errors.Is(err, errTooLarge) {
		if len(batch) == 1 {
			return verity.Errorf(verity.EINVALID, "nli: %s refuses even one pair (413): its payload limit is below one premise", c.base)
		}
		half := len(batch) / 2
		if err := c.predict(ctx, batch[:half], out[:half]); err != nil {
			return err
		}
		return c.predict(ctx, batch[half:], out[half:])
	}
	if err != nil {
		return err
	}
	var preds [][]prediction
	if err := json.Unmarshal(body, &preds); err != nil {
		return verity.Errorf(verity.EMALFORMED, "nli: %s/predict answered something other than a list of label lists: %w", c.base, err)
	}
	if len(preds) != len(batch) {
		return verity.Errorf(verity.EMALFORMED, "nli: %s/predict answered %d results for %d pairs", c.base, len(preds), len(batch))
	}
	copy(out, preds)
	return nil
}

// teiError is TEI's error body.
type teiError struct {
	Error     string `json:"error"`
	ErrorType string `json:"error_type"`
}

// call makes one request with retries: 429, 5xx, timeouts and dropped
// connections are retried with backoff (at least Retry-After); 413 returns
// errTooLarge for the caller to split; other statuses fail at once.
func (c *Client) call(ctx context.Context, method, path string, body []byte) ([]byte, error) {
	var last error
	for attempt := 0; attempt < c.cfg.Attempts; attempt++ {
		if attempt > 0 {
			if err := c.cfg.Clock.Sleep(ctx, c.delay(attempt, last)); err != nil {
				return nil, err
			}
		}
		b, err := c.once(ctx, method, path, body)
		if err == nil || errors.Is(err, errTooLarge) {
			return b, err
		}
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		var fe *fault
		if !errors.As(err, &fe) || !fe.temporary {
			return nil, err
		}
		last = err
	}
	return nil, verity.Errorf(verity.EUNAVAILABLE, "nli: gave up after %d attempts: %w", c.cfg.Attempts, errors.Unwrap(last))
}

// fault is one failed attempt: what it was, whether another attempt may
// fare better, and how long the service asked us to wait.
type fault struct {
	msg        string // the service, the path and what went wrong
	temporary  bool
	retryAfter time.Duration
}

func (f *fault) Error() string { return f.msg }

// failed returns the error of a failed attempt.
func (c *Client) failed(code, path, what string, temporary bool, retryAfter time.Duration) error {
	f := &fault{msg: c.base + path + ": " + what, temporary: temporary, retryAfter: retryAfter}
	return &verity.Error{Code: code, Message: "nli", Err: f}
}

func (c *Client) delay(attempt int, last error) time.Duration {
	step := c.cfg.BaseDelay << (attempt - 1)
	d := step/2 + time.Duration(rand.Float64()*float64(step/2))
	var fe *fault
	if errors.As(last, &fe) && fe.retryAfter > d {
		d = min(fe.retryAfter, 2*time.Minute)
	}
	return d
}

// once makes one attempt within the request timeout.
func (c *Client) once(ctx context.Context, method, path string, body []byte) ([]byte, error) {
	actx, cancel := context.WithTimeout(ctx, c.cfg.Timeout)
	defer cancel()
	var rd io.Reader
	if body != nil {
		rd = bytes.NewReader(body)
	}
	req, err := http.NewRequestWithContext(actx, method, c.base+path, rd)
	if err != nil {
		return nil, verity.Errorf(verity.EINVALID, "nli: service URL %q: %w", c.base, err)
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if c.cfg.APIKey != "" {
		req.Header.Set("Authorization", "Bearer "+c.cfg.APIKey)
	}
	resp, err := c.http.Do(req)
	if err != nil {
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		what := "no answer: " + err.Error()
		if actx.Err() != nil {
			what = fmt.Sprintf("no answer within %s", c.cfg.Timeout)
		}
		return nil, c.failed(verity.EUNAVAILABLE, path, what, true, 0)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(io.LimitReader(resp.Body, 64<<20))
	if err != nil {
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		return nil, c.failed(verity.EUNAVAILABLE, path, "the answer was cut off: "+err.Error(), true, 0)
	}
	if resp.StatusCode == http.StatusOK {
		return b, nil
	}
	if resp.StatusCode == http.StatusRequestEntityTooLarge {
		return nil, errTooLarge
	}
	var te teiError
	_ = json.Unmarshal(b, &te)
	msg := te.Error
	if msg == "" {
		msg = strings.TrimSpace(string(b[:min(len(b), 200)]))
	}
	code := verity.EUNAVAILABLE
	switch resp.StatusCode {
	case http.StatusBadRequest, http.StatusNotFound, http.StatusMethodNotAllowed, http.StatusUnprocessableEntity:
		code = verity.EINVALID
	}
	what := fmt.Sprintf("HTTP %d", resp.StatusCode)
	if te.ErrorType != "" {
		what += " " + te.ErrorType
	}
	if msg != "" {
		what += ": " + msg
	}
	return nil, c.failed(code, path, what, llm.TemporaryStatus(resp.StatusCode), llm.ParseRetryAfter(resp.Header, time.Now()))
}

// Check is `verity doctor`'s look at the service: /info, then one tiny
// /predict of a pair any NLI model entails. It returns the info, the
// verdict and how long the predict took.
func (c *Client) Check(ctx context.Context) (Info, verify.Verdict, time.Duration, error) {
	info, err := c.Info(ctx)
	if err != nil {
		return Info{}, verify.Verdict{}, 0, err
	}
	start := time.Now()
	vs, err := c.Verify(ctx, []verify.Pair{{Premise: "The cat sat on the mat all afternoon.", Hypothesis: "A cat sat on a mat."}})
	if err != nil {
		return info, verify.Verdict{}, 0, err
	}
	return info, vs[0], time.Since(start), nil
}
