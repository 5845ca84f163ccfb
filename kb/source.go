package kb

import (
	"context"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/veritykb/verity"
)

// SourceList is a listing of sources and the uri duplicates among them:
// verity sources --json and GET /api/v1/sources.
type SourceList struct {
	Sources       []*verity.Source      `json:"sources"`
	URIDuplicates []verity.URIDuplicate `json:"uri_duplicates"`
}

// SourceQuery narrows a listing of sources.
type SourceQuery struct {
	System string
	Status verity.SourceStatus // "" for any
	Limit  int                 // 0 for no limit
	After  string              // ids greater than this, for paging
	// All lists every source whatever its ACL: an operator view (admin).
	All bool
}

// Sources lists the sources c may read, without their text, ordered by id,
// and the uri duplicates among those c may read ([Service.uriDuplicates]).
func (s *Service) Sources(ctx context.Context, c verity.Caller, q SourceQuery) (*SourceList, error) {
	list, err := s.sources(ctx, c, q)
	if err != nil {
		return nil, err
	}
	dups, err := s.uriDuplicates(ctx, c, q)
	if err != nil {
		return nil, err
	}
	return &SourceList{Sources: list, URIDuplicates: dups}, nil
}

// sources lists the sources c may read, without their text, ordered by id.
func (s *Service) sources(ctx context.Context, c verity.Caller, q SourceQuery) ([]*verity.Source, error) {
	if q.Status != "" && q.Status != verity.StatusActive && q.Status != verity.StatusRevoked {
		return nil, verity.Errorf(verity.EINVALID, "status must be active or revoked, got %q", q.Status)
	}
	if q.Limit < 0 {
		return nil, verity.Errorf(verity.EINVALID, "limit must not be negative, got %d", q.Limit)
	}
	f := verity.SourceFilter{System: q.System, Status: q.Status, Limit: q.Limit, After: q.After}
	if q.All {
		if _, err := s.require(ctx, c, verity.RoleAdmin, "listing every source whatever its ACL (--all)"); err != nil {
			return nil, err
		}
	} else {
		f.Caller = &c
	}
	list, err := s.store.Sources(ctx, f)
	if err != nil {
		return nil, err
	}
	if list == nil {
		list = []*verity.Source{}
	}
	return list, nil
}

// uriDuplicates lists the sources c may read that share their system and
// uri with an older source, the holder: pairs kept from before the one-uri
// rule (see [verity.URIDuplicate]). Holder is named only when c may read it
// too. q.System narrows them to one system and q.All lists every one (an
// operator view, for admins), as for [Service.sources]; the other fields do
// not apply.
func (s *Service) uriDuplicates(ctx context.Context, c verity.Caller, q SourceQuery) ([]verity.URIDuplicate, error) {
	if q.All {
		if _, err := s.require(ctx, c, verity.RoleAdmin, "listing every source whatever its ACL (--all)"); err != nil {
			return nil, err
		}
	}
	all, err := s.store.URIDuplicates(ctx)
	if err != nil {
		return nil, err
	}
	var ids []string
	for _, d := range all {
		ids = append(ids, d.ID, d.Holder)
	}
	acls, err := s.store.SourceACLs(ctx, ids)
	if err != nil {
		return nil, err
	}
	readable := func(id string) bool {
		acl, ok := acls[id]
		return ok && (q.All || c.CanRead(acl))
	}
	out := []verity.URIDuplicate{}
	for _, d := range all {
		if (q.System != "" && d.System != q.System) || !readable(d.ID) {
			continue
		}
		if !readable(d.Holder) {
			d.Holder = ""
		}
		out = append(out, d)
	}
	return out, nil
}

// RangeRequest asks for part of a source's current text: bytes Start to
// End (0: the end of the text).
type RangeRequest struct {
	ID         string
	Start, End int
}

// SourceRange is part of a source version's text and what names it.
type SourceRange struct {
	ID      string
	URI     string
	Title   string
	System  string
	Version int
	// Start and End are the range's bytes, widened to whole characters;
	// Length is the whole text's length in bytes.
	Start, End, Length int
	Text               string
}

// Range returns part of the current text of a source c may read. A range
// that cuts a character in two is widened to whole characters; one outside
// the text is refused.
func (s *Service) Range(ctx context.Context, c verity.Caller, req RangeRequest) (*SourceRange, error) {
	src, err := s.Show(ctx, c, ShowRequest{ID: req.ID})
	if err != nil {
		return nil, err
	}
	start, end := req.Start, req.End
	if end == 0 {
		end = len(src.Text)
	}
	if start < 0 || end > len(src.Text) || start > end {
		return nil, verity.Errorf(verity.EINVALID, "byte range %d–%d is outside the text of %q (%d bytes)", start, end, req.ID, len(src.Text))
	}
	for start > 0 && !utf8.RuneStart(src.Text[start]) {
		start--
	}
	for end < len(src.Text) && !utf8.RuneStart(src.Text[end]) {
		end++
	}
	return &SourceRange{ID: src.ID, URI: src.URI, Title: src.Title, System: src.System, Version: src.Version,
		Start: start, End: end, Length: len(src.Text), Text: src.Text[start:end]}, nil
}

// SourceView is a source as `show` prints it: metadata, canonical text, the
// author's email, and the chunks when asked for.
type SourceView struct {
	*verity.Source
	AuthorEmail string         `json:"author_email,omitempty"`
	Chunks      []verity.Chunk `json:"chunks,omitempty"`
}

// ShowRequest asks for one source.
type ShowRequest struct {
	ID      string
	Version int  // 0 for the current one
	Chunks  bool // also the current chunks with their spans
	All     bool // whatever its ACL: an operator view (admin)
}

// Show returns a source with its text. A source c cannot read is reported
// exactly as one that does not exist.
func (s *Service) Show(ctx context.Context, c verity.Caller, r ShowRequest) (*SourceView, error) {
	if strings.TrimSpace(r.ID) == "" {
		return nil, verity.Errorf(verity.EINVALID, "give a source id")
	}
	if r.Version < 0 {
		return nil, verity.Errorf(verity.EINVALID, "version must be positive, got %d", r.Version)
	}
	if r.All {
		if _, err := s.require(ctx, c, verity.RoleAdmin, "showing a source whatever its ACL (--all)"); err != nil {
			return nil, err
		}
	}
	src, err := s.readSource(ctx, c, r.ID, r.All)
	if err != nil {
		return nil, err
	}
	if r.Version != 0 && r.Version != src.Version {
		if src, err = s.store.SourceVersion(ctx, r.ID, r.Version); err != nil {
			return nil, err // the caller may read the source: its versions are no secret
		}
	}
	out := &SourceView{Source: src, AuthorEmail: src.AuthorEmail()}
	if r.Chunks {
		if out.Chunks, err = s.store.Chunks(ctx, src.ID); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// readSource returns the current version of source id when c may read it
// (or all), and noSource otherwise. It decides on the source's ACL alone,
// read without its text, so that an id c cannot read and one that does not
// exist take the same path: one store call, the same error.
func (s *Service) readSource(ctx context.Context, c verity.Caller, id string, all bool) (*verity.Source, error) {
	acl, _, err := s.store.SourceAccess(ctx, id)
	switch {
	case notFound(err):
		return nil, noSource(id)
	case err != nil:
		return nil, err
	case !all && !c.CanRead(acl):
		return nil, noSource(id)
	}
	src, err := s.store.SourceVersion(ctx, id, 0)
	if notFound(err) {
		return nil, noSource(id) // removed since
	}
	return src, err
}

// SearchRequest is a search: the query, how many records, and the filters
// (verity search --system --author --since, GET /api/v1/search, the MCP
// tool search_knowledge).
type SearchRequest struct {
	Query string
	// K is how many records: 0 for verity.DefaultK, at most MaxSearchK, or
	// MaxAskK for an assistant's search.
	K int
	// Assistant marks a search an assistant makes (MCP): its results go
	// into a model's context, so it takes at most MaxAskK of them.
	Assistant bool
	// System, Author and Since narrow the search to sources of one system,
	// by one author (an email or user:NAME), updated on or after a day
	// (YYYY-MM-DD, UTC) or a time (RFC 3339); empty ones narrow nothing.
	// Hints follow the filters; a search with Since gives none, since a
	// hint tells a system and an author but never when a record changed.
	System string
	Author string
	Since  string
}

// since reads a search's Since: "" (no bound), a day or a time.
func since(s string) (time.Time, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return time.Time{}, nil
	}
	if t, err := time.Parse(time.DateOnly, s); err == nil {
		return t, nil
	}
	t, err := time.Parse(time.RFC3339, s)
	if err != nil {
		return time.Time{}, verity.Errorf(verity.EINVALID, "since must be a day (2026-01-31) or a time (2026-01-31T09:00:00Z), got %q", s)
	}
	return t, nil
}

// MaxSearchK is the most records one search returns.
const MaxSearchK = 1000

// Search ranks the records c may read for req.Query among those its filters
// admit and returns the best req.K, with content-free hints about records
// c cannot read that would have ranked (see [verity.Hint]), while c's
// principal is within its hint budget: every search counts.
func (s *Service) Search(ctx context.Context, c verity.Caller, req SearchRequest) (*verity.SearchResults, error) {
	text, k := req.Query, req.K
	if strings.TrimSpace(text) == "" {
		return nil, verity.Errorf(verity.EINVALID, "search: give a query")
	}
	if k == 0 {
		k = verity.DefaultK
	}
	most := MaxSearchK
	if req.Assistant {
		most = MaxAskK
	}
	if k < 1 || k > most {
		return nil, verity.Errorf(verity.EINVALID, "k must be between 1 and %d, got %d", most, req.K)
	}
	author, ok := verity.AuthorPrincipal(req.Author)
	if !ok {
		return nil, verity.Errorf(verity.EINVALID, "author %q: filter by an email or user:NAME", req.Author)
	}
	from, err := since(req.Since)
	if err != nil {
		return nil, err
	}
	filter := verity.SearchFilter{System: strings.TrimSpace(req.System), Author: author, Since: from}
	hints := s.allowHints(ctx, c)
	res, err := s.store.Search(ctx, verity.SearchQuery{Text: text, Caller: c, K: k, Filter: filter})
	if err != nil {
		return nil, err
	}
	if c.Anonymous() || !hints || !from.IsZero() {
		// An anonymous caller may not be told whom to ask for access.
		res.Hints = []verity.Hint{}
	}
	return res, nil
}
