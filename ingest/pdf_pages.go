package ingest

import (
	"context"
	"strings"

	"github.com/ledongthuc/pdf"

	"github.com/veritykb/verity"
)

// Bounds of the page tree as [pdfPages] walks it. Real page trees are
// balanced and shallow (a few levels for thousands of pages); the bounds
// stop a tree that loops or fans out without end before the library sees it.
const (
	maxPDFTreeDepth = 256
	maxPDFPages     = 1 << 17
)

// pdfPages walks the page tree of r in page order and returns its pages.
//
// The library's own walk ([pdf.Reader.Page]) starts again from the root
// for every page and follows /Kids without remembering where it has been,
// so a /Kids entry that points back at an ancestor makes it spin forever.
// Here every node is visited once: a node met twice (a cycle, or a subtree
// shared by two parents, which would multiply the pages) is a broken PDF,
// as are trees deeper than maxPDFTreeDepth or with more than maxPDFPages
// pages, and pages whose /Parent chain does not end (the library follows it
// to find inherited resources).
func pdfPages(ctx context.Context, r *pdf.Reader) ([]pdf.Page, error) {
	type node struct {
		v     pdf.Value
		depth int
	}
	root := r.Trailer().Key("Root").Key("Pages")
	if root.Kind() != pdf.Dict {
		return nil, verity.Errorf(verity.EINVALID, "broken PDF: no page tree")
	}
	seen := map[string]bool{}
	stack := []node{{root, 0}}
	var pages []pdf.Page
	for len(stack) > 0 {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		n := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		switch n.v.Key("Type").Name() {
		case "Page":
			if err := checkParents(n.v); err != nil {
				return nil, err
			}
			if len(pages) == maxPDFPages {
				return nil, verity.Errorf(verity.EINVALID, "broken PDF: more than %d pages", maxPDFPages)
			}
			pages = append(pages, pdf.Page{V: n.v})
		case "Pages":
			if n.depth >= maxPDFTreeDepth {
				return nil, verity.Errorf(verity.EINVALID, "broken PDF: page tree deeper than %d levels (a /Kids cycle?)", maxPDFTreeDepth)
			}
			kids := n.v.Key("Kids")
			for _, ref := range objectRefs(kids) {
				if seen[ref] {
					return nil, verity.Errorf(verity.EINVALID, "broken PDF: the page tree reaches object %s R twice (a /Kids cycle)", ref)
				}
				seen[ref] = true
			}
			// Push in reverse so pages come out in order.
			for i := kids.Len() - 1; i >= 0; i-- {
				stack = append(stack, node{kids.Index(i), n.depth + 1})
			}
		}
	}
	return pages, nil
}

// objectRefs returns the object numbers ("12 0") of the entries of a /Kids
// array when every entry is an indirect reference, as the PDF standard
// requires, or nil otherwise. The library resolves references as they are
// read and keeps no identity on the values it returns, but it prints an
// array's unresolved entries as "12 0 R".
func objectRefs(kids pdf.Value) []string {
	if kids.Kind() != pdf.Array {
		return nil
	}
	s := kids.String()
	if !strings.HasPrefix(s, "[") || !strings.HasSuffix(s, "]") {
		return nil
	}
	f := strings.Fields(s[1 : len(s)-1])
	if len(f) != 3*kids.Len() {
		return nil
	}
	refs := make([]string, kids.Len())
	for i := range refs {
		num, gen, r := f[3*i], f[3*i+1], f[3*i+2]
		if r != "R" || !isDigits(num) || !isDigits(gen) {
			return nil
		}
		refs[i] = num + " " + gen
	}
	return refs
}

func isDigits(s string) bool {
	if s == "" {
		return false
	}
	for _, c := range s {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

// checkParents makes sure a page's /Parent chain ends: the library walks it
// to find inherited resources, and a chain that loops would keep it there.
// A chain longer than the deepest tree [pdfPages] accepts must loop.
func checkParents(page pdf.Value) error {
	v := page
	for range maxPDFTreeDepth + 2 {
		v = v.Key("Parent")
		if v.IsNull() {
			return nil
		}
	}
	return verity.Errorf(verity.EINVALID, "broken PDF: a page's /Parent chain does not end (a /Parent cycle)")
}

// inherited looks key up on a page and then its ancestors, as the PDF
// standard has resources and boxes inherited; [checkParents] bounds the walk.
func inherited(page pdf.Value, key string) pdf.Value {
	v := page
	for range maxPDFTreeDepth + 2 {
		if v.IsNull() {
			break
		}
		if r := v.Key(key); !r.IsNull() {
			return r
		}
		v = v.Key("Parent")
	}
	return pdf.Value{}
}
