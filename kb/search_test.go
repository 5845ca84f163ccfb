package kb_test

import (
	"context"
	"slices"
	"testing"
	"time"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/kb"
)

// TestSearchFilters narrows one query by system, author and date, on both
// stores: each filter keeps exactly the sources it names among those the
// caller may read; a filter never shows a caller more than it may read,
// and hints follow the filters (none under a date, which a hint never
// tells).
func TestSearchFilters(t *testing.T) {
	f := build(t)
	for _, kind := range stores {
		t.Run(kind, func(t *testing.T) { checkSearchFilters(t, f.openOn(t, kind)) })
	}
}

func checkSearchFilters(t *testing.T, s *kb.Service) {
	ctx := context.Background()
	everyone := verity.NewCaller("user:all@corp.example", "group:staff", "group:board")
	eve := verity.NewCaller("user:eve@corp.example", "group:staff")
	list, err := s.Sources(ctx, everyone, kb.SourceQuery{})
	if err != nil {
		t.Fatal(err)
	}
	updated := map[string]time.Time{}
	for _, src := range list.Sources {
		updated[src.ID] = src.UpdatedAt
	}
	ids := func(c verity.Caller, req kb.SearchRequest) ([]string, []verity.Hint) {
		t.Helper()
		req.Query, req.K = "Acme Bitrix24", 10
		res, err := s.Search(ctx, c, req)
		if err != nil {
			t.Fatalf("Search(%+v): %v", req, err)
		}
		var out []string
		for _, r := range res.Results {
			out = append(out, r.SourceID)
		}
		slices.Sort(out)
		return out, res.Hints
	}
	day := func(id string, days int) string { return updated[id].UTC().AddDate(0, 0, days).Format(time.DateOnly) }
	for _, c := range []struct {
		req  kb.SearchRequest
		want []string
	}{
		// BOARD-2 is revoked: search finds it under no filter.
		{kb.SearchRequest{}, []string{"BOARD-1", "PUB-1", "STAFF-1"}},
		{kb.SearchRequest{System: verity.SystemWeb}, []string{"BOARD-1", "PUB-1"}},
		{kb.SearchRequest{System: verity.SystemConfluence}, []string{"STAFF-1"}},
		{kb.SearchRequest{System: "jira"}, nil},
		{kb.SearchRequest{Author: "chair@corp.example"}, []string{"BOARD-1"}},
		{kb.SearchRequest{Author: "user:chair@corp.example", System: verity.SystemConfluence}, nil},
		{kb.SearchRequest{Since: day("PUB-1", 0)}, []string{"BOARD-1", "PUB-1", "STAFF-1"}},
		{kb.SearchRequest{Since: day("PUB-1", 1)}, nil},
		{kb.SearchRequest{Since: updated["PUB-1"].UTC().Add(time.Second).Format(time.RFC3339), System: verity.SystemWeb}, nil},
	} {
		if got, _ := ids(everyone, c.req); !slices.Equal(got, c.want) {
			t.Errorf("Search(%+v) = %q, want %q", c.req, got, c.want)
		}
	}
	// Eve reads the public and the staff page: no filter shows her the
	// board's, whose author she may learn of only as a hint, as without one.
	got, hints := ids(eve, kb.SearchRequest{Author: "chair@corp.example"})
	if len(got) != 0 {
		t.Errorf("eve filtering by the board's author finds %q", got)
	}
	if len(hints) == 0 || hints[0].Author != "chair@corp.example" {
		t.Errorf("eve filtering by the board's author gets hints %+v, want the one an unfiltered search gives", hints)
	}
	if _, hints := ids(eve, kb.SearchRequest{System: verity.SystemConfluence}); len(hints) != 0 {
		t.Errorf("eve filtering by confluence gets hints %+v about web pages", hints)
	}
	if _, hints := ids(eve, kb.SearchRequest{Since: day("BOARD-1", 0)}); len(hints) != 0 {
		t.Errorf("eve filtering by date gets hints %+v: a hint would date a record she cannot read", hints)
	}
	for _, bad := range []kb.SearchRequest{{Since: "yesterday"}, {Author: "group:board"}} {
		bad.Query, bad.K = "Acme", 10
		if _, err := s.Search(ctx, everyone, bad); verity.ErrorCode(err) != verity.EINVALID {
			t.Errorf("Search(%+v) = %v, want invalid", bad, err)
		}
	}
}
