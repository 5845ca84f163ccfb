package kb

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/answer"
)

// Chat transports (Telegram, Slack) establish their callers here, not in
// the transport: a chat account acts as a principal only once linked with
// a one-time code; a group chat reads as an audience an admin vouches
// for, or as public; a "show source" click is re-checked against the
// clicker's rights at the time of the click.

// Bounds of linking a chat account.
const (
	// LinkCodeTTL is how long a one-time link code stays valid.
	LinkCodeTTL = 15 * time.Minute
	// DefaultLinkTTL is how long a link lasts unless the code said else.
	DefaultLinkTTL = 90 * 24 * time.Hour
	// MaxLinkFailures is how many wrong codes an account may send in
	// LinkCodeTTL before its attempts are refused unread.
	MaxLinkFailures = 5
	// linkCodeBytes is a code's randomness: 192 bits.
	linkCodeBytes = 24
)

// errNotLinked is the refusal of a chat account no link names (or whose
// link expired).
var errNotLinked = verity.Errorf(verity.EUNAUTHORIZED, "this chat account is not linked to a Verity user")

// linkLimiter counts each account's failed link attempts in this process.
type linkLimiter struct {
	mu       sync.Mutex
	failures map[string][]time.Time
}

// allow reports whether key may try a code at now.
func (l *linkLimiter) allow(key string, now time.Time) bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	recent := l.failures[key][:0]
	for _, t := range l.failures[key] {
		if now.Sub(t) < LinkCodeTTL {
			recent = append(recent, t)
		}
	}
	if len(recent) == 0 {
		delete(l.failures, key)
	} else {
		l.failures[key] = recent
	}
	return len(recent) < MaxLinkFailures
}

// fail counts a failed attempt of key.
func (l *linkLimiter) fail(key string, now time.Time) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.failures == nil {
		l.failures = map[string][]time.Time{}
	}
	l.failures[key] = append(l.failures[key], now)
}

// LinkRequest asks for a one-time code that links a chat account of a
// platform to a principal: verity telegram link.
type LinkRequest struct {
	Platform  string `json:"platform"`
	Principal string `json:"principal"`
}

// NewLinkCode is a code to send the bot (/start CODE), shown once.
type NewLinkCode struct {
	Code      string           `json:"code"`
	Principal verity.Principal `json:"principal"`
	ExpiresAt time.Time        `json:"expires_at"`
}

// platforms are the chat platforms a link may name.
var platforms = []string{"telegram", "slack"}

func checkPlatform(p string) error {
	if !slices.Contains(platforms, p) {
		return verity.Errorf(verity.EINVALID, "platform must be one of %v, got %q", platforms, p)
	}
	return nil
}

// CreateLinkCode makes a one-time code that links the chat account which
// sends it to req.Principal: an admin's for anyone, a user's for itself.
// Only the code's SHA-256 is stored; it is valid LinkCodeTTL, once.
func (s *Service) CreateLinkCode(ctx context.Context, c verity.Caller, req LinkRequest) (*NewLinkCode, error) {
	if err := authenticated(c, "linking a chat account"); err != nil {
		return nil, err
	}
	if err := checkPlatform(req.Platform); err != nil {
		return nil, err
	}
	p, err := verity.ParsePrincipal(req.Principal)
	if err != nil {
		return nil, err
	}
	if p.Kind() != verity.PrincipalUser {
		return nil, verity.Errorf(verity.EINVALID, "a chat account links to a user (user:EMAIL), not %s", p)
	}
	if c.Audience() || p != c.Actor() {
		if _, err := s.require(ctx, c, verity.RoleAdmin, "linking a chat account to another user"); err != nil {
			return nil, err
		}
	}
	// A deactivated user gets no code.
	if _, err := s.Resolve(ctx, verity.NewCaller(p)); err != nil {
		return nil, err
	}
	var b [linkCodeBytes]byte
	rand.Read(b[:])
	code := base64.RawURLEncoding.EncodeToString(b[:])
	now := s.now()
	lc := &verity.LinkCode{Hash: linkHash(code), Platform: req.Platform, Principal: p, CreatedBy: c.Actor(), CreatedAt: now, ExpiresAt: now.Add(LinkCodeTTL)}
	if err := s.store.PutLinkCode(ctx, lc); err != nil {
		return nil, err
	}
	s.logChat(ctx, directoryEvent(c, "chat.link-code", p, map[string]any{"platform": req.Platform, "expires_at": lc.ExpiresAt}))
	return &NewLinkCode{Code: code, Principal: p, ExpiresAt: lc.ExpiresAt}, nil
}

func linkHash(code string) string {
	h := sha256.Sum256([]byte(code))
	return hex.EncodeToString(h[:])
}

// Account is a chat account as a transport saw it: its platform, its id
// there, and the chat it wrote in.
type Account struct {
	Platform string
	ID       string // the platform's user id
	Chat     string // the chat's id
	Private  bool   // a one-to-one chat with the bot
}

// ChatLinked is what linking did.
type ChatLinked struct {
	Principal verity.Principal `json:"principal"`
	ExpiresAt time.Time        `json:"expires_at"`
}

// Link links the account that sent code to the code's principal. A code
// is taken whatever happens next: one sent in a group chat, where others
// saw it, is void and refused; so is an expired one. An account that sent
// MaxLinkFailures wrong codes in LinkCodeTTL is refused unread.
func (s *Service) Link(ctx context.Context, a Account, code string) (*ChatLinked, error) {
	if err := checkPlatform(a.Platform); err != nil {
		return nil, err
	}
	key, now := a.Platform+"\x00"+a.ID, s.now()
	if !s.links.allow(key, now) {
		return nil, verity.Errorf(verity.EUNAUTHORIZED, "too many wrong codes: wait %v and ask for a new one", LinkCodeTTL)
	}
	code = strings.TrimSpace(code)
	if code == "" || len(code) > 128 {
		s.links.fail(key, now)
		return nil, verity.Errorf(verity.EUNAUTHORIZED, "invalid or expired code")
	}
	lc, err := s.store.TakeLinkCode(ctx, a.Platform, linkHash(code))
	if notFound(err) || (err == nil && !now.Before(lc.ExpiresAt)) {
		s.links.fail(key, now)
		return nil, verity.Errorf(verity.EUNAUTHORIZED, "invalid or expired code")
	}
	if err != nil {
		return nil, err
	}
	if !a.Private {
		return nil, verity.Errorf(verity.EUNAUTHORIZED, "a code works only in a private chat with the bot: this one was shown to the chat, so it is void now; ask for a new one")
	}
	if _, err := s.Resolve(ctx, verity.NewCaller(lc.Principal)); err != nil {
		return nil, err
	}
	l := &verity.ChatLink{Platform: a.Platform, Account: a.ID, Principal: lc.Principal, CreatedBy: lc.CreatedBy, CreatedAt: now, ExpiresAt: now.Add(s.linkTTL)}
	if err := s.store.PutChatLink(ctx, l); err != nil {
		return nil, err
	}
	s.logChat(ctx, verity.DirectoryEvent{Actor: lc.CreatedBy, Action: "chat.link", Subject: l.Principal,
		Detail: map[string]any{"platform": a.Platform, "account": a.ID, "expires_at": l.ExpiresAt}})
	return &ChatLinked{Principal: l.Principal, ExpiresAt: l.ExpiresAt}, nil
}

// logChat writes a change of who a chat account is to the directory's
// log; a failure to log is reported, not the change undone.
func (s *Service) logChat(ctx context.Context, ev verity.DirectoryEvent) {
	if s.store.DirectoryStore == nil {
		return
	}
	if err := s.store.LogDirectory(ctx, ev); err != nil {
		s.log.Warn("directory log: a chat change was not logged", "action", ev.Action, "error", err.Error())
	}
}

// ChatCaller is who a chat account reads as, decided now: in a private
// chat, the linked principal resolved through the directory (a
// deactivated user is refused at once, an expired link is no link); an
// unlinked account is refused, or reads as the anonymous caller where the
// bot lets anonymous callers read. In a group chat, the chat's audience:
// the principals an admin set for it, else public alone.
func (s *Service) ChatCaller(ctx context.Context, a Account, anonymous bool) (verity.Caller, error) {
	if err := checkPlatform(a.Platform); err != nil {
		return verity.Caller{}, err
	}
	if !a.Private {
		au, err := s.store.ChatAudience(ctx, a.Platform, a.Chat)
		if notFound(err) {
			return verity.Audience(), nil
		}
		if err != nil {
			return verity.Caller{}, err
		}
		return verity.Audience(au.Principals...), nil
	}
	c, err := s.linked(ctx, a.Platform, a.ID)
	if err == errNotLinked && anonymous {
		return verity.Anonymous(), nil
	}
	return c, err
}

// Clicker is who clicked a button, whatever the chat: the linked account
// alone, never an audience or an anonymous caller.
func (s *Service) Clicker(ctx context.Context, a Account) (verity.Caller, error) {
	if err := checkPlatform(a.Platform); err != nil {
		return verity.Caller{}, err
	}
	return s.linked(ctx, a.Platform, a.ID)
}

func (s *Service) linked(ctx context.Context, platform, account string) (verity.Caller, error) {
	l, err := s.store.ChatLink(ctx, platform, account)
	if notFound(err) {
		return verity.Caller{}, errNotLinked
	}
	if err != nil {
		return verity.Caller{}, err
	}
	if !s.now().Before(l.ExpiresAt) {
		return verity.Caller{}, errNotLinked
	}
	return s.Resolve(ctx, verity.NewCaller(l.Principal))
}

// NotLinked reports whether err is the refusal of an account no link
// names, which a transport answers with how to link.
func NotLinked(err error) bool { return err == errNotLinked }

// ChatLinkList is the links of a platform: verity telegram links --json.
type ChatLinkList struct {
	Links []verity.ChatLink `json:"links"`
}

// ChatLinks lists a platform's links (admins).
func (s *Service) ChatLinks(ctx context.Context, c verity.Caller, platform string) (*ChatLinkList, error) {
	if _, err := s.require(ctx, c, verity.RoleAdmin, "listing chat links"); err != nil {
		return nil, err
	}
	if err := checkPlatform(platform); err != nil {
		return nil, err
	}
	ls, err := s.store.ChatLinks(ctx, platform)
	if err != nil {
		return nil, err
	}
	return &ChatLinkList{Links: ls}, nil
}

// Unlinked is what unlinking did.
type Unlinked struct {
	Account string `json:"account"`
	Changed bool   `json:"changed"`
}

// Unlink removes an account's link: an admin's, or the linked user's own.
func (s *Service) Unlink(ctx context.Context, c verity.Caller, platform, account string) (*Unlinked, error) {
	if err := authenticated(c, "unlinking a chat account"); err != nil {
		return nil, err
	}
	if err := checkPlatform(platform); err != nil {
		return nil, err
	}
	l, err := s.store.ChatLink(ctx, platform, account)
	if err != nil && !notFound(err) {
		return nil, err
	}
	if l == nil || c.Audience() || l.Principal != c.Actor() {
		if _, err := s.require(ctx, c, verity.RoleAdmin, "unlinking another user's chat account"); err != nil {
			return nil, err
		}
	}
	changed, err := s.store.DeleteChatLink(ctx, platform, account)
	if err != nil {
		return nil, err
	}
	if changed {
		s.logChat(ctx, directoryEvent(c, "chat.unlink", l.Principal, map[string]any{"platform": platform, "account": account}))
	}
	return &Unlinked{Account: account, Changed: changed}, nil
}

// AudienceRequest sets whom a group chat's answers are for: verity
// telegram chat CHAT_ID --principal P. No principals makes it public.
type AudienceRequest struct {
	Platform   string   `json:"platform"`
	Chat       string   `json:"chat"`
	Principals []string `json:"principals"`
}

// SetChatAudience sets a group chat's audience (admins: an admin vouches
// that everyone in the chat may read what the principals may).
func (s *Service) SetChatAudience(ctx context.Context, c verity.Caller, req AudienceRequest) (*verity.ChatAudience, error) {
	if _, err := s.require(ctx, c, verity.RoleAdmin, "setting a chat's audience"); err != nil {
		return nil, err
	}
	if err := checkPlatform(req.Platform); err != nil {
		return nil, err
	}
	if strings.TrimSpace(req.Chat) == "" {
		return nil, verity.Errorf(verity.EINVALID, "give the chat's id")
	}
	a := &verity.ChatAudience{Platform: req.Platform, Chat: strings.TrimSpace(req.Chat), Principals: []verity.Principal{}, SetBy: c.Actor(), SetAt: s.now()}
	for _, x := range req.Principals {
		p, err := verity.ParsePrincipal(x)
		if err != nil {
			return nil, err
		}
		if p != verity.Public {
			a.Principals = append(a.Principals, p)
		}
	}
	slices.Sort(a.Principals)
	a.Principals = slices.Compact(a.Principals)
	if err := s.store.SetChatAudience(ctx, a); err != nil {
		return nil, err
	}
	s.logChat(ctx, directoryEvent(c, "chat.audience", c.Actor(), map[string]any{"platform": a.Platform, "chat": a.Chat, "principals": a.Principals}))
	return a, nil
}

// ShowSourceRequest is a "show source" click: an answer's id and the
// number of one of its sources.
type ShowSourceRequest struct {
	Answer string `json:"answer_id"`
	N      int    `json:"n"`
}

// SourceShown is one source of an answer as its clicker may see it: its
// title, system and link, and the verbatim quotes the answer's claims
// rest on, each with its exact/paraphrase mark and distortion warning.
type SourceShown struct {
	N        int          `json:"n"`
	SourceID string       `json:"source_id"`
	Title    string       `json:"title"`
	System   string       `json:"system"`
	URI      string       `json:"uri"`
	Quotes   []QuoteShown `json:"quotes"`
}

// QuoteShown is one claim's quote from the source.
type QuoteShown struct {
	Claim       string   `json:"claim"`
	Quote       string   `json:"verbatim_quote"`
	Kind        string   `json:"kind,omitempty"` // exact, normalized, repaired, fuzzy
	Paraphrased bool     `json:"is_paraphrased"`
	Risk        string   `json:"distortion_risk"`
	Reasons     []string `json:"distortion_reasons,omitempty"`
}

// ShowSource is a "show source" click: the source n of a logged answer,
// with its quotes, if c may read that source now (its ACL as it is at the
// click, the source still active). Whatever c may not read is reported
// like an answer that does not exist. The clicker need not be the asker:
// a group chat's answer is clicked by its members, each checked alone.
func (s *Service) ShowSource(ctx context.Context, c verity.Caller, req ShowSourceRequest) (*SourceShown, error) {
	if err := authenticated(c, "showing a source"); err != nil {
		return nil, err
	}
	gone := verity.Errorf(verity.ENOTFOUND, "no such answer or source")
	if c.Audience() {
		return nil, gone
	}
	e, err := s.store.AnswerEntry(ctx, req.Answer)
	if notFound(err) {
		return nil, gone
	}
	if err != nil {
		return nil, err
	}
	var d shownAnswerData
	if err := json.Unmarshal(e.Shown, &d); err != nil {
		return nil, err
	}
	i := slices.IndexFunc(d.Sources, func(src answer.Source) bool { return src.N == req.N })
	if i < 0 {
		return nil, gone
	}
	src := d.Sources[i]
	acl, status, err := s.store.SourceAccess(ctx, src.SourceID)
	if notFound(err) || (err == nil && (status != verity.StatusActive || !c.CanRead(acl))) {
		return nil, gone
	}
	if err != nil {
		return nil, err
	}
	out := &SourceShown{N: src.N, SourceID: src.SourceID, Title: src.Title, System: src.System, URI: src.URI, Quotes: []QuoteShown{}}
	for _, cl := range d.Claims {
		for _, ci := range cl.Citations {
			if ci.N != req.N || ci.Quote == nil || ci.Quote.Text == "" {
				continue
			}
			out.Quotes = append(out.Quotes, QuoteShown{Claim: cl.Claim, Quote: ci.Quote.Text, Kind: ci.Quote.Kind, Paraphrased: cl.IsParaphrased,
				Risk: string(cl.DistortionRisk), Reasons: cl.DistortionReasons})
		}
	}
	return out, nil
}

// FollowUp returns the question of an answer c was given, for a reply to
// it to be asked with that question as context (never the answer's text).
// An answer given to someone else is reported like one that does not
// exist; a chat's audience follows up on its own chat's answers.
func (s *Service) FollowUp(ctx context.Context, c verity.Caller, answerID string) (string, error) {
	e, err := s.store.AnswerEntry(ctx, answerID)
	if err == nil && (e.Caller != c.Actor() || e.Audience != c.Audience() || c.Anonymous()) {
		err = verity.Errorf(verity.ENOTFOUND, "no answer %q", answerID)
	}
	if err != nil {
		return "", err
	}
	return e.Question, nil
}
