package kb

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/veritykb/verity"
)

// HookRequest is a webhook's post to a connector, as its transport read
// it: the connector it names, the raw body and how the sender signed it —
// Signature is the X-Hub-Signature header (sha256=HEX of the body under
// the shared secret: Confluence Data Center, Jira), Authorization the
// Authorization header ("JWT TOKEN": Confluence Cloud's Connect apps,
// with the request's Method, Path and Query the token's qsh claim binds
// it to) — how this process resolves a secret's reference, and how the
// platform's payload names the pages it is about.
type HookRequest struct {
	Name          string
	Body          []byte
	Signature     string
	Authorization string
	Method, Path  string
	Query         url.Values
	Secrets       func(ref string) (string, error)
	Pages         func(kind string, body []byte) ([]string, error)
}

// MaxHookPages bounds the pages one webhook may ask to be read again.
const MaxHookPages = 100

var hookKey = regexp.MustCompile(`^[A-Za-z0-9._-]{1,64}$`)

// Hook takes a webhook's post: when it is signed with the connector's
// shared secret, it queues a re-reading of the pages it names, which the
// connector fetches with its own token and applies as the platform's API
// says — a hint, never the truth, so a forged or replayed post can neither
// revoke nor widen anything. Every refusal of who sent it — an unknown
// connector, one without a webhook, a bad signature — is the same
// unauthorized error, checked before the body is read for anything else.
// The job runs as whoever added the connector.
func (s *Service) Hook(ctx context.Context, req HookRequest) (*Queued, error) {
	denied := verity.Errorf(verity.EUNAUTHORIZED, "webhook: the signature does not match")
	conn, err := s.store.Connector(ctx, req.Name)
	if notFound(err) {
		return nil, denied
	}
	if err != nil {
		return nil, err
	}
	if conn.Webhook == "" || req.Secrets == nil {
		return nil, denied
	}
	secret, err := req.Secrets(conn.Webhook)
	if err != nil {
		s.log.Warn("connector webhook secret unreadable", "connector", conn.Name, "ref", conn.Webhook, "err", err)
		return nil, denied
	}
	if token, ok := strings.CutPrefix(req.Authorization, "JWT "); ok {
		if err := checkHookJWT(strings.TrimSpace(token), secret, req, s.now()); err != nil {
			s.log.Warn("connector webhook refused: bad JWT", "connector", conn.Name, "why", err.Error())
			return nil, denied
		}
	} else {
		mac := hmac.New(sha256.New, []byte(secret))
		mac.Write(req.Body)
		// Confluence Data Center signs with HMAC-SHA256 in X-Hub-Signature
		// (confluence.atlassian.com/doc/managing-webhooks-1021225606.html),
		// as sha256=HEX; a bare HEX is taken too.
		want := hex.EncodeToString(mac.Sum(nil))
		if !hmac.Equal([]byte(want), []byte(strings.TrimPrefix(strings.TrimSpace(req.Signature), "sha256="))) {
			s.log.Warn("connector webhook refused: bad signature", "connector", conn.Name)
			return nil, denied
		}
	}
	keys, err := req.Pages(conn.Kind, req.Body)
	if err != nil {
		return nil, verity.Errorf(verity.EINVALID, "webhook: %v", err)
	}
	if len(keys) > MaxHookPages {
		return nil, verity.Errorf(verity.EINVALID, "webhook: %d pages, at most %d", len(keys), MaxHookPages)
	}
	for _, k := range keys {
		if !hookKey.MatchString(k) {
			return nil, verity.Errorf(verity.EINVALID, "webhook: %q is not a page id", k)
		}
	}
	out := &Queued{Batch: syncBatch(conn.Name), Jobs: []*verity.Job{}}
	if len(keys) == 0 {
		return out, nil
	}
	return s.queueSync(ctx, connectorOwner(*conn), SyncArgs{Name: conn.Name, Keys: keys})
}

// hookJWTSkew is the clock skew allowed around a webhook JWT's times.
const hookJWTSkew = time.Minute

// checkHookJWT checks a webhook's JWT as Atlassian Connect signs one
// (developer.atlassian.com/cloud/confluence/understanding-jwt/): HS256
// under the installation's shared secret, not expired (Atlassian issues
// them for three minutes) nor issued in the future, and its qsh claim
// the SHA-256 of the canonical request — METHOD&PATH&QUERY, the path as
// the app's base URL leaves it (the whole path, or the part after
// …/connectors/NAME when that is the base URL) — so a token cannot be
// replayed to another route. The body is not signed: what it names is a
// hint the connector reads again with its own token.
func checkHookJWT(token, secret string, req HookRequest, now time.Time) error {
	parts := strings.Split(token, ".")
	if len(parts) != 3 {
		return errors.New("not a JWT")
	}
	var head struct {
		Alg string `json:"alg"`
	}
	if err := decodeJWTPart(parts[0], &head); err != nil || head.Alg != "HS256" {
		return fmt.Errorf("algorithm %q, want HS256", head.Alg)
	}
	mac := hmac.New(sha256.New, []byte(secret))
	mac.Write([]byte(parts[0] + "." + parts[1]))
	sig, err := base64.RawURLEncoding.DecodeString(strings.TrimRight(parts[2], "="))
	if err != nil || !hmac.Equal(sig, mac.Sum(nil)) {
		return errors.New("the signature does not match")
	}
	var claims struct {
		Iss string `json:"iss"`
		Iat int64  `json:"iat"`
		Exp int64  `json:"exp"`
		Qsh string `json:"qsh"`
	}
	if err := decodeJWTPart(parts[1], &claims); err != nil {
		return err
	}
	switch {
	case claims.Exp == 0 || now.After(time.Unix(claims.Exp, 0).Add(hookJWTSkew)):
		return errors.New("expired")
	case time.Unix(claims.Iat, 0).After(now.Add(hookJWTSkew)):
		return errors.New("issued in the future")
	}
	full, rel := req.Path, req.Path
	if i := strings.LastIndex(full, "/connectors/"+req.Name+"/"); i >= 0 {
		rel = full[i+len("/connectors/"+req.Name):]
	}
	for _, p := range []string{full, rel} {
		if claims.Qsh == queryStringHash(req.Method, p, req.Query) {
			return nil
		}
	}
	return errors.New("its qsh is not this request's")
}

func decodeJWTPart(part string, v any) error {
	b, err := base64.RawURLEncoding.DecodeString(strings.TrimRight(part, "="))
	if err != nil {
		return errors.New("not base64url")
	}
	if err := json.Unmarshal(b, v); err != nil {
		return errors.New("not JSON")
	}
	return nil
}

// queryStringHash is Atlassian's qsh: the hex SHA-256 of METHOD&PATH&QUERY,
// the path without a trailing slash ("/" when empty) and "&" escaped, the
// query's parameters but jwt sorted by name, percent-encoded as RFC 3986,
// a parameter's values sorted and joined by ",".
func queryStringHash(method, path string, query url.Values) string {
	if path == "" {
		path = "/"
	}
	if len(path) > 1 {
		path = strings.TrimSuffix(path, "/")
	}
	path = strings.ReplaceAll(path, "&", "%26")
	names := make([]string, 0, len(query))
	for k := range query {
		if k != "jwt" {
			names = append(names, k)
		}
	}
	slices.Sort(names)
	pairs := make([]string, 0, len(names))
	for _, k := range names {
		vs := make([]string, len(query[k]))
		for i, v := range query[k] {
			vs[i] = rfc3986(v)
		}
		slices.Sort(vs)
		pairs = append(pairs, rfc3986(k)+"="+strings.Join(vs, ","))
	}
	sum := sha256.Sum256([]byte(strings.ToUpper(method) + "&" + path + "&" + strings.Join(pairs, "&")))
	return hex.EncodeToString(sum[:])
}

// rfc3986 percent-encodes all but RFC 3986's unreserved characters.
func rfc3986(s string) string {
	return strings.NewReplacer("+", "%20", "*", "%2A", "%7E", "~").Replace(url.QueryEscape(s))
}

// connectorOwner is the caller a connector's scheduled and hinted passes
// run as: whoever added it.
func connectorOwner(conn verity.Connector) verity.Caller {
	if name, ok := strings.CutPrefix(string(conn.CreatedBy), "local:"); ok {
		return verity.LocalOperator(name)
	}
	return verity.NewCaller(conn.CreatedBy)
}

// slackKey is a Slack connector's source: CHANNEL/thread/TS or
// CHANNEL/day/DATE.
// CHANNEL/members names the channel's every source: its members changed.
var slackKey = regexp.MustCompile(`^[A-Z0-9]{1,20}/(thread/[0-9]{1,12}\.[0-9]{1,6}|day/[0-9]{4}-[0-9]{2}-[0-9]{2}|members)$`)

// SlackMessage is a channel's message a Slack event was about: posted,
// edited or deleted; or, with Members, the channel's membership: someone
// joined or left it (Public: a public channel), or the app left it.
type SlackMessage struct {
	Channel, TS, ThreadTS string
	Members, Public       bool
}

// key is the Slack connector's source the message belongs to: its
// thread, or the day (UTC) of a message outside threads; "" when TS is not
// a Slack timestamp. A membership change is the channel's CHANNEL/members,
// which the connector reads as every source of the channel.
func (m SlackMessage) key() string {
	if m.Members {
		return m.Channel + "/members"
	}
	if m.ThreadTS != "" {
		return m.Channel + "/thread/" + m.ThreadTS
	}
	sec, _, _ := strings.Cut(m.TS, ".")
	n, err := strconv.ParseInt(sec, 10, 64)
	if err != nil || m.Channel == "" {
		return ""
	}
	return m.Channel + "/day/" + time.Unix(n, 0).UTC().Format(time.DateOnly)
}

// SlackHint takes what the store's Slack app heard on its events endpoint
// about channels' messages and queues a re-reading of their threads and
// days — or, for a private channel's membership, every source of the
// channel — by every Slack connector that syncs the channel, as whoever
// added it. The app has
// checked the request's signature and team; the keys are hints, never the
// truth: the connector reads each again with its own token, so a key for
// a channel it does not sync, or a thread that still exists, changes
// nothing.
func (s *Service) SlackHint(ctx context.Context, msgs []SlackMessage) ([]*Queued, error) {
	if len(msgs) > MaxHookPages {
		return nil, verity.Errorf(verity.EINVALID, "slack hint: %d messages, at most %d", len(msgs), MaxHookPages)
	}
	var keys []string
	for _, m := range msgs {
		if m.Members && m.Public {
			continue // a public channel's readers are the workspace: its members coming and going change none
		}
		k := m.key()
		if !slackKey.MatchString(k) {
			return nil, verity.Errorf(verity.EINVALID, "slack hint: %+v is not a message of a channel", m)
		}
		if !slices.Contains(keys, k) {
			keys = append(keys, k)
		}
	}
	if len(keys) == 0 {
		return nil, nil
	}
	conns, err := s.connectors(ctx)
	if err != nil {
		return nil, err
	}
	var out []*Queued
	for _, conn := range conns {
		if conn.Kind != "slack" {
			continue
		}
		var mine []string
		for _, k := range keys {
			ch, _, _ := strings.Cut(k, "/")
			if len(conn.Spaces) == 0 || slices.Contains(conn.Spaces, ch) {
				mine = append(mine, k)
			}
		}
		if len(mine) == 0 {
			continue
		}
		q, err := s.queueSync(ctx, connectorOwner(conn), SyncArgs{Name: conn.Name, Keys: mine})
		if err != nil {
			return out, err
		}
		out = append(out, q)
	}
	return out, nil
}
