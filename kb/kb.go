package kb

import (
	"context"
	"fmt"
	"log/slog"
	"slices"
	"time"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/ingest"
	"github.com/veritykb/verity/llm"
)

// Service is the one door. It is safe for concurrent use when its Store is.
type Service struct {
	store       Stores
	now         func() time.Time
	log         *slog.Logger
	models      Models
	meter       *llm.Meter
	pdf         ingest.PDFReader
	fileTimeout time.Duration
	hints       *hintBudget
	verbatim    Rollout
	links       linkLimiter
	linkTTL     time.Duration
}

// Options configure a Service.
type Options struct {
	Now func() time.Time // clock; time.Now when nil
	Log *slog.Logger     // diagnostics, never with restricted text or tokens; discarded when nil
	// Models build the models of the operations that call one (ask,
	// check, summarize, audit, extract); they are called on each such
	// call, so they should remember what they built. Unset, those
	// operations fail with ENOTIMPLEMENTED.
	Models Models
	// Meter counts the models' calls, for [Service.ModelUsage].
	Meter *llm.Meter
	// PDF reads the PDFs of uploads (cmd/verity gives the reader that
	// parses in a killable child process); nil reads them in this process
	// with ingest.PDF. FileTimeout is the time budget of reading one
	// uploaded file (0: ingest.DefaultFileTimeout).
	PDF         ingest.PDFReader
	FileTimeout time.Duration
	// HintBudget is how many searches (and questions) a principal may make
	// in an hour before its answers come without hints; every search
	// counts, whatever it finds. 0: DefaultHintBudget; negative: no budget.
	HintBudget int
	// Verbatim says for which callers answers carry verbatim quotes (the
	// zero value: all).
	Verbatim Rollout
	// LinkTTL is how long a chat account's link lasts (0: DefaultLinkTTL).
	LinkTTL time.Duration
}

// New returns the service over a whole backend.
func New(st Store, opt Options) *Service { return NewWith(storesOf(st), opt) }

// NewWith returns the service over stores, each concern from whatever
// implements it: a test double implements only the concern its test needs.
func NewWith(st Stores, opt Options) *Service {
	s := &Service{store: st, now: opt.Now, log: opt.Log, models: opt.Models, meter: opt.Meter, pdf: opt.PDF, fileTimeout: opt.FileTimeout,
		hints: newHintBudget(opt.HintBudget), verbatim: opt.Verbatim, linkTTL: opt.LinkTTL}
	if s.linkTTL <= 0 {
		s.linkTTL = DefaultLinkTTL
	}
	if s.now == nil {
		s.now = time.Now
	}
	if s.log == nil {
		s.log = slog.New(slog.DiscardHandler)
	}
	return s
}

// Rights are what a caller may do beyond reading, as the store's roles say
// now. An admin is also a curator; the local operator is both.
type Rights struct {
	Curator bool `json:"curator"`
	Admin   bool `json:"admin"`
}

// Rights returns what c may do, read from the store's roles at the time of
// the call (a role granted or revoked takes effect on the next call).
func (s *Service) Rights(ctx context.Context, c verity.Caller) (Rights, error) {
	if c.Local() {
		return Rights{Curator: true, Admin: true}, nil
	}
	if c.Connector() != "" {
		// A sync holds no role: what it may change, it changes through
		// its Sync, under its own prefix alone.
		return Rights{}, nil
	}
	if c.Audience() {
		return Rights{}, nil // a room holds no role, whatever its members do
	}
	roles, err := s.store.RolesOf(ctx, c.Principals())
	if err != nil {
		return Rights{}, fmt.Errorf("read the caller's roles: %w", err)
	}
	r := Rights{Admin: slices.Contains(roles, verity.RoleAdmin)}
	r.Curator = r.Admin || slices.Contains(roles, verity.RoleCurator)
	return r, nil
}

// Identity is who a caller is and what it may do: what the web UI shows in
// its header and uses to show or hide actions (GET /api/v1/rights).
type Identity struct {
	Actor      verity.Principal   `json:"actor"`
	Principals []verity.Principal `json:"principals"`
	Rights     Rights             `json:"rights"`
}

// Identity returns who c is and what it may do now.
func (s *Service) Identity(ctx context.Context, c verity.Caller) (*Identity, error) {
	r, err := s.Rights(ctx, c)
	if err != nil {
		return nil, err
	}
	return &Identity{Principals: c.Principals(), Actor: c.Actor(), Rights: r}, nil
}

// require returns c's rights when they include role, else EFORBIDDEN saying
// what the operation needs. It runs before any id is looked at.
func (s *Service) require(ctx context.Context, c verity.Caller, role verity.Role, what string) (Rights, error) {
	r, err := s.Rights(ctx, c)
	if err != nil {
		return r, err
	}
	if (role == verity.RoleCurator && r.Curator) || (role == verity.RoleAdmin && r.Admin) {
		return r, nil
	}
	return r, verity.Errorf(verity.EFORBIDDEN, "%s needs the %s role, which %s does not hold (an admin grants it with: verity role grant %s PRINCIPAL)",
		what, role, describe(c), role)
}

// authenticated refuses the anonymous caller of a server's --anonymous
// read, which may read what is public and create nothing another caller
// sees: it must say who it is first.
func authenticated(c verity.Caller, what string) error {
	if c.Anonymous() {
		return verity.Errorf(verity.EUNAUTHORIZED, "%s needs an authenticated caller: send Authorization: Bearer TOKEN", what)
	}
	return nil
}

// describe names a caller in a refusal: its principals, never anything
// about the records it asked for.
func describe(c verity.Caller) string {
	var ps []string
	for _, p := range c.Principals() {
		if p != verity.Public {
			ps = append(ps, string(p))
		}
	}
	switch len(ps) {
	case 0:
		return "an anonymous (public) caller"
	case 1:
		return ps[0]
	}
	return fmt.Sprint(ps)
}
