package ingest

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/printable"
)

// Record is one line of the JSONL connector format, the shape Confluence, Jira
// and Slack exports are converted to:
//
//	{"id","uri","system","title","author","acl":[principals],"updated_at","text","discoverable"}
//
// with "html" instead of "text" for pages kept as HTML. "discoverable":
// false keeps the source from giving hints to callers who cannot read it
// ([verity.Hint]); a record without the field keeps the stored setting. Author is an email or
// a user: principal. A record without "acl" is readable by no one. A record
// without "updated_at" keeps the time stored for it while its title and text
// are unchanged, and gets the ingest time when it is new or they changed.
type Record struct {
	ID        string    `json:"id"`
	URI       string    `json:"uri"`
	System    string    `json:"system"`
	Title     string    `json:"title"`
	Author    string    `json:"author"`
	ACL       *[]string `json:"acl"`
	UpdatedAt string    `json:"updated_at"`
	Text      *string   `json:"text"`
	HTML      *string   `json:"html"`
	// Discoverable is nil when the record does not say.
	Discoverable *bool `json:"discoverable"`
}

// Records reads JSONL records from r, calling fn for each line with either a
// source or an error that names name and the line number. Blank lines are
// skipped. A line longer than maxBytes is an error for that line; reading goes
// on. Only an error returned by fn or a failure to read r stops it.
//
// A record without "updated_at" gives a source with a zero UpdatedAt, which
// the store reads as "keep the stored time while the content is unchanged,
// else the ingest time" ([verity.SourceStore.PutSource]): stamping it with
// the read time made every re-ingest of an unchanged export a metadata
// update.
func Records(r io.Reader, name string, maxBytes int64, fn func(Item) error) error {
	br := bufio.NewReaderSize(r, 1<<16)
	for lineNo := 1; ; lineNo++ {
		line, tooLong, err := readLine(br, maxBytes)
		if err != nil && !errors.Is(err, io.EOF) {
			return fmt.Errorf("%s:%d: read: %w", name, lineNo, err)
		}
		where := fmt.Sprintf("%s:%d", name, lineNo)
		switch {
		case tooLong:
			if ferr := fn(Item{Where: where, Err: verity.Errorf(verity.EINVALID, "line longer than %d bytes", maxBytes)}); ferr != nil {
				return ferr
			}
		case len(bytes.TrimSpace(line)) > 0:
			src, warn, perr := parseRecord(line)
			if ferr := fn(Item{Where: where, Source: src, Err: perr, Warning: warn, Bytes: int64(len(line) + 1)}); ferr != nil {
				return ferr
			}
		}
		if errors.Is(err, io.EOF) {
			return nil
		}
	}
}

// readLine reads one line without its newline; a line over max bytes is
// drained and reported as tooLong instead of being kept in memory.
func readLine(br *bufio.Reader, max int64) (line []byte, tooLong bool, err error) {
	for {
		part, isPrefix, err := br.ReadLine()
		if int64(len(line)+len(part)) > max {
			tooLong = true
		} else {
			line = append(line, part...)
		}
		if err != nil {
			return line, tooLong, err
		}
		if !isPrefix {
			return line, tooLong, nil
		}
	}
}

func parseRecord(line []byte) (*verity.Source, string, error) {
	if !isValidUTF8(line) {
		return nil, "", verity.Errorf(verity.EINVALID, "invalid UTF-8 at byte %d", firstInvalid(line))
	}
	var rec Record
	dec := json.NewDecoder(bytes.NewReader(line))
	if err := dec.Decode(&rec); err != nil {
		return nil, "", verity.Errorf(verity.EINVALID, "malformed JSON: %s", jsonProblem(err))
	}
	if dec.More() {
		return nil, "", verity.Errorf(verity.EINVALID, "malformed JSON: more than one value on the line")
	}
	if strings.TrimSpace(rec.ID) == "" {
		return nil, "", verity.Errorf(verity.EINVALID, "record without \"id\"")
	}
	src := &verity.Source{ID: rec.ID, URI: rec.URI, System: rec.System, Title: strings.TrimSpace(rec.Title), Discoverable: rec.Discoverable}
	if src.URI == "" {
		src.URI = rec.ID
	}
	if src.System == "" {
		src.System = "unknown"
	}
	var warns []string
	author, ok := verity.AuthorPrincipal(rec.Author)
	if !ok {
		warns = append(warns, fmt.Sprintf("record %q: author %q is not an email or user:NAME, so the record is stored without an author (a hint about it names no contact)",
			rec.ID, printable.Line(rec.Author, 80)))
	}
	src.Author = author
	if rec.ACL == nil {
		warns = append(warns, fmt.Sprintf("record %q has no \"acl\": readable by no one", rec.ID))
	} else {
		for _, p := range *rec.ACL {
			pr, err := verity.ParsePrincipal(p)
			if err != nil {
				return nil, "", err
			}
			src.ACL = append(src.ACL, pr)
		}
		if len(src.ACL) == 0 {
			warns = append(warns, fmt.Sprintf("record %q has an empty \"acl\": readable by no one", rec.ID))
		}
	}
	if rec.UpdatedAt != "" {
		t, err := time.Parse(time.RFC3339, rec.UpdatedAt)
		if err != nil {
			return nil, "", verity.Errorf(verity.EINVALID, "updated_at %q: want RFC 3339 such as 2026-01-31T12:00:00Z", rec.UpdatedAt)
		}
		src.UpdatedAt = t
	}
	switch {
	case rec.Text != nil && rec.HTML != nil:
		return nil, "", verity.Errorf(verity.EINVALID, "record %q has both \"text\" and \"html\"", rec.ID)
	case rec.Text != nil:
		text, err := CanonicalString(*rec.Text)
		if err != nil {
			return nil, "", err
		}
		src.Text = text
	case rec.HTML != nil:
		page, err := HTML([]byte(*rec.HTML), src.URI)
		if err != nil {
			return nil, "", err
		}
		src.Text = page.Text
		if src.Title == "" {
			src.Title = page.Title
		}
	default:
		return nil, "", verity.Errorf(verity.EINVALID, "record %q has neither \"text\" nor \"html\"", rec.ID)
	}
	if strings.TrimSpace(src.Text) == "" {
		return nil, "", verity.Errorf(verity.EINVALID, "record %q has empty text", rec.ID)
	}
	return src, strings.Join(warns, "; "), nil
}

func isValidUTF8(b []byte) bool { return firstInvalid(b) == len(b) }

// jsonProblem describes a decoding error without echoing the whole line.
func jsonProblem(err error) string {
	var syn *json.SyntaxError
	if errors.As(err, &syn) {
		return fmt.Sprintf("the line is not JSON (%s at byte %d)", strings.TrimPrefix(syn.Error(), "invalid character "), syn.Offset)
	}
	var typ *json.UnmarshalTypeError
	if errors.As(err, &typ) {
		if typ.Field == "" {
			return fmt.Sprintf("a record is a JSON object {\"id\", \"text\", ...}, not %s", article(typ.Value))
		}
		return fmt.Sprintf("field %q must be %s, not %s", typ.Field, fieldKind(typ.Field, typ.Type.Kind().String()), article(typ.Value))
	}
	if errors.Is(err, io.ErrUnexpectedEOF) {
		return "unexpected end of line (truncated record?)"
	}
	return err.Error()
}

// fieldKind says what a connector record's field holds, in the words of
// the format rather than of Go types.
func fieldKind(field, goKind string) string {
	switch {
	case field == "acl":
		return "a list of principals such as [\"group:staff\", \"user:ann@corp.example\"]"
	case field == "discoverable":
		return "true or false"
	case goKind == "string":
		return "a string"
	case goKind == "slice":
		return "a list"
	}
	return "a " + goKind
}

// article names a JSON value kind with its article: "an array", "a number".
func article(kind string) string {
	switch kind {
	case "array", "object":
		return "an " + kind
	case "":
		return "that value"
	}
	return "a " + kind
}
