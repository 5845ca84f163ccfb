package confluence

import (
	"strings"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"

	"github.com/veritykb/verity/connector/canon"
)

// Text turns a page's storage format (XHTML with ac: and ri: elements)
// into canonical text: a heading on a line of its own after a blank line,
// paragraphs apart, list items as "- " lines, table cells joined by " | ",
// code macros' bodies kept, macro parameters, images and emoticons
// dropped, and a link's shown text (or the title of the page it names).
// Headings matter: extraction's referent step reads them.
func Text(storage string) string {
	nodes, err := html.ParseFragment(strings.NewReader(storage), &html.Node{Type: html.ElementNode, Data: "body", DataAtom: atom.Body})
	if err != nil {
		return ""
	}
	w := &textWriter{}
	for _, n := range nodes {
		w.node(n)
	}
	return w.String()
}

type textWriter struct {
	canon.Text
	// inItem is how deep in list items the writer is: there a paragraph
	// is part of the item's line.
	inItem int
	inLink bool
}

func (w *textWriter) children(n *html.Node) {
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		w.node(c)
	}
}

func (w *textWriter) node(n *html.Node) {
	switch n.Type {
	case html.TextNode:
		w.Inline(n.Data)
		return
	case html.CommentNode:
		// The HTML parser reads a CDATA section (a code macro's body) as
		// a comment "[CDATA[...]]".
		if body, ok := strings.CutPrefix(n.Data, "[CDATA["); ok {
			if w.inItem > 0 || w.inLink {
				w.Inline(strings.TrimSuffix(body, "]]"))
				return
			}
			w.Flush()
			for l := range strings.SplitSeq(strings.TrimSuffix(body, "]]"), "\n") {
				if strings.TrimSpace(l) != "" {
					w.Line(strings.TrimRight(l, " \t\r"))
				}
			}
		}
		return
	case html.ElementNode:
	default:
		w.children(n)
		return
	}
	switch n.Data {
	case "ac:parameter", "ac:image", "ac:emoticon", "ac:placeholder", "script", "style":
		return
	case "ac:link":
		// The link's body when it has one, else the title it links to.
		// (The HTML parser does not close an empty <ri:page/>, so the
		// body may lie inside it.)
		if body := find(n, func(c *html.Node) bool { return c.Data == "ac:plain-text-link-body" || c.Data == "ac:link-body" }); body != nil {
			w.inLink = true
			w.children(body)
			w.inLink = false
			return
		}
		if ri := find(n, func(c *html.Node) bool { return strings.HasPrefix(c.Data, "ri:") }); ri != nil {
			for _, a := range ri.Attr {
				if a.Key == "ri:content-title" || a.Key == "ri:filename" {
					w.Inline(a.Val)
				}
			}
		}
		return
	case "h1", "h2", "h3", "h4", "h5", "h6":
		w.Block()
		w.children(n)
		w.Block()
		return
	case "li":
		w.Flush()
		w.Inline("- ")
		w.inItem++
		w.children(n)
		w.inItem--
		w.Flush()
		return
	case "ul", "ol":
		w.Flush()
		w.children(n)
		w.Block()
		return
	case "tr":
		w.Flush()
		first := true
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			if c.Type != html.ElementNode || (c.Data != "td" && c.Data != "th") {
				continue
			}
			if !first {
				w.Inline(" | ")
			}
			first = false
			w.inItem++
			w.children(c)
			w.inItem--
		}
		w.Flush()
		return
	case "br":
		w.Flush()
		return
	case "p", "div", "table", "blockquote", "pre", "ac:structured-macro", "ac:rich-text-body", "ac:task-list", "ac:layout-cell":
		if w.inItem > 0 && (n.Data == "p" || n.Data == "div") {
			w.Inline(" ")
			w.children(n)
			w.Inline(" ")
			return
		}
		w.Block()
		w.children(n)
		w.Block()
		return
	case "td", "th":
		w.Inline(" ")
		w.inItem++
		w.children(n)
		w.inItem--
		w.Inline(" ")
		return
	}
	w.children(n)
}

// find returns the first element under n that ok accepts, depth first.
func find(n *html.Node, ok func(*html.Node) bool) *html.Node {
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		if c.Type == html.ElementNode && ok(c) {
			return c
		}
		if f := find(c, ok); f != nil {
			return f
		}
	}
	return nil
}
