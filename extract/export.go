package extract

import (
	"encoding/csv"
	"encoding/json"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/veritykb/verity"
)

// Export formats of the graph.
const (
	FormatJSONL   = "jsonl"
	FormatCSV     = "csv"
	FormatGraphML = "graphml"
	FormatCypher  = "cypher"
)

// Formats lists the export formats.
var Formats = []string{FormatJSONL, FormatCSV, FormatGraphML, FormatCypher}

// node is an entity as the exports list it.
type node struct {
	ID, Name string
}

func nodesOf(edges []EdgeView) []node {
	seen := map[string]string{}
	for _, e := range edges {
		seen[e.SubjectID] = e.Subject
		seen[e.ObjectID] = e.Object
	}
	out := make([]node, 0, len(seen))
	for id, name := range seen {
		out = append(out, node{id, name})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].ID < out[j].ID })
	return out
}

// WriteJSONL writes one edge per line in the JSON shape of `verity graph
// --json`, every evidence with its quote, URL, time and confidence.
func WriteJSONL(w io.Writer, edges []EdgeView) error {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	for _, e := range edges {
		if err := enc.Encode(e); err != nil {
			return err
		}
	}
	return nil
}

// WriteCSV writes the nodes and the edges as two CSV tables. An edge row is
// one evidence: an edge with three supporting pages is three rows, each with
// its quote, URL, time and confidence.
func WriteCSV(nodes, edgeRows io.Writer, edges []EdgeView) error {
	nw := csv.NewWriter(nodes)
	nw.Write([]string{"id", "name"})
	for _, n := range nodesOf(edges) {
		nw.Write([]string{n.ID, n.Name})
	}
	nw.Flush()
	if err := nw.Error(); err != nil {
		return err
	}
	ew := csv.NewWriter(edgeRows)
	ew.Write([]string{"edge_id", "source", "relation", "target", "subject", "object", "confidence", "votes", "model",
		"evidence_confidence", "uri", "source_id", "version", "fetched_at", "quote", "quote_start", "quote_end"})
	for _, e := range edges {
		for _, ev := range e.Evidence {
			ew.Write([]string{e.ID, e.SubjectID, e.Relation, e.ObjectID, e.Subject, e.Object, ftoaOrEmpty(e.Confidence),
				strconv.Itoa(e.Votes), e.Model, ftoaOrEmpty(ev.Confidence), ev.URI, ev.SourceID, strconv.Itoa(ev.Version),
				ev.FetchedAt.UTC().Format(time.RFC3339), ev.Quote.Text, strconv.Itoa(ev.Quote.Start), strconv.Itoa(ev.Quote.End)})
		}
	}
	ew.Flush()
	return ew.Error()
}

// WriteGraphML writes the graph as GraphML: entities as nodes, edges with
// their best evidence's quote, URL, time and confidence as data, and every
// evidence as JSON in an "evidence" attribute.
func WriteGraphML(w io.Writer, edges []EdgeView) error {
	type data struct {
		Key   string `xml:"key,attr"`
		Value string `xml:",chardata"`
	}
	type gnode struct {
		ID   string `xml:"id,attr"`
		Data []data `xml:"data"`
	}
	type gedge struct {
		ID     string `xml:"id,attr"`
		Source string `xml:"source,attr"`
		Target string `xml:"target,attr"`
		Data   []data `xml:"data"`
	}
	type key struct {
		ID   string `xml:"id,attr"`
		For  string `xml:"for,attr"`
		Name string `xml:"attr.name,attr"`
		Type string `xml:"attr.type,attr"`
	}
	type graph struct {
		ID          string  `xml:"id,attr"`
		EdgeDefault string  `xml:"edgedefault,attr"`
		Nodes       []gnode `xml:"node"`
		Edges       []gedge `xml:"edge"`
	}
	type doc struct {
		XMLName xml.Name `xml:"graphml"`
		Xmlns   string   `xml:"xmlns,attr"`
		Keys    []key    `xml:"key"`
		Graph   graph    `xml:"graph"`
	}
	d := doc{Xmlns: "http://graphml.graphdrawing.org/xmlns", Graph: graph{ID: "verity", EdgeDefault: "directed"}}
	for _, k := range [][3]string{{"name", "node", "string"}, {"relation", "edge", "string"}, {"confidence", "edge", "double"},
		{"votes", "edge", "int"}, {"model", "edge", "string"}, {"quote", "edge", "string"}, {"uri", "edge", "string"},
		{"fetched_at", "edge", "string"}, {"evidence", "edge", "string"}} {
		d.Keys = append(d.Keys, key{ID: k[0], For: k[1], Name: k[0], Type: k[2]})
	}
	for _, n := range nodesOf(edges) {
		d.Graph.Nodes = append(d.Graph.Nodes, gnode{ID: n.ID, Data: []data{{"name", n.Name}}})
	}
	for _, e := range edges {
		best := e.Evidence[0]
		evs, _ := json.Marshal(e.Evidence)
		ds := []data{{"relation", e.Relation}, {"confidence", ftoaOrEmpty(e.Confidence)}, {"votes", strconv.Itoa(e.Votes)}, {"model", e.Model},
			{"quote", best.Quote.Text}, {"uri", best.URI}, {"fetched_at", best.FetchedAt.UTC().Format(time.RFC3339)},
			{"evidence", string(evs)}}
		if e.Confidence == nil {
			// A deterministic model's single vote has no confidence: the
			// key is left out rather than given an empty double.
			ds = slices.Delete(ds, 1, 2)
		}
		d.Graph.Edges = append(d.Graph.Edges, gedge{ID: e.ID, Source: e.SubjectID, Target: e.ObjectID, Data: ds})
	}
	if _, err := io.WriteString(w, xml.Header); err != nil {
		return err
	}
	enc := xml.NewEncoder(w)
	enc.Indent("", "  ")
	if err := enc.Encode(d); err != nil {
		return err
	}
	_, err := io.WriteString(w, "\n")
	return err
}

// WriteCypher writes a Neo4j Cypher script that MERGEs every entity and
// edge, with every evidence as a JSON string on the relationship and the
// best quote, URL, time and confidence as properties. Text goes in as
// string literals with quotes and backslashes escaped; nothing from a page
// is ever spliced into the query outside a literal.
func WriteCypher(w io.Writer, edges []EdgeView) error {
	var b strings.Builder
	b.WriteString("// Verity knowledge graph export: every relationship carries the verbatim quote code found, its URL, time and confidence.\n")
	b.WriteString("CREATE CONSTRAINT verity_entity IF NOT EXISTS FOR (n:Entity) REQUIRE n.id IS UNIQUE;\n")
	for _, n := range nodesOf(edges) {
		fmt.Fprintf(&b, "MERGE (n:Entity {id: %s}) SET n.name = %s;\n", cypherString(n.ID), cypherString(n.Name))
	}
	for _, e := range edges {
		best := e.Evidence[0]
		// Neo4j cannot store a list of maps as a property, so each
		// evidence is stored as its JSON (apoc.convert.fromJsonMap reads it).
		var evs []string
		for _, ev := range e.Evidence {
			raw, _ := json.Marshal(ev)
			evs = append(evs, cypherString(string(raw)))
		}
		fmt.Fprintf(&b, "MATCH (s:Entity {id: %s}), (o:Entity {id: %s})\nMERGE (s)-[r:%s {id: %s}]->(o)\n",
			cypherString(e.SubjectID), cypherString(e.ObjectID), cypherLabel(e.Relation), cypherString(e.ID))
		conf := ftoaOrEmpty(e.Confidence)
		if conf == "" {
			conf = "null"
		}
		fmt.Fprintf(&b, "SET r.confidence = %s, r.votes = %d, r.model = %s, r.quote = %s, r.uri = %s, r.fetched_at = %s,\n    r.evidence = [%s];\n",
			conf, e.Votes, cypherString(e.Model), cypherString(best.Quote.Text), cypherString(best.URI),
			cypherString(best.FetchedAt.UTC().Format(time.RFC3339)), strings.Join(evs, ", "))
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// cypherString returns s as a Cypher string literal.
func cypherString(s string) string {
	r := strings.NewReplacer(`\`, `\\`, `'`, `\'`, "\n", `\n`, "\r", `\r`, "\t", `\t`)
	return "'" + r.Replace(s) + "'"
}

// cypherLabel returns a relationship type made of letters, digits and
// underscores, upper case: "uses" → USES.
func cypherLabel(rel string) string {
	var b strings.Builder
	for _, r := range strings.ToUpper(rel) {
		if (r >= 'A' && r <= 'Z') || (r >= '0' && r <= '9') || r == '_' {
			b.WriteRune(r)
		} else {
			b.WriteRune('_')
		}
	}
	if b.Len() == 0 {
		return "RELATED"
	}
	return b.String()
}

func ftoa(f float64) string { return strconv.FormatFloat(f, 'f', 3, 64) }

// ftoaOrEmpty writes a confidence, or "" for a verdict that has none (a
// deterministic model's single vote).
func ftoaOrEmpty(f *float64) string {
	if f == nil {
		return ""
	}
	return ftoa(*f)
}

// Export writes edges in format: to the file out, or to w when out is
// empty; CSV, which is two files (nodes.csv and edges.csv), needs out, the
// folder to write them in. A format it does not know, or a file it cannot
// write, is invalid input.
func Export(w io.Writer, format, out string, edges []EdgeView) error {
	if !slices.Contains(Formats, format) {
		return verity.Errorf(verity.EINVALID, "--format %q: want one of %s", format, strings.Join(Formats, ", "))
	}
	if format == FormatCSV {
		if out == "" {
			return verity.Errorf(verity.EINVALID, "--format csv writes nodes.csv and edges.csv: give the folder with --out")
		}
		if err := os.MkdirAll(out, 0o755); err != nil {
			return verity.Errorf(verity.EINVALID, "export: %w", err)
		}
		nodes, err := os.Create(filepath.Join(out, "nodes.csv"))
		if err != nil {
			return verity.Errorf(verity.EINVALID, "export: %w", err)
		}
		defer nodes.Close()
		rows, err := os.Create(filepath.Join(out, "edges.csv"))
		if err != nil {
			return verity.Errorf(verity.EINVALID, "export: %w", err)
		}
		defer rows.Close()
		if err := WriteCSV(nodes, rows, edges); err != nil {
			return err
		}
		return errors.Join(nodes.Close(), rows.Close())
	}
	if out != "" {
		f, err := os.Create(out)
		if err != nil {
			return verity.Errorf(verity.EINVALID, "export: %w", err)
		}
		defer f.Close()
		w = f
	}
	var err error
	switch format {
	case FormatJSONL:
		err = WriteJSONL(w, edges)
	case FormatGraphML:
		err = WriteGraphML(w, edges)
	case FormatCypher:
		err = WriteCypher(w, edges)
	}
	if f, ok := w.(*os.File); ok && out != "" && err == nil {
		err = f.Close()
	}
	return err
}
