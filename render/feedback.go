package render

import (
	"fmt"
	"io"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/kb"
	"github.com/veritykb/verity/printable"
)

// Feedback prints the counts of ratings, then each rating a line: when,
// who, 👍/👎, where, whether quotes were shown, the question.
func Feedback(w io.Writer, l *kb.FeedbackList) {
	if len(l.Feedback) == 0 {
		fmt.Fprintln(w, "no feedback yet")
		return
	}
	for _, c := range l.Counts {
		fmt.Fprintf(w, "%s\t%s\tverbatim %s\t%d\n", c.Rating, printable.Text(c.Transport), onOff(c.Verbatim), c.N)
	}
	fmt.Fprintln(w)
	for _, f := range l.Feedback {
		fmt.Fprintf(w, "%s\t%s\t%s\t%s\tverbatim %s\t%s\n", f.At.UTC().Format("2006-01-02 15:04"), printable.Text(string(f.By)), f.Rating,
			printable.Text(f.Transport), onOff(f.Verbatim), printable.Line(f.Question, 100))
	}
}

func onOff(b bool) string {
	if b {
		return "on"
	}
	return "off"
}

// LinkCode prints a one-time code and what to do with it.
func LinkCode(w io.Writer, c *kb.NewLinkCode) {
	fmt.Fprintf(w, "code for %s, valid until %s (once, in a private chat with the bot):\n\n  /start %s\n",
		printable.Text(string(c.Principal)), c.ExpiresAt.UTC().Format("2006-01-02 15:04 UTC"), c.Code)
}

// ChatLinks prints the linked accounts a line each.
func ChatLinks(w io.Writer, l *kb.ChatLinkList) {
	if len(l.Links) == 0 {
		fmt.Fprintln(w, "no linked accounts (verity telegram link --principal user:EMAIL)")
	}
	for _, k := range l.Links {
		fmt.Fprintf(w, "%s\t%s\tby %s\tlinked %s\texpires %s\n", printable.Text(k.Account), printable.Text(string(k.Principal)),
			printable.Text(string(k.CreatedBy)), k.CreatedAt.UTC().Format("2006-01-02"), k.ExpiresAt.UTC().Format("2006-01-02"))
	}
}

// Unlinked says what unlinking did.
func Unlinked(w io.Writer, u *kb.Unlinked) {
	if u.Changed {
		fmt.Fprintf(w, "unlinked %s\n", printable.Text(u.Account))
	} else {
		fmt.Fprintf(w, "%s was not linked\n", printable.Text(u.Account))
	}
}

// ChatAudience says whom a group chat's answers are for now.
func ChatAudience(w io.Writer, a *verity.ChatAudience) {
	if len(a.Principals) == 0 {
		fmt.Fprintf(w, "chat %s: answers use only what public may read\n", printable.Text(a.Chat))
		return
	}
	fmt.Fprintf(w, "chat %s: answers use what %v may read (an admin vouches that everyone in the chat may)\n", printable.Text(a.Chat), a.Principals)
}

// SlackSettings prints the store's Slack settings: references, never secrets.
func SlackSettings(w io.Writer, s *kb.SlackSettings) {
	fmt.Fprintf(w, "slack: team %s, bot token %s, signing secret %s, audience up to %d members", printable.Text(s.TeamID),
		printable.Text(s.BotToken), printable.Text(s.SigningSecret), s.MaxAudience)
	if s.Workspace != "" {
		fmt.Fprintf(w, ", public channels read as %s", printable.Text(s.Workspace))
	}
	fmt.Fprintln(w)
}
