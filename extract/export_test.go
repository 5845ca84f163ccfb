package extract

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"encoding/xml"
	"strings"
	"testing"
	"time"
)

func ptr(f float64) *float64 { return &f }

func exportEdges() []EdgeView {
	at := time.Date(2026, 3, 1, 10, 0, 0, 0, time.UTC)
	return []EdgeView{{
		ID: "edge:1", Subject: "ООО «Ромашка»", Relation: "uses", Object: "Битрикс24", Confidence: ptr(0.8), Votes: 5, Model: "script",
		SubjectID: "ent:r", ObjectID: "ent:b",
		Evidence: []EvidenceView{
			{SourceID: "s1", Version: 2, URI: "https://oblako.example/cases/romashka", FetchedAt: at, Confidence: ptr(0.8),
				Quote: QuoteView{Text: "ООО «Ромашка» перешла на Битрикс24", Start: 2, End: 60}},
			{SourceID: "s2", Version: 1, URI: "https://x.example/o'neil", FetchedAt: at, Confidence: ptr(0.6),
				Quote: QuoteView{Text: "it's '}) DETACH DELETE n //\nnext", Start: 0, End: 30}},
		},
	}}
}

func TestWriteFormats(t *testing.T) {
	edges := exportEdges()
	var jl bytes.Buffer
	if err := WriteJSONL(&jl, edges); err != nil {
		t.Fatal(err)
	}
	var back EdgeView
	if err := json.Unmarshal(bytes.TrimSpace(jl.Bytes()), &back); err != nil || back.Evidence[0].Quote.Text != edges[0].Evidence[0].Quote.Text {
		t.Errorf("WriteJSONL round trip = %+v, %v", back, err)
	}

	var nodes, rows bytes.Buffer
	if err := WriteCSV(&nodes, &rows, edges); err != nil {
		t.Fatal(err)
	}
	nr, _ := csv.NewReader(&nodes).ReadAll()
	er, err := csv.NewReader(&rows).ReadAll()
	if err != nil || len(nr) != 3 || len(er) != 3 {
		t.Fatalf("WriteCSV = %d node rows, %d edge rows (%v), want a header and 2 each", len(nr), len(er), err)
	}
	if er[2][14] != edges[0].Evidence[1].Quote.Text || er[1][10] != edges[0].Evidence[0].URI {
		t.Errorf("WriteCSV edge rows = %q, want one per evidence with quote and URL", er[1:])
	}

	var gml bytes.Buffer
	if err := WriteGraphML(&gml, edges); err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Graph struct {
			Nodes []struct {
				ID string `xml:"id,attr"`
			} `xml:"node"`
			Edges []struct {
				Source string `xml:"source,attr"`
				Data   []struct {
					Key   string `xml:"key,attr"`
					Value string `xml:",chardata"`
				} `xml:"data"`
			} `xml:"edge"`
		} `xml:"graph"`
	}
	if err := xml.Unmarshal(gml.Bytes(), &doc); err != nil {
		t.Fatalf("WriteGraphML is not XML: %v", err)
	}
	if len(doc.Graph.Nodes) != 2 || len(doc.Graph.Edges) != 1 || doc.Graph.Edges[0].Source != "ent:r" {
		t.Errorf("WriteGraphML = %+v, want 2 nodes and the edge", doc.Graph)
	}
	data := map[string]string{}
	for _, d := range doc.Graph.Edges[0].Data {
		data[d.Key] = d.Value
	}
	if data["quote"] != edges[0].Evidence[0].Quote.Text || data["confidence"] != "0.800" || data["fetched_at"] != "2026-03-01T10:00:00Z" {
		t.Errorf("WriteGraphML edge data = %v, want quote, confidence and time", data)
	}

	var cy bytes.Buffer
	if err := WriteCypher(&cy, edges); err != nil {
		t.Fatal(err)
	}
	script := cy.String()
	if !strings.Contains(script, `MERGE (s)-[r:USES {id: 'edge:1'}]->(o)`) {
		t.Errorf("WriteCypher has no USES relationship:\n%s", script)
	}
	// Every quote stays inside a string literal: count unescaped quotes.
	for i, line := range strings.Split(script, "\n") {
		n := 0
		for j := 0; j < len(line); j++ {
			switch line[j] {
			case '\\':
				j++
			case '\'':
				n++
			}
		}
		if n%2 != 0 {
			t.Errorf("WriteCypher line %d has an unbalanced string literal: %s", i+1, line)
		}
	}
}

// TestExportDeterministicVote: an edge resting on a deterministic model's
// single vote has no confidence, and no export writes one for it.
func TestExportDeterministicVote(t *testing.T) {
	edges := exportEdges()
	edges[0].Confidence, edges[0].Votes, edges[0].Deterministic = nil, 1, true
	edges[0].Evidence[0].Confidence, edges[0].Evidence[0].Deterministic = nil, true
	var nodes, rows bytes.Buffer
	if err := WriteCSV(&nodes, &rows, edges); err != nil {
		t.Fatal(err)
	}
	er, _ := csv.NewReader(&rows).ReadAll()
	if er[1][6] != "" || er[1][7] != "1" || er[1][9] != "" {
		t.Errorf("WriteCSV row = %q, want empty confidences and 1 vote", er[1])
	}
	var gml bytes.Buffer
	if err := WriteGraphML(&gml, edges); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(gml.String(), `<data key="confidence">`) {
		t.Errorf("WriteGraphML writes a confidence for a deterministic vote:\n%s", gml.String())
	}
	var cy bytes.Buffer
	if err := WriteCypher(&cy, edges); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(cy.String(), "r.confidence = null, r.votes = 1") {
		t.Errorf("WriteCypher = %s, want a null confidence and 1 vote", cy.String())
	}
	var jl bytes.Buffer
	if err := WriteJSONL(&jl, edges); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(jl.String(), `"confidence":null,"votes":1,"deterministic":true`) {
		t.Errorf("WriteJSONL = %s, want confidence null with its one vote", jl.String())
	}
}
