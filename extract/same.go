package extract

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/quote"
)

// Kinds of statement that two names are one.
const (
	SameAbbreviation    = "abbreviation"    // «Московский метрополитен (ММ)»
	SamePreviousName    = "previous_name"   // «Альтагро (ранее — «Агросеть»)», "Acme, formerly Acme Freight"
	SameTransliteration = "transliteration" // «Росмаш (Rosmash)»
	SameModel           = "model"           // a model's answer whose quote code found on the page, holding both names
)

// SameName is a page's statement, found by code, that a name its subject
// goes by and another name are one: an abbreviation defined beside the name,
// a former name, a transliteration written beside it. Phrase is the page's
// text that says so, verbatim (Text[Start:End] of the version read).
type SameName struct {
	SubjectKey string `json:"subject_key"`
	SourceID   string `json:"source_id,omitempty"`
	EvidenceID string `json:"evidence_id,omitempty"` // the page's evidence for the subject's edge, which the merge rests on
	Name       string `json:"name"`
	Other      string `json:"other"`
	Kind       string `json:"kind"`
	Phrase     string `json:"phrase"`
	Start      int    `json:"start"`
	End        int    `json:"end"`
}

// previousMarkers open a former name inside parentheses or after a comma,
// folded.
var previousMarkers = []string{"ранее", "бывшая", "бывший", "бывш.", "прежнее название", "до переименования",
	"formerly", "previously", "former name", "formerly known as"}

// SameNames finds in text, at each place it writes one of names, a
// statement that the name is also another: "Name (ABBR)" where ABBR is the
// name's initials, "Name (ранее — Other)" or "Name, formerly Other", and
// "Name (Other)" where Other is Name written in the other alphabet. Names
// shorter than two letters are not looked for.
func SameNames(text string, names []string) []SameName {
	var out []SameName
	for _, name := range names {
		name = strings.TrimSpace(name)
		if utf8.RuneCountInString(name) < 2 {
			continue
		}
		for from := 0; from < len(text); {
			i := strings.Index(text[from:], name)
			if i < 0 {
				break
			}
			i += from
			from = i + len(name)
			if s, ok := sameAfter(text, i, from, name); ok && !slices.ContainsFunc(out, func(o SameName) bool {
				return o.Start == s.Start && o.Kind == s.Kind
			}) {
				out = append(out, s)
			}
		}
	}
	return out
}

// sameAfter reads what follows the name at text[start:end].
func sameAfter(text string, start, end int, name string) (SameName, bool) {
	rest := text[end:]
	// A quoted name's closing mark may follow the form the page names it by.
	trimmed := strings.TrimLeft(rest, " \u00a0")
	at := end + len(rest) - len(trimmed)
	s := SameName{Name: name, Start: start}
	switch {
	case strings.HasPrefix(trimmed, "("):
		close := strings.IndexByte(trimmed, ')')
		if close < 0 || close > 120 {
			return s, false
		}
		inner := strings.TrimSpace(trimmed[1:close])
		s.End = at + close + 1
		if other, ok := afterMarker(inner); ok {
			s.Kind, s.Other = SamePreviousName, other
		} else if isAbbreviationOf(inner, name) {
			s.Kind, s.Other = SameAbbreviation, inner
		} else if Transliterates(inner, name) {
			s.Kind, s.Other = SameTransliteration, inner
		} else {
			return s, false
		}
	case strings.HasPrefix(trimmed, ","):
		clause := strings.TrimSpace(trimmed[1:])
		stop := strings.IndexAny(clause, ",.;:!?()\n")
		if stop < 0 {
			stop = len(clause)
		}
		other, ok := afterMarker(clause[:stop])
		if !ok {
			return s, false
		}
		s.Kind, s.Other = SamePreviousName, other
		s.End = at + len(trimmed) - len(clause) + stop
	default:
		return s, false
	}
	s.Other = strings.Trim(s.Other, " \u00a0—–-:,")
	if Key(s.Other) == "" || Key(s.Other) == Key(name) {
		return s, false
	}
	s.Phrase = text[s.Start:s.End]
	return s, true
}

// afterMarker returns what follows a marker of a former name that opens
// s ("ранее — «Агросеть»", "formerly Acme Freight").
func afterMarker(s string) (string, bool) {
	f := strings.ToLower(s)
	for _, m := range previousMarkers {
		if strings.HasPrefix(f, m) {
			rest := strings.TrimLeft(s[len(m):], " \u00a0—–-:,")
			for _, w := range []string{"known as ", "известная как ", "известный как ", "название "} {
				rest = strings.TrimPrefix(rest, w)
			}
			return rest, strings.TrimSpace(rest) != ""
		}
	}
	return "", false
}

// isAbbreviationOf reports whether abbr is written as an abbreviation
// (two to eight capital letters or digits, no spaces) and is the initials
// of name's words, function words skipped: "ММ" of "Московский
// метрополитен", "RZD" is not of "Росмаш".
func isAbbreviationOf(abbr, name string) bool {
	n := utf8.RuneCountInString(abbr)
	if n < 2 || n > 8 {
		return false
	}
	for _, r := range abbr {
		if !unicode.IsUpper(r) && !unicode.IsDigit(r) {
			return false
		}
	}
	var initials []rune
	for _, w := range strings.Fields(Key(name)) {
		if slices.Contains([]string{"и", "of", "and", "the", "&"}, w) {
			continue
		}
		r, _ := utf8.DecodeRuneInString(w)
		initials = append(initials, unicode.ToLower(r))
	}
	return len(initials) >= 2 && string(initials) == strings.ToLower(abbr)
}

// translit writes Cyrillic letters in Latin ones, as names are usually
// transliterated.
var translit = map[rune]string{
	'а': "a", 'б': "b", 'в': "v", 'г': "g", 'д': "d", 'е': "e", 'ж': "zh", 'з': "z", 'и': "i", 'й': "y",
	'к': "k", 'л': "l", 'м': "m", 'н': "n", 'о': "o", 'п': "p", 'р': "r", 'с': "s", 'т': "t", 'у': "u",
	'ф': "f", 'х': "kh", 'ц': "ts", 'ч': "ch", 'ш': "sh", 'щ': "shch", 'ъ': "", 'ы': "y", 'ь': "", 'э': "e",
	'ю': "yu", 'я': "ya",
}

// soundKey is a name's key in Latin letters with the spellings
// transliterations disagree on folded together (x and ks, c and k, y and
// i, kh and h, doubled letters), spaces and hyphens dropped: Битрикс24
// and Bitrix24 share it, Росмаш and Rosmash too.
func soundKey(name string) string {
	var b strings.Builder
	for _, r := range Key(name) {
		if t, ok := translit[r]; ok {
			b.WriteString(t)
		} else if unicode.IsLetter(r) || unicode.IsDigit(r) {
			b.WriteRune(r)
		}
	}
	s := b.String()
	for _, p := range [][2]string{{"shch", "sh"}, {"sch", "sh"}, {"ch", "4"}, {"sh", "6"}, {"zh", "5"}, {"kh", "h"},
		{"ck", "k"}, {"x", "ks"}, {"c", "k"}, {"q", "k"}, {"ph", "f"}, {"w", "v"}, {"j", "i"}, {"y", "i"}, {"ts", "tz"}} {
		s = strings.ReplaceAll(s, p[0], p[1])
	}
	var out []rune
	for _, r := range s {
		if len(out) > 0 && out[len(out)-1] == r {
			continue
		}
		out = append(out, r)
	}
	return string(out)
}

// Transliterates reports whether a and b are one name written in two
// alphabets (one has Cyrillic letters, the other none) that read the
// same: "Rosmash" and "Росмаш", "Bitrix24" and "Битрикс24".
func Transliterates(a, b string) bool {
	if cyrillic(a) == cyrillic(b) {
		return false
	}
	ka, kb := soundKey(a), soundKey(b)
	return len(ka) >= 3 && ka == kb
}

func cyrillic(s string) bool {
	for _, r := range s {
		if unicode.Is(unicode.Cyrillic, r) {
			return true
		}
	}
	return false
}

// keepSameNames adds a saved page's statements that its subjects are also
// other names to the subjects' entity records, with the evidence each rests
// on, so that a later run (or a later job of this one) can still propose
// the merge once the other name's entity exists.
func keepSameNames(ctx context.Context, st Store, subjType string, res *PageResult) error {
	for _, sn := range res.Same {
		id := EntityID(subjType, sn.SubjectKey)
		rec, err := st.Record(ctx, id)
		if err != nil {
			if verity.ErrorCode(err) == verity.ENOTFOUND {
				continue
			}
			return err
		}
		var e Entity
		if err := json.Unmarshal(rec.Body, &e); err != nil {
			return fmt.Errorf("entity %s: %w", id, err)
		}
		if slices.ContainsFunc(e.Same, func(o SameName) bool {
			return o.EvidenceID == sn.EvidenceID && o.Kind == sn.Kind && Key(o.Other) == Key(sn.Other)
		}) {
			continue
		}
		e.Same = append(e.Same, sn)
		rec.Body = mustJSON(e)
		if _, err := st.PutRecords(ctx, []*verity.Record{rec}); err != nil {
			return fmt.Errorf("entity %s: %w", id, err)
		}
	}
	return nil
}

// proposeMerges records the merges that pages' statements support: for
// every statement kept on a live entity that it is also another name
// ([keepSameNames]), when an entity of that other name's key and type
// exists too, a merge record saying the other entity is this one, whose
// receipt has one set per page that says so: {both entities, the page's
// evidence}. It lives while one such page's evidence is live and readable
// to whoever looks, dies with its basis (the page revoked, or changed so
// that the quote is gone), and a curator can reject it by revoking it: a
// merge revoked so is not proposed again.
func proposeMerges(ctx context.Context, st Store, now time.Time) ([]string, error) {
	recs, err := st.KindRecords(ctx, verity.KindEntity)
	if err != nil {
		return nil, err
	}
	var ids []string
	for _, rec := range recs {
		if rec.State == verity.StateDead {
			continue
		}
		var into Entity
		if err := json.Unmarshal(rec.Body, &into); err != nil {
			return ids, fmt.Errorf("entity %s: %w", rec.ID, err)
		}
		for _, s := range into.Same {
			from := EntityID(into.Type, Key(s.Other))
			if from == rec.ID {
				continue
			}
			fromRec, err := st.Record(ctx, from)
			if err != nil {
				if verity.ErrorCode(err) == verity.ENOTFOUND {
					continue
				}
				return ids, err
			}
			evRec, err := st.Record(ctx, s.EvidenceID)
			if err != nil {
				if verity.ErrorCode(err) == verity.ENOTFOUND {
					continue
				}
				return ids, err
			}
			id := "merge:" + shortHash(from, rec.ID)
			body := Merge{ID: id, From: from, Into: rec.ID, FromName: entityName(fromRec), IntoName: into.Name,
				Who: string(Who), Why: fmt.Sprintf("%s: «%s»", s.Kind, s.Phrase), At: now.UTC(), Kind: s.Kind,
				SourceID: s.SourceID, Phrase: s.Phrase}
			if old, err := st.Record(ctx, id); err == nil {
				if old.State == verity.StateDead && slices.ContainsFunc(old.Receipt.Sets, func(set []verity.Ref) bool {
					return slices.Contains(set, verity.RecordRef(s.EvidenceID))
				}) {
					continue // dead with this basis in it: rejected, or its basis is gone
				}
				body = mergeBody(old, body) // the first basis names it; the receipt grows
			} else if verity.ErrorCode(err) != verity.ENOTFOUND {
				return ids, err
			}
			set := []verity.Ref{verity.RecordRef(from), verity.RecordRef(rec.ID), verity.RecordRef(evRec.ID)}
			if _, err := st.PutRecords(ctx, []*verity.Record{{ID: id, Kind: verity.KindMerge,
				Receipt: verity.Receipt{Sets: [][]verity.Ref{set}}, Body: mustJSON(body)}}); err != nil {
				return ids, fmt.Errorf("propose merge %s: %w", id, err)
			}
			if !slices.Contains(ids, id) {
				ids = append(ids, id)
			}
		}
	}
	slices.Sort(ids)
	return ids, nil
}

func entityName(rec *verity.Record) string {
	var e Entity
	if json.Unmarshal(rec.Body, &e) != nil {
		return ""
	}
	return e.Name
}

// mergeBody keeps a stored merge's body when it reads, else next.
func mergeBody(old *verity.Record, next Merge) Merge {
	var prev Merge
	if json.Unmarshal(old.Body, &prev) != nil || prev.ID == "" {
		return next
	}
	return prev
}

// LikelyDuplicate is a pair of entities that rules alone say may be one, with
// why: no page says so, so they stay two nodes until a page, a model's
// verified answer or a curator's merge joins them.
type LikelyDuplicate struct {
	A     string `json:"a"`
	AName string `json:"a_name"`
	B     string `json:"b"`
	BName string `json:"b_name"`
	Why   string `json:"why"` // transliteration, abbreviation, spelling
}

// LikelyDuplicates returns the pairs of ents of one type that rules alone
// find alike and no live merge visible in v joins: one name written in the
// other alphabet (Битрикс24, Bitrix24), one the initials of the other (ММ,
// Московский метрополитен), or the same letters but for spaces, hyphens
// and punctuation (Росмаш-Сервис, Росмаш Сервис).
func LikelyDuplicates(ctx context.Context, st Store, v verity.View, ents []Entity) ([]LikelyDuplicate, error) {
	merges, err := liveMerges(ctx, st, func(id string) bool { return v.Visible(verity.RecordRef(id)) })
	if err != nil {
		return nil, err
	}
	joined := func(a, b string) bool {
		ra, _ := merges.root(a, "")
		rb, _ := merges.root(b, "")
		return ra == rb
	}
	type rule struct {
		why string
		key func(Entity) string
	}
	rules := []rule{
		{"spelling", func(e Entity) string {
			return strings.Map(func(r rune) rune {
				if unicode.IsLetter(r) || unicode.IsDigit(r) {
					return r
				}
				return -1
			}, e.Key)
		}},
		{SameTransliteration, func(e Entity) string { return soundKey(e.Key) }},
		{SameAbbreviation, func(e Entity) string {
			if isAbbreviationWord(e.Name) {
				return strings.ToLower(strings.Trim(DisplayName(e.Name), "«»\"“”"))
			}
			var ini []rune
			words := strings.Fields(e.Key)
			for _, w := range words {
				if !slices.Contains([]string{"и", "of", "and", "the", "&"}, w) {
					r, _ := utf8.DecodeRuneInString(w)
					ini = append(ini, r)
				}
			}
			if len(ini) < 2 {
				return ""
			}
			return string(ini)
		}},
	}
	var out []LikelyDuplicate
	seen := map[[2]string]bool{}
	for _, r := range rules {
		groups := map[string][]Entity{}
		for _, e := range ents {
			if k := r.key(e); utf8.RuneCountInString(k) >= 2 {
				groups[e.Type+"\x00"+k] = append(groups[e.Type+"\x00"+k], e)
			}
		}
		for _, g := range groups {
			for i := range g {
				for j := i + 1; j < len(g); j++ {
					a, b := g[i], g[j]
					if a.ID > b.ID {
						a, b = b, a
					}
					if a.Key == b.Key || seen[[2]string{a.ID, b.ID}] || joined(a.ID, b.ID) {
						continue
					}
					if r.why == SameTransliteration && cyrillic(a.Key) == cyrillic(b.Key) {
						continue // one alphabet: the spelling rule's, or two names
					}
					if r.why == SameAbbreviation && isAbbreviationWord(a.Name) == isAbbreviationWord(b.Name) {
						continue
					}
					seen[[2]string{a.ID, b.ID}] = true
					out = append(out, LikelyDuplicate{A: a.ID, AName: a.Name, B: b.ID, BName: b.Name, Why: r.why})
				}
			}
		}
	}
	slices.SortFunc(out, func(x, y LikelyDuplicate) int { return strings.Compare(x.A+x.B, y.A+y.B) })
	return out, nil
}

// isAbbreviationWord reports a name written as an abbreviation: one word
// of two to eight capitals or digits.
func isAbbreviationWord(name string) bool {
	s := strings.Trim(DisplayName(name), "«»\"“”")
	n := utf8.RuneCountInString(s)
	if n < 2 || n > 8 {
		return false
	}
	letters := 0
	for _, r := range s {
		switch {
		case unicode.IsUpper(r):
			letters++
		case unicode.IsDigit(r):
		default:
			return false
		}
	}
	return letters >= 2
}

// verifiedSameNames keeps the model's statements about subject (by key)
// whose quote code finds on the page and which names both the subject and
// the other name there: a model's word is evidence only like any quote.
func verifiedSameNames(page *quote.Page, text, subjectKey string, names []string, answers []SameNameAnswer) []SameName {
	var out []SameName
	for _, a := range answers {
		if Key(a.Name) != subjectKey || Key(a.Other) == "" || Key(a.Other) == subjectKey {
			continue
		}
		m := page.Locate(a.Quote, quote.Options{NoRepair: true, NoFuzzy: true})
		if !m.Found {
			continue
		}
		phrase := text[m.Start:m.End]
		if !Mentions(phrase, append([]string{a.Name}, names...)) || !Mentions(phrase, []string{a.Other}) {
			continue
		}
		out = append(out, SameName{SubjectKey: subjectKey, Name: a.Name, Other: strings.TrimSpace(a.Other), Kind: SameModel,
			Phrase: phrase, Start: m.Start, End: m.End})
	}
	return out
}
