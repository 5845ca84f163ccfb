// Package jira is the connector's client of Jira: Cloud's REST API v3
// (an account's email and API token over HTTP Basic; bodies in the
// Atlassian Document Format) and Data Center's v2 (a personal access token
// as a bearer token; bodies in wiki markup). Each issue of the synced
// projects is one source: its summary the title; its description and the
// comments every reader of the issue may read, as text. Its ACL is who
// may browse the project ∩ the issue's security level, as Jira grants
// them, mapped onto Verity's principals; what cannot be mapped is left out
// (narrower) and an issue whose permission cannot be computed at all is
// readable by no one, with a warning naming it. A comment restricted to a
// role or a group is never folded into the text: it is left out.
//
// Written from Atlassian's references: Cloud
// https://developer.atlassian.com/cloud/jira/platform/rest/v3/ (search
// with JQL at /search/jql, issues, comments, permission schemes, project
// roles, users, group members, issue security level members) and Data
// Center https://docs.atlassian.com/software/jira/docs/api/REST/9.12.0/
// (/search with startAt, the same resources under /rest/api/2).
package jira

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/connector/attach"
	"github.com/veritykb/verity/connector/canon"
	"github.com/veritykb/verity/connector/rest"
	"github.com/veritykb/verity/ingest"
	"github.com/veritykb/verity/kb"
)

// Options tune a Jira connector; the zero value is the default (50
// issues a search request; incremental searches from an hour before the
// cursor: JQL compares to the minute, in the token user's time zone;
// attachments read within ingest's budgets, PDFs in this process).
type Options struct {
	rest.Options
	// Files are the budgets attachments are read within (ingest's
	// defaults when zero).
	Files ingest.Options
}

// Jira is one connector's client of a Jira site.
type Jira struct {
	c     *rest.Client
	conn  verity.Connector
	opt   Options
	warn  func(string)
	cloud bool

	browse  map[string]*grant // project key → who may browse it
	levels  map[string]*grant // security level id → its members
	emails  map[string]string // account id or user name → email ("" when hidden)
	members map[string][]verity.Principal
	failed  map[string]error // groups whose members could not be read
	used    map[string]bool  // groups named in an ACL, for the directory
	warned  map[string]bool
	files   attach.Reader
	again   map[string]*reread // issues read again this pass, by id
}

// New returns the client of connector conn with its resolved secret. A
// connector with a user (an email) speaks Cloud's v3; one without, Data
// Center's v2.
func New(conn verity.Connector, secret string, warn func(string), opt Options) *Jira {
	opt.Options = opt.Options.WithDefaults(50, time.Hour)
	if warn == nil {
		warn = func(string) {}
	}
	cloud := conn.User != ""
	api := conn.URL + "/rest/api/2"
	if cloud {
		api = conn.URL + "/rest/api/3"
	}
	j := &Jira{c: opt.Client(conn.Name, "Jira", api, conn.URL, conn.User, secret), conn: conn, opt: opt, warn: warn, cloud: cloud,
		browse: map[string]*grant{}, levels: map[string]*grant{}, emails: map[string]string{}, members: map[string][]verity.Principal{},
		failed: map[string]error{}, used: map[string]bool{}, warned: map[string]bool{}, again: map[string]*reread{}}
	j.files = attach.Reader{Client: j.c, Files: opt.Files, MaxText: opt.MaxText, Origin: conn.Origin(), Warn: warn}
	return j
}

// user is a Jira user as the APIs give one: Cloud names it by account id,
// Data Center by user name; the email may be hidden.
type user struct {
	AccountID   string `json:"accountId"`
	Name        string `json:"name"`
	Email       string `json:"emailAddress"`
	DisplayName string `json:"displayName"`
}

func (u *user) id() string {
	if u.AccountID != "" {
		return u.AccountID
	}
	return u.Name
}

type comment struct {
	ID         string          `json:"id"`
	Author     *user           `json:"author"`
	Body       json.RawMessage `json:"body"`
	Created    string          `json:"created"`
	Visibility *struct {
		Type  string `json:"type"`
		Value string `json:"value"`
	} `json:"visibility"`
}

type comments struct {
	Comments   []comment `json:"comments"`
	Total      int       `json:"total"`
	StartAt    int       `json:"startAt"`
	MaxResults int       `json:"maxResults"`
}

type issue struct {
	ID     string `json:"id"`
	Key    string `json:"key"`
	Fields struct {
		Summary     string          `json:"summary"`
		Description json.RawMessage `json:"description"`
		Comment     comments        `json:"comment"`
		Updated     string          `json:"updated"`
		Creator     *user           `json:"creator"`
		Reporter    *user           `json:"reporter"`
		Assignee    *user           `json:"assignee"`
		Security    *struct {
			ID   string `json:"id"`
			Name string `json:"name"`
		} `json:"security"`
		Project struct {
			Key string `json:"key"`
		} `json:"project"`
		Attachment []attachment `json:"attachment"`
	} `json:"fields"`
}

// attachment is a file on an issue (fields.attachment); its content is
// the file's address on the site. Jira never changes a file: a new one is
// a new attachment.
type attachment struct {
	ID       string `json:"id"`
	Filename string `json:"filename"`
	Size     int64  `json:"size"`
	Created  string `json:"created"`
	Content  string `json:"content"`
	Author   *user  `json:"author"`
}

const fields = "summary,description,comment,updated,creator,reporter,assignee,security,project,attachment"

// attachmentKey is an attachment's key: ISSUEID.attID, so that a hint
// about the issue reads its attachments again with it.
var attachmentKey = regexp.MustCompile(`^([0-9]{1,20})\.att([0-9]{1,20})$`)

// Known says what the store holds of an issue: its version and whether it
// is live.
type Known = func(key string) (version string, live, ok bool)

// List reads the issues updated since cursor (every issue of the synced
// projects when full or when there is no cursor), calling each with a
// batch and the cursor to commit once the batch is stored, and returns
// the cursor to commit at the end. An incremental listing skips issues
// whose version (their updated time) the store holds live.
func (j *Jira) List(ctx context.Context, cursor string, full bool, known Known, each func([]kb.SyncPage, string) error) (string, error) {
	if len(j.conn.Spaces) == 0 {
		return cursor, verity.Errorf(verity.EINVALID, "connector %s: name the projects to sync (--project KEY)", j.conn.Name)
	}
	since, ok := rest.ParseCursor(cursor)
	incremental := !full && ok
	quoted := make([]string, len(j.conn.Spaces))
	for i, k := range j.conn.Spaces {
		quoted[i] = strconv.Quote(k)
	}
	cond := fmt.Sprintf("project in (%s)", strings.Join(quoted, ", "))
	if j.conn.Filter != "" {
		cond += " AND (" + j.conn.Filter + ")"
	}
	if incremental {
		cond += fmt.Sprintf(` AND updated >= "%s"`, since.Add(-j.opt.Margin).UTC().Format("2006/01/02 15:04"))
	}
	jql := cond + " ORDER BY updated ASC"
	latest, next := since, cursor
	var token string
	for start := 0; ; {
		q := url.Values{"jql": {jql}, "fields": {fields}, "maxResults": {strconv.Itoa(j.opt.PageSize)}}
		var res struct {
			Issues        []issue `json:"issues"`
			Total         int     `json:"total"`
			NextPageToken string  `json:"nextPageToken"`
			IsLast        *bool   `json:"isLast"`
		}
		path := "/search"
		if j.cloud {
			path = "/search/jql"
			if token != "" {
				q.Set("nextPageToken", token)
			}
		} else {
			q.Set("startAt", strconv.Itoa(start))
		}
		if err := j.c.Get(ctx, path, q, &res); err != nil {
			return next, err
		}
		var batch []kb.SyncPage
		for i := range res.Issues {
			is := &res.Issues[i]
			when := rest.ParseTime(is.Fields.Updated)
			if when.After(latest) {
				latest = when
			}
			if incremental && known != nil {
				if v, live, ok := known(is.ID); ok && live && v == is.Fields.Updated {
					continue
				}
			}
			p, err := j.page(ctx, is)
			if err != nil {
				return next, err
			}
			batch = append(batch, p)
			files, err := j.attachments(ctx, is, p.Source.ACL, known)
			if err != nil {
				return next, err
			}
			batch = append(batch, files...)
		}
		if incremental && !latest.IsZero() {
			next = rest.FormatCursor(latest)
		}
		if err := each(batch, next); err != nil {
			return next, err
		}
		start += len(res.Issues)
		token = res.NextPageToken
		last := len(res.Issues) == 0
		if j.cloud {
			last = last || token == "" || (res.IsLast != nil && *res.IsLast)
		} else {
			last = last || start >= res.Total
		}
		if last {
			break
		}
	}
	if latest.IsZero() {
		return cursor, nil
	}
	return rest.FormatCursor(latest), nil
}

// Page reads one issue, or one attachment of an issue, again (a webhook's
// hint): found is false when the API says it is gone or outside the
// synced projects.
func (j *Jira) Page(ctx context.Context, key string, known Known) (kb.SyncPage, bool, error) {
	id, file := key, ""
	if m := attachmentKey.FindStringSubmatch(key); m != nil {
		id, file = m[1], m[2]
	} else if _, err := strconv.ParseUint(key, 10, 64); err != nil {
		return kb.SyncPage{}, false, verity.Errorf(verity.EINVALID, "connector %s: %q is not an issue id", j.conn.Name, key)
	}
	// A hint names an issue and its attachments: the issue is read again
	// once, and its page made once, for all of them.
	again, ok := j.again[id]
	if !ok {
		is, found, err := j.issueAgain(ctx, id)
		if err != nil {
			return kb.SyncPage{}, false, err
		}
		if found {
			p, err := j.page(ctx, is)
			if err != nil {
				return kb.SyncPage{}, false, err
			}
			again = &reread{is, p}
		}
		j.again[id] = again
	}
	if again == nil {
		return kb.SyncPage{}, false, nil
	}
	if file == "" {
		return again.page, true, nil
	}
	for _, a := range again.is.Fields.Attachment {
		if a.ID == file {
			return j.files.Page(ctx, j.file(ctx, again.is, a, again.page.Source.ACL), known)
		}
	}
	return kb.SyncPage{}, false, nil
}

// reread is an issue read again for a hint, and its page; nil when it is
// gone.
type reread struct {
	is   *issue
	page kb.SyncPage
}

// attachments are the pages of an issue's attachments that are synced,
// readable by whoever reads the issue.
func (j *Jira) attachments(ctx context.Context, is *issue, acl []verity.Principal, known Known) ([]kb.SyncPage, error) {
	var out []kb.SyncPage
	for _, a := range is.Fields.Attachment {
		if !attach.Takes(a.Filename) {
			continue
		}
		p, ok, err := j.files.Page(ctx, j.file(ctx, is, a, acl), known)
		if err != nil {
			return nil, err
		}
		if ok {
			out = append(out, p)
		}
	}
	return out, nil
}

// file is an attachment of is as package attach reads it.
func (j *Jira) file(ctx context.Context, is *issue, a attachment, acl []verity.Principal) attach.File {
	f := attach.File{Key: is.ID + ".att" + a.ID, Version: "1", Name: a.Filename, Size: a.Size, URL: a.Content,
		Source: verity.Source{URI: j.conn.URL + "/secure/attachment/" + a.ID + "/" + url.PathEscape(a.Filename), Title: is.Key + ": " + a.Filename, ACL: acl,
			UpdatedAt: rest.ParseTime(a.Created)}}
	if a.Author != nil {
		if p, ok := verity.AuthorPrincipal(j.email(ctx, a.Author)); ok {
			f.Source.Author = p
		}
	}
	return f
}

// issueAgain reads issue id again: found is false when it is gone,
// outside the synced projects or no longer selected by the connector's
// JQL.
func (j *Jira) issueAgain(ctx context.Context, id string) (*issue, bool, error) {
	var is issue
	err := j.c.Get(ctx, "/issue/"+id, url.Values{"fields": {fields}}, &is)
	if errors.Is(err, rest.ErrGone) {
		return nil, false, nil
	}
	if err != nil {
		return nil, false, err
	}
	if !slices.Contains(j.conn.Spaces, is.Fields.Project.Key) {
		return nil, false, nil
	}
	if j.conn.Filter != "" {
		// Synced only when the connector's JQL still selects it.
		var res struct {
			Issues []struct {
				ID string `json:"id"`
			} `json:"issues"`
		}
		q := url.Values{"jql": {fmt.Sprintf("id = %s AND (%s)", is.ID, j.conn.Filter)}, "fields": {"summary"}, "maxResults": {"1"}}
		path := "/search"
		if j.cloud {
			path = "/search/jql"
		}
		if err := j.c.Get(ctx, path, q, &res); err != nil {
			return nil, false, err
		}
		if len(res.Issues) == 0 {
			return nil, false, nil
		}
	}
	return &is, true, nil
}

// page turns one issue into the source the sync stores.
func (j *Jira) page(ctx context.Context, is *issue) (kb.SyncPage, error) {
	text, restricted, err := j.text(ctx, is)
	if err != nil {
		return kb.SyncPage{}, err
	}
	if restricted > 0 {
		j.warn(fmt.Sprintf("%s:%s (%s): %d comment(s) restricted to a role or group left out of the text", j.conn.Origin(), is.ID, is.Key, restricted))
	}
	var cut bool
	if text, cut = canon.Cut(text, j.opt.MaxText); cut {
		j.warn(fmt.Sprintf("%s:%s (%s): the text is longer than %d bytes and was cut there", j.conn.Origin(), is.ID, is.Key, j.opt.MaxText))
	}
	acl, err := j.acl(ctx, is)
	if err != nil {
		return kb.SyncPage{}, err
	}
	src := &verity.Source{URI: j.conn.URL + "/browse/" + is.Key, Title: is.Key + ": " + is.Fields.Summary, ACL: acl, UpdatedAt: rest.ParseTime(is.Fields.Updated), Text: text}
	for _, u := range []*user{is.Fields.Reporter, is.Fields.Creator} {
		if u == nil {
			continue
		}
		if p, ok := verity.AuthorPrincipal(j.email(ctx, u)); ok {
			src.Author = p
			break
		}
	}
	return kb.SyncPage{Key: is.ID, Version: is.Fields.Updated, Source: src}, nil
}

// text is the issue's description and the comments every reader of the
// issue may read; restricted counts those left out.
func (j *Jira) text(ctx context.Context, is *issue) (string, int, error) {
	all := is.Fields.Comment.Comments
	for start := len(all); start < is.Fields.Comment.Total; {
		var more comments
		q := url.Values{"startAt": {strconv.Itoa(start)}, "maxResults": {"100"}}
		if err := j.c.Get(ctx, "/issue/"+is.ID+"/comment", q, &more); err != nil {
			return "", 0, err
		}
		if len(more.Comments) == 0 {
			break
		}
		all = append(all, more.Comments...)
		start += len(more.Comments)
	}
	var b strings.Builder
	b.WriteString(j.body(is.Fields.Description))
	restricted := 0
	heading := false
	for _, c := range all {
		if c.Visibility != nil {
			restricted++
			continue
		}
		body := j.body(c.Body)
		if body == "" {
			continue
		}
		if !heading {
			b.WriteString("\n\nComments\n")
			heading = true
		}
		who := "someone"
		if c.Author != nil && c.Author.DisplayName != "" {
			who = c.Author.DisplayName
		}
		fmt.Fprintf(&b, "\n%s, %s:\n%s\n", who, rest.ParseTime(c.Created).Format("2006-01-02"), body)
	}
	return strings.TrimSpace(b.String()), restricted, nil
}

// body is a description's or comment's text: ADF on Cloud, wiki markup
// on Data Center.
func (j *Jira) body(raw json.RawMessage) string {
	if j.cloud {
		return ADF(raw)
	}
	var s string
	if json.Unmarshal(raw, &s) != nil {
		return ADF(raw)
	}
	return Wiki(s)
}

// HookPages reads the issue a Jira webhook's payload is about: the
// "issue" object of issue and comment events
// (developer.atlassian.com/cloud/jira/platform/webhooks/: {"webhookEvent":
// "jira:issue_updated", "issue": {"id": "10001", "key": "OPS-1", ...}}).
// The id is only a hint: the connector reads the issue again itself.
func HookPages(body []byte) ([]string, error) {
	var p struct {
		Issue *struct {
			ID json.Number `json:"id"`
		} `json:"issue"`
	}
	if err := json.Unmarshal(body, &p); err != nil {
		return nil, fmt.Errorf("the payload is not a JSON object")
	}
	if p.Issue == nil || p.Issue.ID == "" {
		return nil, nil
	}
	return []string{p.Issue.ID.String()}, nil
}
