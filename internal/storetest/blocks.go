package storetest

import (
	"context"
	"database/sql"
	"fmt"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/analysis"
	"github.com/veritykb/verity/ingest"
	"github.com/veritykb/verity/internal/sqlstore"
)

// longText is a text of several compressed blocks, with phrase written
// across the first block boundary and the second boundary inside a
// two-byte character.
func longText(phrase string) string {
	var b strings.Builder
	for i := 0; b.Len() < sqlstore.TextBlock-200; i++ {
		fmt.Fprintf(&b, "Параграф %d: отдел продаж пересматривает права доступа к отчётам. ", i)
	}
	b.WriteString(strings.Repeat(".", sqlstore.TextBlock-len(phrase)/2-b.Len()))
	b.WriteString(phrase)
	head := b.String()
	for pad := ""; ; pad += "y" {
		var rest strings.Builder
		for i := 0; len(head)+len(pad)+rest.Len() < 3*sqlstore.TextBlock+1000; i++ {
			fmt.Fprintf(&rest, " Раздел %d описывает резервное копирование базы по воскресеньям.", i)
		}
		if text := head + pad + rest.String(); !utf8.RuneStart(text[2*sqlstore.TextBlock]) {
			return text
		}
	}
}

// Version text is stored compressed in blocks: whole texts, chunks,
// search results and hints read back exactly what was put, across block
// boundaries inside a character, through the batch path and one at a
// time, and a new version of the same length is told from an unchanged
// one.
func testTextBlocks(t *testing.T, open Opener) {
	ctx := context.Background()
	db := open(t, "")
	const phrase = " quokka zebrafinch marmalade "
	text := longText(phrase)
	if at := strings.Index(text, phrase); at >= sqlstore.TextBlock || at+len(phrase) <= sqlstore.TextBlock {
		t.Fatalf("the phrase [%d,%d) does not cross the first block's end", at, at+len(phrase))
	}
	srcs := []*verity.Source{doc("long-a", text, verity.Public), doc("long-b", strings.ToUpper(text), verity.Public),
		doc("long-c", text+" Хвост.", verity.Public), doc("hidden", "Скрыто. "+text, "group:board")}
	var puts []*verity.SourcePut
	for _, s := range srcs[:2] { // a run of new sources: stored a statement for many
		puts = append(puts, &verity.SourcePut{Source: s, Chunks: ingest.Chunks(s, analysis.DefaultChunkOptions)})
	}
	if err := db.PutSources(ctx, puts); err != nil || puts[0].Err != nil || puts[1].Err != nil {
		t.Fatalf("PutSources = %v, %v, %v", err, puts[0].Err, puts[1].Err)
	}
	for _, s := range srcs[2:] {
		put(t, db, s)
	}
	crossing := 0
	for _, want := range srcs {
		got, err := db.Source(ctx, want.ID)
		if err != nil {
			t.Fatalf("Source(%s): %v", want.ID, err)
		}
		if got.Text != want.Text {
			t.Fatalf("Source(%s) = %d bytes; want the %d bytes put", want.ID, len(got.Text), len(want.Text))
		}
		chunks, err := db.Chunks(ctx, want.ID)
		if err != nil || len(chunks) == 0 {
			t.Fatalf("Chunks(%s) = %d, %v", want.ID, len(chunks), err)
		}
		for _, c := range chunks {
			if c.Text != want.Text[c.Start:c.End] {
				t.Errorf("Chunks(%s) chunk %d [%d,%d) = %.40q, not its span", want.ID, c.Ordinal, c.Start, c.End, c.Text)
			}
			if c.Start/sqlstore.TextBlock != (c.End-1)/sqlstore.TextBlock {
				crossing++
			}
		}
		var blocks, bytes int
		if err := db.SQL().QueryRowContext(ctx, db.Rebind(`SELECT count(*), coalesce(sum(octet_length(b.data)), 0) FROM source_blocks b
			JOIN sources s ON s.sid = b.sid WHERE s.id = ?`), want.ID).Scan(&blocks, &bytes); err != nil {
			t.Fatal(err)
		}
		if n := (len(want.Text) + sqlstore.TextBlock - 1) / sqlstore.TextBlock; blocks != n || bytes == 0 || bytes >= len(want.Text)/2 {
			t.Errorf("%s: %d blocks of %d bytes for %d bytes of text; want %d blocks, compressed", want.ID, blocks, bytes, len(want.Text), n)
		}
	}
	if crossing == 0 {
		t.Fatal("no chunk crosses a block boundary: the test reads nothing across blocks")
	}
	// A result's chunk text is read from the blocks it falls in alone.
	results := func(q string) (ids []string, later int) {
		t.Helper()
		for _, r := range search(t, db, q, verity.NewCaller()).Results {
			ids = append(ids, r.SourceID)
			src := srcs[slices.IndexFunc(srcs, func(s *verity.Source) bool { return s.ID == r.SourceID })]
			if r.Chunk.Text != src.Text[r.Chunk.Start:r.Chunk.End] {
				t.Errorf("result %s chunk [%d,%d) = %.40q, not its span", r.SourceID, r.Chunk.Start, r.Chunk.End, r.Chunk.Text)
			}
			if r.Chunk.Start >= sqlstore.TextBlock {
				later++
			}
		}
		slices.Sort(ids)
		return ids, later
	}
	if ids, _ := results("quokka zebrafinch marmalade"); !slices.Equal(ids, []string{"long-a", "long-b", "long-c"}) {
		t.Errorf("search for the phrase across a block boundary = %v, want long-a, long-b and long-c", ids)
	}
	if ids, later := results("резервное копирование воскресеньям"); len(ids) != 3 || later == 0 {
		t.Errorf("search for words after the first block = %v with %d results past it, want the three long sources", ids, later)
	}
	res := search(t, db, "quokka zebrafinch marmalade", verity.NewCaller())
	if len(res.Hints) != 1 || res.Hints[0].System != "file" {
		t.Errorf("hints = %v, want one for the hidden long source", res.Hints)
	}
	// The same length, one letter changed: a new version; the same text
	// under a new title: a new version whose text did not change.
	changed := doc("long-a", strings.Replace(text, "quokka", "quokkb", 1), verity.Public)
	if got := put(t, db, changed); got != verity.PutNewVersion {
		t.Errorf("same-length edit = %s, want new_version", got)
	}
	retitled := doc("long-c", srcs[2].Text, verity.Public)
	retitled.Title = "Another title"
	p := &verity.SourcePut{Source: retitled, Chunks: ingest.Chunks(retitled, analysis.DefaultChunkOptions)}
	if err := db.PutSources(ctx, []*verity.SourcePut{p}); err != nil || p.Err != nil {
		t.Fatal(err, p.Err)
	}
	if p.Change.Has(verity.FieldText) || !p.Change.Has(verity.FieldTitle) {
		t.Errorf("retitled put changed %v; want the title, not the text", p.Change.Fields)
	}
	if old, err := db.SourceVersion(ctx, "long-a", 1); err != nil || old.Text != text {
		t.Errorf("SourceVersion(long-a, 1) = %v; want the first text", err)
	}
}

// VersionTexts reads every version's text from a store of a release
// before migration 020 (text stored whole), by source id and version.
func VersionTexts(t testing.TB, raw *sql.DB) map[string]string {
	t.Helper()
	rows, err := raw.Query(`SELECT s.id, v.version, v.text FROM source_versions v JOIN sources s ON s.sid = v.sid`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	out := map[string]string{}
	for rows.Next() {
		var (
			id, text string
			version  int
		)
		if err := rows.Scan(&id, &version, &text); err != nil {
			t.Fatal(err)
		}
		out[fmt.Sprintf("%s@%d", id, version)] = text
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	if len(out) == 0 {
		t.Fatal("the release's store holds no versions")
	}
	return out
}

// CheckTextBlocks checks a release's store once migration 020 has moved
// its texts into blocks: every version reads back the text the release
// stored (texts, from [VersionTexts] before the migration), which its
// stored hash agrees with; the whole text is stored nowhere else; and
// the blocks are as many as the sizes need.
func CheckTextBlocks(t *testing.T, db Store, texts map[string]string) {
	t.Helper()
	ctx := context.Background()
	blocks := 0
	for key, want := range texts {
		id, version, _ := strings.Cut(key, "@")
		var v int
		fmt.Sscan(version, &v)
		got, err := db.SourceVersion(ctx, id, v)
		if err != nil {
			t.Fatalf("SourceVersion(%s) after migrating: %v", key, err)
		}
		if got.Text != want {
			t.Errorf("SourceVersion(%s) = %.40q, want the release's %.40q", key, got.Text, want)
		}
		if h := verity.ContentHash(got.Title, got.Text); h != got.Hash {
			t.Errorf("%s: hash %s of the migrated text, stored %s", key, h, got.Hash)
		}
		blocks += (len(want) + sqlstore.TextBlock - 1) / sqlstore.TextBlock
	}
	var n int
	if err := db.SQL().QueryRowContext(ctx, `SELECT count(*) FROM source_blocks`).Scan(&n); err != nil || n != blocks {
		t.Errorf("source_blocks holds %d rows (%v), want %d", n, err, blocks)
	}
	if _, err := db.SQL().ExecContext(ctx, `SELECT text FROM source_versions`); err == nil {
		t.Error("source_versions still has its text column")
	}
}
