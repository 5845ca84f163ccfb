package extract

import (
	"strings"
	"testing"

	"github.com/veritykb/verity/analysis"
)

func TestCueMatch(t *testing.T) {
	tests := []struct {
		cue  string
		text string
		want bool
	}{
		// A cue matches its word family: verb, noun, participle.
		{"использует", "используют", true},
		{"использует", "использование", true},
		{"использует", "используемый", true},
		{"использует", "использовали", true},
		{"использу*", "использование", true}, // the old prefix form reads as the family too
		{"использу*", "используемую", true},
		{"внедрил", "внедрение", true},
		{"внедрил", "внедряет", true},
		{"внедрил", "внедрённую", true},
		{"автоматизировала", "автоматизация", true},
		{"подключила", "подключает", true},
		{"переход", "переходит", true},
		{"adopted", "adopt", true},
		{"adopted", "adoption", true},
		{"adopted", "adopting", true},
		{"uses", "using", true},
		{"deployed", "deployment", true},
		{"implemented", "implements", true},
		{"implemented", "implementation", true},
		{"partner*", "partnership", true},
		{"партн*", "партнёрский", true},
		{"moved to", "moves to", true},
		// Near misses: another family.
		{"использует", "пользу", false},
		{"пользуется", "пользователь", false},
		{"работает", "работник", false},
		{"выбрала", "выборы", false},
		{"внедрил", "внедорожник", false},
		{"перевела", "перевернула", false},
		{"инвестировал", "инвестор", false},
		{"uses", "useful", false},
		{"uses", "user", false},
		{"manages", "manager", false},
		{"relies", "reliable", false},
		{"adopted", "adapted", false},
		{"adopted", "adoptive", false},
		{"runs", "runner", false},
		{"member", "remember", false},
		{"moved to", "moved", false}, // a phrase needs all its words
		// The star keeps the literal prefix, with its over-reach.
		{"переве*", "перевернул", true},
		{"invest*", "investigate", true},
		// = keeps the word alone.
		{"=built", "built", true},
		{"=builds", "building", false},
		{"builds", "building", true},
		{"=made by", "made by", true},
		{"=made by", "making by", false},
	}
	for _, tt := range tests {
		c := ParseCue(tt.cue)
		words := strings.Fields(analysis.Fold(tt.text))
		if got := c.MatchAt(words, 0); got != tt.want {
			t.Errorf("ParseCue(%q).MatchAt(%q) = %v, want %v", tt.cue, tt.text, got, tt.want)
		}
	}
}

// TestBuiltinCues checks the example specs' relation cues on the words
// pages use: every form of a family a cue names matches some cue, and near
// misses match none.
func TestBuiltinCues(t *testing.T) {
	tests := []struct {
		spec  string
		match []string
		miss  []string
	}{
		{"bitrix24-ru",
			[]string{"использует", "используют", "использование", "использованием", "используемый", "внедрение", "внедрила",
				"внедрённый", "перешла", "переход", "переходит", "перевела", "переводит", "переведены", "автоматизация",
				"выбрали", "подключает", "пользуются", "adoption", "deployment", "implementation", "migrating",
				"запустила", "запустили", "запуск", "запуска", "запущен", "запущена", "развернула", "развёрнут", "развернут",
				"развертывание", "выбор", "rollout", "launched", "launch", "picked", "selected", "introduced"},
			[]string{"пользователь", "работник", "выборы", "выбирают", "внедорожник", "перевернула", "useful", "user", "adaptive",
				"selective", "запустение"}},
		{"bitrix24-en",
			[]string{"use", "using", "used", "adopt", "adoption", "deploys", "deployment", "implements", "implementation",
				"migration", "switching", "running", "relies", "rely", "rolled", "chose", "chosen",
				"rollout", "launch", "launched", "launching", "picked", "selected", "selection", "introduced"},
			[]string{"useful", "user", "users", "runner", "reliable", "manager", "adoptive", "remove", "selective"}},
	}
	for _, tt := range tests {
		s, err := BuiltinSpec(tt.spec)
		if err != nil {
			t.Fatal(err)
		}
		cues := ParseCues(s.Relation.Cues)
		matches := func(w string) string {
			for _, c := range cues {
				if c.Len() == 1 && c.MatchAt([]string{analysis.Fold(w)}, 0) {
					return c.Text
				}
			}
			return ""
		}
		for _, w := range tt.match {
			if matches(w) == "" {
				t.Errorf("%s: no cue matches %q", tt.spec, w)
			}
		}
		for _, w := range tt.miss {
			if c := matches(w); c != "" {
				t.Errorf("%s: cue %q matches the near miss %q", tt.spec, c, w)
			}
		}
	}
}
