package quote

import (
	"math/rand/v2"
	"strings"
	"testing"

	verity "github.com/veritykb/verity"
)

const pageEN = `Background. Vitamin D deficiency is common in elderly patients.
In a randomized trial of 1,000 participants, supplementation reduced the risk of falls by 12 % over two years.
The effect was not observed in patients younger than 65. Adherence was high; 87% of participants took at least 80% of doses.
We conclude that vitamin D supplementation should be considered for adults over 65 with low serum levels.`

const pageRU = "Компания «Ромашка» внедрила систему учёта в 2021\u00a0году. По словам директора, переход занял три месяца и " +
	"обошёлся в 1\u00a0200\u00a0000 рублей. Сотрудники отмечают, что отчёты теперь готовятся быстрее. Ранее компания не " +
	"использовала облачные сервисы.\nВ следующем году планируется под-\nключить ещё два филиала."

func TestLocate(t *testing.T) {
	tests := []struct {
		name      string
		text, q   string
		kind      Kind // "" when the quote must not be found
		want      string
		wantScore float64 // checked when > 0
	}{
		{"exact", pageEN, "Vitamin D deficiency is common in elderly patients.", Exact, "Vitamin D deficiency is common in elderly patients.", 1},
		{"exact trims spaces", pageEN, "  reduced the risk of falls\n", Exact, "reduced the risk of falls", 1},
		{"case", pageEN, "vitamin d DEFICIENCY is common", Normalized, "Vitamin D deficiency is common", 0.99},
		{"across line break", pageEN, "elderly patients. In a randomized trial", Normalized, "elderly patients.\nIn a randomized trial", 0},
		{"ellipsis marks", pageEN, "...reduced the risk of falls...", Normalized, "reduced the risk of falls", 0},
		{"quoted", pageEN, "“We conclude that vitamin D supplementation should be considered”", Normalized, "We conclude that vitamin D supplementation should be considered", 0},
		{"guillemets and yo", pageRU, "Компания \"Ромашка\" внедрила систему учета", Normalized, "Компания «Ромашка» внедрила систему учёта", 0},
		{"nbsp in page", pageRU, "в 2021 году", Normalized, "в 2021\u00a0году", 0},
		{"hyphenated in page", pageRU, "планируется подключить ещё два филиала", Normalized, "планируется под-\nключить ещё два филиала", 0},
		{"stitched with ellipsis", pageEN, "Vitamin D deficiency is common in elderly patients … supplementation reduced the risk of falls",
			Repaired, "Vitamin D deficiency is common in elderly patients.\nIn a randomized trial of 1,000 participants, supplementation reduced the risk of falls", 0},
		{"stitched without mark", pageEN, "The effect was not observed in patients younger than 65. We conclude that vitamin D supplementation should be considered",
			Repaired, "The effect was not observed in patients younger than 65. Adherence was high; 87% of participants took at least 80% of doses.\nWe conclude that vitamin D supplementation should be considered", 0},
		{"stitched russian", pageRU, "переход занял три месяца и обошелся… отчеты теперь готовятся быстрее",
			Repaired, "переход занял три месяца и обошёлся в 1\u00a0200\u00a0000 рублей. Сотрудники отмечают, что отчёты теперь готовятся быстрее", 0},
		{"number formatting", pageEN, "a randomized trial of 1000 participants, supplementation reduced the risk of falls by 12%", Fuzzy,
			"a randomized trial of 1,000 participants, supplementation reduced the risk of falls by 12 %", 0.98},
		{"russian number formatting", pageRU, "обошелся в 1200000 рублей", Fuzzy, "обошёлся в 1\u00a0200\u00a0000 рублей", 0},
		{"dropped word", pageEN, "We conclude that vitamin D supplementation should be considered for adults over 65 with serum levels.", Fuzzy,
			"We conclude that vitamin D supplementation should be considered for adults over 65 with low serum levels.", 0},
		{"added word", pageEN, "Sadly, vitamin D deficiency is very common in elderly patients.", Fuzzy, "Vitamin D deficiency is common in elderly patients.", 0},
		{"inflection", pageEN, "In a randomized trial of 1,000 participants, supplementation reduces the risk of falls", Fuzzy,
			"In a randomized trial of 1,000 participants, supplementation reduced the risk of falls", 0},
		{"typo", pageEN, "We conclude that vitamin D supplemantation should be considered for adults", Fuzzy,
			"We conclude that vitamin D supplementation should be considered for adults", 0},

		// Quotes that must never be found.
		{"empty", pageEN, "  ", "", "", 0},
		{"absent", pageEN, "Omega-3 fatty acids improve cognition in children.", "", "", 0},
		{"changed number", pageEN, "supplementation reduced the risk of falls by 21 % over two years", "", "", 0},
		{"dropped negation", pageEN, "The effect was observed in patients younger than 65.", "", "", 0},
		{"inserted negation", pageEN, "Vitamin D deficiency is not common in elderly patients.", "", "", 0},
		{"ellipsis over negation", pageEN, "The effect was ... observed in patients younger than 65.", "", "", 0},
		{"swapped entity", pageEN, "We conclude that vitamin K supplementation should be considered for adults over 65", "", "", 0},
		{"swapped content word", pageEN, "Vitamin D deficiency is common in young patients.", "", "", 0},
		{"paraphrase", pageEN, "Giving vitamin D lowered the chance of falling by 12 % across two years.", "", "", 0},
		{"reordered", pageEN, "over two years supplementation reduced the risk of falls by 12 %", "", "", 0},
		{"pieces out of order", pageEN, "We conclude that vitamin D supplementation ... Vitamin D deficiency is common in elderly patients", "", "", 0},
		{"short fabricated", pageEN, "Vitamin D cures", "", "", 0},
		{"russian dropped negation", pageRU, "Ранее компания использовала облачные сервисы.", "", "", 0},
		{"russian changed number", pageRU, "переход занял четыре месяца и обошелся в 1 200 000 рублей", "", "", 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := Locate(tt.text, tt.q, Options{})
			if tt.kind == "" {
				if got.Found {
					t.Fatalf("Locate(%q) = %s %q, want not found", tt.q, got.Kind, tt.text[got.Start:got.End])
				}
				return
			}
			if !got.Found {
				t.Fatalf("Locate(%q) = not found, want %s %q", tt.q, tt.kind, tt.want)
			}
			if span := tt.text[got.Start:got.End]; got.Kind != tt.kind || span != tt.want {
				t.Errorf("Locate(%q) = %s %q, want %s %q", tt.q, got.Kind, span, tt.kind, tt.want)
			}
			if got.Score <= 0 || got.Score > 1 || (tt.wantScore > 0 && got.Score != tt.wantScore) {
				t.Errorf("Locate(%q).Score = %v, want %v (in (0, 1])", tt.q, got.Score, tt.wantScore)
			}
			// The page-prepared path gives the same verdict.
			if pm := NewPage(tt.text).Locate(tt.q, Options{}); pm.Start != got.Start || pm.End != got.End || pm.Kind != got.Kind {
				t.Errorf("Page.Locate(%q) = %s [%d,%d), Locate gives %s [%d,%d)", tt.q, pm.Kind, pm.Start, pm.End, got.Kind, got.Start, got.End)
			}
		})
	}
}

func TestLocateRepairedPieces(t *testing.T) {
	q := "Vitamin D deficiency is common in elderly patients ... supplementation reduced the risk of falls"
	m := Locate(pageEN, q, Options{})
	if m.Kind != Repaired || len(m.Pieces) != 2 || len(m.Gaps) != 1 {
		t.Fatalf("Locate(%q) = %+v, want repaired with 2 pieces and 1 gap", q, m)
	}
	if got := pageEN[m.Pieces[0].Start:m.Pieces[0].End]; got != "Vitamin D deficiency is common in elderly patients" {
		t.Errorf("piece 0 = %q", got)
	}
	if got := pageEN[m.Pieces[1].Start:m.Pieces[1].End]; got != "supplementation reduced the risk of falls" {
		t.Errorf("piece 1 = %q", got)
	}
	if m.Gaps[0].Start != m.Pieces[0].End || m.Gaps[0].End != m.Pieces[1].Start {
		t.Errorf("gap = %+v, want between the pieces %+v", m.Gaps[0], m.Pieces)
	}
	if m.Score <= 0 || m.Score > 0.95 {
		t.Errorf("Score = %v, want in (0, 0.95]", m.Score)
	}
}

func TestLocateGapLimit(t *testing.T) {
	filler := strings.Repeat("Unrelated filler words keep the two pieces apart. ", 30)
	text := "The first piece of the quote stands here. " + filler + "The second piece of the quote stands there."
	q := "The first piece of the quote stands here ... The second piece of the quote stands there."
	if m := Locate(text, q, Options{}); m.Found {
		t.Errorf("Locate with a %d-word gap = %s, want not found (default limit %d)", 30*8, m.Kind, DefaultMaxGap)
	}
	if m := Locate(text, q, Options{MaxGap: 300}); m.Kind != Repaired {
		t.Errorf("Locate with MaxGap 300 = %+v, want repaired", m)
	}
	if m := Locate(text, q, Options{NoRepair: true}); m.Found {
		t.Errorf("Locate with NoRepair = %s, want not found", m.Kind)
	}
}

func TestLocateOccurrences(t *testing.T) {
	sentence := "The board approved the merger."
	text := sentence + " Some text in between. " + sentence + " More text. " + strings.ToUpper(sentence)
	second := strings.Index(text[1:], sentence) + 1
	tests := []struct {
		name      string
		q         string
		hint      *verity.Span
		wantStart int
		wantN     int
	}{
		{"first without hint", sentence, nil, 0, 2},
		{"hint picks second", sentence, &verity.Span{Start: second - 5, End: second + 10}, second, 2},
		{"hint between picks nearest", sentence, &verity.Span{Start: second + len(sentence) + 2, End: second + len(sentence) + 4}, second, 2},
		{"hint at a typographic copy picks it", sentence, &verity.Span{Start: len(text) - 3, End: len(text)}, strings.LastIndex(text, "THE BOARD"), 3},
		{"normalized finds all three", "the board approved the MERGER", &verity.Span{Start: len(text) - 3, End: len(text)}, strings.LastIndex(text, "THE BOARD"), 3},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := Locate(text, tt.q, Options{Hint: tt.hint})
			if !m.Found || m.Start != tt.wantStart || len(m.Occurrences) != tt.wantN {
				t.Errorf("Locate(%q, hint %v) = start %d, %d occurrences, want start %d, %d occurrences", tt.q, tt.hint, m.Start, len(m.Occurrences), tt.wantStart, tt.wantN)
			}
		})
	}
}

func TestLocateExactAllocs(t *testing.T) {
	text := strings.Repeat("Lorem ipsum dolor sit amet, consectetur adipiscing elit. ", 200) + pageEN
	q := "We conclude that vitamin D supplementation"
	allocs := testing.AllocsPerRun(100, func() {
		if m := Locate(text, q, Options{}); m.Kind != Exact {
			t.Fatalf("Locate = %+v, want exact", m)
		}
	})
	if allocs != 0 {
		t.Errorf("Locate exact allocates %v times per call, want 0", allocs)
	}
}

func TestRuneBoundary(t *testing.T) {
	tests := []struct {
		text string
		p    int
		want bool
	}{
		{"aé", 1, true},
		{"aé", 2, false},
		{"aé", 3, true},
		{"\x80\x80", 1, true},
		{"\xe2\x82\xac", 1, false},
		{"\xe2\x82x", 1, true},
		{"\xf0\xe2\x82\xac", 2, false},
	}
	for _, tt := range tests {
		if got := runeBoundary(tt.text, tt.p); got != tt.want {
			t.Errorf("runeBoundary(%q, %d) = %v, want %v", tt.text, tt.p, got, tt.want)
		}
	}
}

func TestTokenizeNumbers(t *testing.T) {
	tests := []struct{ a, b string }{
		{"1,000 people", "1000 people"},
		{"1 000 people", "1000 people"},
		{"12 %", "12%"},
		{"3,5 mg", "3.5 mg"},
		{"1,200,000", "1200000"},
	}
	for _, tt := range tests {
		ta, tb := tokenize(nil, tt.a), tokenize(nil, tt.b)
		if len(ta) != len(tb) || !sameTokens(ta, tb) {
			t.Errorf("tokenize(%q) and tokenize(%q) differ", tt.a, tt.b)
		}
	}
	for _, tt := range []struct{ a, b string }{{"2019 100", "2019100"}, {"12%", "12"}, {"1.5", "15"}} {
		ta, tb := tokenize(nil, tt.a), tokenize(nil, tt.b)
		if len(ta) == len(tb) && sameTokens(ta, tb) {
			t.Errorf("tokenize(%q) and tokenize(%q) are equal, want different", tt.a, tt.b)
		}
	}
}

func TestNear(t *testing.T) {
	tests := []struct {
		a, b string
		want bool
	}{
		{"patients", "patient", true},
		{"reduced", "reduces", true},
		{"tumour", "tumor", true},
		{"randomised", "randomized", true},
		{"supplemantation", "supplementation", true},
		{"recieve", "receive", true},
		{"пациентов", "пациенты", true},
		{"increased", "decreased", false},
		{"hypertension", "hypotension", false},
		{"likely", "unlikely", false},
		{"эффективен", "неэффективен", false},
		{"information", "informal", false},
		{"young", "elderly", false},
		{"the", "a", false},
	}
	for _, tt := range tests {
		ta, tb := tokenize(nil, tt.a)[0], tokenize(nil, tt.b)[0]
		if got := near(tt.b, tt.a, ta, tb); got != tt.want {
			t.Errorf("near(%q, %q) = %v, want %v", tt.a, tt.b, got, tt.want)
		}
	}
}

func TestIndexLong(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	alphabet := "ab "
	for n := 0; n < 2000; n++ {
		var s, q strings.Builder
		for i := r.IntN(300); i > 0; i-- {
			s.WriteByte(alphabet[r.IntN(len(alphabet))])
		}
		for i := r.IntN(80); i > 0; i-- {
			q.WriteByte(alphabet[r.IntN(2)])
		}
		if got, want := indexLong(s.String(), q.String()), strings.Index(s.String(), q.String()); got != want {
			t.Fatalf("indexLong(%q, %q) = %d, want %d", s.String(), q.String(), got, want)
		}
	}
}

// TestIndexFullTable guards against a word index with no free slot, where a
// lookup of a word not on the page never ended: sixteen distinct words.
func TestIndexFullTable(t *testing.T) {
	words := make([]string, 16)
	for i := range words {
		words[i] = "w" + strings.Repeat("x", i+1)
	}
	text := strings.Join(words, " ")
	if m := Locate(text, "none of these seven words appear here at all", Options{}); m.Found {
		t.Errorf("Locate = %+v, want not found", m)
	}
}
