package render

import (
	"fmt"
	"io"
	"net/url"
	"strings"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/answer"
	"github.com/veritykb/verity/printable"
)

// Answer renders an answer of `verity ask` for a terminal.
func Answer(w io.Writer, a *answer.Answer) {
	switch {
	case a.Mode == answer.ModeConversational:
		fmt.Fprintf(w, "Conversational reply — not from your knowledge base, nothing cited (model %s):\n\n%s\n", printable.Text(a.Model), printable.Text(a.Text))
		return
	case a.Outcome == answer.NotFound:
		fmt.Fprintf(w, "Not found (%s): %s\n", a.NotFoundReason, notFoundText(a.NotFoundReason))
	default:
		cached := ""
		if a.Cached {
			cached = ", from the answer cache"
		}
		fmt.Fprintf(w, "Answer — grounded in %s you may read (model %s, %s policy%s):\n\n%s\n",
			countOf(len(a.Sources), "record"), printable.Text(a.Model), a.Policy, cached, printable.Text(a.Text))
	}
	if len(a.Claims) > 0 {
		fmt.Fprintln(w, "\nClaims:")
		for i, c := range a.Claims {
			claim(w, i+1, c, a.Verbatim)
		}
		fmt.Fprintln(w, "\nSources:")
		for _, s := range a.Sources {
			fmt.Fprintf(w, "  [%d] %s — %s — %s\n", s.N, printable.Text(printable.Line(titleOrID(s.Title, s.SourceID), 100)), printable.Text(s.System), printable.Text(s.URI))
			if s.Evidence != nil {
				fmt.Fprintf(w, "      evidence: chunk %d, bytes %d–%d of %s v%d\n", s.Evidence.Ordinal, s.Evidence.Start, s.Evidence.End, printable.Text(s.SourceID), s.Version)
			}
		}
	}
	conflicts(w, a)
	parts(w, a.Parts)
	unverified(w, a.Unverified)
	failures(w, a.Failures)
	hints(w, a.Hints)
}

// conflicts shows each disagreement between sources: every value
// with its footnotes and source titles.
func conflicts(w io.Writer, a *answer.Answer) {
	for _, c := range a.Conflicts {
		var vals []string
		for k, i := range c.Claims {
			if i < 0 || i >= len(a.Claims) || k >= len(c.Values) {
				continue
			}
			var titles []string
			for _, cit := range a.Claims[i].Citations {
				titles = append(titles, fmt.Sprintf("[%d] %s", cit.N, printable.Line(titleOrID(cit.Title, cit.SourceID), 60)))
			}
			vals = append(vals, fmt.Sprintf("%s (%s)", c.Values[k], strings.Join(titles, ", ")))
		}
		fmt.Fprintf(w, "\nwarning: the sources disagree on the %s: %s\n", c.Kind, printable.Text(strings.Join(vals, " vs ")))
	}
}

// parts shows each part of a compound question and its outcome.
func parts(w io.Writer, ps []answer.Part) {
	if len(ps) == 0 {
		return
	}
	fmt.Fprintln(w, "\nParts of the question:")
	for _, p := range ps {
		switch p.Outcome {
		case answer.Answered:
			nums := make([]string, len(p.Claims))
			for k, i := range p.Claims {
				nums[k] = fmt.Sprint(i + 1)
			}
			fmt.Fprintf(w, "  - %s\n    answered by claim %s\n", printable.Text(printable.Line(p.Question, 200)), strings.Join(nums, ", "))
		default:
			fmt.Fprintf(w, "  - %s\n    not found (%s)\n", printable.Text(printable.Line(p.Question, 200)), p.NotFoundReason)
		}
		for _, h := range p.Hints {
			fmt.Fprintf(w, "    hint: a record in %s that you cannot read would answer it%s\n", printable.Text(h.System), printable.Text(authorNote(h.Author)))
		}
	}
}

func authorNote(author string) string {
	if author == "" {
		return ""
	}
	return "; ask " + author + " for access"
}

func notFoundText(r answer.Reason) string {
	switch r {
	case answer.Retracted:
		return "the answer rested on sources that have since been revoked."
	case answer.InsufficientSupport:
		return "records about this were found, but nothing in them answers it (statements that failed verification or did not answer the question are below)."
	}
	return "nothing you may read in the knowledge base answers this."
}

// printClaim prints one claim with its quote and verdicts.
func claim(w io.Writer, i int, c answer.Claim, verbatim bool) {
	mark := ""
	if c.Marked {
		mark = "*"
	}
	refs := make([]string, len(c.Refs))
	for k, r := range c.Refs {
		refs[k] = fmt.Sprint(r) + mark
	}
	fmt.Fprintf(w, "  %d. %s [%s]\n", i, printable.Text(c.Claim), strings.Join(refs, ", "))
	for _, cit := range c.Citations {
		if cit.Quote == nil {
			if verbatim {
				fmt.Fprintf(w, "     [%d] no verbatim quote could be located\n", cit.N)
			}
			continue
		}
		where := cit.SourceID
		if where == "" {
			where = "document"
		}
		fmt.Fprintf(w, "     [%d] «%s»\n         %s v%d, bytes %d–%d (%s)\n", cit.N, printable.Text(printable.Line(cit.Quote.Text, 400)),
			printable.Text(where), cit.Version, cit.Quote.Start, cit.Quote.End, cit.Quote.Kind)
	}
	parts := []string{fmt.Sprintf("support: grade %d (%s, %.2f)", c.Support.Grade, labelOrNone(c.Support.Label), c.Support.Score)}
	if verbatim {
		parts = append(parts, "paraphrased: "+yesOrNo(c.IsParaphrased), "distortion: "+string(c.DistortionRisk))
	}
	if c.Marked {
		parts = append(parts, "* partly supported, kept by the broad policy")
	}
	if c.Uncited {
		parts = append(parts, "cited nothing; support found by Verity")
	}
	fmt.Fprintf(w, "     %s\n", strings.Join(parts, " · "))
	for _, r := range c.DistortionReasons {
		fmt.Fprintf(w, "       ! %s\n", printable.Text(r))
	}
}

func unverified(w io.Writer, us []answer.Unverified) {
	if len(us) == 0 {
		return
	}
	fmt.Fprintln(w, "\nNot verified (left out):")
	for _, u := range us {
		fmt.Fprintf(w, "  - %s\n    %s\n", printable.Text(printable.Line(u.Claim, 200)), printable.Text(u.Reason))
	}
}

func failures(w io.Writer, fs []answer.Failure) {
	for _, f := range fs {
		fmt.Fprintf(w, "warning: stage %s failed (%s): %s\n", printable.Text(f.Stage), f.Code, printable.Text(f.Message))
	}
}

func hints(w io.Writer, hs []verity.Hint) {
	for _, h := range hs {
		if h.Author != "" {
			fmt.Fprintf(w, "hint: a record in %s that you cannot read would also match; ask %s for access\n", printable.Text(h.System), printable.Text(h.Author))
		} else {
			fmt.Fprintf(w, "hint: a record in %s that you cannot read would also match\n", printable.Text(h.System))
		}
	}
}

// Markdown renders an answer as Markdown: the answer with numbered
// footnotes, each claim with its verbatim quote, what was left out, hints.
func Markdown(a *answer.Answer) string {
	var b strings.Builder
	switch {
	case a.Mode == answer.ModeConversational:
		fmt.Fprintf(&b, "_Conversational reply — not from your knowledge base, nothing cited (model %s)._\n\n%s\n", mdText(a.Model), mdText(a.Text))
		return b.String()
	case a.Mode == answer.ModeCheck:
		fmt.Fprintf(&b, "## Checked answer\n\n%d of %d claims supported (model %s, %s policy).\n\n", len(a.Claims), len(a.Claims)+len(a.Unverified), mdText(a.Model), a.Policy)
		if a.Annotated != "" {
			fmt.Fprintf(&b, "%s\n\n", mdText(a.Annotated))
		}
	case a.Outcome == answer.NotFound:
		fmt.Fprintf(&b, "## Not found\n\n%s (`%s`)\n\n", mdText(notFoundText(a.NotFoundReason)), a.NotFoundReason)
	default:
		fmt.Fprintf(&b, "## Answer\n\n")
		for i, c := range a.Claims {
			if i > 0 {
				b.WriteString(" ")
			}
			b.WriteString(mdText(c.Claim))
			for _, r := range c.Refs {
				fmt.Fprintf(&b, "[^%d]", r)
			}
		}
		fmt.Fprintf(&b, "\n\n_Grounded in %s you may read; model %s, %s policy._\n\n", countOf(len(a.Sources), "record"), mdText(a.Model), a.Policy)
	}
	if len(a.Claims) > 0 && a.Verbatim {
		b.WriteString("### Verbatim quotes\n\n")
		for i, c := range a.Claims {
			fmt.Fprintf(&b, "%d. %s\n", i+1, mdText(c.Claim))
			for _, cit := range c.Citations {
				if cit.Quote != nil {
					fmt.Fprintf(&b, "   > %s [^%d]\n", mdText(printable.Line(cit.Quote.Text, 600)), cit.N)
				}
			}
			fmt.Fprintf(&b, "\n   support: grade %d (%s) · paraphrased: %s · distortion: **%s**\n", c.Support.Grade, labelOrNone(c.Support.Label), yesOrNo(c.IsParaphrased), c.DistortionRisk)
			for _, r := range c.DistortionReasons {
				fmt.Fprintf(&b, "   - %s\n", mdText(r))
			}
			b.WriteString("\n")
		}
	}
	if len(a.Unverified) > 0 {
		b.WriteString("### Not verified\n\n")
		for _, u := range a.Unverified {
			fmt.Fprintf(&b, "- %s — %s\n", mdText(u.Claim), mdText(u.Reason))
		}
		b.WriteString("\n")
	}
	for _, h := range a.Hints {
		if h.Author != "" {
			fmt.Fprintf(&b, "> A record in %s that you cannot read would also match; ask %s for access.\n\n", mdText(h.System), mdText(h.Author))
		} else {
			fmt.Fprintf(&b, "> A record in %s that you cannot read would also match.\n\n", mdText(h.System))
		}
	}
	for _, s := range a.Sources {
		fmt.Fprintf(&b, "[^%d]: %s — %s\n", s.N, mdLink(titleOrID(s.Title, s.SourceID), s.URI), mdText(s.System))
	}
	return b.String()
}

// mdText makes untrusted text safe inside Markdown: control codes cleaned,
// HTML's special characters as entities, and the characters Markdown gives
// a meaning escaped — everywhere for inline syntax (emphasis, code, links,
// tables, footnotes), at the start for block syntax (headings, lists,
// quotes) — so a source can neither inject HTML nor add links, emphasis or
// headings. Line breaks become spaces.
func mdText(s string) string {
	s = printable.Text(strings.Join(strings.Fields(s), " "))
	var b strings.Builder
	leadingDigits := true
	for i, r := range s {
		switch {
		case r == '&':
			b.WriteString("&amp;")
		case r == '<':
			b.WriteString("&lt;")
		case r == '>':
			b.WriteString("&gt;")
		case strings.ContainsRune("\\`*_[]#|~^", r):
			b.WriteRune('\\')
			b.WriteRune(r)
		case i == 0 && strings.ContainsRune("-+=", r), r == '.' && leadingDigits && i > 0, r == ')' && leadingDigits && i > 0:
			b.WriteRune('\\')
			b.WriteRune(r)
		default:
			b.WriteRune(r)
		}
		leadingDigits = leadingDigits && r >= '0' && r <= '9'
	}
	return b.String()
}

// mdLink links text to uri when uri is an http, https or mailto address,
// and shows the text alone otherwise (a javascript: or data: uri from a
// source is never made a link).
func mdLink(text, uri string) string {
	u, err := url.Parse(uri)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https" && u.Scheme != "mailto") {
		if uri == "" {
			return mdText(text)
		}
		return mdText(text) + " (" + mdText(uri) + ")"
	}
	return "[" + mdText(text) + "](<" + strings.NewReplacer("<", "%3C", ">", "%3E", " ", "%20", "\n", "").Replace(u.String()) + ">)"
}

func titleOrID(title, id string) string {
	if strings.TrimSpace(title) == "" {
		return id
	}
	return title
}

func labelOrNone(s string) string {
	if s == "" {
		return "none"
	}
	return s
}

func yesOrNo(b bool) string {
	if b {
		return "yes"
	}
	return "no"
}

func countOf(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}

// Check renders a checked answer for a terminal.
func Check(w io.Writer, a *answer.Answer) {
	total := len(a.Claims) + len(a.Unverified)
	verifier := a.Verifier
	if verifier == "" {
		verifier = a.Model // a checked answer stored before verifiers were named
	}
	fmt.Fprintf(w, "Checked %s: %d supported, %d not verified (verifier %s, %s policy)\n",
		countOf(total, "claim"), len(a.Claims), len(a.Unverified), printable.Text(verifier), a.Policy)
	if len(a.Claims) > 0 {
		fmt.Fprintln(w, "\nSupported:")
		for i, c := range a.Claims {
			claim(w, i+1, c, a.Verbatim)
		}
	}
	unverified(w, a.Unverified)
	if len(a.Sources) > 0 {
		fmt.Fprintln(w, "\nDocuments:")
		for _, s := range a.Sources {
			where := s.URI
			if s.SourceID != "" {
				where = s.SourceID + " v" + fmt.Sprint(s.Version) + " " + s.URI
			}
			fmt.Fprintf(w, "  [%d] %s  %s\n", s.N, printable.Text(printable.Line(titleOrID(s.Title, s.SourceID), 100)), printable.Text(where))
		}
	}
	if a.Annotated != "" && a.Verbatim {
		fmt.Fprintf(w, "\nWith verbatim quotes:\n%s\n", printable.Indent(printable.Text(a.Annotated), "  "))
	}
}
