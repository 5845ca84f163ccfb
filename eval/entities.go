package eval

import (
	"fmt"
	"io"
	"slices"
	"strings"
	"unicode"

	"github.com/veritykb/verity/analysis"
	"github.com/veritykb/verity/extract"
)

// EntityReport is how a graph splits and joins the companies of a
// generated corpus ([CompanyNews]): per part of the templates (tuned on,
// held out), how many companies that use the product have exactly one
// node, more than one, or none, how many of their pages the receipts hold,
// and how many distractors (companies that gave the product up) are in
// the graph at all.
type EntityReport struct {
	Pages     int          `json:"pages"`
	Model     string       `json:"model,omitempty"`
	Edges     int          `json:"edges"`
	Nodes     int          `json:"nodes"`     // distinct subjects of the graph
	Unmatched []string     `json:"unmatched"` // subjects that name no company of the corpus
	Parts     []EntityPart `json:"parts"`
	All       EntityPart   `json:"all"`
	Seconds   float64      `json:"seconds,omitempty"`
}

// EntityPart is one part's figures.
type EntityPart struct {
	Name        string   `json:"name"`
	Companies   int      `json:"companies"`   // that use the product
	OneNode     int      `json:"one_node"`    // of them, in the graph as exactly one node
	Split       int      `json:"split"`       // as more than one node
	Missing     int      `json:"missing"`     // not in the graph
	Nodes       int      `json:"nodes"`       // their nodes in all
	Pages       int      `json:"pages"`       // their pages
	PagesHeld   int      `json:"pages_held"`  // of them, pages some receipt of theirs holds
	Distractors int      `json:"distractors"` // companies that gave the product up
	DistractIn  int      `json:"distractors_in_graph"`
	SplitNames  []string `json:"split_names,omitempty"` // a few split companies, for reading
}

// ScoreEntities scores a graph's edges against the corpus they were
// extracted from. A node is a subject id (merges applied, as [extract.Graph]
// shows them); it belongs to the company whose name its name contains as a
// whole word, so «Компания «Альтагро»» and «Альтагро» both belong to
// Альтагро and neither to Альтагромаш.
func ScoreEntities(c *NewsCorpus, edges []extract.EdgeView) *EntityReport {
	rep := &EntityReport{Pages: len(c.Pages), Edges: len(edges)}
	nodes := map[string][]string{} // company → subject ids
	held := map[string]map[string]bool{}
	subjects := map[string]bool{}
	unmatched := map[string]bool{}
	for _, e := range edges {
		subjects[e.SubjectID] = true
		co := companyOf(c, e.Subject)
		if co == "" {
			for _, ev := range e.Evidence {
				co = companyOf(c, ev.Subject)
				if co != "" {
					break
				}
			}
		}
		if co == "" {
			unmatched[e.Subject] = true
			continue
		}
		if !slices.Contains(nodes[co], e.SubjectID) {
			nodes[co] = append(nodes[co], e.SubjectID)
		}
		if held[co] == nil {
			held[co] = map[string]bool{}
		}
		for _, ev := range e.Evidence {
			held[co][ev.SourceID] = true
		}
	}
	rep.Nodes = len(subjects)
	for s := range unmatched {
		rep.Unmatched = append(rep.Unmatched, s)
	}
	slices.Sort(rep.Unmatched)
	pagesOf := map[string][]string{}
	for _, p := range c.Pages {
		pagesOf[p.Company] = append(pagesOf[p.Company], p.URI)
	}
	parts := map[string]*EntityPart{"tuned": {Name: "tuned"}, "held out": {Name: "held out"}}
	for _, co := range c.Companies {
		for _, part := range []*EntityPart{parts[partName(co.HeldOut)], &rep.All} {
			if co.Distractor {
				part.Distractors++
				if len(nodes[co.Name]) > 0 {
					part.DistractIn++
				}
				continue
			}
			part.Companies++
			part.Nodes += len(nodes[co.Name])
			switch n := len(nodes[co.Name]); {
			case n == 0:
				part.Missing++
			case n == 1:
				part.OneNode++
			default:
				part.Split++
				if len(part.SplitNames) < 5 {
					part.SplitNames = append(part.SplitNames, co.Name)
				}
			}
			for _, uri := range pagesOf[co.Name] {
				part.Pages++
				if held[co.Name][uri] {
					part.PagesHeld++
				}
			}
		}
	}
	rep.All.Name = "all"
	rep.Parts = []EntityPart{*parts["tuned"], *parts["held out"]}
	return rep
}

func partName(held bool) string {
	if held {
		return "held out"
	}
	return "tuned"
}

// companyOf returns the company of the corpus whose name name contains as
// a whole word, or "".
func companyOf(c *NewsCorpus, name string) string {
	f := analysis.Fold(name)
	for _, co := range c.Companies {
		if containsWholeWord(f, analysis.Fold(co.Name)) {
			return co.Name
		}
	}
	return ""
}

func containsWholeWord(s, w string) bool {
	for from := 0; from < len(s); {
		i := strings.Index(s[from:], w)
		if i < 0 {
			return false
		}
		i += from
		before, after := []rune(s[:i]), []rune(s[i+len(w):])
		okBefore := len(before) == 0 || !isWordRune(before[len(before)-1])
		okAfter := len(after) == 0 || !isWordRune(after[0])
		if okBefore && okAfter {
			return true
		}
		from = i + len(w)
	}
	return false
}

func isWordRune(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }

// Print writes the report as a table.
func (r *EntityReport) Print(w io.Writer) {
	fmt.Fprintf(w, "Generated company news, %d pages", r.Pages)
	if r.Model != "" {
		fmt.Fprintf(w, ", model %s", r.Model)
	}
	if r.Seconds > 0 {
		fmt.Fprintf(w, " (%.1fs)", r.Seconds)
	}
	fmt.Fprintf(w, "\n\n  %d edges, %d nodes; %d nodes name no company of the corpus\n\n", r.Edges, r.Nodes, len(r.Unmatched))
	fmt.Fprintf(w, "  %-9s %9s %8s %6s %8s %6s %11s %12s\n", "templates", "companies", "one node", "split", "missing", "nodes", "pages held", "distractors")
	for _, p := range append(append([]EntityPart(nil), r.Parts...), r.All) {
		fmt.Fprintf(w, "  %-9s %9d %8d %6d %8d %6d %5d/%-5d %5d/%-5d\n", p.Name, p.Companies, p.OneNode, p.Split, p.Missing,
			p.Nodes, p.PagesHeld, p.Pages, p.DistractIn, p.Distractors)
	}
	for _, p := range r.Parts {
		if len(p.SplitNames) > 0 {
			fmt.Fprintf(w, "\n  split (%s): %s", p.Name, strings.Join(p.SplitNames, ", "))
		}
	}
	if len(r.Unmatched) > 0 {
		n := min(len(r.Unmatched), 8)
		fmt.Fprintf(w, "\n  no company: %s", strings.Join(r.Unmatched[:n], "; "))
	}
	fmt.Fprintln(w)
}
