package storetest

import (
	"context"
	"slices"
	"testing"

	"github.com/veritykb/verity"
)

func testQuoteRecords(t *testing.T, open Opener) {
	ctx := context.Background()
	db := open(t, "")
	for _, id := range []string{"a", "b"} {
		put(t, db, doc(id, "text of "+id, verity.Public))
	}
	quote := func(id string, on ...verity.Ref) *verity.Record {
		r := rec(id, on)
		r.Kind = verity.KindQuote
		return r
	}
	_, err := db.PutRecords(ctx, []*verity.Record{
		quote("quote:a1", src("a")),
		quote("quote:a2", src("a")),
		quote("quote:b1", src("b")),
		rec("s1", []verity.Ref{rr("quote:a1")}, []verity.Ref{rr("quote:b1")}), // a sentence: not a quote
		rec("s2", []verity.Ref{src("a")}),                                     // rests on a, but is no quote
	})
	if err != nil {
		t.Fatal(err)
	}
	if _, _, err := db.Revoke(ctx, []verity.Ref{rr("quote:a2")}, verity.Actor{Who: admin}, "test"); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		source string
		want   []string
	}{
		{"a", []string{"quote:a1", "quote:a2"}}, // the revoked one too
		{"b", []string{"quote:b1"}},
		{"nope", nil},
	} {
		recs, err := db.QuoteRecords(ctx, tc.source)
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, r := range recs {
			got = append(got, r.ID)
		}
		if !slices.Equal(got, tc.want) {
			t.Errorf("QuoteRecords(%q) = %v, want %v", tc.source, got, tc.want)
		}
	}
}
