package offline

import "testing"

// TestSplitPredicate: a best sentence that holds the question's focus but
// not its predicate is joined by the sentence beside it that says the
// predicate, quoted as the document writes the two; a neighbour that does
// not say it is left out.
func TestSplitPredicate(t *testing.T) {
	tests := []struct {
		name, question   string
		prev, best, next string
		want             string
	}{
		{"en: the next sentence says it", "Who fumbled the ball on 3rd-and-9?",
			"Carolina trailed by six.", "With 4:51 left, Carolina got the ball on their own 24-yard line and soon faced 3rd-and-9.",
			"On the next play, Newton fumbled the ball and Ward recovered it.",
			"With 4:51 left, Carolina got the ball on their own 24-yard line and soon faced 3rd-and-9. On the next play, Newton fumbled the ball and Ward recovered it."},
		{"ru: the sentence before says it", "Кто потерял мяч на 3rd-and-9?",
			"Ньютон потерял мяч в следующей игре.", "Команда Каролины получила мяч и вскоре столкнулась с 3rd-and-9.", "Уард вернул мяч.",
			"Ньютон потерял мяч в следующей игре. Команда Каролины получила мяч и вскоре столкнулась с 3rd-and-9."},
		{"en: neither neighbour says it", "Who fumbled the ball on 3rd-and-9?",
			"Carolina trailed by six.", "With 4:51 left, Carolina got the ball on their own 24-yard line and soon faced 3rd-and-9.",
			"Ward returned it five yards.",
			"With 4:51 left, Carolina got the ball on their own 24-yard line and soon faced 3rd-and-9."},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out := []answerCand{{text: tt.best, words: len(foldWords(tt.best)),
				prev: tt.prev, withPrev: tt.prev + " " + tt.best, prevWords: len(foldWords(tt.prev)),
				next: tt.next, withNext: tt.best + " " + tt.next, nextWords: len(foldWords(tt.next))}}
			splitPredicate(tt.question, out)
			if out[0].text != tt.want {
				t.Errorf("splitPredicate(%q) = %q, want %q", tt.question, out[0].text, tt.want)
			}
		})
	}
}
