package extract

import (
	"strings"
	"testing"
)

func TestKey(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"ООО «Ромашка»", "ромашка"},
		{"Ромашка", "ромашка"},
		{"ромашка, ООО", "ромашка"},
		{"Общество с ограниченной ответственностью «Ромашка»", "ромашка"},
		{"ПАО «Лотос Банк»", "лотос банк"},
		{"АО \"Северный ветер\"", "северный ветер"},
		{"Acme Logistics GmbH", "acme logistics"},
		{"Acme Logistics, Inc.", "acme logistics"},
		{"ACME LOGISTICS LLC", "acme logistics"},
		{"“Contoso” Ltd.", "contoso"},
		{"Ёлка ЗАО", "елка"},
		{"Atari , Inc.", "atari"},
		{"АО", "ао"},
		{"  ", ""},
		{"Bitrix24.", "bitrix24"},
		{"AT&T Inc.", "at&t"},
	} {
		if got := Key(tc.in); got != tc.want {
			t.Errorf("Key(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

func TestShape(t *testing.T) {
	page := `"We now run every customer conversation through one system," says Jana Weber, head of sales.
«Мы используем Битрикс24», — говорит директор по продажам Ирина Соколова.
Руководитель проекта Смирнов Пётр рассказал о внедрении. Vega Retail joined. Northwind Ventures invested.`
	for _, tc := range []struct{ name, want string }{
		{"Hospitals", ShapeGeneric},
		{"hospitals in the region", ShapeGeneric},
		{"Городские больницы Казани", ShapeGeneric},
		{"больницы", ShapeGeneric},
		{"клиники Москвы", ShapeGeneric},
		{"Jana Weber", ShapePerson},
		{"Ирина Соколова", ShapePerson},
		{"Смирнов Пётр", ShapePerson},           // a known first name
		{"Иванов Сергей Петрович", ShapePerson}, // a patronymic
		{"ООО «Ромашка»", ShapeOK},
		{"ПАО «Лотос Банк»", ShapeOK},
		{"Городская клиническая больница № 1", ShapeOK},
		{"Acme Logistics GmbH", ShapeOK},
		{"Northwind Ventures", ShapeOK},
		{"Vega Retail", ShapeOK},
		{"Группа компаний «ПИК»", ShapeOK},
		{"", ShapeEmpty},
		{"«»", ShapeEmpty},
	} {
		if got := Shape(tc.name, page); got != tc.want {
			t.Errorf("Shape(%q) = %q, want %q", tc.name, got, tc.want)
		}
	}
}

func TestMentions(t *testing.T) {
	for _, tc := range []struct {
		text  string
		names []string
		want  bool
	}{
		{"В Ромашке внедрили CRM", []string{"ООО «Ромашка»"}, true},
		{"ООО «Ромашка» перешла на Битрикс24", []string{"Bitrix24", "Битрикс24"}, true},
		{"moved to Bitrix24.", []string{"Bitrix24"}, true},
		{"Bitrix24-based solutions", []string{"Bitrix24"}, true},
		{"Битрикс 24 в облаке", []string{"Битрикс 24"}, true},
		{"Мы сократили время вдвое", []string{"ООО «Альфа»"}, false},
		{"Ромашковое поле", []string{"Ромашка"}, false},
		{"Acme is a member", []string{"Acme Logistics GmbH"}, false},
	} {
		if got := Mentions(tc.text, tc.names); got != tc.want {
			t.Errorf("Mentions(%q, %q) = %v, want %v", tc.text, tc.names, got, tc.want)
		}
	}
}

func FuzzKey(f *testing.F) {
	for _, s := range []string{"ООО «Ромашка»", "Acme, Inc.", "\"\"", "АО", "a. b. c.", "LLC LLC"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		k := Key(s)
		if Key(k) != k && !strings.Contains(k, ".") {
			// A key is a fixed point, except where a dotted form such as
			// "inc." survives as the whole name.
			t.Errorf("Key(Key(%q)) = %q, want %q", s, Key(k), k)
		}
		if strings.TrimSpace(k) != k || strings.Contains(k, "  ") {
			t.Errorf("Key(%q) = %q has stray spaces", s, k)
		}
	})
}

func TestBuiltinSpecs(t *testing.T) {
	names := BuiltinSpecs()
	if len(names) < 2 {
		t.Fatalf("BuiltinSpecs() = %v, want at least the Russian and English Bitrix24 specs", names)
	}
	for _, n := range names {
		s, err := BuiltinSpec(n)
		if err != nil {
			t.Errorf("BuiltinSpec(%q): %v", n, err)
			continue
		}
		if s.Panel.Votes != 5 || s.Panel.Threshold != 0.5 {
			t.Errorf("BuiltinSpec(%q) votes %d threshold %g, want 5 and 0.5", n, s.Panel.Votes, s.Panel.Threshold)
		}
		for _, c := range s.Criteria {
			if c.Rule == "" {
				t.Errorf("BuiltinSpec(%q) criterion %q has no rule: the offline engine could not answer it", n, c.ID)
			}
		}
	}
}

func TestParseSpec(t *testing.T) {
	base := `name: t
relation: {name: uses, phrase: uses}
objects: [{name: X}]
criteria: [{id: a, question: 'q?'}]
`
	for _, tc := range []struct {
		name, extra string
		err         string
		check       func(*Spec) bool
	}{
		{"defaults", "", "", func(s *Spec) bool {
			return s.Panel.Votes == 5 && s.Panel.Threshold == 0.5 && s.Panel.ReviewBand == nil &&
				s.Panel.JudgeContext == 400 && s.Strictness == Generous && s.Subject.Type == SubjectOrganization
		}},
		{"review off", "review_band: []\n", "", func(s *Spec) bool { return s.Panel.ReviewBand != nil && len(s.Panel.ReviewBand) == 0 }},
		{"a band", "review_band: [0.4, 0.6]\n", "", func(s *Spec) bool { return len(s.Panel.ReviewBand) == 2 }},
		{"unanimous", "votes: 3\nthreshold: 1\n", "", func(s *Spec) bool { return s.Panel.Votes == 3 && s.Panel.Threshold == 1 }},
		{"misspelt lever", "vote: 3\n", "field vote not found", nil},
		{"bad strictness", "strictness: lax\n", "strictness", nil},
		{"bad band", "review_band: [0.7, 0.2]\n", "review_band", nil},
		{"bad rule", "criteria: [{id: a, question: 'q?', rule: vibes}]\n", "unknown rule", nil},
		{"bad threshold", "threshold: 1.5\n", "threshold", nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			data := base + tc.extra
			if strings.HasPrefix(tc.extra, "criteria:") {
				data = strings.Replace(base, "criteria: [{id: a, question: 'q?'}]\n", "", 1) + tc.extra
			}
			s, err := ParseSpec("t.yaml", []byte(data))
			if tc.err != "" {
				if err == nil || !strings.Contains(err.Error(), tc.err) {
					t.Fatalf("ParseSpec(%s) error = %v, want one mentioning %q", tc.name, err, tc.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if !tc.check(s) {
				t.Errorf("ParseSpec(%s) = %+v, not as expected", tc.name, s.Panel)
			}
		})
	}
}

func FuzzParseSpec(f *testing.F) {
	for _, n := range BuiltinSpecs() {
		data, _ := specFS.ReadFile("specs/" + n + ".yaml")
		f.Add(data)
	}
	f.Add([]byte("name: x\nreview_band: [0.5]\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		s, err := ParseSpec("fuzz.yaml", data)
		if err != nil {
			return
		}
		// A spec that parses has its defaults filled in and passes its
		// own check again.
		if s.Panel.Votes < 1 || s.Panel.Threshold <= 0 || s.Strictness == "" || len(s.Objects) == 0 || len(s.Criteria) == 0 {
			t.Fatalf("ParseSpec accepted a spec without defaults: %+v", s)
		}
		if err := s.Check(); err != nil {
			t.Fatalf("a parsed spec fails its check: %v", err)
		}
	})
}
