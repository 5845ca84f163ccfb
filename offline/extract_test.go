package offline

import (
	"context"
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/veritykb/verity/extract"
	"github.com/veritykb/verity/llm"
)

func TestExtractNames(t *testing.T) {
	for _, tc := range []struct {
		text string
		want []string
	}{
		{"Сеть цветочных магазинов ООО «Ромашка» из Казани перевела продажи на Битрикс24.", []string{"Сеть", "ООО «Ромашка»", "Казани", "Битрикс24"}},
		{"Торговый дом «Гамма» с весны работает в Битрикс24.", []string{"Торговый дом «Гамма»", "Битрикс24"}},
		{"«В ООО «Альфа» мы сократили время вдвое», — рассказывает руководитель.", []string{"ООО «Альфа»"}},
		{"Acme Logistics GmbH, a freight forwarder based in Hamburg, moved to Bitrix24.", []string{"Acme Logistics GmbH", "Hamburg", "Bitrix24"}},
		{"Breakout is an arcade game developed and published by Atari , Inc. , released on May 13 , 1976 .", []string{"Breakout", "Atari , Inc."}},
		{"The Bank of America uses it.", []string{"Bank of America"}},
		{"В 2025 году «Облако» получило премию «Лучший партнёр Битрикс24».", []string{"«Облако»", "«Лучший партнёр Битрикс24»"}},
		// A capitalized preposition before a quoted name is grammar.
		{"В «Альтагро» пользуются Битрикс24.", []string{"«Альтагро»", "Битрикс24"}},
		{"Холдинг «Альтагро» использует Битрикс24.", []string{"Холдинг «Альтагро»", "Битрикс24"}},
		// The sentence's first word is capitalized by grammar: it does not
		// join the quoted name after it; a capitalized word inside the
		// sentence does.
		{"Сотрудники «Гамма» работают в Битрикс24.", []string{"Сотрудники", "«Гамма»", "Битрикс24"}},
		{"Вчера Лаборатория «Гамма» перешла на Битрикс24.", []string{"Вчера", "Лаборатория «Гамма»", "Битрикс24"}},
		// People or a party "of" a name are not part of it.
		{"Employees of Contoso Ltd now use Bitrix24.", []string{"Contoso Ltd", "Bitrix24"}},
		{"Competitors of Harbor Logistics Corporation use Bitrix24.", []string{"Harbor Logistics Corporation", "Bitrix24"}},
		{"The Bank of America uses Bitrix24.", []string{"Bank of America", "Bitrix24"}},
	} {
		p := newExPage(tc.text)
		var got []string
		for _, s := range p.Sents {
			for _, n := range names(p, s) {
				got = append(got, n.Text)
			}
		}
		if !slices.Equal(got, tc.want) {
			t.Errorf("names(%q) = %q, want %q", tc.text, got, tc.want)
		}
	}
}

func askExtract(t *testing.T, task string, vars, out any) {
	t.Helper()
	raw, err := json.Marshal(vars)
	if err != nil {
		t.Fatal(err)
	}
	resp, err := New(Options{}).Complete(context.Background(), &llm.Request{Task: task, Vars: raw})
	if err != nil {
		t.Fatalf("%s: %v", task, err)
	}
	if err := json.Unmarshal([]byte(resp.Text), out); err != nil {
		t.Fatalf("%s answered %q: %v", task, resp.Text, err)
	}
}

func bitrixSpec(t *testing.T) *extract.Spec {
	t.Helper()
	s, err := extract.BuiltinSpec("bitrix24-ru")
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func TestExtractCandidates(t *testing.T) {
	s := bitrixSpec(t)
	for _, tc := range []struct {
		name, text, strictness string
		want                   []extract.Candidate
	}{
		{"a case sentence", "# Кейс\n\nООО «Ромашка» перевела продажи на Битрикс24.", extract.Generous,
			[]extract.Candidate{{Subject: "ООО «Ромашка»", Object: "Битрикс24", Quote: "ООО «Ромашка» перевела продажи на Битрикс24.", EvidenceType: "case"}}},
		{"strict wants a cue", "# Новости\n\nООО «Ромашка» и Битрикс24 на выставке.", extract.Strict, nil},
		{"generous takes it anyway", "# Новости\n\nООО «Ромашка» и Битрикс24 на выставке.", extract.Generous,
			[]extract.Candidate{{Subject: "ООО «Ромашка»", Object: "Битрикс24", Quote: "ООО «Ромашка» и Битрикс24 на выставке.", EvidenceType: "other"}}},
		{"a testimonial under a title that names both", "# Как ООО «Альфа» внедрила Битрикс24\n\n«Мы сократили время обработки заявок вдвое», — говорит директор.", extract.Generous,
			[]extract.Candidate{
				{Subject: "ООО «Альфа»", Object: "Битрикс24", Quote: "Как ООО «Альфа» внедрила Битрикс24", EvidenceType: "case"},
				{Subject: "ООО «Альфа»", Object: "Битрикс24", Quote: "«Мы сократили время обработки заявок вдвое», — говорит директор.", EvidenceType: "testimonial"},
			}},
		{"a logo wall", "# Нам доверяют\n\nНаши решения на базе Битрикс24.\n\n- АО «Вектор»\n\n- Городские больницы", extract.Generous,
			[]extract.Candidate{
				{Subject: "АО «Вектор»", Object: "Битрикс24", Quote: "АО «Вектор»", EvidenceType: "logo"},
				{Subject: "Городские больницы", Object: "Битрикс24", Quote: "Городские больницы", EvidenceType: "logo"},
			}},
		{"a list that is not under trust", "# Цены\n\nТарифы Битрикс24.\n\n- АО «Вектор»", extract.Generous, nil},
		{"the vendor's customer wall that does not name the product", "# Наши клиенты\n\nКлиники, для которых мы настроили запись пациентов и телефонию.\n\nСеть клиник «Медлайн»\n\n«Медлайн» — 14 клиник в Москве\n\nГородские поликлиники", extract.Generous,
			[]extract.Candidate{
				{Subject: "«Медлайн»", Object: "Битрикс24", Quote: "Сеть клиник «Медлайн»", EvidenceType: "logo"},
				{Subject: "«Медлайн»", Object: "Битрикс24", Quote: "«Медлайн» — 14 клиник в Москве", EvidenceType: "logo"},
				{Subject: "Городские поликлиники", Object: "Битрикс24", Quote: "Городские поликлиники", EvidenceType: "logo"},
			}},
		{"an English customer wall of the vendor", "# Our customers\n\nAcme Logistics GmbH\n\nNordwind AB, Stockholm", extract.Generous,
			[]extract.Candidate{
				{Subject: "Acme Logistics GmbH", Object: "Битрикс24", Quote: "Acme Logistics GmbH", EvidenceType: "logo"},
				{Subject: "Nordwind AB", Object: "Битрикс24", Quote: "Nordwind AB, Stockholm", EvidenceType: "logo"},
			}},
		{"the vendor is no subject", "# О нас\n\n1С-Битрикс выпустила новую версию Битрикс24.", extract.Generous, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			vars := extract.CandidatesVars{Relation: "uses", Phrase: s.Relation.Phrase, Cues: s.Relation.Cues, Objects: s.Objects,
				Vendor: s.Vendor.Name, Exclude: s.Exclude, Strictness: tc.strictness, PageKind: extract.PageOwn, Text: tc.text}
			var got extract.CandidatesAnswer
			askExtract(t, extract.TaskCandidates, vars, &got)
			if !slices.Equal(got.Candidates, tc.want) {
				t.Errorf("candidates(%q) = %+v, want %+v", tc.text, got.Candidates, tc.want)
			}
			// A third-party page's logos are proposed only when the page
			// names the product.
			vars.PageKind = extract.PageThirdParty
			var third extract.CandidatesAnswer
			askExtract(t, extract.TaskCandidates, vars, &third)
			for _, c := range third.Candidates {
				if c.EvidenceType == extract.EvidenceLogo && !strings.Contains(tc.text, "Битрикс24") {
					t.Errorf("candidates(%q) on a third-party page proposed %+v", tc.text, c)
				}
			}
		})
	}
}

func TestExtractReferent(t *testing.T) {
	s := bitrixSpec(t)
	page := "# Нам доверяют\n\nБолее 300 компаний выбрали наши решения на базе Битрикс24.\n\n- АО «Вектор»\n\n## Новости\n\nООО «Альфа» получило премию «Лучший партнёр Битрикс24».\n\nООО «Бета» не использует Битрикс24."
	for _, tc := range []struct {
		name, subject, quote, kind, verdict, phrase string
	}{
		{"logo on the vendor's page", "АО «Вектор»", "АО «Вектор»", extract.PageOwn, "yes", "Более 300 компаний выбрали наши решения на базе Битрикс24."},
		{"logo on a third-party page", "АО «Вектор»", "АО «Вектор»", extract.PageThirdParty, "no", "Более 300 компаний выбрали наши решения на базе Битрикс24."},
		{"an award is not use", "ООО «Альфа»", "ООО «Альфа»", extract.PageOwn, "no", "ООО «Альфа» получило премию «Лучший партнёр Битрикс24»."},
		{"a denied cue", "ООО «Бета»", "ООО «Бета»", extract.PageOwn, "no", ""},
		{"a title that names both", "ООО «Гамма»", "«Мы довольны»", extract.PageThirdParty, "yes", "Как ООО «Гамма» внедрила Битрикс24"},
		{"the vendor's wall without the product", "«Медлайн»", "«Медлайн» — 14 клиник в Москве", extract.PageOwn, "yes", "Наши клиенты в медицине"},
		{"such a wall elsewhere", "«Медлайн»", "«Медлайн» — 14 клиник в Москве", extract.PageThirdParty, "no", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			text := page
			switch tc.subject {
			case "ООО «Гамма»":
				text = "# Как ООО «Гамма» внедрила Битрикс24\n\n«Мы довольны», — говорит директор."
			case "«Медлайн»":
				text = "# Наши клиенты в медицине\n\nСеть клиник «Медлайн»\n\n«Медлайн» — 14 клиник в Москве"
			}
			vars := extract.ReferentVars{Subject: tc.subject, Object: "Битрикс24", ObjectAliases: []string{"Bitrix24"}, Phrase: s.Relation.Phrase,
				Cues: s.Relation.Cues, Exclude: s.Exclude, Quote: tc.quote, PageKind: tc.kind, Text: text}
			var got extract.ReferentAnswer
			askExtract(t, extract.TaskReferent, vars, &got)
			if got.Verdict != tc.verdict || got.EvidencePhrase != tc.phrase || got.Argument == "" {
				t.Errorf("referent(%s) = %+v, want %s with phrase %q", tc.name, got, tc.verdict, tc.phrase)
			}
		})
	}
}

func TestExtractJudge(t *testing.T) {
	s := bitrixSpec(t)
	ref := func(arg, phrase string) *extract.ReferentNote {
		return &extract.ReferentNote{Argument: arg, Phrase: phrase}
	}
	for _, tc := range []struct {
		name, subject, quote, evType, kind string
		referent                           *extract.ReferentNote
		want                               map[string]string // criterion → yes/no
		notCounted                         string
	}{
		{"a case", "ООО «Ромашка»", "ООО «Ромашка» перевела продажи на Битрикс24.", "case", extract.PageThirdParty, nil,
			map[string]string{"presents_user": "yes", "specific": "yes", "not_excluded": "yes"}, ""},
		{"a noun of the cue's family", "«Медлайн»", "Сеть клиник «Медлайн» расширяет использование Битрикс24", "other", extract.PageThirdParty, nil,
			map[string]string{"presents_user": "yes", "specific": "yes", "not_excluded": "yes"}, ""},
		{"an English noun of the family", "Acme Logistics", "Acme Logistics completed its adoption of Bitrix24 in March.", "other", extract.PageThirdParty, nil,
			map[string]string{"presents_user": "yes"}, ""},
		{"a near miss of the family", "ООО «Сигма»", "ООО «Сигма» — пользователь форума о Битрикс24.", "other", extract.PageThirdParty, nil,
			map[string]string{"presents_user": "no"}, ""},
		{"an investment", "Northwind Ventures", "Northwind Ventures invested 2 million dollars in Bitrix24 integrator Oblako.", "other", extract.PageThirdParty, nil,
			map[string]string{"presents_user": "no", "specific": "yes", "not_excluded": "no"}, "investment"},
		{"membership", "ООО «Вектор»", "ООО «Вектор» вступило в Ассоциацию интеграторов Битрикс24.", "other", extract.PageThirdParty, nil,
			map[string]string{"presents_user": "no", "not_excluded": "no"}, "membership"},
		{"evaluating is not using", "ООО «Дельта»", "ООО «Дельта» рассматривает Битрикс24 и использует таблицы.", "other", extract.PageThirdParty, nil,
			map[string]string{"presents_user": "no"}, ""},
		{"a trial that is over", "ООО «Дельта»", "ООО «Дельта» перешла на Битрикс24 после тестирования трёх систем.", "other", extract.PageThirdParty, nil,
			map[string]string{"presents_user": "yes"}, ""},
		{"a trial that is over, in English", "Delta Ltd", "Delta Ltd moved to Bitrix24 following a trial of three systems.", "other", extract.PageThirdParty, nil,
			map[string]string{"presents_user": "yes"}, ""},
		{"a trial still under way", "ООО «Дельта»", "ООО «Дельта» перешла на Битрикс24 в режиме тестирования.", "other", extract.PageThirdParty, nil,
			map[string]string{"presents_user": "no"}, ""},
		{"a trial before the choice", "Delta Ltd", "Delta Ltd moved to Bitrix24 for a pilot before the full rollout.", "other", extract.PageThirdParty, nil,
			map[string]string{"presents_user": "no"}, ""},
		{"the relation as a noun, the organization after it", "«Стройсофт»", "Внедрение Битрикс24 в «Стройсофт» заняло три месяца.", "other", extract.PageThirdParty, nil,
			map[string]string{"presents_user": "yes"}, ""},
		{"the relation as a noun, in English", "Contoso", "The adoption of Bitrix24 at Contoso took three months.", "other", extract.PageThirdParty, nil,
			map[string]string{"presents_user": "yes"}, ""},
		{"the noun, the organization not after the object", "«Стройсофт»", "Внедрение Битрикс24 обсуждают в «Стройсофт».", "other", extract.PageThirdParty, nil,
			map[string]string{"presents_user": "no"}, ""},
		{"the noun, the organization elsewhere", "«Стройсофт»", "Внедрение Битрикс24 в школах, по данным «Стройсофт», идёт медленно.", "other", extract.PageThirdParty, nil,
			map[string]string{"presents_user": "no"}, ""},
		{"the noun, denied", "«Стройсофт»", "Отказ от Битрикс24 в «Стройсофт» объяснили ценой.", "other", extract.PageThirdParty, nil,
			map[string]string{"presents_user": "no", "not_excluded": "no"}, "former"},
		{"we, tied by the referent", "ООО «Альфа»", "«Мы используем Битрикс24 каждый день»", "testimonial", extract.PageOwn,
			ref("title", "Как ООО «Альфа» внедрила Битрикс24"), map[string]string{"presents_user": "yes"}, ""},
		{"a testimonial without the referent's phrase", "ООО «Альфа»", "«Мы сократили время вдвое»", "testimonial", extract.PageOwn, nil,
			map[string]string{"presents_user": "no"}, ""},
		{"a logo on the vendor's page", "АО «Вектор»", "АО «Вектор»", "logo", extract.PageOwn,
			ref("logo wall", "Более 300 компаний выбрали наши решения на базе Битрикс24."), map[string]string{"presents_user": "yes"}, ""},
		{"a logo under the vendor's heading of customers", "«Медлайн»", "Сеть клиник «Медлайн»", "logo", extract.PageOwn,
			ref("logo wall", "Наши клиенты в медицине"), map[string]string{"presents_user": "yes"}, ""},
		{"a logo under some other heading", "«Медлайн»", "Сеть клиник «Медлайн»", "logo", extract.PageOwn,
			ref("logo wall", "Наши награды"), map[string]string{"presents_user": "no"}, ""},
		{"a logo elsewhere", "АО «Вектор»", "АО «Вектор»", "logo", extract.PageThirdParty,
			ref("logo wall", "Более 300 компаний выбрали наши решения на базе Битрикс24."), map[string]string{"presents_user": "no"}, ""},
		{"a person", "Ирина Соколова", "Ирина Соколова использует Битрикс24.", "other", extract.PageOwn, nil,
			map[string]string{"specific": "no"}, ""},
		{"a launch", "Contoso", "Contoso launched Bitrix24 in all its stores.", "other", extract.PageThirdParty, nil,
			map[string]string{"presents_user": "yes"}, ""},
		{"a pick", "Fabrikam", "Fabrikam picked Bitrix24 over three other CRMs.", "other", extract.PageThirdParty, nil,
			map[string]string{"presents_user": "yes"}, ""},
		{"went live", "Fabrikam", "Bitrix24 went live at Fabrikam in May.", "other", extract.PageThirdParty, nil,
			map[string]string{"presents_user": "yes"}, ""},
		{"«развернула»", "ООО «Альфа»", "ООО «Альфа» развернула Битрикс24 на своих серверах.", "other", extract.PageThirdParty, nil,
			map[string]string{"presents_user": "yes"}, ""},
		{"«запуск» as a noun", "«Альфа»", "Запуск Битрикс24 в «Альфа» прошёл за неделю.", "other", extract.PageThirdParty, nil,
			map[string]string{"presents_user": "yes"}, ""},
		{"a solution, not a decision", "ООО «Альфа»", "ООО «Альфа» внедрила решение на базе Битрикс24.", "other", extract.PageThirdParty, nil,
			map[string]string{"presents_user": "yes"}, ""},
		{"a problem solved, not a decision", "«Альфа»", "Чтобы решить задачу учёта, «Альфа» внедрила Битрикс24.", "other", extract.PageThirdParty, nil,
			map[string]string{"presents_user": "yes"}, ""},
		{"a decision still to make", "«Альфа»", "В «Альфа» обещают принять решение о переходе на Битрикс24.", "other", extract.PageThirdParty, nil,
			map[string]string{"presents_user": "no"}, ""},
		{"a decision still to make, in English", "Contoso", "Contoso will decide on a move to Bitrix24 next year.", "other", extract.PageThirdParty, nil,
			map[string]string{"presents_user": "no"}, ""},
		{"declined", "Contoso", "Contoso declined to adopt Bitrix24.", "other", extract.PageThirdParty, nil,
			map[string]string{"presents_user": "no"}, ""},
		{"competitors use it", "Contoso", "Competitors of Contoso use Bitrix24.", "other", extract.PageThirdParty, nil,
			map[string]string{"presents_user": "no"}, ""},
		{"competitors use it, a possessive", "Contoso", "Contoso's rivals have moved to Bitrix24.", "other", extract.PageThirdParty, nil,
			map[string]string{"presents_user": "no"}, ""},
		{"competitors use it, in Russian", "«Альфа»", "Конкуренты холдинга «Альфа» работают в Битрикс24.", "other", extract.PageThirdParty, nil,
			map[string]string{"presents_user": "no"}, ""},
		{"its own staff use it", "«Альфа»", "Сотрудники холдинга «Альфа» работают в Битрикс24.", "other", extract.PageThirdParty, nil,
			map[string]string{"presents_user": "yes"}, ""},
		{"its own staff use it, in English", "Contoso", "Employees of Contoso use Bitrix24.", "other", extract.PageThirdParty, nil,
			map[string]string{"presents_user": "yes"}, ""},
		{"a competitor named, the subject using it", "Contoso", "Contoso moved to Bitrix24, as its competitors did.", "other", extract.PageThirdParty, nil,
			map[string]string{"presents_user": "yes"}, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			vars := extract.JudgeVars{Subject: tc.subject, Object: "Битрикс24", ObjectAliases: []string{"Bitrix24"}, Phrase: s.Relation.Phrase,
				Cues: s.Relation.Cues, Exclude: s.Exclude, Criteria: s.Criteria, Fragment: tc.quote, Quote: tc.quote,
				EvidenceType: tc.evType, Referent: tc.referent, PageKind: tc.kind}
			var got extract.JudgeAnswer
			askExtract(t, extract.TaskJudge, vars, &got)
			answers := map[string]string{}
			for _, a := range got.Answers {
				answers[a.ID] = a.Answer
				if a.Reason == "" {
					t.Errorf("judge(%s) %s has no reason", tc.name, a.ID)
				}
			}
			for id, w := range tc.want {
				if answers[id] != w {
					t.Errorf("judge(%s) %s = %q, want %q", tc.name, id, answers[id], w)
				}
			}
			if got.NotCounted != tc.notCounted {
				t.Errorf("judge(%s) not_counted = %q, want %q", tc.name, got.NotCounted, tc.notCounted)
			}
		})
	}
}

func TestExtractJudgeUnknownRuleSaysNo(t *testing.T) {
	vars := extract.JudgeVars{Subject: "ООО «Ромашка»", Object: "Битрикс24", Quote: "x", Fragment: "x",
		Criteria: []extract.Criterion{{ID: "current", Question: "Is it still a customer?"}}}
	var got extract.JudgeAnswer
	askExtract(t, extract.TaskJudge, vars, &got)
	if len(got.Answers) != 1 || got.Answers[0].Answer != "no" {
		t.Errorf("judge(criterion without a rule) = %+v, want no", got.Answers)
	}
}

func FuzzExtractNames(f *testing.F) {
	for _, s := range []string{"ООО «Ромашка» перешла на Битрикс24.", "# Нам доверяют\n\n- АО «Вектор»", "«В ООО «Альфа» мы", "Atari , Inc. ,", "\"\"«»", "Торговый дом «"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		p := newExPage(text)
		for _, s := range p.Sents {
			if text[s.Start:s.End] != s.Text {
				t.Fatalf("sentence %q is not text[%d:%d]", s.Text, s.Start, s.End)
			}
			for _, n := range names(p, s) {
				if n.Start < s.Start || n.End > s.End || n.Start >= n.End || text[n.Start:n.End] != n.Text {
					t.Fatalf("names(%q) = %q at [%d:%d], outside its sentence [%d:%d]", s.Text, n.Text, n.Start, n.End, s.Start, s.End)
				}
			}
		}
	})
}
