package analysis

import "testing"

func TestFamily(t *testing.T) {
	same := [][]string{
		// Russian: verb, verbal noun, participles, in their cases.
		{"использует", "используют", "использование", "использования", "использованием", "используемый", "используемая",
			"использовать", "использовали", "использующий", "использованный", "используем"},
		{"внедрил", "внедрила", "внедрили", "внедряет", "внедряют", "внедрение", "внедрения", "внедрению", "внедрённый", "внедренной", "внедряемый"},
		{"подключил", "подключила", "подключает", "подключение", "подключенный"},
		{"автоматизировала", "автоматизирует", "автоматизация", "автоматизации", "автоматизированный"},
		{"инвестировал", "инвестировали", "инвестиции", "инвестиция", "инвестирование"},
		{"ассоциация", "ассоциации", "ассоциированный"},
		{"выбрала", "выбрали", "выбрать", "выбранный"},
		{"работает", "работают", "работа", "работы"},
		{"член", "члены", "членами", "членство"},
		{"партнёр", "партнер", "партнёры", "партнёрство", "партнерства"},
		{"переход", "перехода", "переходит"},
		// English: verb, noun, participle.
		{"adopt", "adopts", "adopted", "adopting", "adoption"},
		{"use", "uses", "used", "using"},
		{"deploy", "deployed", "deploys", "deployment", "deployments"},
		{"implement", "implemented", "implements", "implementing", "implementation"},
		{"migrate", "migrated", "migrating", "migration"},
		{"switch", "switched", "switches", "switching"},
		{"partner", "partners", "partnered", "partnership"},
		{"member", "members", "membership"},
		{"create", "created", "creates", "creating"},
		{"evaluate", "evaluated", "evaluating", "evaluates"},
		{"develop", "developed", "develops", "development"},
	}
	for _, fam := range same {
		want := Family(Fold(fam[0]))
		for _, w := range fam[1:] {
			if got := Family(Fold(w)); got != want {
				t.Errorf("Family(%q) = %q, want %q, the family of %q", w, got, want, fam[0])
			}
		}
	}
	// Near misses: words that share letters, or a stem, with a cue but
	// belong to another family.
	differ := [][2]string{
		{"использует", "пользу"},        // "в пользу": in favour of
		{"пользуется", "пользователь"},  // an agent noun names a person
		{"работает", "работник"},        // an employee
		{"выбрала", "выборы"},           // elections
		{"выбрала", "выбирают"},         // choosing is not having chosen
		{"внедрил", "внедорожник"},      // an off-road car
		{"перевела", "перевернула"},     // turned over
		{"перевела", "перевезла"},       // transported
		{"инвестировал", "инвестор"},    // an investor is a person or a fund
		{"премия", "премьера"},          // a première
		{"союз", "союзник"},             // an ally
		{"use", "useful"},               // a quality, not an act
		{"use", "user"},                 // a person
		{"use", "usual"},                //
		{"relies", "reliable"},          //
		{"manages", "manager"},          // a job title
		{"develop", "developer"},        // a job title or a company
		{"adopt", "adapt"},              //
		{"adopt", "adoptive"},           //
		{"run", "runner"},               //
		{"run", "rune"},                 //
		{"partner", "part"},             //
		{"member", "remember"},          //
		{"deploy", "employ"},            //
		{"implement", "implementable"},  //
		{"migrate", "emigrate"},         //
		{"switch", "switchboard"},       //
		{"award", "awkward"},            //
		{"invest", "investigate"},       //
		{"invest", "investor"},          //
		{"subscribe", "subscriber"},     //
		{"designed", "designated"},      // Snowball stems both "design"
		{"authored", "authority"},       // Snowball stems both "author"
		{"authored", "authorizes"},      //
		{"organ", "organization"},       //
		{"port", "portion"},             //
		{"перешла", "перешить"},         // to re-sew
		{"подключила", "подключка"},     // unrelated slang
		{"член", "членистоногие"},       // arthropods
		{"ассоциация", "ассортимент"},   //
		{"автоматизировала", "автомат"}, // a machine gun or a vending machine
	}
	for _, p := range differ {
		if a, b := Family(Fold(p[0])), Family(Fold(p[1])); a == b {
			t.Errorf("Family(%q) = Family(%q) = %q, want different families", p[0], p[1], a)
		}
	}
	// Other scripts and numbers are their own family.
	for _, w := range []string{"2024", "東京", "bitrix24"} {
		if got := Family(w); got != Stem(w) {
			t.Errorf("Family(%q) = %q, want its stem %q", w, got, Stem(w))
		}
	}
}
