package searchbench

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"

	"github.com/veritykb/verity"
)

// Doc is one passage of a corpus: a line {"id","title","text","acl"} of a
// corpus file. ACL holds principals such as "group:staff"; a line without
// "acl" is public.
type Doc struct {
	ID    string   `json:"id"`
	Title string   `json:"title"`
	Text  string   `json:"text"`
	ACL   []string `json:"acl"`
}

// Query is one line {"query"} of a queries file, with the ids of the
// passages that answer it when the line gives "source_id" or "source_ids".
type Query struct {
	Text string   `json:"query"`
	Gold []string `json:"gold,omitempty"`
}

// maxLine bounds one line of a corpus or queries file.
const maxLine = 64 << 20

// ReadCorpus reads a corpus file. A line that is not a passage (malformed
// JSON, no id, no text, a bad principal, an id given before) is an
// EINVALID error naming the file and line; blank lines are skipped.
func ReadCorpus(path string) ([]Doc, error) {
	var docs []Doc
	seen := map[string]int{}
	err := readLines(path, func(where string, line []byte) error {
		var d struct {
			ID    string    `json:"id"`
			Title string    `json:"title"`
			Text  string    `json:"text"`
			ACL   *[]string `json:"acl"`
		}
		if err := decodeLine(line, &d); err != nil {
			return verity.Errorf(verity.EINVALID, "%s: %w", where, err)
		}
		d.ID = strings.TrimSpace(d.ID)
		switch {
		case d.ID == "":
			return verity.Errorf(verity.EINVALID, "%s: a passage needs an \"id\"", where)
		case strings.TrimSpace(d.Text) == "":
			return verity.Errorf(verity.EINVALID, "%s: passage %q has no \"text\"", where, d.ID)
		case seen[d.ID] > 0:
			return verity.Errorf(verity.EINVALID, "%s: id %q was given before, on line %d", where, d.ID, seen[d.ID])
		}
		seen[d.ID] = len(docs) + 1
		doc := Doc{ID: d.ID, Title: d.Title, Text: d.Text, ACL: []string{string(verity.Public)}}
		if d.ACL != nil {
			if len(*d.ACL) == 0 {
				return verity.Errorf(verity.EINVALID, "%s: passage %q has an empty \"acl\", which no one could read (leave it out for public)", where, d.ID)
			}
			for _, p := range *d.ACL {
				if _, err := verity.ParsePrincipal(p); err != nil {
					return verity.Errorf(verity.EINVALID, "%s: passage %q: %w", where, d.ID, err)
				}
			}
			doc.ACL = *d.ACL
		}
		docs = append(docs, doc)
		return nil
	})
	return docs, err
}

// ReadQueries reads a queries file: lines {"query"}, {"query","source_id"}
// or {"query","source_ids":[...]}. A line without a query is an EINVALID
// error naming the file and line.
func ReadQueries(path string) ([]Query, error) {
	var qs []Query
	err := readLines(path, func(where string, line []byte) error {
		var q struct {
			Query     string   `json:"query"`
			SourceID  string   `json:"source_id"`
			SourceIDs []string `json:"source_ids"`
		}
		if err := decodeLine(line, &q); err != nil {
			return verity.Errorf(verity.EINVALID, "%s: %w", where, err)
		}
		if strings.TrimSpace(q.Query) == "" {
			return verity.Errorf(verity.EINVALID, "%s: a query line needs a \"query\"", where)
		}
		var gold []string
		for _, id := range append([]string{q.SourceID}, q.SourceIDs...) {
			if id = strings.TrimSpace(id); id != "" && !slices.Contains(gold, id) {
				gold = append(gold, id)
			}
		}
		qs = append(qs, Query{Text: q.Query, Gold: gold})
		return nil
	})
	return qs, err
}

// readLines calls fn for every non-blank line of the file at path, with
// where naming the file and line. A missing file is ENOTFOUND.
func readLines(path string, fn func(where string, line []byte) error) error {
	f, err := os.Open(path)
	if errors.Is(err, os.ErrNotExist) {
		return verity.Errorf(verity.ENOTFOUND, "%s: no such file", path)
	}
	if err != nil {
		return verity.Errorf(verity.EINVALID, "open %s: %w", path, err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 0, 1<<16), maxLine)
	n := 0
	for sc.Scan() {
		n++
		if line := bytes.TrimSpace(sc.Bytes()); len(line) > 0 {
			if err := fn(fmt.Sprintf("%s:%d", path, n), line); err != nil {
				return err
			}
		}
	}
	if errors.Is(sc.Err(), bufio.ErrTooLong) {
		return verity.Errorf(verity.EINVALID, "%s:%d: line longer than %d bytes", path, n+1, maxLine)
	}
	if err := sc.Err(); err != nil {
		return verity.Errorf(verity.EINVALID, "read %s: %w", path, err)
	}
	return nil
}

// decodeLine decodes one JSON object, saying what is wrong in words.
func decodeLine(line []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(line))
	if err := dec.Decode(v); err != nil {
		var syn *json.SyntaxError
		var typ *json.UnmarshalTypeError
		switch {
		case errors.As(err, &syn):
			return fmt.Errorf("malformed JSON at byte %d: %s", syn.Offset, syn.Error())
		case errors.As(err, &typ) && typ.Field == "":
			return fmt.Errorf("malformed JSON: a line is an object {...}, not %s", typ.Value)
		case errors.As(err, &typ):
			return fmt.Errorf("malformed JSON: field %q cannot be %s", typ.Field, typ.Value)
		case errors.Is(err, io.ErrUnexpectedEOF):
			return fmt.Errorf("malformed JSON: the line ends inside a value")
		}
		return fmt.Errorf("malformed JSON: %w", err)
	}
	if dec.More() {
		return fmt.Errorf("malformed JSON: more than one value on the line")
	}
	return nil
}
