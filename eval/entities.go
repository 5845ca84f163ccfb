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
// generated corpus ([CompanyNews]): per part of the templates ([NewsParts]:
// tuned on, and the held-out parts), how many companies that use the product have exactly one
// node, more than one, or none, how many of their pages the receipts hold,
// and how many distractors (companies that do not use the product) are in
// the graph at all.
type EntityReport struct {
	Pages     int          `json:"pages"`
	Model     string       `json:"model,omitempty"`
	Edges     int          `json:"edges"`
	Nodes     int          `json:"nodes"`     // distinct subjects of the graph
	Unmatched []string     `json:"unmatched"` // subjects that name no company of the corpus
	Parts     []EntityPart `json:"parts"`
	All       EntityPart   `json:"all"`
	// Missed counts, per template, the pages of companies that use the
	// product that no receipt of theirs holds, for reading why.
	Missed map[string]int `json:"missed,omitempty"`
	// Admitted counts, per template, the distractors' pages some edge of
	// the graph holds.
	Admitted map[string]int `json:"admitted,omitempty"`
	Seconds  float64        `json:"seconds,omitempty"`
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
	Distractors int      `json:"distractors"` // companies that do not use the product
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
	pagesOf := map[string][]NewsPage{}
	for _, p := range c.Pages {
		pagesOf[p.Company] = append(pagesOf[p.Company], p)
	}
	parts := map[string]*EntityPart{}
	for _, name := range NewsParts {
		parts[name] = &EntityPart{Name: name}
	}
	for _, co := range c.Companies {
		if parts[co.partName()] == nil {
			parts[co.partName()] = &EntityPart{Name: co.partName()}
		}
		for _, part := range []*EntityPart{parts[co.partName()], &rep.All} {
			if co.Distractor {
				part.Distractors++
				if len(nodes[co.Name]) > 0 {
					part.DistractIn++
				}
				for _, p := range pagesOf[co.Name] {
					if held[co.Name][p.URI] && part != &rep.All {
						if rep.Admitted == nil {
							rep.Admitted = map[string]int{}
						}
						rep.Admitted[p.Template]++
					}
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
			for _, p := range pagesOf[co.Name] {
				part.Pages++
				if held[co.Name][p.URI] {
					part.PagesHeld++
				} else if part != &rep.All {
					if rep.Missed == nil {
						rep.Missed = map[string]int{}
					}
					rep.Missed[p.Template]++
				}
			}
		}
	}
	rep.All.Name = "all"
	for _, name := range NewsParts {
		rep.Parts = append(rep.Parts, *parts[name])
	}
	return rep
}

// partName returns the company's part of the templates; a corpus written
// before parts were named has only HeldOut.
func (co NewsCompany) partName() string {
	switch {
	case co.Part != "":
		return co.Part
	case co.HeldOut:
		return PartHeldOut
	}
	return PartTuned
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

// printByTemplate writes a line of counts per template, if there are any.
func printByTemplate(w io.Writer, what string, counts map[string]int) {
	if len(counts) == 0 {
		return
	}
	ids := make([]string, 0, len(counts))
	for id := range counts {
		ids = append(ids, id)
	}
	slices.Sort(ids)
	fmt.Fprintf(w, "\n  %s, by template:", what)
	for _, id := range ids {
		fmt.Fprintf(w, " %s %d", id, counts[id])
	}
}

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
	fmt.Fprintf(w, "  %-10s %9s %8s %6s %8s %6s %11s %12s\n", "templates", "companies", "one node", "split", "missing", "nodes", "pages held", "distractors")
	for _, p := range append(append([]EntityPart(nil), r.Parts...), r.All) {
		fmt.Fprintf(w, "  %-10s %9d %8d %6d %8d %6d %5d/%-5d %5d/%-5d\n", p.Name, p.Companies, p.OneNode, p.Split, p.Missing,
			p.Nodes, p.PagesHeld, p.Pages, p.DistractIn, p.Distractors)
	}
	printByTemplate(w, "pages not held", r.Missed)
	printByTemplate(w, "distractors' pages held", r.Admitted)
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
