package quotebench

import (
	"bufio"
	"bytes"
	"embed"
	"encoding/json"
	"fmt"
	"hash/fnv"
	"io"
	"os"
	"strconv"
	"strings"
)

// Doc is one source document: a title and its sentences.
type Doc struct {
	ID        string
	Lang      string // "en" or "ru"
	Title     string
	Sentences []string
	// Paraphrases holds hand-written rewordings of some sentences, by
	// sentence index: the same meaning in other words.
	Paraphrases map[int]string
}

// Corpus is the documents cases are built from.
type Corpus struct {
	Docs []Doc
}

// Split names a part of the benchmark.
type Split string

// The two splits: tune on dev, report test.
const (
	Dev  Split = "dev"
	Test Split = "test"
)

// SplitOf returns the split a document belongs to, fixed by its id.
func SplitOf(id string) Split {
	h := fnv.New32a()
	h.Write([]byte(id))
	if h.Sum32()%2 == 0 {
		return Dev
	}
	return Test
}

//go:embed testdata/ru.jsonl testdata/en_fixture.jsonl
var data embed.FS

// Russian returns the Russian documents written for this benchmark.
func Russian() Corpus {
	f, err := data.Open("testdata/ru.jsonl")
	if err != nil {
		panic(err) // embedded at build time
	}
	defer f.Close()
	c, err := readDocs(f, "ru")
	if err != nil {
		panic(fmt.Sprintf("quotebench: embedded Russian corpus: %v", err))
	}
	return c
}

// Fixture returns a small English corpus written for tests, in SciFact's
// format, together with the Russian documents, so the benchmark runs where
// SciFact is absent.
func Fixture() Corpus {
	f, err := data.Open("testdata/en_fixture.jsonl")
	if err != nil {
		panic(err)
	}
	defer f.Close()
	c, err := readDocs(f, "en")
	if err != nil {
		panic(fmt.Sprintf("quotebench: embedded fixture: %v", err))
	}
	c.Docs = append(c.Docs, Russian().Docs...)
	return c
}

// LoadSciFact reads SciFact's corpus.jsonl (doc_id, title, sentences) and
// adds the Russian documents.
func LoadSciFact(path string) (Corpus, error) {
	f, err := os.Open(path)
	if err != nil {
		return Corpus{}, fmt.Errorf("open scifact corpus: %w", err)
	}
	defer f.Close()
	c, err := readDocs(f, "en")
	if err != nil {
		return Corpus{}, fmt.Errorf("read %s: %w", path, err)
	}
	c.Docs = append(c.Docs, Russian().Docs...)
	return c, nil
}

// readDocs reads JSONL documents: SciFact's {"doc_id","title","sentences"}
// or ours {"id","title","sentences","paraphrases"}.
func readDocs(r io.Reader, lang string) (Corpus, error) {
	var c Corpus
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 1<<20), 1<<24)
	line := 0
	for sc.Scan() {
		line++
		b := bytes.TrimSpace(sc.Bytes())
		if len(b) == 0 {
			continue
		}
		var raw struct {
			DocID       json.RawMessage   `json:"doc_id"`
			ID          string            `json:"id"`
			Title       string            `json:"title"`
			Sentences   []string          `json:"sentences"`
			Paraphrases map[string]string `json:"paraphrases"`
		}
		if err := json.Unmarshal(b, &raw); err != nil {
			return Corpus{}, fmt.Errorf("line %d: %w", line, err)
		}
		id := raw.ID
		if id == "" && len(raw.DocID) > 0 {
			var s string
			if json.Unmarshal(raw.DocID, &s) != nil {
				s = string(raw.DocID) // a number
			}
			id = s
		}
		d := Doc{ID: id, Lang: lang, Title: strings.TrimSpace(raw.Title)}
		// SciFact keeps trailing spaces and newlines on some sentences;
		// a quote never includes them, so neither do labelled spans.
		for _, s := range raw.Sentences {
			d.Sentences = append(d.Sentences, strings.TrimSpace(s))
		}
		for k, v := range raw.Paraphrases {
			i, err := strconv.Atoi(k)
			if err != nil || i < 0 || i >= len(d.Sentences) {
				return Corpus{}, fmt.Errorf("line %d: paraphrase key %q is not a sentence index", line, k)
			}
			if d.Paraphrases == nil {
				d.Paraphrases = map[int]string{}
			}
			d.Paraphrases[i] = v
		}
		if id == "" || len(d.Sentences) == 0 {
			continue
		}
		c.Docs = append(c.Docs, d)
	}
	return c, sc.Err()
}
