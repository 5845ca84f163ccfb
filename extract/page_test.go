package extract

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/llm"
	"github.com/veritykb/verity/llm/llmtest"
	"github.com/veritykb/verity/quote"
)

// Pages of the seed's failure modes, as ingest renders them (headings as
// Markdown lines, the title at the top).
const (
	pageCase = `# Кейс: ООО «Ромашка» перешла на Битрикс24

Сеть цветочных магазинов ООО «Ромашка» из Казани в 2024 году перевела отдел продаж и доставку на Битрикс24. До внедрения заказы принимались по телефону и записывались в таблицы, а курьеры узнавали адреса из переписки в мессенджерах.

## Результат

«Мы используем Битрикс24 каждый день: время обработки заказа сократилось с 40 до 12 минут», — говорит директор по продажам Ирина Соколова.`

	pageTestimonial = `# Как ООО «Альфа» внедрила Битрикс24

## Отзыв клиента

«В ООО «Альфа» мы сократили время обработки заявок вдвое», — рассказывает руководитель отдела продаж.`

	pageWall = `# Нам доверяют

Более 300 компаний выбрали наши решения на базе Битрикс24.

- АО «Северный ветер»

- ПАО «Лотос Банк»

- Городские больницы Казани

## Награды

В 2025 году «Облако» получило премию «Лучший партнёр Битрикс24» в Поволжье. Фонд «Развитие» инвестировал в компанию 50 млн рублей.`

	pagePartners = `# Partners and investors

Northwind Ventures invested 2 million dollars in Bitrix24 integrator Oblako in 2025. Contoso Ltd signed a partnership agreement with Oblako to resell Bitrix24 licences; no deployment is planned. Vega Retail AG is a member of the Bitrix24 Partner Association.

Hospitals in the region are evaluating several CRM systems, including Bitrix24.`
)

func testSpec(t *testing.T) *Spec {
	t.Helper()
	s, err := BuiltinSpec("bitrix24-ru")
	if err != nil {
		t.Fatal(err)
	}
	s.Vendor.Domains = append(s.Vendor.Domains, "oblako.example")
	return s
}

func source(id, uri, title, text string) *verity.Source {
	return &verity.Source{ID: id, URI: uri, System: verity.SystemWeb, Title: title, Version: 1,
		ACL: []verity.Principal{verity.Public}, Text: text, UpdatedAt: time.Date(2026, 3, 1, 10, 0, 0, 0, time.UTC)}
}

// script is a scripted model for the three model steps: candidates per
// page, referent answers and judge votes per subject.
type script struct {
	*llmtest.Model
	candidates map[string][]Candidate    // by page uri
	referent   map[string]ReferentAnswer // by subject
	judge      map[string]func(JudgeVars, int) JudgeAnswer
}

func newScript(info llm.Info) *script {
	s := &script{Model: llmtest.New(info), candidates: map[string][]Candidate{},
		referent: map[string]ReferentAnswer{}, judge: map[string]func(JudgeVars, int) JudgeAnswer{}}
	s.On(TaskCandidates, func(_ context.Context, req *llm.Request) (*llm.Response, error) {
		var v CandidatesVars
		if err := json.Unmarshal(req.Vars, &v); err != nil {
			return nil, err
		}
		return s.Text(req, string(mustJSON(CandidatesAnswer{Candidates: s.candidates[v.URI]}))), nil
	})
	s.On(TaskReferent, func(_ context.Context, req *llm.Request) (*llm.Response, error) {
		var v ReferentVars
		if err := json.Unmarshal(req.Vars, &v); err != nil {
			return nil, err
		}
		a, ok := s.referent[v.Subject]
		if !ok {
			a = ReferentAnswer{Argument: "nothing on the page", Verdict: "no"}
		}
		return s.Text(req, string(mustJSON(a))), nil
	})
	s.On(TaskJudge, func(_ context.Context, req *llm.Request) (*llm.Response, error) {
		var v JudgeVars
		if err := json.Unmarshal(req.Vars, &v); err != nil {
			return nil, err
		}
		f, ok := s.judge[v.Subject]
		if !ok {
			f = allYes
		}
		return s.Text(req, string(mustJSON(f(v, req.Sample)))), nil
	})
	return s
}

// answers builds a judge answer from criterion → yes.
func answers(v JudgeVars, yes map[string]bool, notCounted string) JudgeAnswer {
	var a JudgeAnswer
	for _, c := range v.Criteria {
		ans := "no"
		if y, ok := yes[c.ID]; !ok || y {
			ans = "yes"
		}
		a.Answers = append(a.Answers, struct {
			ID     string `json:"id"`
			Answer string `json:"answer"`
			Reason string `json:"reason"`
		}{c.ID, ans, "scripted " + ans})
	}
	a.NotCounted = notCounted
	return a
}

func allYes(v JudgeVars, _ int) JudgeAnswer { return answers(v, nil, "") }

func excluded(code string) func(JudgeVars, int) JudgeAnswer {
	return func(v JudgeVars, _ int) JudgeAnswer {
		return answers(v, map[string]bool{"not_excluded": false, "presents_user": false}, code)
	}
}

func outcomeOf(t *testing.T, res *PageResult, subject string) Outcome {
	t.Helper()
	for _, o := range res.Outcomes {
		if o.Proposed.Subject == subject && o.Verdict != Duplicate {
			return o
		}
	}
	t.Fatalf("no outcome for subject %q among %+v", subject, res.Outcomes)
	return Outcome{}
}

func TestStitchedQuoteIsRepaired(t *testing.T) {
	m := newScript(llm.Info{})
	uri := "https://oblako.example/cases/romashka"
	// The model skipped "отдел продаж и" between two pieces.
	stitched := "ООО «Ромашка» из Казани в 2024 году перевела доставку на Битрикс24."
	m.candidates[uri] = []Candidate{{Subject: "ООО «Ромашка»", Object: "Битрикс24", Quote: stitched, EvidenceType: "case"}}
	x := New(m, testSpec(t), Options{})
	res, err := x.Page(context.Background(), source("p1", uri, "Кейс", pageCase))
	if err != nil {
		t.Fatal(err)
	}
	o := outcomeOf(t, res, "ООО «Ромашка»")
	if o.Verdict != Accepted {
		t.Fatalf("Page(stitched quote) verdict = %s (%s), want accepted", o.Verdict, o.Reason)
	}
	q := o.Evidence.Quote
	want := "ООО «Ромашка» из Казани в 2024 году перевела отдел продаж и доставку на Битрикс24."
	if q.Text != want || pageCase[q.Start:q.End] != q.Text || q.Match != quote.Repaired {
		t.Errorf("Page(stitched quote) quote = %q [%d:%d] %s, want the contiguous span %q, repaired", q.Text, q.Start, q.End, q.Match, want)
	}
	if q.Proposed != stitched {
		t.Errorf("Page(stitched quote) proposed = %q, want the model's text kept", q.Proposed)
	}
	if m.Count(TaskReferent) != 0 {
		t.Errorf("referent calls = %d, want 0: the quote names both sides", m.Count(TaskReferent))
	}
}

func TestQuoteNotFoundIsRejected(t *testing.T) {
	m := newScript(llm.Info{})
	uri := "https://oblako.example/cases/romashka"
	m.candidates[uri] = []Candidate{{Subject: "ООО «Ромашка»", Object: "Битрикс24",
		Quote: "ООО «Ромашка» полностью отказалась от Excel и перешла на Битрикс24 в 2019 году.", EvidenceType: "case"}}
	res, err := New(m, testSpec(t), Options{}).Page(context.Background(), source("p1", uri, "Кейс", pageCase))
	if err != nil {
		t.Fatal(err)
	}
	if o := outcomeOf(t, res, "ООО «Ромашка»"); o.Verdict != Rejected || o.Reason != ReasonQuoteNotFound {
		t.Errorf("Page(invented quote) = %s %s, want rejected quote_not_found", o.Verdict, o.Reason)
	}
	if m.Count(TaskJudge) != 0 {
		t.Errorf("judge calls = %d, want 0 for a quote that is not on the page", m.Count(TaskJudge))
	}
}

func TestTestimonialNamesOnlyTheCompany(t *testing.T) {
	uri := "https://bitrix24.ru/cases/alfa"
	testimonial := "«В ООО «Альфа» мы сократили время обработки заявок вдвое», — рассказывает руководитель отдела продаж."
	title := "Как ООО «Альфа» внедрила Битрикс24"
	for _, tc := range []struct {
		name    string
		phrase  string
		verdict string
		reason  Reason
	}{
		{"the title names the product", title, Accepted, ""},
		{"the phrase is not on the page", "ООО «Альфа» работает в Битрикс24 с 2020 года", Rejected, ReasonReferentPhraseNotFound},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m := newScript(llm.Info{})
			m.candidates[uri] = []Candidate{{Subject: "ООО «Альфа»", Object: "Битрикс24", Quote: testimonial, EvidenceType: "testimonial"}}
			m.referent["ООО «Альфа»"] = ReferentAnswer{Argument: "Отзыв написан сотрудником «Альфы», заголовок говорит о внедрении Битрикс24.",
				Verdict: "yes", EvidencePhrase: tc.phrase}
			// A narrow judge that sees only the testimonial says no; with the
			// referent step's argument and phrase it says yes (seed 000: 391 of
			// 594 true relations were lost without them).
			m.judge["ООО «Альфа»"] = func(v JudgeVars, _ int) JudgeAnswer {
				return answers(v, map[string]bool{"presents_user": v.Referent != nil && v.Referent.Phrase != ""}, "")
			}
			res, err := New(m, testSpec(t), Options{}).Page(context.Background(), source("p2", uri, title, pageTestimonial))
			if err != nil {
				t.Fatal(err)
			}
			o := outcomeOf(t, res, "ООО «Альфа»")
			if o.Verdict != tc.verdict || o.Reason != tc.reason {
				t.Fatalf("Page(testimonial) = %s %q (%s), want %s %q", o.Verdict, o.Reason, o.Detail, tc.verdict, tc.reason)
			}
			if m.Count(TaskReferent) != 1 {
				t.Errorf("referent calls = %d, want 1: the quote does not name the product", m.Count(TaskReferent))
			}
			if tc.verdict != Accepted {
				return
			}
			r := o.Evidence.Referent
			if !r.Needed || !r.Found || pageTestimonial[r.Start:r.End] != title {
				t.Errorf("referent = %+v, want the title found verbatim", r)
			}
			calls := m.Calls()
			var jv JudgeVars
			for _, c := range calls {
				if c.Task == TaskJudge {
					json.Unmarshal(c.Vars, &jv)
				}
			}
			if jv.Referent == nil || jv.Referent.Phrase != title || !strings.Contains(jv.Referent.Argument, "заголовок") {
				t.Errorf("judge vars referent = %+v, want the referent's argument and phrase", jv.Referent)
			}
		})
	}
}

func TestDistractorsAreNotCounted(t *testing.T) {
	m := newScript(llm.Info{})
	uri := "https://news.example/partners"
	m.candidates[uri] = []Candidate{
		{Subject: "Northwind Ventures", Object: "Bitrix24", Quote: "Northwind Ventures invested 2 million dollars in Bitrix24 integrator Oblako in 2025.", EvidenceType: "press_release"},
		{Subject: "Contoso Ltd", Object: "Bitrix24", Quote: "Contoso Ltd signed a partnership agreement with Oblako to resell Bitrix24 licences; no deployment is planned.", EvidenceType: "other"},
		{Subject: "Vega Retail AG", Object: "Bitrix24", Quote: "Vega Retail AG is a member of the Bitrix24 Partner Association.", EvidenceType: "other"},
	}
	m.judge["Northwind Ventures"] = excluded("investment")
	m.judge["Contoso Ltd"] = excluded("partnership")
	m.judge["Vega Retail AG"] = excluded("membership")
	x := New(m, testSpec(t), Options{})
	res, err := x.Page(context.Background(), source("p3", uri, "Partners and investors", pagePartners))
	if err != nil {
		t.Fatal(err)
	}
	wall := "https://oblako.example/clients"
	m.candidates[wall] = []Candidate{{Subject: "«Облако»", Object: "Битрикс24",
		Quote: "В 2025 году «Облако» получило премию «Лучший партнёр Битрикс24» в Поволжье.", EvidenceType: "other"}}
	m.judge["«Облако»"] = excluded("award")
	res2, err := x.Page(context.Background(), source("p4", wall, "Нам доверяют", pageWall))
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		res     *PageResult
		subject string
		detail  string
	}{
		{res, "Northwind Ventures", "investment"},
		{res, "Contoso Ltd", "partnership"},
		{res, "Vega Retail AG", "membership"},
		{res2, "«Облако»", "award"},
	} {
		o := outcomeOf(t, tc.res, tc.subject)
		if o.Verdict != Rejected || o.Reason != ReasonNotCounted || o.Detail != tc.detail || o.Criterion != "not_excluded" {
			t.Errorf("Page(%s) = %s %s/%s criterion %q, want rejected not_counted/%s by not_excluded",
				tc.subject, o.Verdict, o.Reason, o.Detail, o.Criterion, tc.detail)
		}
		if o.Evidence == nil || o.Evidence.Panel == nil || o.Evidence.Panel.Cast != 5 {
			t.Errorf("Page(%s) panel = %+v, want 5 votes cast by a sampling model", tc.subject, o.Evidence)
		}
	}
}

func TestSubjectShape(t *testing.T) {
	m := newScript(llm.Info{})
	uri := "https://news.example/partners"
	m.candidates[uri] = []Candidate{{Subject: "Hospitals", Object: "Bitrix24",
		Quote: "Hospitals in the region are evaluating several CRM systems, including Bitrix24.", EvidenceType: "other"}}
	caseURI := "https://oblako.example/cases/romashka"
	m.candidates[caseURI] = []Candidate{{Subject: "Ирина Соколова", Object: "Битрикс24",
		Quote:        "«Мы используем Битрикс24 каждый день: время обработки заказа сократилось с 40 до 12 минут», — говорит директор по продажам Ирина Соколова.",
		EvidenceType: "testimonial"}}
	wall := "https://oblako.example/clients"
	m.candidates[wall] = []Candidate{{Subject: "Городские больницы Казани", Object: "Битрикс24", Quote: "Городские больницы Казани", EvidenceType: "logo"}}
	x := New(m, testSpec(t), Options{})
	for _, tc := range []struct {
		src     *verity.Source
		subject string
		reason  Reason
	}{
		{source("p3", uri, "Partners", pagePartners), "Hospitals", ReasonSubjectGeneric},
		{source("p1", caseURI, "Кейс", pageCase), "Ирина Соколова", ReasonSubjectPerson},
		{source("p4", wall, "Нам доверяют", pageWall), "Городские больницы Казани", ReasonSubjectGeneric},
	} {
		res, err := x.Page(context.Background(), tc.src)
		if err != nil {
			t.Fatal(err)
		}
		if o := outcomeOf(t, res, tc.subject); o.Verdict != Rejected || o.Reason != tc.reason {
			t.Errorf("Page(%s) = %s %s, want rejected %s", tc.subject, o.Verdict, o.Reason, tc.reason)
		}
	}
	if n := m.Count(TaskReferent) + m.Count(TaskJudge); n != 0 {
		t.Errorf("referent and judge calls = %d, want 0: shape checks need no model", n)
	}
}

func TestLogoWallUnderTrustHeading(t *testing.T) {
	item := "АО «Северный ветер»"
	phrase := "Более 300 компаний выбрали наши решения на базе Битрикс24."
	for _, tc := range []struct {
		uri, kind, verdict string
	}{
		{"https://oblako.example/clients", PageOwn, Accepted},
		{"https://catalog.example/oblako", PageThirdParty, Rejected},
	} {
		t.Run(tc.kind, func(t *testing.T) {
			m := newScript(llm.Info{})
			m.candidates[tc.uri] = []Candidate{{Subject: item, Object: "Битрикс24", Quote: item, EvidenceType: "logo"}}
			m.referent[item] = ReferentAnswer{Argument: "Логотип стоит под заголовком «Нам доверяют» на странице о решениях на базе Битрикс24.",
				Verdict: "yes", EvidencePhrase: phrase}
			// The judge reads the page rule: a logo counts on the vendor's
			// own pages only.
			m.judge[item] = func(v JudgeVars, _ int) JudgeAnswer {
				return answers(v, map[string]bool{"presents_user": v.PageKind == PageOwn && v.Referent != nil}, "")
			}
			res, err := New(m, testSpec(t), Options{}).Page(context.Background(), source("p4", tc.uri, "Нам доверяют", pageWall))
			if err != nil {
				t.Fatal(err)
			}
			o := outcomeOf(t, res, item)
			if o.Verdict != tc.verdict {
				t.Fatalf("Page(logo on %s page) = %s %s, want %s", tc.kind, o.Verdict, o.Reason, tc.verdict)
			}
			if o.Verdict == Rejected && o.Reason != ReasonNotPresented {
				t.Errorf("Page(logo on %s page) reason = %s, want not_presented", tc.kind, o.Reason)
			}
			if o.Evidence.Quote.Text != item || o.Evidence.Referent.Phrase != phrase {
				t.Errorf("evidence = %q with phrase %q, want the logo's alt text and the page's phrase", o.Evidence.Quote.Text, o.Evidence.Referent.Phrase)
			}
		})
	}
}

func TestPanelThresholdAndReviewBand(t *testing.T) {
	uri := "https://oblako.example/cases/romashka"
	q := "Сеть цветочных магазинов ООО «Ромашка» из Казани в 2024 году перевела отдел продаж и доставку на Битрикс24."
	for _, tc := range []struct {
		yes        int // of 5 votes on presents_user
		band       []float64
		verdict    string
		confidence float64
	}{
		// The default is the seed's rule: accepted at half the votes or
		// more, below that to a person; no yes at all is a rejection.
		{5, nil, Accepted, 1},
		{4, nil, Accepted, 0.8},
		{3, nil, Accepted, 0.6},
		{2, nil, Review, 0.4},
		{1, nil, Review, 0.2},
		{0, nil, Rejected, 0},
		// A band is an explicit choice.
		{3, []float64{0.4, 0.6}, Review, 0.6},
		{2, []float64{0.4, 0.6}, Review, 0.4},
		{1, []float64{0.4, 0.6}, Rejected, 0.2},
		{3, []float64{}, Accepted, 0.6},
		{2, []float64{}, Rejected, 0.4},
	} {
		band := "seed"
		if tc.band != nil {
			band = fmt.Sprint(tc.band)
		}
		t.Run(fmt.Sprintf("%d_of_5_band_%s", tc.yes, band), func(t *testing.T) {
			m := newScript(llm.Info{})
			m.candidates[uri] = []Candidate{{Subject: "ООО «Ромашка»", Object: "Битрикс24", Quote: q, EvidenceType: "case"}}
			m.judge["ООО «Ромашка»"] = func(v JudgeVars, sample int) JudgeAnswer {
				return answers(v, map[string]bool{"presents_user": sample < tc.yes}, "")
			}
			spec := testSpec(t)
			if tc.band != nil {
				spec.Panel.ReviewBand = tc.band
			}
			res, err := New(m, spec, Options{}).Page(context.Background(), source("p1", uri, "Кейс", pageCase))
			if err != nil {
				t.Fatal(err)
			}
			o := outcomeOf(t, res, "ООО «Ромашка»")
			if o.Verdict != tc.verdict || o.Evidence.Confidence != tc.confidence {
				t.Errorf("Page(%d of 5 yes) = %s confidence %.2f, want %s %.2f", tc.yes, o.Verdict, o.Evidence.Confidence, tc.verdict, tc.confidence)
			}
			if m.Count(TaskJudge) != 5 {
				t.Errorf("judge calls = %d, want 5 votes", m.Count(TaskJudge))
			}
		})
	}
}

func TestDeterministicModelCastsOneVote(t *testing.T) {
	m := newScript(llm.Info{Provider: "offline", Model: "offline", Deterministic: true})
	uri := "https://oblako.example/cases/romashka"
	m.candidates[uri] = []Candidate{{Subject: "ООО «Ромашка»", Object: "Битрикс24",
		Quote: "Сеть цветочных магазинов ООО «Ромашка» из Казани в 2024 году перевела отдел продаж и доставку на Битрикс24.", EvidenceType: "case"}}
	res, err := New(m, testSpec(t), Options{}).Page(context.Background(), source("p1", uri, "Кейс", pageCase))
	if err != nil {
		t.Fatal(err)
	}
	o := outcomeOf(t, res, "ООО «Ромашка»")
	p := o.Evidence.Panel
	if o.Verdict != Accepted || p.Cast != 1 || p.Requested != 5 || !p.Deterministic || m.Count(TaskJudge) != 1 {
		t.Errorf("Page(deterministic) = %s, cast %d of %d (deterministic %v), %d judge calls; want accepted on 1 vote of 5 requested, 1 call",
			o.Verdict, p.Cast, p.Requested, p.Deterministic, m.Count(TaskJudge))
	}
	// One vote is a verdict with no confidence estimate: it is shown as
	// null with its one vote, never as 1.00, and no band takes it for
	// five agreeing votes.
	view := evidenceView(*o.Evidence)
	js, _ := json.Marshal(view)
	if view.Confidence != nil || view.Votes != 1 || !view.Deterministic || !strings.Contains(string(js), `"confidence":null`) {
		t.Errorf("evidence view = %s, want confidence null, 1 vote, deterministic", js)
	}
	spec := testSpec(t)
	spec.Panel.ReviewBand = []float64{0.9, 1}
	res, err = New(m, spec, Options{}).Page(context.Background(), source("p1", uri, "Кейс", pageCase))
	if err != nil {
		t.Fatal(err)
	}
	if o := outcomeOf(t, res, "ООО «Ромашка»"); o.Verdict != Accepted {
		t.Errorf("Page(deterministic, band [0.9, 1]) = %s, want accepted: one vote is not a share of 1.0 to review", o.Verdict)
	}
}

func TestTraceCoversEveryStep(t *testing.T) {
	m := newScript(llm.Info{})
	uri := "https://bitrix24.ru/cases/alfa"
	m.candidates[uri] = []Candidate{{Subject: "ООО «Альфа»", Object: "Битрикс24",
		Quote: "«В ООО «Альфа» мы сократили время обработки заявок вдвое»", EvidenceType: "testimonial"}}
	m.referent["ООО «Альфа»"] = ReferentAnswer{Argument: "заголовок", Verdict: "yes", EvidencePhrase: "Как ООО «Альфа» внедрила Битрикс24"}
	res, err := New(m, testSpec(t), Options{}).Page(context.Background(), source("p2", uri, "t", pageTestimonial))
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, s := range res.Steps {
		names = append(names, s.Name)
		if (s.Name == StepCandidates || s.Name == StepReferent || s.Name == StepPanel) && (s.PromptVersion == "" || s.Model == "") {
			t.Errorf("step %s has prompt %q model %q, want both recorded", s.Name, s.PromptVersion, s.Model)
		}
	}
	want := []string{StepCandidates, StepQuote, StepShape, StepReferent, StepPanel, StepDecision}
	if !slices.Equal(names, want) {
		t.Errorf("steps = %v, want %v", names, want)
	}
	for _, s := range res.Steps[1:] {
		if s.EdgeID != res.Outcomes[0].EdgeID {
			t.Errorf("step %s edge = %q, want %q", s.Name, s.EdgeID, res.Outcomes[0].EdgeID)
		}
	}
}

func TestBannedSourceIsNotRead(t *testing.T) {
	m := newScript(llm.Info{})
	res, err := New(m, testSpec(t), Options{}).Page(context.Background(),
		source("agg", "https://www.crm-catalog.example/bitrix24/clients", "Клиенты", pageWall))
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Outcomes) != 1 || res.Outcomes[0].Reason != ReasonBannedSource || m.Count("") != 0 {
		t.Errorf("Page(banned) = %+v with %d calls, want one banned_source rejection and no call", res.Outcomes, m.Count(""))
	}
}
