package jira

import (
	"encoding/json"
	"regexp"
	"strings"

	"github.com/veritykb/verity/connector/canon"
)

// The text of an issue's description and comments, in the canonical form
// Confluence's connector writes too: a heading on a line of its own after
// a blank line, paragraphs apart, list items as "- " lines, table cells
// joined by " | ", code kept line by line, media dropped.

// node is one node of the Atlassian Document Format (Cloud's v3 bodies).
type node struct {
	Type    string         `json:"type"`
	Text    string         `json:"text"`
	Attrs   map[string]any `json:"attrs"`
	Content []node         `json:"content"`
}

// ADF turns a body in the Atlassian Document Format into text. A body
// that is not a document (a plain string, which some fields hold) is its
// own text.
func ADF(raw json.RawMessage) string {
	if len(raw) == 0 || string(raw) == "null" {
		return ""
	}
	var s string
	if json.Unmarshal(raw, &s) == nil {
		return Wiki(s)
	}
	var doc node
	if err := json.Unmarshal(raw, &doc); err != nil {
		return ""
	}
	w := &writer{}
	w.node(doc)
	return w.String()
}

type writer struct {
	canon.Text
	item int // depth in list items: a paragraph there is the item's line
}

func (w *writer) children(n node) {
	for _, c := range n.Content {
		w.node(c)
	}
}

func attr(n node, key string) string {
	s, _ := n.Attrs[key].(string)
	return s
}

func (w *writer) node(n node) {
	switch n.Type {
	case "text":
		w.Inline(n.Text)
	case "hardBreak":
		w.Flush()
	case "mention", "emoji", "status":
		w.Inline(attr(n, "text"))
	case "inlineCard", "blockCard", "embedCard":
		w.Inline(" " + attr(n, "url") + " ")
	case "paragraph":
		if w.item == 0 {
			w.Block()
		} else {
			w.Inline(" ")
		}
		w.children(n)
		if w.item == 0 {
			w.Flush()
		}
	case "heading":
		w.Block()
		w.children(n)
		w.Flush()
		w.Break()
	case "bulletList", "orderedList":
		if w.item == 0 {
			w.Block()
		}
		w.children(n)
	case "listItem":
		w.Flush()
		w.Inline("- ")
		w.item++
		w.children(n)
		w.item--
		w.Flush()
	case "codeBlock":
		w.Block()
		var code strings.Builder
		for _, c := range n.Content {
			code.WriteString(c.Text)
		}
		for _, l := range strings.Split(code.String(), "\n") {
			if strings.TrimSpace(l) != "" {
				w.Line(strings.TrimRight(l, " \t"))
			}
		}
	case "tableRow":
		w.Flush()
		for i, c := range n.Content {
			if i > 0 {
				w.Inline(" | ")
			}
			w.item++ // a cell's paragraphs stay on the row's line
			w.children(c)
			w.item--
		}
		w.Flush()
	case "table", "blockquote", "panel", "expand", "nestedExpand", "layoutSection", "layoutColumn":
		w.Block()
		w.children(n)
		w.Flush()
	case "rule", "media", "mediaSingle", "mediaGroup", "mediaInline":
		w.Flush()
	default:
		w.children(n)
	}
}

var (
	wikiHeading = regexp.MustCompile(`^h[1-6]\.\s+(.*)$`)
	wikiItem    = regexp.MustCompile(`^[*#-]+\s+(.*)$`)
	wikiLink    = regexp.MustCompile(`\[(?:([^|\]]*)\|)?([^\]]*)\]`)
	wikiMacro   = regexp.MustCompile(`\{(?:color|panel|quote|anchor)(?::[^}]*)?\}`)
	wikiEmph    = regexp.MustCompile(`(^|[\s(])[*_+^~]([^\s*_+^~](?:[^*_+^~]*[^\s*_+^~])?)[*_+^~]([\s).,;:!?]|$)`)
	wikiImage   = regexp.MustCompile(`![^!\s]+!`)
)

// Wiki turns Jira Data Center's wiki markup into text: headings (h1.) on
// their own line, list items (* # -) as "- " lines, table rows (|| and |)
// as cells joined by " | ", {code} and {noformat} bodies kept, links as
// their shown text (or address), emphasis marks and images dropped.
func Wiki(markup string) string {
	w := &writer{}
	code := false
	for _, raw := range strings.Split(strings.ReplaceAll(markup, "\r\n", "\n"), "\n") {
		line := strings.TrimSpace(raw)
		if strings.HasPrefix(line, "{code") || strings.HasPrefix(line, "{noformat") {
			w.Block()
			code = !code
			if rest := line[strings.IndexByte(line, '}')+1:]; strings.TrimSpace(rest) != "" && code {
				w.Line(strings.TrimSpace(rest))
			}
			continue
		}
		if code {
			if strings.HasSuffix(line, "{code}") || strings.HasSuffix(line, "{noformat}") {
				if body := strings.TrimSuffix(strings.TrimSuffix(line, "{code}"), "{noformat}"); strings.TrimSpace(body) != "" {
					w.Line(body)
				}
				code = false
				continue
			}
			if strings.TrimSpace(raw) != "" {
				w.Line(strings.TrimRight(raw, " \t"))
			}
			continue
		}
		line = strings.TrimPrefix(line, "bq. ")
		line = wikiMacro.ReplaceAllString(line, "")
		line = wikiImage.ReplaceAllString(line, "")
		line = wikiLink.ReplaceAllStringFunc(line, func(m string) string {
			p := wikiLink.FindStringSubmatch(m)
			if p[1] != "" {
				return p[1]
			}
			return p[2]
		})
		line = strings.ReplaceAll(strings.ReplaceAll(line, "{{", ""), "}}", "")
		for range 3 { // nested emphasis
			line = wikiEmph.ReplaceAllString(line, "$1$2$3")
		}
		line = strings.ReplaceAll(line, `\\`, " ")
		switch {
		case line == "":
			w.Block()
		case wikiHeading.MatchString(line):
			w.Block()
			w.Inline(wikiHeading.FindStringSubmatch(line)[1])
			w.Flush()
			w.Break()
		case strings.HasPrefix(line, "|"):
			w.Flush()
			cells := strings.FieldsFunc(line, func(r rune) bool { return r == '|' })
			var kept []string
			for _, c := range cells {
				if c = strings.TrimSpace(c); c != "" {
					kept = append(kept, c)
				}
			}
			w.Inline(strings.Join(kept, " | "))
			w.Flush()
		case wikiItem.MatchString(line) && !strings.HasPrefix(line, "----"):
			w.Flush()
			w.Inline("- " + wikiItem.FindStringSubmatch(line)[1])
			w.Flush()
		case strings.HasPrefix(line, "----"):
			w.Block()
		default:
			w.Inline(" " + line)
		}
	}
	return w.String()
}
