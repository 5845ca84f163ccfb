package collect

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"encoding/xml"
	"errors"
	"io"
	"strings"

	"golang.org/x/net/html/charset"

	"github.com/veritykb/verity"
)

// Sitemap is what one sitemap file lists: page URLs (a <urlset>) or further
// sitemaps (a <sitemapindex>), in file order.
type Sitemap struct {
	URLs     []string
	Sitemaps []string
}

// Sitemap limits from sitemaps.org: at most 50,000 URLs and 50 MB
// uncompressed per file.
const (
	maxSitemapURLs  = 50000
	maxSitemapBytes = 50 << 20
)

// ParseSitemap reads a sitemap: XML <urlset> or <sitemapindex> (namespaces
// are not checked, as sitemaps in the wild get them wrong), gzip-compressed
// or not, or a plain-text sitemap with one URL per line. Entries beyond the
// protocol's 50,000 are dropped. Malformed XML after some entries keeps the
// entries read so far and reports the error with them.
func ParseSitemap(data []byte) (*Sitemap, error) {
	if len(data) >= 2 && data[0] == 0x1f && data[1] == 0x8b {
		zr, err := gzip.NewReader(bytes.NewReader(data))
		if err != nil {
			return nil, verity.Errorf(verity.EINVALID, "sitemap: bad gzip: %w", err)
		}
		unz, err := io.ReadAll(io.LimitReader(zr, maxSitemapBytes+1))
		if err != nil {
			return nil, verity.Errorf(verity.EINVALID, "sitemap: bad gzip: %w", err)
		}
		if len(unz) > maxSitemapBytes {
			return nil, verity.Errorf(verity.EINVALID, "sitemap: more than %d bytes uncompressed", maxSitemapBytes)
		}
		data = unz
	}
	trimmed := bytes.TrimSpace(bytes.TrimPrefix(data, []byte("\xef\xbb\xbf")))
	if !bytes.HasPrefix(trimmed, []byte("<")) {
		return parseTextSitemap(trimmed), nil
	}
	sm := &Sitemap{}
	dec := xml.NewDecoder(bytes.NewReader(trimmed))
	dec.Strict = false
	dec.CharsetReader = charset.NewReaderLabel
	var stack []string
	var loc strings.Builder
	for {
		tok, err := dec.Token()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			if len(sm.URLs)+len(sm.Sitemaps) == 0 {
				return nil, verity.Errorf(verity.EINVALID, "sitemap: %w", err)
			}
			return sm, verity.Errorf(verity.EINVALID, "sitemap: %w (kept the %d entries before it)", err, len(sm.URLs)+len(sm.Sitemaps))
		}
		switch t := tok.(type) {
		case xml.StartElement:
			stack = append(stack, strings.ToLower(t.Name.Local))
			if len(stack) > 64 {
				return sm, verity.Errorf(verity.EINVALID, "sitemap: nested too deeply")
			}
			loc.Reset()
		case xml.CharData:
			if len(stack) > 0 && stack[len(stack)-1] == "loc" && loc.Len() < 8192 {
				loc.Write(t)
			}
		case xml.EndElement:
			if len(stack) >= 2 && stack[len(stack)-1] == "loc" {
				v := strings.TrimSpace(loc.String())
				switch parent := stack[len(stack)-2]; {
				case v == "":
				case parent == "url" && len(sm.URLs) < maxSitemapURLs:
					sm.URLs = append(sm.URLs, v)
				case parent == "sitemap" && len(sm.Sitemaps) < maxSitemapURLs:
					sm.Sitemaps = append(sm.Sitemaps, v)
				}
			}
			if len(stack) > 0 {
				stack = stack[:len(stack)-1]
			}
		}
	}
	return sm, nil
}

func parseTextSitemap(data []byte) *Sitemap {
	sm := &Sitemap{}
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 0, 4096), 64<<10)
	for sc.Scan() && len(sm.URLs) < maxSitemapURLs {
		line := strings.TrimSpace(sc.Text())
		if strings.HasPrefix(line, "http://") || strings.HasPrefix(line, "https://") {
			sm.URLs = append(sm.URLs, line)
		}
	}
	return sm
}
