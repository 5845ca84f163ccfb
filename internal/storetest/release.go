package storetest

import (
	"context"
	"encoding/json"
	"os"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/veritykb/verity"
)

// ReleaseSearch is a search the previous release's binary ran on the store
// it wrote, and what it answered (sqlite/testdata/stores/README.md).
type ReleaseSearch struct {
	Query  string               `json:"query"`
	As     string               `json:"as"` // "" for the local operator, who reads as public
	Result verity.SearchResults `json:"result"`
}

// CheckReleaseSearches runs the searches of file (a JSON list of
// [ReleaseSearch]) on db and fails t unless every answer is the one the
// previous release gave: the same results in the same order, the same
// chunks, scores to the bit, and the same hints.
func CheckReleaseSearches(t *testing.T, db Store, file string) {
	t.Helper()
	b, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	var searches []ReleaseSearch
	if err := json.Unmarshal(b, &searches); err != nil {
		t.Fatalf("%s: %v", file, err)
	}
	if len(searches) == 0 {
		t.Fatalf("%s holds no searches", file)
	}
	for _, s := range searches {
		c := verity.NewCaller()
		if s.As != "" {
			c = verity.NewCaller(verity.Principal(s.As))
		}
		got, err := db.Search(context.Background(), verity.SearchQuery{Text: s.Query, Caller: c})
		if err != nil {
			t.Fatalf("search %q as %q: %v", s.Query, s.As, err)
		}
		if diff := cmp.Diff(&s.Result, got); diff != "" {
			t.Errorf("search %q as %q differs from the release's answer (-release +now):\n%s", s.Query, s.As, diff)
		}
	}
}
