package answer

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/llm"
)

// Submission is an answer produced anywhere, to be checked by [Service.Check].
type Submission struct {
	Question string `json:"question,omitempty"`
	// Text is the answer. [N] markers in it cite Documents[N-1].
	Text string `json:"answer"`
	// Documents are the texts the answer could cite, numbered from 1. With
	// none, claims are checked against sources retrieved from the store
	// under the caller's rights.
	Documents []Document `json:"documents,omitempty"`
	// Citations are a provider's own (Anthropic's Citations API): spans of
	// Text with the document index (from 0) and the cited text. Their
	// cited text is offered as each claim's quote and located by code.
	Citations []llm.Citation `json:"citations,omitempty"`
}

// Document is one text an answer may cite: given inline (Title, Text), or
// a record of the store named by SourceID (and Version, 0 for the current
// one), read under the caller's rights.
type Document struct {
	Title    string `json:"title,omitempty"`
	Text     string `json:"text,omitempty"`
	SourceID string `json:"source_id,omitempty"`
	Version  int    `json:"version,omitempty"`
}

// ParseSubmission reads an answer file. It accepts:
//
//   - Verity's check format, a JSON object:
//     {"question": "...", "answer": "text with [N] markers",
//     "documents": [{"title": "...", "text": "..."} | {"source_id": "ID", "version": 2}]}
//   - an Anthropic Messages API response (the JSON the API returns, with
//     "content" blocks whose "citations" carry "cited_text" and
//     "document_index"), bare or wrapped as
//     {"documents": [...], "response": {...}} or {"request": {...}, "response": {...}},
//     where a request's document blocks become the documents;
//   - anything else that is not JSON: plain text with [N] markers, whose
//     documents the caller adds (the CLI's --doc and --source flags).
func ParseSubmission(data []byte) (Submission, error) {
	data = bytes.TrimPrefix(data, []byte("\ufeff"))
	if !utf8.Valid(data) {
		return Submission{}, verity.Errorf(verity.EINVALID, "answer file: not UTF-8 text")
	}
	trimmed := bytes.TrimSpace(data)
	if len(trimmed) == 0 {
		return Submission{}, verity.Errorf(verity.EINVALID, "answer file: empty")
	}
	if trimmed[0] != '{' {
		return Submission{Text: string(data)}, nil
	}
	var probe map[string]json.RawMessage
	if err := json.Unmarshal(trimmed, &probe); err != nil {
		return Submission{}, verity.Errorf(verity.EINVALID, "answer file: looks like JSON but does not parse: %w", err)
	}
	switch {
	case probe["content"] != nil:
		return anthropicSubmission(trimmed, nil)
	case probe["response"] != nil:
		var w struct {
			Question  string          `json:"question"`
			Documents []Document      `json:"documents"`
			Request   json.RawMessage `json:"request"`
			Response  json.RawMessage `json:"response"`
		}
		if err := json.Unmarshal(trimmed, &w); err != nil {
			return Submission{}, verity.Errorf(verity.EINVALID, "answer file: %w", err)
		}
		docs := w.Documents
		if len(docs) == 0 && len(w.Request) > 0 {
			var err error
			if docs, err = anthropicRequestDocuments(w.Request); err != nil {
				return Submission{}, err
			}
		}
		sub, err := anthropicSubmission(w.Response, docs)
		sub.Question = w.Question
		return sub, err
	case probe["answer"] != nil:
		var sub Submission
		if err := json.Unmarshal(trimmed, &sub); err != nil {
			return Submission{}, verity.Errorf(verity.EINVALID, "answer file: %w", err)
		}
		if strings.TrimSpace(sub.Text) == "" {
			return Submission{}, verity.Errorf(verity.EINVALID, "answer file: \"answer\" is empty")
		}
		return sub, nil
	}
	return Submission{}, verity.Errorf(verity.EINVALID,
		`answer file: a JSON object needs "answer" (Verity's format), "content" (an Anthropic response) or "response" (a wrapped one)`)
}

// anthropicResponse is the part of a Messages API response a check reads.
type anthropicResponse struct {
	Content []struct {
		Type      string `json:"type"`
		Text      string `json:"text"`
		Citations []struct {
			Type          string `json:"type"`
			CitedText     string `json:"cited_text"`
			DocumentIndex int    `json:"document_index"`
			DocumentTitle string `json:"document_title"`
		} `json:"citations"`
	} `json:"content"`
}

// anthropicSubmission joins a response's text blocks into the answer and
// turns each citation into a span of it.
func anthropicSubmission(raw []byte, docs []Document) (Submission, error) {
	var r anthropicResponse
	if err := json.Unmarshal(raw, &r); err != nil {
		return Submission{}, verity.Errorf(verity.EINVALID, "answer file: Anthropic response: %w", err)
	}
	sub := Submission{Documents: docs}
	var b strings.Builder
	for _, block := range r.Content {
		if block.Type != "text" {
			continue
		}
		start := b.Len()
		b.WriteString(block.Text)
		for _, c := range block.Citations {
			if c.DocumentIndex < 0 {
				return Submission{}, verity.Errorf(verity.EINVALID, "answer file: citation with document_index %d", c.DocumentIndex)
			}
			sub.Citations = append(sub.Citations, llm.Citation{Document: c.DocumentIndex, DocumentTitle: c.DocumentTitle,
				CitedText: c.CitedText, Kind: c.Type, AnswerStart: start, AnswerEnd: b.Len()})
		}
	}
	sub.Text = b.String()
	if strings.TrimSpace(sub.Text) == "" {
		return Submission{}, verity.Errorf(verity.EINVALID, "answer file: the Anthropic response has no text")
	}
	for _, c := range sub.Citations {
		if len(docs) > 0 && c.Document >= len(docs) {
			return Submission{}, verity.Errorf(verity.EINVALID, "answer file: a citation names document_index %d, but there are %d documents", c.Document, len(docs))
		}
	}
	return sub, nil
}

// anthropicRequestDocuments reads the document blocks of a Messages API
// request, in order: their index is what citations name.
func anthropicRequestDocuments(raw []byte) ([]Document, error) {
	var req struct {
		Messages []struct {
			Content json.RawMessage `json:"content"`
		} `json:"messages"`
	}
	if err := json.Unmarshal(raw, &req); err != nil {
		return nil, verity.Errorf(verity.EINVALID, "answer file: Anthropic request: %w", err)
	}
	var docs []Document
	for _, m := range req.Messages {
		var blocks []struct {
			Type   string `json:"type"`
			Title  string `json:"title"`
			Source struct {
				Type    string `json:"type"`
				Data    string `json:"data"`
				Content []struct {
					Type string `json:"type"`
					Text string `json:"text"`
				} `json:"content"`
			} `json:"source"`
		}
		if json.Unmarshal(m.Content, &blocks) != nil {
			continue // a plain string message holds no documents
		}
		for _, b := range blocks {
			if b.Type != "document" {
				continue
			}
			var text string
			switch b.Source.Type {
			case "text":
				text = b.Source.Data
			case "content":
				var parts []string
				for _, c := range b.Source.Content {
					if c.Type == "text" {
						parts = append(parts, c.Text)
					}
				}
				text = strings.Join(parts, "")
			default:
				return nil, verity.Errorf(verity.EINVALID, "answer file: document %d has a %q source; only text documents can be checked", len(docs), b.Source.Type)
			}
			docs = append(docs, Document{Title: b.Title, Text: text})
		}
	}
	return docs, nil
}

// String describes a document for messages.
func (d Document) String() string {
	if d.SourceID != "" {
		return fmt.Sprintf("source %s", d.SourceID)
	}
	return fmt.Sprintf("%q", d.Title)
}
