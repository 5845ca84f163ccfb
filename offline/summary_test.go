package offline

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/llm"
)

// ask runs task on the engine with vars and decodes the answer into out.
func ask(t *testing.T, task string, vars, out any) {
	t.Helper()
	raw, _ := json.Marshal(vars)
	resp, err := New(Options{}).Complete(context.Background(), &llm.Request{Task: task, Vars: raw})
	if err != nil {
		t.Fatalf("%s: %v", task, err)
	}
	if err := json.Unmarshal([]byte(resp.Text), out); err != nil {
		t.Fatalf("%s answer %s: %v", task, resp.Text, err)
	}
}

type summaryAnswer struct {
	Sentences []summarySentence `json:"sentences"`
}

func TestSummaryWrite(t *testing.T) {
	en := []summaryDoc{
		{N: 1, Title: "Acme", Text: "# Customer story\n\nAcme Logistics moved its sales and customer support to Bitrix24 in March 2025. Acme is based in Hamburg and has 120 employees. The weather in Hamburg was fine."},
		{N: 2, Title: "News", Text: "Reported today: ACME LOGISTICS moved its sales and customer support to Bitrix24 in March 2025. Response times dropped from two days to four hours with Bitrix24."},
		{N: 3, Title: "Other", Text: "Contoso Ltd signed a partnership agreement to resell Bitrix24 licences; no deployment is planned."},
	}
	ru := []summaryDoc{
		{N: 1, Title: "Ромашка", Text: "Сеть цветочных магазинов «Ромашка» из Казани в 2024 году перевела отдел продаж на Битрикс24. Курьеры видят маршрут в мобильном приложении."},
		{N: 2, Title: "Облако", Text: "Более 300 компаний выбрали наши решения на базе Битрикс24. Сеть цветочных магазинов «Ромашка» из Казани в 2024 году перевела отдел продаж на Битрикс24."},
	}
	for _, tc := range []struct {
		name    string
		topic   string
		docs    []summaryDoc
		n, sets int
		want    []summarySentence
	}{
		{"a sentence two documents hold gets two sets", "Acme moved sales to Bitrix24", en, 2, 4, []summarySentence{
			{Text: "Acme Logistics moved its sales and customer support to Bitrix24 in March 2025.", Sources: [][]int{{1}, {2}}},
			{Text: "Acme is based in Hamburg and has 120 employees.", Sources: [][]int{{1}}}, // the near-copy in 2 is skipped
		}},
		{"the cap keeps the first sets", "Acme moved sales to Bitrix24", en, 1, 1, []summarySentence{
			{Text: "Acme Logistics moved its sales and customer support to Bitrix24 in March 2025.", Sources: [][]int{{1}}},
		}},
		{"Russian, stemmed", "кто перевёл продажи на Битрикс24", ru, 1, 4, []summarySentence{
			{Text: "Сеть цветочных магазинов «Ромашка» из Казани в 2024 году перевела отдел продаж на Битрикс24.", Sources: [][]int{{1}, {2}}},
		}},
		{"nothing about the topic, nothing picked", "quarterly tax filing deadlines", en, 3, 4, []summarySentence{}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			vars := map[string]any{"topic": tc.topic, "max_sentences": tc.n, "max_sets": tc.sets, "documents": tc.docs}
			var got summaryAnswer
			ask(t, TaskSummary, vars, &got)
			if diff := cmp.Diff(tc.want, got.Sentences); diff != "" {
				t.Errorf("summary.write(%q) (-want +got):\n%s", tc.topic, diff)
			}
			var again summaryAnswer
			ask(t, TaskSummary, vars, &again)
			if !cmp.Equal(got, again) {
				t.Errorf("summary.write(%q) is not deterministic: %v then %v", tc.topic, got, again)
			}
		})
	}
}

func TestSummaryWriteSkipsDuplicatesAndHeadings(t *testing.T) {
	docs := []summaryDoc{
		{N: 1, Text: "# Bitrix24 rollout\n\nThe sales team moved to Bitrix24 CRM last week. The sales team moved to Bitrix24 CRM last week!"},
		{N: 2, Text: "The sales team moved to the Bitrix24 CRM last week. Managers log calls in Bitrix24 now."},
	}
	var got summaryAnswer
	ask(t, TaskSummary, map[string]any{"topic": "Bitrix24 rollout sales", "max_sentences": 5, "max_sets": 4, "documents": docs}, &got)
	var texts []string
	for _, s := range got.Sentences {
		texts = append(texts, s.Text)
	}
	want := []string{"The sales team moved to Bitrix24 CRM last week.", "Managers log calls in Bitrix24 now."}
	if !cmp.Equal(texts, want) {
		t.Errorf("picked %q, want %q (no heading, no repeat)", texts, want)
	}
}

func TestAuditTasks(t *testing.T) {
	docs := []summaryDoc{
		{N: 1, Text: "Contoso Ltd signed a partnership agreement to resell Bitrix24 licences; no deployment is planned."},
		{N: 2, Text: "Reported today: Acme Logistics moved its sales and customer support to Bitrix24 in March 2025."},
	}
	for _, tc := range []struct {
		conclusion string
		want       string
		sources    []int
	}{
		{"Acme Logistics moved its sales to Bitrix24 in March 2025.", "yes", []int{2}},
		{"Acme Logistics moved its sales to Salesforce.", "no", []int{}},
		{"Contoso deployed Bitrix24.", "no", []int{}},
	} {
		var got struct {
			Answer  string `json:"answer"`
			Sources []int  `json:"sources"`
		}
		ask(t, TaskAuditRegenerate, map[string]any{"conclusion": tc.conclusion, "removed": []string{"X"}, "documents": docs}, &got)
		if got.Answer != tc.want || !cmp.Equal(got.Sources, tc.sources) {
			t.Errorf("audit.regenerate(%q) = %s %v, want %s %v", tc.conclusion, got.Answer, got.Sources, tc.want, tc.sources)
		}
	}
	var blind struct {
		Conclusions []string `json:"conclusions"`
	}
	ask(t, TaskAuditBlind, map[string]any{"topic": "who moved sales to Bitrix24", "max_conclusions": 1, "documents": docs}, &blind)
	if want := []string{"Reported today: Acme Logistics moved its sales and customer support to Bitrix24 in March 2025."}; !cmp.Equal(blind.Conclusions, want) {
		t.Errorf("audit.blind = %q, want %q", blind.Conclusions, want)
	}
	_, err := New(Options{}).Complete(context.Background(), &llm.Request{Task: TaskAuditBlind})
	if verity.ErrorCode(err) != verity.EINVALID {
		t.Errorf("audit.blind without vars = %v, want EINVALID", err)
	}
}
