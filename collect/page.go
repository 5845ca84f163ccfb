package collect

import (
	"bytes"
	"context"
	"fmt"
	"net/url"
	"strings"
	"unicode/utf8"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
	"golang.org/x/net/html/charset"
	"golang.org/x/text/encoding"
	"golang.org/x/text/transform"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/analysis"
	"github.com/veritykb/verity/ingest"
)

// decodeHTML returns HTML as UTF-8 and the name of the charset it was in.
// A body that is valid UTF-8 is read as UTF-8 whatever it declares (unless
// it declares UTF-16): a legacy single-byte text such as windows-1251
// Russian is practically never valid UTF-8, while servers that declare a
// legacy charset for pages they have long served as UTF-8 are common, and
// the HTML standard's windows-1252 fallback looks only at the first 1024
// bytes, garbling a page whose head is ASCII. Otherwise the standard's
// sniffing decides (byte-order mark, the Content-Type charset, a <meta>
// declaration, windows-1252). A label the standard maps to its
// "replacement" encoding cannot be decoded and is an error.
func decodeHTML(body []byte, contentType string) ([]byte, string, error) {
	enc, name, _ := charset.DetermineEncoding(body, contentType)
	if utf8.Valid(body) && !strings.HasPrefix(name, "utf-16") {
		return bytes.TrimPrefix(body, []byte("\xef\xbb\xbf")), "utf-8", nil
	}
	if enc == nil || name == "replacement" {
		return nil, name, fmt.Errorf("charset %q cannot be decoded", name)
	}
	if enc == encoding.Nop || name == "utf-8" {
		return bytes.ToValidUTF8(body, []byte("\uFFFD")), "utf-8", nil
	}
	out, _, err := transform.Bytes(enc.NewDecoder(), body)
	if err != nil {
		return nil, name, fmt.Errorf("decode %s: %w", name, err)
	}
	if !utf8.Valid(out) {
		out = bytes.ToValidUTF8(out, []byte("\uFFFD"))
	}
	return out, name, nil
}

// pageMeta is what the crawler reads from an HTML page besides its text.
type pageMeta struct {
	links    []*url.URL
	noindex  bool
	nofollow bool
}

// scanHTML finds the links of a page (a and area hrefs, resolved against
// <base href> or the page URL, without rel=nofollow ones) and its robots
// meta directives, for the product tokens "robots" and agent.
func scanHTML(body []byte, pageURL *url.URL, agent string) pageMeta {
	var m pageMeta
	base := pageURL
	agent = strings.ToLower(agent)
	z := html.NewTokenizer(bytes.NewReader(body))
	for {
		tt := z.Next()
		if tt == html.ErrorToken {
			return m
		}
		if tt != html.StartTagToken && tt != html.SelfClosingTagToken {
			continue
		}
		name, hasAttr := z.TagName()
		if !hasAttr {
			continue
		}
		a := atom.Lookup(name)
		if a != atom.A && a != atom.Area && a != atom.Base && a != atom.Meta {
			continue
		}
		attrs := map[string]string{}
		for {
			k, v, more := z.TagAttr()
			key := string(k)
			if _, dup := attrs[key]; !dup {
				attrs[key] = string(v)
			}
			if !more {
				break
			}
		}
		switch a {
		case atom.Base:
			if b, err := pageURL.Parse(strings.TrimSpace(attrs["href"])); err == nil && attrs["href"] != "" {
				base = b
			}
		case atom.Meta:
			n := strings.ToLower(strings.TrimSpace(attrs["name"]))
			if n != "robots" && n != agent {
				continue
			}
			d := robotsDirectives(attrs["content"])
			m.noindex = m.noindex || d.noindex
			m.nofollow = m.nofollow || d.nofollow
		default:
			href := strings.TrimSpace(attrs["href"])
			if href == "" || strings.HasPrefix(href, "#") || hasWord(attrs["rel"], "nofollow") {
				continue
			}
			u, err := base.Parse(href)
			if err != nil || (u.Scheme != "http" && u.Scheme != "https") {
				continue
			}
			u.Fragment = ""
			m.links = append(m.links, u)
		}
	}
}

type directives struct{ noindex, nofollow bool }

// robotsDirectives reads a robots meta content or X-Robots-Tag value
// ("noindex, nofollow", "none").
func robotsDirectives(v string) directives {
	var d directives
	for _, f := range strings.FieldsFunc(strings.ToLower(v), func(r rune) bool { return r == ',' || r == ' ' }) {
		switch f {
		case "noindex":
			d.noindex = true
		case "nofollow":
			d.nofollow = true
		case "none":
			d.noindex, d.nofollow = true, true
		}
	}
	return d
}

// xRobots reads X-Robots-Tag headers: directives for every crawler, and
// those prefixed with agent ("verity: noindex").
func xRobots(values []string, agent string) directives {
	var d directives
	agent = strings.ToLower(agent)
	for _, v := range values {
		lv := strings.ToLower(strings.TrimSpace(v))
		if name, rest, ok := strings.Cut(lv, ":"); ok && !strings.ContainsAny(name, ", ") {
			if name != agent {
				continue
			}
			lv = rest
		}
		x := robotsDirectives(lv)
		d.noindex = d.noindex || x.noindex
		d.nofollow = d.nofollow || x.nofollow
	}
	return d
}

func hasWord(list, w string) bool {
	for _, f := range strings.Fields(strings.ToLower(list)) {
		if f == w {
			return true
		}
	}
	return false
}

// pageSource turns a fetched page into a Source and its chunks: system
// "web", id and uri the canonical URL (the store refuses an id with a
// second uri, so both must be the same stable string), UpdatedAt the fetch
// time, text through the ingest readers; PDFs through readPDF, or
// [ingest.PDF] when it is nil.
func pageSource(ctx context.Context, r *Response, id string, acl []verity.Principal, readPDF ingest.PDFReader) (*verity.Source, []verity.Chunk, error) {
	if readPDF == nil {
		readPDF = ingest.PDF
	}
	src := &verity.Source{ID: id, URI: id, System: verity.SystemWeb, ACL: acl, UpdatedAt: r.FetchedAt.UTC()}
	switch r.MediaType {
	case "application/pdf":
		text, err := readPDF(ctx, r.Body)
		if err != nil {
			return nil, nil, err
		}
		src.Text = text
		src.Title = pdfTitle(text, id)
	default:
		page, err := ingest.HTML(r.Body, r.URL)
		if err != nil {
			return nil, nil, err
		}
		src.Title, src.Text = page.Title, page.Text
	}
	if strings.TrimSpace(src.Text) == "" {
		return nil, nil, verity.Errorf(verity.EINVALID, "no text")
	}
	return src, ingest.Chunks(src, analysis.DefaultChunkOptions), nil
}

// pdfTitle is the first line of a PDF's text, which is usually its title,
// or the last path segment of its URL.
func pdfTitle(text, id string) string {
	line, _, _ := strings.Cut(strings.TrimSpace(text), "\n")
	if line = strings.TrimSpace(line); line != "" && utf8.RuneCountInString(line) <= 200 {
		return line
	}
	if u, err := url.Parse(id); err == nil {
		if i := strings.LastIndexByte(u.Path, '/'); i >= 0 && i+1 < len(u.Path) {
			return u.Path[i+1:]
		}
	}
	return id
}
