package jira

import (
	"encoding/json"
	"testing"
)

// TestADF: a Cloud description (Atlassian Document Format, as
// https://developer.atlassian.com/cloud/jira/platform/apis/document/structure/
// gives it) becomes headings, paragraphs, list lines and table rows; media
// is dropped and mentions keep their shown text.
func TestADF(t *testing.T) {
	doc := `{"type":"doc","version":1,"content":[
	 {"type":"heading","attrs":{"level":2},"content":[{"type":"text","text":"Rollout"}]},
	 {"type":"paragraph","content":[{"type":"text","text":"Acme moved sales to "},{"type":"text","text":"Bitrix24","marks":[{"type":"strong"}]},{"type":"text","text":" in April."},{"type":"hardBreak"},{"type":"mention","attrs":{"id":"5b1","text":"@Anna"}},{"type":"text","text":" checked it."}]},
	 {"type":"bulletList","content":[
	  {"type":"listItem","content":[{"type":"paragraph","content":[{"type":"text","text":"pilot in March"}]}]},
	  {"type":"listItem","content":[{"type":"paragraph","content":[{"type":"text","text":"all teams by May"}]}]}]},
	 {"type":"mediaSingle","content":[{"type":"media","attrs":{"id":"x","type":"file"}}]},
	 {"type":"table","content":[
	  {"type":"tableRow","content":[{"type":"tableHeader","content":[{"type":"paragraph","content":[{"type":"text","text":"Team"}]}]},{"type":"tableHeader","content":[{"type":"paragraph","content":[{"type":"text","text":"Month"}]}]}]},
	  {"type":"tableRow","content":[{"type":"tableCell","content":[{"type":"paragraph","content":[{"type":"text","text":"Sales"}]}]},{"type":"tableCell","content":[{"type":"paragraph","content":[{"type":"text","text":"April"}]}]}]}]},
	 {"type":"codeBlock","content":[{"type":"text","text":"deploy --all\nverify"}]}]}`
	want := "Rollout\n\nAcme moved sales to Bitrix24 in April.\n@Anna checked it.\n\n- pilot in March\n- all teams by May\n\nTeam | Month\nSales | April\n\ndeploy --all\nverify"
	if got := ADF(json.RawMessage(doc)); got != want {
		t.Errorf("ADF =\n%s\nwant\n%s", got, want)
	}
	if got := ADF(json.RawMessage(`null`)); got != "" {
		t.Errorf("ADF(null) = %q", got)
	}
	if got := ADF(json.RawMessage(`"plain *text*"`)); got != "plain text" {
		t.Errorf("ADF of a string = %q", got)
	}
}

// TestWiki: Data Center's wiki markup
// (https://jira.atlassian.com/secure/WikiRendererHelpAction.jspa) the same
// way.
func TestWiki(t *testing.T) {
	markup := "h2. Rollout\r\nAcme moved sales to *Bitrix24* in April, see [the plan|https://wiki/plan].\n\n* pilot in March\n** all teams by May\n\n||Team||Month||\n|Sales|April|\n\n{code:bash}\ndeploy --all\n{code}\n!diagram.png!\n{{verify}} it_ok"
	want := "Rollout\n\nAcme moved sales to Bitrix24 in April, see the plan.\n\n- pilot in March\n- all teams by May\n\nTeam | Month\nSales | April\n\ndeploy --all\n\nverify it_ok"
	if got := Wiki(markup); got != want {
		t.Errorf("Wiki =\n%s\nwant\n%s", got, want)
	}
}
