package ingest

import (
	"bytes"
	"fmt"
	"net/url"
	"strings"

	readability "codeberg.org/readeck/go-readability/v2"
	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"

	"github.com/veritykb/verity"
)

// Page is what an HTML reader found: a title, the author line if any, and
// canonical text with headings kept as Markdown "#" lines.
type Page struct {
	Title  string
	Byline string
	Text   string
}

// minArticle is the shortest main text readability may return before we fall
// back to the whole body: short pages (a logo wall, a testimonial) matter as
// much as long articles, and readability drops them.
const minArticle = 400

// HTML reads an HTML page. Readability removes navigation and boilerplate
// when it finds a main article; otherwise the whole body is used without
// scripts, styles, navigation, headers and footers. The title is the page's
// title and is put at the top of the text as a heading when the text does not
// already start with it, so a product named only in the title stays quotable.
//
// HTML takes no context: parsing is linear in the input, which its caller
// bounds in size, and pages nested deeper than [MaxHTMLDepth] elements are
// refused before the tree is built, since readability and the renderer
// recurse once per level.
func HTML(data []byte, pageURL string) (*Page, error) {
	if _, err := Canonical(data); err != nil {
		return nil, err
	}
	if d := htmlDepth(data); d > MaxHTMLDepth {
		return nil, verity.Errorf(verity.EINVALID, "broken HTML: elements nested more than %d deep", MaxHTMLDepth)
	}
	doc, err := html.Parse(bytes.NewReader(data))
	if err != nil {
		return nil, verity.Errorf(verity.EINVALID, "broken HTML: %w", err)
	}
	u, _ := url.Parse(pageURL)
	page := &Page{}
	article, rerr := readability.FromDocument(doc, u)
	var text string
	if rerr == nil && article.Node != nil {
		page.Title = strings.TrimSpace(article.Title())
		page.Byline = strings.TrimSpace(article.Byline())
		text = renderBlocks(article.Node)
	}
	// Parse again: readability mutates the tree it reads. The whole body
	// is the text when readability found too little, or when it dropped
	// the logos of a logo wall (which it scores as empty blocks): on a page
	// of customers they are the content.
	doc, err = html.Parse(bytes.NewReader(data))
	if err != nil {
		return nil, verity.Errorf(verity.EINVALID, "broken HTML: %w", err)
	}
	if body := findBody(doc); body != nil {
		full, logos := renderBody(body)
		if (len(text) < minArticle && len(full) > len(text)) || missing(logos, text) >= minDroppedLogos {
			text = full
		}
	}
	if page.Title == "" {
		page.Title = findTitle(doc)
	}
	if strings.TrimSpace(text) == "" && page.Title == "" {
		return nil, verity.Errorf(verity.EINVALID, "HTML has no text")
	}
	if page.Title != "" && !strings.HasPrefix(strings.TrimLeft(text, "# \n"), page.Title) {
		text = "# " + page.Title + "\n\n" + text
	}
	canon, err := CanonicalString(text)
	if err != nil {
		return nil, fmt.Errorf("html text: %w", err)
	}
	page.Text = strings.TrimSpace(canon)
	return page, nil
}

// MaxHTMLDepth is the deepest nesting of elements HTML reads. Browsers
// stop nesting at 512 too (x/net/html refuses deeper open-element stacks);
// a page nested deeper is broken or hostile.
const MaxHTMLDepth = 512

// htmlDepth estimates, with the tokenizer and before any tree is built,
// how deeply the elements of a page nest: start tags open a level and end
// tags close one, except void elements and those whose end tag may be left
// out (p, li, td...), which the parser closes by itself. Elements a sloppy
// page leaves open count as nested, as the parser keeps most of them open
// too.
func htmlDepth(data []byte) int {
	z := html.NewTokenizer(bytes.NewReader(data))
	depth, most := 0, 0
	for {
		switch z.Next() {
		case html.ErrorToken:
			return most
		case html.StartTagToken:
			name, _ := z.TagName()
			if a := atom.Lookup(name); !voidElements[a] && !optionalEnd[a] {
				depth++
				most = max(most, depth)
			}
		case html.EndTagToken:
			name, _ := z.TagName()
			if a := atom.Lookup(name); !voidElements[a] && !optionalEnd[a] && depth > 0 {
				depth--
			}
		}
	}
}

var voidElements = map[atom.Atom]bool{
	atom.Area: true, atom.Base: true, atom.Br: true, atom.Col: true, atom.Embed: true, atom.Hr: true,
	atom.Img: true, atom.Input: true, atom.Link: true, atom.Meta: true, atom.Source: true,
	atom.Track: true, atom.Wbr: true, atom.Param: true, atom.Keygen: true,
}

var optionalEnd = map[atom.Atom]bool{
	atom.P: true, atom.Li: true, atom.Dt: true, atom.Dd: true, atom.Tr: true, atom.Td: true,
	atom.Th: true, atom.Option: true, atom.Optgroup: true, atom.Thead: true, atom.Tbody: true,
	atom.Tfoot: true, atom.Colgroup: true, atom.Caption: true, atom.Rb: true, atom.Rt: true,
	atom.Rp: true, atom.Rtc: true, atom.Html: true, atom.Head: true, atom.Body: true,
}

func findBody(n *html.Node) *html.Node {
	if n.Type == html.ElementNode && n.DataAtom == atom.Body {
		return n
	}
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		if b := findBody(c); b != nil {
			return b
		}
	}
	return nil
}

func findTitle(n *html.Node) string {
	if n.Type == html.ElementNode && n.DataAtom == atom.Title {
		return strings.Join(strings.Fields(textOf(n)), " ")
	}
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		if t := findTitle(c); t != "" {
			return t
		}
	}
	return ""
}

func textOf(n *html.Node) string {
	var b strings.Builder
	var walk func(*html.Node)
	walk = func(n *html.Node) {
		if n.Type == html.TextNode {
			b.WriteString(n.Data)
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	walk(n)
	return b.String()
}

// minDroppedLogos is how many stand-alone images with alt text (logos)
// readability may leave out before the whole body is read instead: one is a
// picture the article can do without, two are a row of logos.
const minDroppedLogos = 2

// missing counts the texts of alts that text does not hold.
func missing(alts []string, text string) int {
	n := 0
	for _, a := range alts {
		if !strings.Contains(text, a) {
			n++
		}
	}
	return n
}

// renderBody is renderBlocks, also returning the alt texts of the images
// that became paragraphs of their own.
func renderBody(root *html.Node) (string, []string) {
	r := &renderer{}
	r.walk(root)
	r.endBlock()
	return strings.TrimSpace(r.out.String()), r.logos
}

// renderBlocks turns an HTML tree into text: one paragraph per block element
// separated by blank lines, headings as "# " lines, list items as "- " lines,
// <br> as a line break, <pre> verbatim, whitespace elsewhere collapsed.
func renderBlocks(root *html.Node) string {
	r := &renderer{}
	r.walk(root)
	r.endBlock()
	return strings.TrimSpace(r.out.String())
}

type renderer struct {
	out  strings.Builder
	line strings.Builder // the paragraph being built
	pre  int
	// wordless caches, per block element, whether it holds no text of its
	// own (only images, links around them, spacing).
	wordless map[*html.Node]bool
	logos    []string // alt texts written as paragraphs of their own
}

func (r *renderer) endBlock() {
	s := strings.TrimSpace(r.line.String())
	r.line.Reset()
	if s == "" {
		return
	}
	if r.out.Len() > 0 {
		r.out.WriteString("\n\n")
	}
	r.out.WriteString(s)
}

var skipped = map[atom.Atom]bool{
	atom.Script: true, atom.Style: true, atom.Noscript: true, atom.Template: true, atom.Svg: true,
	atom.Nav: true, atom.Footer: true, atom.Header: true, atom.Form: true, atom.Button: true,
	atom.Iframe: true, atom.Select: true, atom.Head: true,
}

var blocks = map[atom.Atom]bool{
	atom.P: true, atom.Div: true, atom.Section: true, atom.Article: true, atom.Main: true,
	atom.Blockquote: true, atom.Ul: true, atom.Ol: true, atom.Table: true, atom.Tr: true,
	atom.Figure: true, atom.Figcaption: true, atom.Dl: true, atom.Dt: true, atom.Dd: true,
	atom.Aside: true, atom.Address: true, atom.Hr: true, atom.Caption: true, atom.Details: true,
	atom.Summary: true,
}

func (r *renderer) walk(n *html.Node) {
	switch n.Type {
	case html.TextNode:
		if r.pre > 0 {
			r.line.WriteString(n.Data)
			return
		}
		r.writeCollapsed(n.Data)
		return
	case html.ElementNode:
		if skipped[n.DataAtom] {
			return
		}
		// Images speak through their alt text: a logo wall is a list of
		// alts. An image in running text keeps its place in the sentence;
		// images in a block without words of its own (a grid of logos,
		// a row of them in one paragraph) each become a paragraph, so that
		// one logo's alt text is one quotable line and is not glued to the
		// next one's.
		if n.DataAtom == atom.Img {
			alt := strings.TrimSpace(attr(n, "alt"))
			switch {
			case alt == "":
			case r.pre == 0 && r.standsAlone(n):
				r.endBlock()
				r.writeCollapsed(alt)
				r.logos = append(r.logos, strings.Join(strings.Fields(alt), " "))
				r.endBlock()
			default:
				r.writeCollapsed(" " + alt + " ")
			}
			return
		}
	case html.CommentNode, html.DoctypeNode:
		return
	}
	level := headingLevel(n)
	switch {
	case level > 0:
		r.endBlock()
		r.line.WriteString(strings.Repeat("#", level) + " ")
	case n.DataAtom == atom.Li:
		r.endBlock()
		r.line.WriteString("- ")
	case n.DataAtom == atom.Br:
		r.line.WriteString("\n")
		return
	case n.DataAtom == atom.Pre:
		r.endBlock()
		r.pre++
	case n.DataAtom == atom.Td || n.DataAtom == atom.Th:
		if r.line.Len() > 0 {
			r.line.WriteString(" | ")
		}
	case blocks[n.DataAtom]:
		r.endBlock()
	}
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		r.walk(c)
	}
	switch {
	case level > 0, n.DataAtom == atom.Li, blocks[n.DataAtom]:
		if level > 0 {
			// A heading is one line however it was wrapped.
			h := strings.Join(strings.Fields(r.line.String()), " ")
			r.line.Reset()
			if h != strings.Repeat("#", level) {
				r.line.WriteString(h)
			}
		}
		r.endBlock()
	case n.DataAtom == atom.Pre:
		r.pre--
		r.endBlock()
	}
}

// standsAlone reports whether an image's nearest block ancestor (below a
// list item or a heading, which are lines of their own already) holds no
// words besides alt texts.
func (r *renderer) standsAlone(img *html.Node) bool {
	b := img.Parent
	for b != nil && b.Type == html.ElementNode && !blocks[b.DataAtom] && b.DataAtom != atom.Body {
		if b.DataAtom == atom.Li || headingLevel(b) > 0 || b.DataAtom == atom.Td || b.DataAtom == atom.Th {
			return false
		}
		b = b.Parent
	}
	if b == nil || b.Type != html.ElementNode || b.DataAtom == atom.Body {
		return false
	}
	if v, ok := r.wordless[b]; ok {
		return v
	}
	if r.wordless == nil {
		r.wordless = map[*html.Node]bool{}
	}
	v := strings.TrimSpace(visibleText(b)) == ""
	r.wordless[b] = v
	return v
}

// visibleText returns the text of n's descendants that the renderer
// writes (not scripts, styles and the like).
func visibleText(n *html.Node) string {
	var b strings.Builder
	var walk func(*html.Node)
	walk = func(n *html.Node) {
		switch {
		case n.Type == html.TextNode:
			b.WriteString(n.Data)
		case n.Type == html.ElementNode && skipped[n.DataAtom]:
			return
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	walk(n)
	return b.String()
}

func (r *renderer) writeCollapsed(s string) {
	fields := strings.Fields(s)
	if len(fields) == 0 {
		if s != "" && r.line.Len() > 0 && !strings.HasSuffix(r.line.String(), " ") {
			r.line.WriteByte(' ')
		}
		return
	}
	cur := r.line.String()
	if isSpaceByte(s[0]) && len(cur) > 0 && !strings.HasSuffix(cur, " ") && !strings.HasSuffix(cur, "\n") {
		r.line.WriteByte(' ')
	}
	r.line.WriteString(strings.Join(fields, " "))
	if isSpaceByte(s[len(s)-1]) {
		r.line.WriteByte(' ')
	}
}

func isSpaceByte(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' }

func headingLevel(n *html.Node) int {
	if n.Type != html.ElementNode {
		return 0
	}
	switch n.DataAtom {
	case atom.H1:
		return 1
	case atom.H2:
		return 2
	case atom.H3:
		return 3
	case atom.H4:
		return 4
	case atom.H5:
		return 5
	case atom.H6:
		return 6
	}
	return 0
}

func attr(n *html.Node, key string) string {
	for _, a := range n.Attr {
		if a.Key == key {
			return a.Val
		}
	}
	return ""
}
