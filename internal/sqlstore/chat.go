package sqlstore

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/veritykb/verity"
)

// PutAnswerEntry adds an answer to the answer log.
func (d *DB) PutAnswerEntry(ctx context.Context, e *verity.AnswerEntry) error {
	if e.ID == "" {
		return verity.Errorf(verity.EINVALID, "an answer entry needs an id")
	}
	shown := string(e.Shown)
	if shown == "" {
		shown = "{}"
	}
	_, err := d.q().ExecContext(ctx, `INSERT INTO answer_log (id, question, caller, audience, transport, verbatim, shown, at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
		e.ID, e.Question, string(e.Caller), boolInt(e.Audience), e.Transport, boolInt(e.Verbatim), shown, formatTime(e.At))
	if err != nil {
		return fmt.Errorf("log answer %s: %w", e.ID, err)
	}
	return nil
}

// AnswerEntry returns the logged answer with id; ENOTFOUND when there is
// none.
func (d *DB) AnswerEntry(ctx context.Context, id string) (*verity.AnswerEntry, error) {
	var (
		e                 verity.AnswerEntry
		caller, shown, at string
		audience, verb    int64
	)
	err := d.q().QueryRowContext(ctx, `SELECT id, question, caller, audience, transport, verbatim, shown, at FROM answer_log WHERE id = ?`, id).
		Scan(&e.ID, &e.Question, &caller, &audience, &e.Transport, &verb, &shown, &at)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, verity.Errorf(verity.ENOTFOUND, "no answer %q", id)
	}
	if err != nil {
		return nil, fmt.Errorf("read answer %s: %w", id, err)
	}
	e.Caller, e.Audience, e.Verbatim, e.Shown, e.At = verity.Principal(caller), audience != 0, verb != 0, []byte(shown), parseTime(at)
	return &e, nil
}

// PutFeedback records f.By's rating of f.Answer, replacing the one it gave
// before; it reports whether the rating is new or changed.
func (d *DB) PutFeedback(ctx context.Context, f *verity.Feedback) (bool, error) {
	changed := false
	err := d.tx(ctx, func(tx *Tx) error {
		var old string
		err := tx.QueryRowContext(ctx, `SELECT rating FROM answer_feedback WHERE answer = ? AND rater = ?`, f.Answer, string(f.By)).Scan(&old)
		if err != nil && !errors.Is(err, sql.ErrNoRows) {
			return err
		}
		if old == f.Rating {
			return nil
		}
		changed = true
		_, err = tx.ExecContext(ctx, `INSERT INTO answer_feedback (answer, rater, rating, transport, at) VALUES (?, ?, ?, ?, ?)
			ON CONFLICT (answer, rater) DO UPDATE SET rating = excluded.rating, transport = excluded.transport, at = excluded.at`,
			f.Answer, string(f.By), f.Rating, f.Transport, formatTime(f.At))
		return err
	})
	if err != nil {
		return false, fmt.Errorf("record feedback on %s: %w", f.Answer, err)
	}
	return changed, nil
}

// Feedback lists every rating with its answer's question and verbatim
// setting, oldest first.
func (d *DB) Feedback(ctx context.Context) ([]verity.Feedback, error) {
	rows, err := d.q().QueryContext(ctx, `SELECT f.answer, f.rater, f.rating, f.transport, f.at, a.question, a.verbatim
		FROM answer_feedback f JOIN answer_log a ON a.id = f.answer ORDER BY f.at, f.answer, f.rater`)
	if err != nil {
		return nil, fmt.Errorf("list feedback: %w", err)
	}
	defer rows.Close()
	out := []verity.Feedback{}
	for rows.Next() {
		var (
			f       verity.Feedback
			by, at  string
			verbInt int64
		)
		if err := rows.Scan(&f.Answer, &by, &f.Rating, &f.Transport, &at, &f.Question, &verbInt); err != nil {
			return nil, fmt.Errorf("list feedback: %w", err)
		}
		f.By, f.At, f.Verbatim = verity.Principal(by), parseTime(at), verbInt != 0
		out = append(out, f)
	}
	return out, rows.Err()
}

// FeedbackCounts counts the ratings by rating, transport and verbatim.
func (d *DB) FeedbackCounts(ctx context.Context) ([]verity.FeedbackCount, error) {
	rows, err := d.q().QueryContext(ctx, `SELECT f.rating, f.transport, a.verbatim, count(*)
		FROM answer_feedback f JOIN answer_log a ON a.id = f.answer GROUP BY f.rating, f.transport, a.verbatim ORDER BY 1, 2, 3`)
	if err != nil {
		return nil, fmt.Errorf("count feedback: %w", err)
	}
	defer rows.Close()
	out := []verity.FeedbackCount{}
	for rows.Next() {
		var (
			c       verity.FeedbackCount
			verbInt int64
		)
		if err := rows.Scan(&c.Rating, &c.Transport, &verbInt, &c.N); err != nil {
			return nil, fmt.Errorf("count feedback: %w", err)
		}
		c.Verbatim = verbInt != 0
		out = append(out, c)
	}
	return out, rows.Err()
}

// PutLinkCode stores a new link code (its hash).
func (d *DB) PutLinkCode(ctx context.Context, c *verity.LinkCode) error {
	_, err := d.q().ExecContext(ctx, `INSERT INTO chat_link_codes (hash, platform, principal, created_by, created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?)`,
		c.Hash, c.Platform, string(c.Principal), string(c.CreatedBy), formatTime(c.CreatedAt), formatTime(c.ExpiresAt))
	if err != nil {
		return fmt.Errorf("store a link code: %w", err)
	}
	return nil
}

// TakeLinkCode removes the link code of platform with hash and returns it,
// expired or not (the caller checks); ENOTFOUND when there is none. Two
// takers of one code never both get it.
func (d *DB) TakeLinkCode(ctx context.Context, platform, hash string) (*verity.LinkCode, error) {
	var (
		c                       verity.LinkCode
		p, by, created, expires string
		found                   bool
	)
	err := d.tx(ctx, func(tx *Tx) error {
		err := tx.QueryRowContext(ctx, `DELETE FROM chat_link_codes WHERE hash = ? AND platform = ? RETURNING principal, created_by, created_at, expires_at`,
			hash, platform).Scan(&p, &by, &created, &expires)
		if errors.Is(err, sql.ErrNoRows) {
			return nil
		}
		found = err == nil
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("take a link code: %w", err)
	}
	if !found {
		return nil, verity.Errorf(verity.ENOTFOUND, "no such link code")
	}
	c.Hash, c.Platform, c.Principal, c.CreatedBy = hash, platform, verity.Principal(p), verity.Principal(by)
	c.CreatedAt, c.ExpiresAt = parseTime(created), parseTime(expires)
	return &c, nil
}

// PutChatLink links an account, replacing its link if it had one.
func (d *DB) PutChatLink(ctx context.Context, l *verity.ChatLink) error {
	_, err := d.q().ExecContext(ctx, `INSERT INTO chat_links (platform, account, principal, created_by, created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?)
		ON CONFLICT (platform, account) DO UPDATE SET principal = excluded.principal, created_by = excluded.created_by,
		created_at = excluded.created_at, expires_at = excluded.expires_at`,
		l.Platform, l.Account, string(l.Principal), string(l.CreatedBy), formatTime(l.CreatedAt), formatTime(l.ExpiresAt))
	if err != nil {
		return fmt.Errorf("link a chat account: %w", err)
	}
	return nil
}

// ChatLink returns the link of an account; ENOTFOUND when there is none.
func (d *DB) ChatLink(ctx context.Context, platform, account string) (*verity.ChatLink, error) {
	l, err := scanChatLink(d.q().QueryRowContext(ctx, `SELECT `+chatLinkColumns+` FROM chat_links WHERE platform = ? AND account = ?`, platform, account))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, verity.Errorf(verity.ENOTFOUND, "account %s is not linked", account)
	}
	if err != nil {
		return nil, fmt.Errorf("read a chat link: %w", err)
	}
	return l, nil
}

// ChatLinks lists the links of platform, oldest first.
func (d *DB) ChatLinks(ctx context.Context, platform string) ([]verity.ChatLink, error) {
	return scanAll(ctx, d.q(), "chat links", `SELECT `+chatLinkColumns+` FROM chat_links WHERE platform = ? ORDER BY created_at, account`, scanChatLink, platform)
}

// DeleteChatLink unlinks an account; it reports whether it was linked.
func (d *DB) DeleteChatLink(ctx context.Context, platform, account string) (bool, error) {
	res, err := d.q().ExecContext(ctx, `DELETE FROM chat_links WHERE platform = ? AND account = ?`, platform, account)
	if err != nil {
		return false, fmt.Errorf("unlink a chat account: %w", err)
	}
	n, _ := res.RowsAffected()
	return n > 0, nil
}

const chatLinkColumns = `platform, account, principal, created_by, created_at, expires_at`

func scanChatLink(sc interface{ Scan(...any) error }) (*verity.ChatLink, error) {
	var (
		l                       verity.ChatLink
		p, by, created, expires string
	)
	if err := sc.Scan(&l.Platform, &l.Account, &p, &by, &created, &expires); err != nil {
		return nil, err
	}
	l.Principal, l.CreatedBy, l.CreatedAt, l.ExpiresAt = verity.Principal(p), verity.Principal(by), parseTime(created), parseTime(expires)
	return &l, nil
}

// SetChatAudience sets whom a group chat's answers are for; no principals
// removes the setting (the chat reads as public again).
func (d *DB) SetChatAudience(ctx context.Context, a *verity.ChatAudience) error {
	var err error
	if len(a.Principals) == 0 {
		_, err = d.q().ExecContext(ctx, `DELETE FROM chat_audiences WHERE platform = ? AND chat = ?`, a.Platform, a.Chat)
	} else {
		ps, _ := json.Marshal(a.Principals)
		_, err = d.q().ExecContext(ctx, `INSERT INTO chat_audiences (platform, chat, principals, set_by, set_at) VALUES (?, ?, ?, ?, ?)
			ON CONFLICT (platform, chat) DO UPDATE SET principals = excluded.principals, set_by = excluded.set_by, set_at = excluded.set_at`,
			a.Platform, a.Chat, string(ps), string(a.SetBy), formatTime(a.SetAt))
	}
	if err != nil {
		return fmt.Errorf("set a chat's audience: %w", err)
	}
	return nil
}

// ChatAudience returns whom a group chat's answers are for; ENOTFOUND when
// no admin said.
func (d *DB) ChatAudience(ctx context.Context, platform, chat string) (*verity.ChatAudience, error) {
	var (
		a          verity.ChatAudience
		ps, by, at string
	)
	err := d.q().QueryRowContext(ctx, `SELECT principals, set_by, set_at FROM chat_audiences WHERE platform = ? AND chat = ?`, platform, chat).Scan(&ps, &by, &at)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, verity.Errorf(verity.ENOTFOUND, "chat %s has no audience", chat)
	}
	if err != nil {
		return nil, fmt.Errorf("read a chat's audience: %w", err)
	}
	if err := json.Unmarshal([]byte(ps), &a.Principals); err != nil {
		return nil, fmt.Errorf("chat %s: principals: %w", chat, err)
	}
	a.Platform, a.Chat, a.SetBy, a.SetAt = platform, chat, verity.Principal(by), parseTime(at)
	return &a, nil
}

// PutChatSettings replaces a platform's settings (JSON).
func (d *DB) PutChatSettings(ctx context.Context, platform string, settings []byte, by verity.Principal) error {
	_, err := d.q().ExecContext(ctx, `INSERT INTO chat_settings (platform, settings, set_by, set_at) VALUES (?, ?, ?, ?)
		ON CONFLICT (platform) DO UPDATE SET settings = excluded.settings, set_by = excluded.set_by, set_at = excluded.set_at`,
		platform, string(settings), string(by), formatTime(d.now()))
	if err != nil {
		return fmt.Errorf("store %s's settings: %w", platform, err)
	}
	return nil
}

// ChatSettings returns a platform's settings; ENOTFOUND when none were set.
func (d *DB) ChatSettings(ctx context.Context, platform string) ([]byte, error) {
	var s string
	err := d.q().QueryRowContext(ctx, `SELECT settings FROM chat_settings WHERE platform = ?`, platform).Scan(&s)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, verity.Errorf(verity.ENOTFOUND, "%s is not configured", platform)
	}
	if err != nil {
		return nil, fmt.Errorf("read %s's settings: %w", platform, err)
	}
	return []byte(s), nil
}

// TakeDelivery records a platform's delivery id and reports whether it
// is new: of two servers taking one id at once, one gets true. Ids older
// than before are forgotten.
func (d *DB) TakeDelivery(ctx context.Context, platform, id string, before time.Time) (bool, error) {
	fresh := false
	err := d.tx(ctx, func(tx *Tx) error {
		if _, err := tx.ExecContext(ctx, `DELETE FROM chat_deliveries WHERE platform = ? AND at < ?`, platform, formatTime(before)); err != nil {
			return err
		}
		res, err := tx.ExecContext(ctx, `INSERT INTO chat_deliveries (platform, id, at) VALUES (?, ?, ?) ON CONFLICT (platform, id) DO NOTHING`,
			platform, id, formatTime(d.now()))
		if err != nil {
			return err
		}
		n, _ := res.RowsAffected()
		fresh = n == 1
		return nil
	})
	if err != nil {
		return false, fmt.Errorf("record a delivery: %w", err)
	}
	return fresh, nil
}
