package kb

import (
	"context"
	"crypto/rand"
	"encoding/base64"
	"encoding/json"
	"hash/fnv"
	"strconv"
	"strings"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/answer"
)

// Feedback (seed 003): every answer given to an authenticated caller gets
// an id, logged with its question, caller, transport and whether verbatim
// quotes were on; a 👍 or 👎 is stored with that id and the caller who
// gave it. Seed 003 rolls verbatim quotes out behind a flag, so that a
// team can compare the feedback with quotes on and off: [Rollout].

// Rollout says for which callers verbatim quotes are on: all (the zero
// value), none, or a stable share of them, chosen by a hash of the
// caller's actor so that one person always sees the same mode.
type Rollout struct {
	off     bool
	percent int // of callers with quotes on, when set
	set     bool
}

// ParseRollout reads verity serve --verbatim: on, off or N% (0-100).
func ParseRollout(s string) (Rollout, error) {
	switch s = strings.TrimSpace(s); s {
	case "", "on":
		return Rollout{}, nil
	case "off":
		return Rollout{off: true}, nil
	}
	n, err := strconv.Atoi(strings.TrimSuffix(s, "%"))
	if err != nil || !strings.HasSuffix(s, "%") || n < 0 || n > 100 {
		return Rollout{}, verity.Errorf(verity.EINVALID, "--verbatim must be on, off or a share of callers such as 50%%, got %q", s)
	}
	return Rollout{percent: n, set: true}, nil
}

// String is the rollout as ParseRollout reads it.
func (r Rollout) String() string {
	switch {
	case r.off:
		return "off"
	case r.set:
		return strconv.Itoa(r.percent) + "%"
	}
	return "on"
}

// On reports whether verbatim quotes are on for the caller whose actor is
// p: the same answer for the same actor every time.
func (r Rollout) On(p verity.Principal) bool {
	switch {
	case r.off:
		return false
	case !r.set:
		return true
	}
	h := fnv.New32a()
	h.Write([]byte(p))
	return int(h.Sum32()%100) < r.percent
}

// shownAnswer is what the answer log keeps of an answer for "show
// source": its numbered sources and its claims with their quotes.
type shownAnswerData struct {
	Sources []answer.Source `json:"sources"`
	Claims  []answer.Claim  `json:"claims"`
}

// newAnswerID returns 128 random bits, URL-safe: short enough to go in a
// chat button's callback data with room to spare.
func newAnswerID() string {
	var b [16]byte
	rand.Read(b[:])
	return base64.RawURLEncoding.EncodeToString(b[:])
}

// logAnswer gives a an id and logs it, for an authenticated caller (an
// anonymous caller's question is never stored). A failure to log is
// logged and leaves the answer without an id: the answer still stands.
func (s *Service) logAnswer(ctx context.Context, c verity.Caller, transport string, a *Answer) {
	if c.Anonymous() || s.store.ChatStore == nil {
		return
	}
	if transport == "" {
		transport = "api"
	}
	shown, _ := json.Marshal(shownAnswerData{Sources: a.Sources, Claims: a.Claims})
	e := &verity.AnswerEntry{ID: newAnswerID(), Question: a.Question, Caller: c.Actor(), Audience: c.Audience(), Transport: transport,
		Verbatim: a.Verbatim, Shown: shown, At: s.now()}
	if err := s.store.PutAnswerEntry(ctx, e); err != nil {
		s.log.Warn("answer log: the answer has no id, so it cannot be rated", "error", err.Error())
		return
	}
	a.ID = e.ID
}

// FeedbackRequest rates an answer: POST /api/v1/feedback, a chat's 👍/👎.
type FeedbackRequest struct {
	Answer string `json:"answer_id"`
	Rating string `json:"rating"` // up or down
	// Transport is where the rating was given (set by the transport).
	Transport string `json:"-"`
}

// FeedbackChange is what a rating did.
type FeedbackChange struct {
	Answer  string `json:"answer_id"`
	Rating  string `json:"rating"`
	Changed bool   `json:"changed"`
}

// Rate records c's rating of an answer, replacing the one c gave before.
// A rating is a write: an anonymous caller is refused. Any authenticated
// caller who holds an answer's id may rate it (the id is 128 random bits,
// given only with the answer, and rating reads nothing of it).
func (s *Service) Rate(ctx context.Context, c verity.Caller, req FeedbackRequest) (*FeedbackChange, error) {
	if err := authenticated(c, "rating an answer"); err != nil {
		return nil, err
	}
	if c.Audience() {
		return nil, verity.Errorf(verity.EFORBIDDEN, "a chat's audience cannot rate: the person who clicks does")
	}
	if req.Rating != verity.RatingUp && req.Rating != verity.RatingDown {
		return nil, verity.Errorf(verity.EINVALID, "rating must be up or down, got %q", req.Rating)
	}
	if req.Transport == "" {
		req.Transport = "api"
	}
	if _, err := s.store.AnswerEntry(ctx, req.Answer); err != nil {
		return nil, err
	}
	changed, err := s.store.PutFeedback(ctx, &verity.Feedback{Answer: req.Answer, By: c.Actor(), Rating: req.Rating, Transport: req.Transport, At: s.now()})
	if err != nil {
		return nil, err
	}
	return &FeedbackChange{Answer: req.Answer, Rating: req.Rating, Changed: changed}, nil
}

// FeedbackList is every rating: verity feedback --json, GET
// /api/v1/feedback.
type FeedbackList struct {
	Feedback []verity.Feedback      `json:"feedback"`
	Counts   []verity.FeedbackCount `json:"counts"`
}

// Feedback lists every rating with its answer's question, and the counts
// by rating, transport and verbatim setting (admins: questions are
// people's words).
func (s *Service) Feedback(ctx context.Context, c verity.Caller) (*FeedbackList, error) {
	if _, err := s.require(ctx, c, verity.RoleAdmin, "reading feedback"); err != nil {
		return nil, err
	}
	fs, err := s.store.Feedback(ctx)
	if err != nil {
		return nil, err
	}
	n, err := s.store.FeedbackCounts(ctx)
	if err != nil {
		return nil, err
	}
	return &FeedbackList{Feedback: fs, Counts: n}, nil
}

// FeedbackCounts are the ratings counted by rating, transport and verbatim
// setting, across every process on the store: what /metrics exports. They
// name no answer, question or caller.
func (s *Service) FeedbackCounts(ctx context.Context) ([]verity.FeedbackCount, error) {
	if s.store.ChatStore == nil {
		return nil, nil
	}
	return s.store.FeedbackCounts(ctx)
}

// Set reads a flag's value (a pflag.Value): on, off or N%.
func (r *Rollout) Set(s string) error {
	v, err := ParseRollout(s)
	if err != nil {
		return err
	}
	*r = v
	return nil
}

// Type names the flag's value in help.
func (r *Rollout) Type() string { return "on|off|N%" }
