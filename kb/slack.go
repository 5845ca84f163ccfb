package kb

import (
	"context"
	"encoding/json"
	"slices"
	"strings"
	"time"

	"github.com/veritykb/verity"
)

// Slack: one integration per store, configured once by an admin; who a
// Slack user is (user:EMAIL, with the directory's groups) and who a
// channel's answers are for are decided here, not in the transport.

// DefaultMaxAudience is how many members a channel may have before its
// answers use only what public may read.
const DefaultMaxAudience = 500

// SlackSettings are the store's Slack integration: its team and where its
// secrets are (a file's path, or env:NAME for an environment variable),
// never the secrets themselves.
type SlackSettings struct {
	TeamID        string `json:"team_id"`
	BotToken      string `json:"bot_token"`              // reference: /path or env:NAME
	SigningSecret string `json:"signing_secret"`         // reference
	AppToken      string `json:"app_token,omitempty"`    // reference, for Socket Mode
	APIURL        string `json:"api_url,omitempty"`      // the Web API (Slack's when empty)
	Workspace     string `json:"workspace,omitempty"`    // the principal everyone in the workspace reads as (public channels); "" for public only
	MaxAudience   int    `json:"max_audience,omitempty"` // 0: DefaultMaxAudience
}

// secretRef checks a reference to a secret: an absolute path, or env:NAME.
func secretRef(what, ref string, required bool) error {
	switch {
	case ref == "" && !required:
		return nil
	case strings.HasPrefix(ref, "env:") && len(ref) > 4 && !strings.ContainsAny(ref[4:], " =\\n"):
		return nil
	case strings.HasPrefix(ref, "/"):
		return nil
	}
	return verity.Errorf(verity.EINVALID, "%s must name where the secret is — an absolute file path or env:NAME — never the secret, got a value of %d characters", what, len(ref))
}

// ConfigureSlack stores the Slack integration's settings (admins).
func (s *Service) ConfigureSlack(ctx context.Context, c verity.Caller, set SlackSettings) (*SlackSettings, error) {
	if _, err := s.require(ctx, c, verity.RoleAdmin, "configuring Slack"); err != nil {
		return nil, err
	}
	if set.TeamID = strings.TrimSpace(set.TeamID); set.TeamID == "" || strings.ContainsAny(set.TeamID, " /") {
		return nil, verity.Errorf(verity.EINVALID, "give the workspace's team id (T...)")
	}
	for _, r := range []struct {
		what, ref string
		required  bool
	}{{"the bot token", set.BotToken, true}, {"the signing secret", set.SigningSecret, true}, {"the app token", set.AppToken, false}} {
		if err := secretRef(r.what, r.ref, r.required); err != nil {
			return nil, err
		}
	}
	if set.Workspace != "" {
		p, err := verity.ParsePrincipal(set.Workspace)
		if err != nil {
			return nil, err
		}
		set.Workspace = string(p)
	}
	if set.MaxAudience < 0 {
		return nil, verity.Errorf(verity.EINVALID, "the largest audience must be positive")
	}
	b, _ := json.Marshal(set)
	if err := s.store.PutChatSettings(ctx, "slack", b, c.Actor()); err != nil {
		return nil, err
	}
	s.logChat(ctx, directoryEvent(c, "chat.configure", c.Actor(), map[string]any{"platform": "slack", "team_id": set.TeamID}))
	return &set, nil
}

// Slack returns the store's Slack settings (admins; the operator that
// starts a server reads them to serve Slack).
func (s *Service) Slack(ctx context.Context, c verity.Caller) (*SlackSettings, error) {
	if _, err := s.require(ctx, c, verity.RoleAdmin, "reading Slack's settings"); err != nil {
		return nil, err
	}
	b, err := s.store.ChatSettings(ctx, "slack")
	if err != nil {
		return nil, err
	}
	var set SlackSettings
	if err := json.Unmarshal(b, &set); err != nil {
		return nil, err
	}
	if set.MaxAudience == 0 {
		set.MaxAudience = DefaultMaxAudience
	}
	return &set, nil
}

// deliveryMemory is how long a delivery id is remembered: Slack retries
// within minutes.
const deliveryMemory = 24 * time.Hour

// FirstDelivery reports whether a platform's delivery (Slack's event_id)
// is seen for the first time by any server on the store.
func (s *Service) FirstDelivery(ctx context.Context, platform, id string) (bool, error) {
	if err := checkPlatform(platform); err != nil {
		return false, err
	}
	if id == "" || len(id) > 200 {
		return false, verity.Errorf(verity.EINVALID, "a delivery needs an id")
	}
	return s.store.TakeDelivery(ctx, platform, id, s.now().Add(-deliveryMemory))
}

// SlackUser is what Slack's users.info says of a member.
type SlackUser struct {
	ID, TeamID, Email           string
	Bot, Deleted                bool
	Restricted, UltraRestricted bool // guests
	Stranger                    bool // an external member of a shared (Slack Connect) channel
}

// Refusals of a Slack user, each a message for the person.
var (
	errSlackGuest    = verity.Errorf(verity.EFORBIDDEN, "guests of the workspace cannot ask Verity")
	errSlackExternal = verity.Errorf(verity.EFORBIDDEN, "members of another workspace (a shared channel) cannot ask Verity")
	errSlackNoEmail  = verity.Errorf(verity.EFORBIDDEN, "your Slack profile shows no email, so Verity cannot tell who you are")
)

// SlackCaller is who a Slack user reads as: user:EMAIL with the
// directory's groups (a deactivated user is refused). A bot, a deleted
// user, a guest, a member of another workspace than team, or a user
// without a visible email is refused with a message saying why.
func (s *Service) SlackCaller(ctx context.Context, team string, u SlackUser) (verity.Caller, error) {
	switch {
	case u.Bot || u.Deleted:
		return verity.Caller{}, errDenied
	case u.Stranger || u.TeamID != team:
		return verity.Caller{}, errSlackExternal
	case u.Restricted || u.UltraRestricted:
		return verity.Caller{}, errSlackGuest
	}
	p, err := verity.UserPrincipal(u.Email)
	if err != nil || u.Email == "" {
		return verity.Caller{}, errSlackNoEmail
	}
	return s.Resolve(ctx, verity.NewCaller(p))
}

// ChannelRequest is a channel whose answer is being written: whether it
// is private, and its human members (bots left out) as users.info says.
// Unmapped counts human members Slack would not describe.
type ChannelRequest struct {
	Team     string
	Private  bool
	Members  []SlackUser
	Unmapped int
}

// ChannelAudience is who a channel's answer is for, so that it uses only
// records every reader of the channel may read. A channel with a member
// who cannot be mapped to a user (a guest, an external member, no email,
// a deactivated user, one Slack would not describe) or with more members
// than the settings allow reads as public alone. A public channel can be
// read by anyone in the workspace: it reads as the workspace principal
// the admin set, else public alone. A private channel reads as the
// principals every member holds (the intersection of their callers').
// Hints are never given to an audience.
func (s *Service) ChannelAudience(ctx context.Context, set *SlackSettings, ch ChannelRequest) verity.Caller {
	max := set.MaxAudience
	if max <= 0 {
		max = DefaultMaxAudience
	}
	if ch.Unmapped > 0 || len(ch.Members) == 0 || len(ch.Members) > max {
		return verity.Audience()
	}
	var common []verity.Principal
	for i, m := range ch.Members {
		c, err := s.SlackCaller(ctx, ch.Team, m)
		if err != nil {
			return verity.Audience()
		}
		ps := c.Principals()
		if i == 0 {
			common = ps
			continue
		}
		common = slices.DeleteFunc(common, func(p verity.Principal) bool { return !slices.Contains(ps, p) })
	}
	if !ch.Private {
		if set.Workspace == "" {
			return verity.Audience()
		}
		return verity.Audience(verity.Principal(set.Workspace))
	}
	return verity.Audience(common...)
}

// JobChatReply is the kind of a job that answers a chat message.
const JobChatReply = "chat-reply"

// QueueChatReply queues the answer to a message a platform delivered
// (Slack's mentions, direct messages and commands), so that a restart
// loses no question. Its args are the platform's own; its handler, wired
// beside the service's, establishes who asked when it runs. The job is
// owned by the platform's team (user:PLATFORM:TEAM), which reads nothing.
func (s *Service) QueueChatReply(ctx context.Context, platform, team string, args json.RawMessage) (*Queued, error) {
	if err := checkPlatform(platform); err != nil {
		return nil, err
	}
	if team == "" || len(args) == 0 || len(args) > 64<<10 {
		return nil, verity.Errorf(verity.EINVALID, "a chat reply needs a team and its message")
	}
	owner := verity.NewCaller(verity.Principal("user:" + platform + ":" + team))
	req := jobRequest(owner, JobChatReply, "", args, batchName(platform, s.now()), 1)
	return s.enqueue(ctx, &Queued{Batch: req.Batch}, []verity.JobRequest{req}, nil)
}
