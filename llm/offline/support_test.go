package offline

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/veritykb/verity/verify"
)

const premiseEN = `Stroke prevention trial

In the trial, aspirin reduced the risk of stroke in older patients. The board approved a budget of 12 million dollars in March. Acme Corp and Globex signed the contract in 2021. Inspections are carried out not less than every 12 months; more often in emergencies. Statins were not tested in this trial. Vitamin D was given to 40% of the patients.`

const premiseRU = `Совет директоров утвердил бюджет в марте. Сумма составила 9,6 млн рублей. Проверки проводятся не реже одного раза в 12 месяцев; чаще при авариях. Договор подписали «Альфа» и «Бета» в 2021 году. Новая схема не снизила число аварий.`

func TestSupportRule(t *testing.T) {
	tests := []struct {
		premise, claim string
		want           string
		why            string // a reason the check must give, for non-entailed labels
	}{
		// English.
		{premiseEN, "Aspirin reduces the risk of stroke in older patients.", labelEntailed, ""},
		{premiseEN, "In older patients aspirin lowered the risk of stroke.", labelEntailed, ""},
		{premiseEN, "Aspirin increases the risk of stroke in older patients.", labelContradicted, "direction flips"},
		{premiseEN, "Aspirin did not reduce the risk of stroke in older patients.", labelContradicted, "negation flips"},
		{premiseEN, "The board approved a budget of 12 million dollars.", labelEntailed, ""},
		{premiseEN, "The board approved a budget of 12,000,000 dollars.", labelEntailed, ""},
		{premiseEN, "The board approved a budget of 15 million dollars.", labelContradicted, "different amount"},
		{premiseEN, "The board did not approve the budget in March.", labelContradicted, "negation flips"},
		{premiseEN, "The board approved a budget of 12 million dollars in 2019.", labelNeutral, `"2019" is not in the passage`},
		{premiseEN, "Acme Corp and Globex signed the contract in 2021.", labelEntailed, ""},
		{premiseEN, "Acme Corp and Initech signed the contract in 2021.", labelNeutral, `name "Initech"`},
		{premiseEN, "Inspections are carried out once a year.", labelNeutral, `qualifies it with "not less than"`},
		{premiseEN, "Inspections are carried out every 12 months.", labelNeutral, `qualifies it`},
		{premiseEN, "Inspections are carried out at least once a year.", labelEntailed, ""},
		{premiseEN, "Inspections are carried out at most once a year.", labelNeutral, `"at most" is not in the passage`},
		{premiseEN, "Inspections are carried out only in emergencies.", labelNeutral, `"only" is not in the passage`},
		{premiseEN, "Statins were tested in this trial.", labelContradicted, "negation flips"},
		{premiseEN, "Vitamin D was given to 40% of the patients.", labelEntailed, ""},
		{premiseEN, "Vitamin D was given to 60% of the patients.", labelContradicted, "different amount"},
		{premiseEN, "Vitamin D was given to 40 patients.", labelNeutral, `"40" is not in the passage`},
		{premiseEN, "Metformin prevents diabetes in young adults.", labelNeutral, "covers"},
		{premiseEN, "", labelNeutral, "no content"},
		// Russian.
		{premiseRU, "Совет директоров утвердил бюджет 9,6 млн рублей.", labelEntailed, ""},
		{premiseRU, "Совет директоров утвердил бюджет 9 600 000 рублей.", labelEntailed, ""},
		{premiseRU, "Сумма составила 12 млн рублей.", labelContradicted, "different amount"},
		{premiseRU, "Совет директоров утвердил бюджет 12 млн рублей.", labelNeutral, `"12 млн рублей" is not in the passage`},
		{premiseRU, "Совет директоров не утвердил бюджет.", labelContradicted, "negation flips"},
		{premiseRU, "Проверки проводятся раз в год.", labelNeutral, `qualifies it with "не реже"`},
		{premiseRU, "Проверки проводятся не реже раза в год.", labelEntailed, ""},
		{premiseRU, "Проверки проводятся не чаще раза в год.", labelNeutral, `"не чаще" is not in the passage`},
		{premiseRU, "Договор подписали «Альфа» и «Бета» в 2021 году.", labelEntailed, ""},
		{premiseRU, "Договор подписали «Альфа» и «Гамма» в 2021 году.", labelNeutral, `name "Гамма"`},
		{premiseRU, "Договор подписали «Альфа» и «Бета» в 2020 году.", labelContradicted, "different amount"},
		{premiseRU, "Новая схема снизила число аварий.", labelContradicted, "negation flips"},
		{premiseRU, "Новая схема увеличила число аварий.", labelNeutral, "passage negates"},
	}
	for _, tt := range tests {
		c := checkSupport(analyze(tt.premise), analyze(tt.claim), DefaultSupport)
		if c.Label != tt.want {
			t.Errorf("checkSupport(%q) = %s, want %s", tt.claim, c.explain(), tt.want)
			continue
		}
		if tt.want == labelEntailed && len(c.Reasons) > 0 {
			t.Errorf("checkSupport(%q) = %s: an entailed label with reasons", tt.claim, c.explain())
		}
		if tt.why != "" && !strings.Contains(strings.Join(c.Reasons, "; "), tt.why) {
			t.Errorf("checkSupport(%q) = %s, want a reason with %q", tt.claim, c.explain(), tt.why)
		}
	}
}

// TestSupportWindow: a claim stated across two sentences is entailed by the
// two together, and the check names the span it rests on.
func TestSupportWindow(t *testing.T) {
	premise := "The council met on Monday. It approved the new library budget. Weather was fine."
	strict := DefaultSupport
	strict.Entail = 0.9 // above what the second sentence alone covers
	c := checkSupport(analyze(premise), analyze("The council approved the library budget."), strict)
	if c.Label != labelEntailed {
		t.Fatalf("checkSupport = %s, want entailed", c.explain())
	}
	if got := premise[c.Window.Start:c.Window.End]; got != "The council met on Monday. It approved the new library budget." {
		t.Errorf("checkSupport window = %q, want the first two sentences", got)
	}
	one := strict
	one.Window = 1
	if c := checkSupport(analyze(premise), analyze("The council approved the library budget."), one); c.Label == labelEntailed {
		t.Errorf("checkSupport with one-sentence windows = %s, want not entailed", c.explain())
	}
}

func TestSupportBatchTask(t *testing.T) {
	req := request(t, TaskSupportBatch, verify.SupportBatchVars{Premise: premiseEN, Hypotheses: []string{
		"Aspirin reduces the risk of stroke in older patients.",
		"Statins were tested in this trial.",
		"Metformin prevents diabetes in young adults.",
	}})
	resp, err := New(Options{}).Complete(context.Background(), req)
	if err != nil {
		t.Fatal(err)
	}
	want := `{"results":[{"id":1,"label":"entailed"},{"id":2,"label":"contradicted"},{"id":3,"label":"neutral"}]}`
	if resp.Text != want {
		t.Errorf("verify.support_batch = %s, want %s", resp.Text, want)
	}
	var one struct{ Label string }
	resp, err = New(Options{}).Complete(context.Background(), request(t, TaskSupport,
		verify.SupportVars{Premise: premiseEN, Hypothesis: "Statins were tested in this trial."}))
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(resp.JSON, &one); err != nil || one.Label != "contradicted" {
		t.Errorf("verify.support = %s, want label contradicted", resp.Text)
	}
}
