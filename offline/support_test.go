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
		// A different name in the same role makes the claim false.
		{premiseEN, "Acme Corp and Initech signed the contract in 2021.", labelContradicted, `names "Globex" where the claim names "Initech"`},
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
		{premiseRU, "Договор подписали «Альфа» и «Гамма» в 2021 году.", labelContradicted, `names "Бета" where the claim names "Гамма"`},
		{premiseRU, "Договор подписали «Альфа» и «Бета» в 2020 году.", labelContradicted, "different amount"},
		{premiseRU, "Новая схема снизила число аварий.", labelContradicted, "negation flips"},
		{premiseRU, "Новая схема увеличила число аварий.", labelNeutral, "passage negates"},
	}
	for _, tt := range tests {
		c := checkSupport(analyze(tt.premise), analyze(tt.claim), DefaultSupport, nil)
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
// two together, and the check names the span it rests on; with windows of
// one sentence the claim scores lower.
func TestSupportWindow(t *testing.T) {
	premise := "The council met on Monday. It approved the new library budget. Weather was fine."
	c := checkSupport(analyze(premise), analyze("The council approved the library budget."), DefaultSupport, nil)
	if c.Label != labelEntailed {
		t.Fatalf("checkSupport = %s, want entailed", c.explain())
	}
	if got := premise[c.Window.Start:c.Window.End]; got != "The council met on Monday. It approved the new library budget." {
		t.Errorf("checkSupport window = %q, want the first two sentences", got)
	}
	one := DefaultSupport
	one.Window = 1
	if c1 := checkSupport(analyze(premise), analyze("The council approved the library budget."), one, nil); c1.Coverage >= c.Coverage {
		t.Errorf("checkSupport with one-sentence windows = %s, want less of the claim covered than the two sentences' %.2f", c1.explain(), c.Coverage)
	}
}

// TestSupportPolarity: negation is compared word by word, so paraphrases
// that move a negation ("refused to take part", "did not take part") are
// not contradictions, and what one text negates and the other asserts is.
// Opposite words never contradict.
func TestSupportPolarity(t *testing.T) {
	tests := []struct {
		premise, claim string
		want           string // a label, or "not entailed": neutral
		notWant        string
	}{
		// Paraphrases: never contradicted.
		{"Делегация Эстонии решила не участвовать в саммите.", "Делегация Эстонии отказалась от участия в саммите.", "", labelContradicted},
		{"Делегация Эстонии отказалась от участия в саммите.", "Делегация Эстонии не участвовала в саммите.", "", labelContradicted},
		{"The Estonian delegation did not take part in the summit.", "The Estonian delegation refused to take part in the summit.", "", labelContradicted},
		{"Новый препарат не эффективен при мигрени.", "Новый препарат неэффективен при мигрени.", labelEntailed, ""},
		{"The new drug is not effective against migraine.", "The new drug is ineffective against migraine.", labelEntailed, ""},
		{"До прибытия Роллона население не отличалось от населения Пикардии.", "До прибытия Роллона население было таким же, как в Пикардии.", "", labelContradicted},
		// What one negates and the other asserts: contradicted.
		{"Аннам и Чампа признали гегемонию монголов.", "Аннам и Чампа отказались признать гегемонию монголов.", labelContradicted, ""},
		{"The committee approved the merger in June.", "The committee did not approve the merger in June.", labelContradicted, ""},
		// A negation in another clause is about something else.
		{"Smoking was not associated with asthma; smoking was associated with lung cancer in men.", "Smoking was associated with lung cancer in men.", "", labelContradicted},
		// Opposite words: not entailed, never contradicted.
		{"The war ended in a defeat of the rebels in 1620.", "The war ended in a victory of the rebels in 1620.", labelNeutral, ""},
		{"Война завершилась поражением гугенотов.", "Война завершилась победой гугенотов.", labelNeutral, ""},
		// Ordinals are amounts: a different one in the same place is false.
		{"Команда заняла шестое место в лиге.", "Команда заняла третье место в лиге.", labelContradicted, ""},
		{"The team finished sixth in the league.", "The team finished sixth in the league this year.", "", labelContradicted},
		// Bounds said with a negated verb are bounds.
		{"Время работы не превышает f(n) на каждом входе.", "Время работы не больше f(n) на каждом входе.", "", labelContradicted},
	}
	for _, tt := range tests {
		c := checkSupport(analyze(tt.premise), analyze(tt.claim), DefaultSupport, nil)
		if tt.want != "" && c.Label != tt.want {
			t.Errorf("checkSupport(%q | %q) = %s, want %s", tt.premise, tt.claim, c.explain(), tt.want)
		}
		if tt.notWant != "" && c.Label == tt.notWant {
			t.Errorf("checkSupport(%q | %q) = %s, want anything but %s", tt.premise, tt.claim, c.explain(), tt.notWant)
		}
	}
}

// TestSupportVetoes: a claim the checks veto is never entailed, however
// much of it the passage shares.
func TestSupportVetoes(t *testing.T) {
	for _, claim := range []string{
		"The board approved a budget of 15 million dollars in March.", // number
		"Statins were tested in this trial.",                          // negation
		"Aspirin increases the risk of stroke in older patients.",     // direction
		"Inspections are carried out once a year.",                    // a lost bound
	} {
		c := checkSupport(analyze(premiseEN), analyze(claim), SupportParams{Strict: 0.01}, nil)
		if !c.Features.vetoed() || c.Label == labelEntailed {
			t.Errorf("checkSupport(%q) at strict 0.01 = %s (vetoed %v), want vetoed and not entailed", claim, c.explain(), c.Features.vetoed())
		}
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

// referencesEN are three passages an answer cites, joined as
// AttributionBench joins them: a claim may take one part from one passage
// and another part from another.
const referencesEN = `Title: Statins

Statins block HMG-CoA reductase, an enzyme the liver uses to make cholesterol. They are taken once a day.

Title: How statins work

Statins also help the liver remove cholesterol that is already in the blood. Side effects include muscle pain.

Title: Tides

Ocean tides are caused mainly by the gravitational pull of the moon, and to a lesser degree of the sun.`

// TestSupportPassages: over several passages, each part of a claim is
// located on its own (the parts' coverage), a paraphrase of what the
// passages say counts, and a claim that adds what no passage states does
// not; citation markers are not amounts.
func TestSupportPassages(t *testing.T) {
	p := analyze(referencesEN)
	tests := []struct {
		claim    string
		entailed bool
	}{
		{"Statins block an enzyme the liver uses to make cholesterol, and they help the liver remove cholesterol from the blood [2].", true},
		{"Tides are caused by the gravitational pull of the moon and the sun [3].", true},
		{"Statins block an enzyme the liver uses to make cholesterol, and cure heart disease within a week [2].", false},
		{"Statins block an enzyme the liver uses to make cholesterol, and they are taken twice a day [1].", false},
	}
	for _, tt := range tests {
		c := checkSupport(p, analyze(tt.claim), DefaultSupport, nil)
		if (c.Label == labelEntailed) != tt.entailed {
			t.Errorf("checkSupport(references | %q) = %s (P %.2f, parts %.2f), want entailed %v", tt.claim, c.explain(), c.P, c.Features.Parts, tt.entailed)
		}
		if c.Features.NumberMissing && strings.Contains(tt.claim, "[") && tt.entailed {
			t.Errorf("checkSupport(references | %q): the citation marker counts as a missing number", tt.claim)
		}
	}
	// The two clauses of the first claim stand in two passages: each is
	// covered by its own window, better than any one window covers both.
	h := analyze(tests[0].claim)
	c := checkSupport(p, h, DefaultSupport, nil)
	one := align(p, h.stems(), idfOf(p), DefaultSupport.Window, DefaultSupport.NearStem)[0]
	if c.Features.Parts <= one.Score || c.Features.Parts < 0.9 {
		t.Errorf("parts coverage %.2f against the best window's %.2f, want the parts covered (>= 0.9) better than one window", c.Features.Parts, one.Score)
	}
	if got := referencesEN[c.Window.Start:c.Window.End]; !strings.HasPrefix(got, "Statins block") || !strings.HasSuffix(got, "already in the blood.") {
		t.Errorf("checkSupport window = %q, want the span of both passages' sentences", got)
	}
	// A claim one of whose clauses no passage states is covered in part.
	if d := checkSupport(p, analyze(tests[2].claim), DefaultSupport, nil); d.Features.Parts >= 0.9 || d.Features.Parts <= 0.3 {
		t.Errorf("parts coverage of a claim with an unstated clause = %.2f, want partial", d.Features.Parts)
	}
}

// TestVerifierQuestion: the words of the question a claim answers are
// given, not something the premise must state: the verdict on question
// and claim is the verdict on the claim alone, where reading the question
// as part of the claim would leave words the passage lacks.
func TestVerifierQuestion(t *testing.T) {
	premise := "Construction of the Eiffel Tower was finished in 1889."
	q := "what is the tallest iron landmark of paris and when was it built"
	claim := "The Eiffel Tower was finished in 1889."
	v := NewVerifier(SupportParams{}, nil)
	got, err := v.Verify(context.Background(), []verify.Pair{
		{Premise: premise, Hypothesis: q + "\n" + claim, Question: q},
		{Premise: premise, Hypothesis: claim},
		{Premise: premise, Hypothesis: q + "\n" + claim},
	})
	if err != nil {
		t.Fatal(err)
	}
	if got[0].Label != verify.Entailed || got[0].Entailment != got[1].Entailment {
		t.Errorf("Verify(question + claim, question named) = %+v, want the claim's own verdict %+v", got[0], got[1])
	}
	if got[2].Entailment >= got[0].Entailment {
		t.Errorf("Verify(question + claim, question not named) = %+v, want a lower probability than %+v: the question's words count against it", got[2], got[0])
	}
}
