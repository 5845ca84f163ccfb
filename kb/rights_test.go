package kb_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/collect"
	"github.com/veritykb/verity/extract"
	"github.com/veritykb/verity/kb"
	"github.com/veritykb/verity/sqlite"
)

// The rights a row needs, from the table in the package doc.
const (
	anyone  = "reader"
	curator = "curator"
	admins  = "admin"
)

// op is one service method called with inputs every allowed caller may
// use, so that "allowed" means it succeeds.
type op struct {
	name string
	need string
	// opView marks an operator view: admins (and the local operator) see
	// everything there, the board's secrets included.
	opView bool
	call   func(ctx context.Context, s *kb.Service, c verity.Caller, f *fixture) (any, error)
	// want, when set, gives the error code a caller gets instead of the
	// rule by need ("" for success).
	want map[string]string
}

// ops is every exported method of the service.
func ops(site *httptest.Server) []op {
	pub := func(id string) []verity.Ref { return []verity.Ref{verity.SourceRef(id)} }
	return []op{
		{"Rights", anyone, false, func(ctx context.Context, s *kb.Service, c verity.Caller, f *fixture) (any, error) {
			return s.Rights(ctx, c)
		}, nil},
		{"Ready", anyone, false, func(ctx context.Context, s *kb.Service, c verity.Caller, f *fixture) (any, error) {
			return nil, s.Ready(ctx)
		}, nil},
		{"Grounded", anyone, false, func(ctx context.Context, s *kb.Service, c verity.Caller, f *fixture) (any, error) {
			return s.Grounded(ctx)
		}, nil},
		{"Metrics", admins, false, func(ctx context.Context, s *kb.Service, c verity.Caller, f *fixture) (any, error) {
			return nil, s.Metrics(ctx, c)
		}, nil},
		{"Sources", anyone, false, func(ctx context.Context, s *kb.Service, c verity.Caller, f *fixture) (any, error) {
			return s.Sources(ctx, c, kb.SourceQuery{})
		}, nil},
		{"Sources --all", admins, true, func(ctx context.Context, s *kb.Service, c verity.Caller, f *fixture) (any, error) {
			return s.Sources(ctx, c, kb.SourceQuery{All: true})
		}, nil},
		{"Show", anyone, false, func(ctx context.Context, s *kb.Service, c verity.Caller, f *fixture) (any, error) {
			return s.Show(ctx, c, kb.ShowRequest{ID: "PUB-1", Chunks: true})
		}, nil},
		{"Show --all", admins, true, func(ctx context.Context, s *kb.Service, c verity.Caller, f *fixture) (any, error) {
			return s.Show(ctx, c, kb.ShowRequest{ID: "PUB-1", All: true})
		}, nil},
		{"Search", anyone, false, func(ctx context.Context, s *kb.Service, c verity.Caller, f *fixture) (any, error) {
			return s.Search(ctx, c, kb.SearchRequest{Query: "Acme moved its sales to Bitrix24 zephyrine", K: 10})
		}, nil},
		{"Ingest new", curator, false, func(ctx context.Context, s *kb.Service, c verity.Caller, f *fixture) (any, error) {
			return ingest(ctx, s, c, &verity.Source{ID: "NEW-1", URI: "https://new.example/", System: "web", ACL: []verity.Principal{verity.Public}, Text: "A new page."})
		}, nil},
		{"Ingest narrow", curator, false, func(ctx context.Context, s *kb.Service, c verity.Caller, f *fixture) (any, error) {
			src := *corpus[0]
			src.ACL = []verity.Principal{"group:staff", "group:board", "user:cb@corp.example"}
			return ingest(ctx, s, c, &src)
		}, nil},
		{"Ingest widen", admins, false, func(ctx context.Context, s *kb.Service, c verity.Caller, f *fixture) (any, error) {
			src := *corpus[1]
			src.ACL = []verity.Principal{"group:staff", "group:board"}
			return ingest(ctx, s, c, &src)
		}, map[string]string{"curator-out": verity.EFORBIDDEN, "curator-in": verity.ECONFLICT}},
		{"Ingest undiscoverable", curator, false, func(ctx context.Context, s *kb.Service, c verity.Caller, f *fixture) (any, error) {
			return ingest(ctx, s, c, &verity.Source{ID: "NEW-2", URI: "https://new.example/2", System: "boardroom", ACL: []verity.Principal{"group:board"},
				Text: "A page that gives no hints.", Discoverable: new(bool)})
		}, nil},
		{"Ingest rediscover", admins, false, func(ctx context.Context, s *kb.Service, c verity.Caller, f *fixture) (any, error) {
			src := *corpus[0]
			src.Discoverable = new(bool)
			if _, err := ingest(ctx, s, verity.LocalOperator("test"), &src); err != nil {
				return nil, err
			}
			yes := true
			src.Discoverable = &yes
			return ingest(ctx, s, c, &src)
		}, nil},
		{"Crawl", curator, false, func(ctx context.Context, s *kb.Service, c verity.Caller, f *fixture) (any, error) {
			return s.Crawl(ctx, c, collect.NewFetcher(collect.FetchOptions{Delay: -1}), site.URL+"/", collect.CrawlOptions{Budget: 2, NoSitemap: true})
		}, nil},
		{"QueueCrawl", curator, false, func(ctx context.Context, s *kb.Service, c verity.Caller, f *fixture) (any, error) {
			return s.QueueCrawl(ctx, c, site.URL+"/", collect.CrawlOptions{Budget: 2, NoSitemap: true}, collect.FetchOptions{Delay: -1})
		}, nil},
		{"QueueResearch", curator, false, func(ctx context.Context, s *kb.Service, c verity.Caller, f *fixture) (any, error) {
			return s.QueueResearch(ctx, c, "http://127.0.0.1:1/", "template", "offline", collect.ResearchOptions{Product: "Битрикс24", Searches: 1, Reads: 1}, collect.FetchOptions{Delay: -1})
		}, nil},
		{"Research", curator, false, func(ctx context.Context, s *kb.Service, c verity.Caller, f *fixture) (any, error) {
			return s.Research(ctx, c, noHits{}, collect.NewFetcher(collect.FetchOptions{Delay: -1}), collect.ResearchOptions{Product: "Битрикс24", Searches: 1, Reads: 1})
		}, nil},
		{"Revoke", curator, true, func(ctx context.Context, s *kb.Service, c verity.Caller, f *fixture) (any, error) {
			return s.Revoke(ctx, c, kb.RevokeRequest{Refs: refStrings(pub("PUB-1")), Reason: "wrong"})
		}, nil},
		{"Unrevoke", curator, true, func(ctx context.Context, s *kb.Service, c verity.Caller, f *fixture) (any, error) {
			return s.Unrevoke(ctx, c, kb.RevokeRequest{Refs: refStrings(pub("PUB-1")), Reason: ""})
		}, nil},
		{"Undo", curator, true, func(ctx context.Context, s *kb.Service, c verity.Caller, f *fixture) (any, error) {
			return s.Undo(ctx, c, kb.UndoRequest{Event: f.pubEv, Reason: ""})
		}, nil},
		{"Impact", anyone, true, func(ctx context.Context, s *kb.Service, c verity.Caller, f *fixture) (any, error) {
			return s.Impact(ctx, c, kb.ImpactRequest{Refs: refStrings(pub("PUB-1"))})
		}, nil},
		{"Log", anyone, true, func(ctx context.Context, s *kb.Service, c verity.Caller, f *fixture) (any, error) {
			return s.Log(ctx, c)
		}, nil},
		{"Summarize", anyone, false, func(ctx context.Context, s *kb.Service, c verity.Caller, f *fixture) (any, error) {
			return s.Summarize(ctx, c, kb.SummarizeRequest{Topic: "Acme moved its sales to Bitrix24"})
		}, map[string]string{"anonymous": verity.EUNAUTHORIZED}},
		{"Publish", curator, false, func(ctx context.Context, s *kb.Service, c verity.Caller, f *fixture) (any, error) {
			return s.Publish(ctx, c, f.summary)
		}, nil},
		{"Summary", anyone, true, func(ctx context.Context, s *kb.Service, c verity.Caller, f *fixture) (any, error) {
			return s.Summary(ctx, c, f.summary, true)
		}, map[string]string{"public": verity.ENOTFOUND}}, // its one public sentence was revoked: nothing live to show
		{"Summaries", anyone, false, func(ctx context.Context, s *kb.Service, c verity.Caller, f *fixture) (any, error) {
			return s.Summaries(ctx, c)
		}, nil},
		{"Audit", anyone, true, func(ctx context.Context, s *kb.Service, c verity.Caller, f *fixture) (any, error) {
			return s.Audit(ctx, c, kb.AuditRequest{})
		}, map[string]string{"anonymous": verity.EUNAUTHORIZED}},
		{"Audit --apply", curator, true, func(ctx context.Context, s *kb.Service, c verity.Caller, f *fixture) (any, error) {
			return s.Audit(ctx, c, kb.AuditRequest{Apply: true})
		}, map[string]string{"anonymous": verity.EUNAUTHORIZED}},
		{"Replay", anyone, true, func(ctx context.Context, s *kb.Service, c verity.Caller, f *fixture) (any, error) {
			return s.Replay(ctx, c, f.run)
		}, nil},
		{"Undetermined", anyone, true, func(ctx context.Context, s *kb.Service, c verity.Caller, f *fixture) (any, error) {
			return s.Undetermined(ctx, c)
		}, nil},
		{"Extract", curator, false, func(ctx context.Context, s *kb.Service, c verity.Caller, f *fixture) (any, error) {
			spec, _ := extract.BuiltinSpec("bitrix24-ru")
			return s.Extract(ctx, c, kb.ExtractRequest{Parsed: spec, Sources: []string{"PUB-1"}})
		}, nil},
		{"QueueExtract", curator, true, func(ctx context.Context, s *kb.Service, c verity.Caller, f *fixture) (any, error) {
			spec, _ := extract.BuiltinSpec("bitrix24-ru")
			return s.QueueExtract(ctx, c, kb.ExtractRequest{Parsed: spec, JobPages: 2})
		}, nil},
		{"QueueAudit", anyone, false, func(ctx context.Context, s *kb.Service, c verity.Caller, f *fixture) (any, error) {
			return s.QueueAudit(ctx, c, kb.AuditRequest{})
		}, map[string]string{"public": verity.EFORBIDDEN}},
		{"Jobs", anyone, true, func(ctx context.Context, s *kb.Service, c verity.Caller, f *fixture) (any, error) {
			return s.Jobs(ctx, c, kb.JobQuery{})
		}, nil},
		{"Job", anyone, true, func(ctx context.Context, s *kb.Service, c verity.Caller, f *fixture) (any, error) {
			return s.Job(ctx, c, boardJob(ctx, s))
		}, jobOwnerOnly},
		{"CancelJob", anyone, true, func(ctx context.Context, s *kb.Service, c verity.Caller, f *fixture) (any, error) {
			return s.CancelJob(ctx, c, boardJob(ctx, s))
		}, jobOwnerOnly},
		{"Extract all", curator, false, func(ctx context.Context, s *kb.Service, c verity.Caller, f *fixture) (any, error) {
			spec, _ := extract.BuiltinSpec("bitrix24-ru")
			return s.Extract(ctx, c, kb.ExtractRequest{Parsed: spec})
		}, nil},
		{"Graph", anyone, false, func(ctx context.Context, s *kb.Service, c verity.Caller, f *fixture) (any, error) {
			return s.Graph(ctx, c, kb.GraphFilter{})
		}, nil},
		{"Entities", anyone, false, func(ctx context.Context, s *kb.Service, c verity.Caller, f *fixture) (any, error) {
			return s.Entities(ctx, c)
		}, nil},
		{"Merge", curator, false, func(ctx context.Context, s *kb.Service, c verity.Caller, f *fixture) (any, error) {
			return s.Merge(ctx, c, kb.MergeRequest{From: f.pubEnt, Into: f.pubObj, Basis: refStrings(nil), Why: "test"})
		}, nil},
		{"Alias", curator, false, func(ctx context.Context, s *kb.Service, c verity.Caller, f *fixture) (any, error) {
			return s.Alias(ctx, c, kb.AliasRequest{Name: "ООО «Ромашка»", Alias: "Ромашка Групп"})
		}, nil},
		{"Explain", anyone, false, func(ctx context.Context, s *kb.Service, c verity.Caller, f *fixture) (any, error) {
			return s.Explain(ctx, c, f.pubEdge)
		}, nil},
		{"Review", anyone, false, func(ctx context.Context, s *kb.Service, c verity.Caller, f *fixture) (any, error) {
			return s.Review(ctx, c)
		}, nil},
		{"Decide", curator, false, func(ctx context.Context, s *kb.Service, c verity.Caller, f *fixture) (any, error) {
			return s.Decide(ctx, c, kb.DecisionRequest{ID: f.pubEdge, Vote: verity.VoteApprove, Why: "checked"})
		}, nil},
		{"Ask", anyone, false, func(ctx context.Context, s *kb.Service, c verity.Caller, f *fixture) (any, error) {
			return s.Ask(ctx, c, kb.AskRequest{Question: "How did Acme move its sales to Bitrix24?"})
		}, nil},
		{"Rate", anyone, false, func(ctx context.Context, s *kb.Service, c verity.Caller, f *fixture) (any, error) {
			a, err := s.Ask(ctx, local, kb.AskRequest{Question: "How did Acme move its sales to Bitrix24?"})
			if err != nil {
				return nil, err
			}
			return s.Rate(ctx, c, kb.FeedbackRequest{Answer: a.ID, Rating: verity.RatingUp})
		}, map[string]string{"anonymous": verity.EUNAUTHORIZED}},
		{"ShowSource", anyone, false, func(ctx context.Context, s *kb.Service, c verity.Caller, f *fixture) (any, error) {
			a, err := s.Ask(ctx, local, kb.AskRequest{Question: "How did Acme move its sales to Bitrix24?"})
			if err != nil || len(a.Sources) == 0 {
				return nil, fmt.Errorf("the operator's answer cites nothing: %v", err)
			}
			return s.ShowSource(ctx, c, kb.ShowSourceRequest{Answer: a.ID, N: a.Sources[0].N})
		}, map[string]string{"anonymous": verity.EUNAUTHORIZED}},
		{"FollowUp", anyone, false, func(ctx context.Context, s *kb.Service, c verity.Caller, f *fixture) (any, error) {
			a, err := s.Ask(ctx, local, kb.AskRequest{Question: "How did Acme move its sales to Bitrix24?"})
			if err != nil {
				return nil, err
			}
			return s.FollowUp(ctx, c, a.ID)
		}, map[string]string{"admin": verity.ENOTFOUND, "curator-in": verity.ENOTFOUND, "curator-out": verity.ENOTFOUND, "reader": verity.ENOTFOUND, "public": verity.ENOTFOUND, "anonymous": verity.ENOTFOUND}}, // the asker's alone
		{"Feedback", admins, false, func(ctx context.Context, s *kb.Service, c verity.Caller, f *fixture) (any, error) {
			return s.Feedback(ctx, c)
		}, nil},
		{"CreateLinkCode", admins, false, func(ctx context.Context, s *kb.Service, c verity.Caller, f *fixture) (any, error) {
			return s.CreateLinkCode(ctx, c, kb.LinkRequest{Platform: "telegram", Principal: "user:rd@corp.example"})
		}, map[string]string{"reader": "", "anonymous": verity.EUNAUTHORIZED}}, // a user links itself
		{"ChatLinks", admins, false, func(ctx context.Context, s *kb.Service, c verity.Caller, f *fixture) (any, error) {
			return s.ChatLinks(ctx, c, "telegram")
		}, nil},
		{"Unlink", admins, false, func(ctx context.Context, s *kb.Service, c verity.Caller, f *fixture) (any, error) {
			return s.Unlink(ctx, c, "telegram", "12345")
		}, map[string]string{"anonymous": verity.EUNAUTHORIZED}},
		{"SetChatAudience", admins, false, func(ctx context.Context, s *kb.Service, c verity.Caller, f *fixture) (any, error) {
			return s.SetChatAudience(ctx, c, kb.AudienceRequest{Platform: "telegram", Chat: "-100", Principals: []string{"group:staff"}})
		}, nil},
		{"ConfigureSlack", admins, false, func(ctx context.Context, s *kb.Service, c verity.Caller, f *fixture) (any, error) {
			return s.ConfigureSlack(ctx, c, kb.SlackSettings{TeamID: "T1", BotToken: "env:SLACK_BOT_TOKEN", SigningSecret: "env:SLACK_SIGNING_SECRET"})
		}, nil},
		{"Slack", admins, false, func(ctx context.Context, s *kb.Service, c verity.Caller, f *fixture) (any, error) {
			if _, err := s.ConfigureSlack(ctx, local, kb.SlackSettings{TeamID: "T1", BotToken: "env:SLACK_BOT_TOKEN", SigningSecret: "env:SLACK_SIGNING_SECRET"}); err != nil {
				return nil, err
			}
			return s.Slack(ctx, c)
		}, nil},
		{"Check", anyone, false, func(ctx context.Context, s *kb.Service, c verity.Caller, f *fixture) (any, error) {
			return s.Check(ctx, c, kb.CheckRequest{Answer: "Acme moved its sales to Bitrix24 [1].", Documents: []kb.Document{{SourceID: "PUB-1"}}})
		}, nil},
		{"GrantRole", admins, false, func(ctx context.Context, s *kb.Service, c verity.Caller, f *fixture) (any, error) {
			return s.GrantRole(ctx, c, verity.RoleCurator, "group:staff")
		}, nil},
		{"RevokeRole", admins, false, func(ctx context.Context, s *kb.Service, c verity.Caller, f *fixture) (any, error) {
			return s.RevokeRole(ctx, c, verity.RoleCurator, "user:cs@corp.example")
		}, nil},
		{"Roles", admins, false, func(ctx context.Context, s *kb.Service, c verity.Caller, f *fixture) (any, error) {
			return s.Roles(ctx, c)
		}, nil},
		{"Systems", admins, false, func(ctx context.Context, s *kb.Service, c verity.Caller, f *fixture) (any, error) {
			return s.Systems(ctx, c)
		}, nil},
		{"SetDiscoverable", admins, false, func(ctx context.Context, s *kb.Service, c verity.Caller, f *fixture) (any, error) {
			return s.SetDiscoverable(ctx, c, verity.SystemWeb, false)
		}, nil},
		{"AddToGroup", admins, false, func(ctx context.Context, s *kb.Service, c verity.Caller, f *fixture) (any, error) {
			return s.AddToGroup(ctx, c, kb.GroupChange{Group: "board", Users: []string{"cs@corp.example"}, Create: true})
		}, nil},
		{"RemoveFromGroup", admins, false, func(ctx context.Context, s *kb.Service, c verity.Caller, f *fixture) (any, error) {
			return s.RemoveFromGroup(ctx, c, kb.GroupChange{Group: "staff", Users: []string{"rd@corp.example"}})
		}, nil},
		{"Groups", admins, false, func(ctx context.Context, s *kb.Service, c verity.Caller, f *fixture) (any, error) {
			return s.Groups(ctx, c, verity.DirectoryFilter{})
		}, nil},
		{"Users", admins, false, func(ctx context.Context, s *kb.Service, c verity.Caller, f *fixture) (any, error) {
			return s.Users(ctx, c, verity.DirectoryFilter{})
		}, nil},
		{"User", admins, false, func(ctx context.Context, s *kb.Service, c verity.Caller, f *fixture) (any, error) {
			return s.User(ctx, c, "rd@corp.example")
		}, nil},
		{"PutUser", admins, false, func(ctx context.Context, s *kb.Service, c verity.Caller, f *fixture) (any, error) {
			return s.PutUser(ctx, c, kb.UserPut{User: "new@corp.example", Active: true})
		}, nil},
		{"SetUserActive", admins, false, func(ctx context.Context, s *kb.Service, c verity.Caller, f *fixture) (any, error) {
			return s.SetUserActive(ctx, c, "rd@corp.example", false)
		}, nil},
		{"PutGroup", admins, false, func(ctx context.Context, s *kb.Service, c verity.Caller, f *fixture) (any, error) {
			g, _, err := s.PutGroup(ctx, c, kb.GroupPut{Group: "new"})
			return g, err
		}, nil},
		{"DeleteGroup", admins, false, func(ctx context.Context, s *kb.Service, c verity.Caller, f *fixture) (any, error) {
			return s.DeleteGroup(ctx, c, "staff")
		}, nil},
		{"ReplaceMembers", admins, false, func(ctx context.Context, s *kb.Service, c verity.Caller, f *fixture) (any, error) {
			return s.ReplaceMembers(ctx, c, "staff", []string{"cs@corp.example"})
		}, nil},
		{"AliasGroup", admins, false, func(ctx context.Context, s *kb.Service, c verity.Caller, f *fixture) (any, error) {
			return s.AliasGroup(ctx, c, "group:confluence:wiki/board", "group:staff")
		}, nil},
		{"SyncPlatformGroups", curator, false, func(ctx context.Context, s *kb.Service, c verity.Caller, f *fixture) (any, error) {
			return s.SyncPlatformGroups(ctx, c, "confluence:wiki", []kb.PlatformGroup{{Group: "board", Members: []string{"cs@corp.example"}}})
		}, nil},
		{"AddConnector", admins, false, func(ctx context.Context, s *kb.Service, c verity.Caller, f *fixture) (any, error) {
			return s.AddConnector(ctx, c, kb.ConnectorAdd{Kind: "confluence", Name: "docs", URL: "https://docs.corp.example/wiki", User: "bot@corp.example", Secret: "env:DOCS_TOKEN"})
		}, nil},
		{"Connectors", admins, false, func(ctx context.Context, s *kb.Service, c verity.Caller, f *fixture) (any, error) {
			return s.Connectors(ctx, c)
		}, nil},
		{"ConnectorDetail", admins, false, func(ctx context.Context, s *kb.Service, c verity.Caller, f *fixture) (any, error) {
			return s.ConnectorDetail(ctx, c, "wiki")
		}, nil},
		{"RemoveConnector", admins, false, func(ctx context.Context, s *kb.Service, c verity.Caller, f *fixture) (any, error) {
			return s.RemoveConnector(ctx, c, "wiki")
		}, nil},
		{"BeginSync", admins, false, func(ctx context.Context, s *kb.Service, c verity.Caller, f *fixture) (any, error) {
			y, err := s.BeginSync(ctx, c, "wiki", kb.SyncOptions{Full: true})
			if err == nil {
				y.Release() // the pass ends here: its lock goes
			}
			return y, err
		}, nil},
		{"QueueSync", admins, false, func(ctx context.Context, s *kb.Service, c verity.Caller, f *fixture) (any, error) {
			return s.QueueSync(ctx, c, "wiki", kb.SyncOptions{})
		}, nil},
		{"QueueDueSyncs", admins, false, func(ctx context.Context, s *kb.Service, c verity.Caller, f *fixture) (any, error) {
			return s.QueueDueSyncs(ctx, c)
		}, map[string]string{"admin": verity.EFORBIDDEN}},
		{"Hook forged", anyone, false, func(ctx context.Context, s *kb.Service, c verity.Caller, f *fixture) (any, error) {
			// No caller can get past a webhook's signature: wiki takes no webhook.
			return s.Hook(ctx, kb.HookRequest{Name: "wiki", Body: []byte(`{"page":{"id":1}}`), Signature: "sha256=00",
				Secrets: func(string) (string, error) { return "s", nil }, Pages: func(string, []byte) ([]string, error) { return []string{"1"}, nil }})
		}, map[string]string{"local": verity.EUNAUTHORIZED, "admin": verity.EUNAUTHORIZED, "curator-in": verity.EUNAUTHORIZED, "curator-out": verity.EUNAUTHORIZED,
			"reader": verity.EUNAUTHORIZED, "public": verity.EUNAUTHORIZED, "anonymous": verity.EUNAUTHORIZED}},
		{"SlackHint", anyone, false, func(ctx context.Context, s *kb.Service, c verity.Caller, f *fixture) (any, error) {
			// The Slack app's, after its signature and team: no caller; it
			// only queues re-readings (none here: the store has no Slack
			// connector), which the connector checks against Slack itself.
			return s.SlackHint(ctx, []kb.SlackMessage{{Channel: "C1", TS: "1764763200.000100"}})
		}, nil},
		{"Ingest into a connector's namespace", curator, false, func(ctx context.Context, s *kb.Service, c verity.Caller, f *fixture) (any, error) {
			return ingest(ctx, s, c, &verity.Source{ID: "confluence:wiki:9", URI: "https://wiki.corp.example/9", System: "web", ACL: []verity.Principal{verity.Public}, Text: "Not the connector's."})
		}, map[string]string{"local": verity.EFORBIDDEN, "admin": verity.EFORBIDDEN, "curator-in": verity.EFORBIDDEN, "curator-out": verity.EFORBIDDEN}},
		{"GrantProvisionedRole", admins, false, func(ctx context.Context, s *kb.Service, c verity.Caller, f *fixture) (any, error) {
			return s.GrantProvisionedRole(ctx, c, verity.RoleCurator, "group:staff")
		}, nil},
		{"Backup", admins, true, func(ctx context.Context, s *kb.Service, c verity.Caller, f *fixture) (any, error) {
			path := filepath.Join(os.TempDir(), fmt.Sprintf("kb-backup-%d.db", time.Now().UnixNano()))
			defer os.Remove(path)
			return nil, s.Backup(ctx, c, path)
		}, nil},
		{"Copy", admins, false, func(ctx context.Context, s *kb.Service, c verity.Caller, f *fixture) (any, error) {
			path := filepath.Join(os.TempDir(), fmt.Sprintf("kb-copy-%d.db", time.Now().UnixNano()))
			defer os.Remove(path)
			var dst *sqlite.DB
			defer func() {
				if dst != nil {
					dst.Close()
				}
			}()
			rep, err := s.Copy(ctx, c, func(ctx context.Context) (kb.Store, error) {
				var err error
				dst, err = sqlite.Open(ctx, path, sqlite.Options{})
				return dst, err
			}, nil)
			if _, serr := os.Stat(path); (serr == nil) != (err == nil) {
				return rep, fmt.Errorf("copy = %v, and the destination's file exists: %v", err, serr == nil)
			}
			return rep, err
		}, nil},
		{"Reindex", admins, true, func(ctx context.Context, s *kb.Service, c verity.Caller, f *fixture) (any, error) {
			return s.Reindex(ctx, c, nil)
		}, nil},
		{"Migrate", admins, false, func(ctx context.Context, s *kb.Service, c verity.Caller, f *fixture) (any, error) {
			return s.Migrate(ctx, c)
		}, nil},
		{"Vacuum", admins, false, func(ctx context.Context, s *kb.Service, c verity.Caller, f *fixture) (any, error) {
			return s.Vacuum(ctx, c)
		}, nil},
		{"CreateToken", admins, false, func(ctx context.Context, s *kb.Service, c verity.Caller, f *fixture) (any, error) {
			return s.CreateToken(ctx, c, kb.TokenRequest{Name: "test", Principals: []string{"user:t@corp.example"}})
		}, nil},
		{"Tokens", admins, false, func(ctx context.Context, s *kb.Service, c verity.Caller, f *fixture) (any, error) {
			return s.Tokens(ctx, c)
		}, nil},
		{"RevokeToken", admins, false, func(ctx context.Context, s *kb.Service, c verity.Caller, f *fixture) (any, error) {
			return s.RevokeToken(ctx, c, f.token)
		}, nil},
	}
}

// boardJob is the id of the job the board's curator queued.
func boardJob(ctx context.Context, s *kb.Service) int64 {
	jobs, err := s.Jobs(ctx, curIn, kb.JobQuery{})
	if err != nil || len(jobs) == 0 {
		return -1
	}
	return jobs[len(jobs)-1].ID
}

// jobOwnerOnly: the board curator's job is seen (and cancelled) only by it
// and by admins; to everyone else it does not exist.
var jobOwnerOnly = map[string]string{"curator-out": verity.ENOTFOUND, "reader": verity.ENOTFOUND, "public": verity.ENOTFOUND}

// allowed reports whether a caller holds what a row needs.
func allowed(name, need string) bool {
	switch need {
	case curator:
		return name != "reader" && name != "public" && name != "anonymous"
	case admins:
		return name == "local" || name == "admin"
	}
	return true
}

// entitled reports whether a caller may see the board's secrets in a row's
// output: a board member always, an admin in operator views.
func entitled(name string, o op) bool {
	return name == "curator-in" || (o.opView && (name == "local" || name == "admin"))
}

// TestRights calls every service method as every caller of the table:
// allowed or refused as the rights table says, and no output of any call —
// result or error — holds an id, title, uri or word of the board's pages,
// or of a record built from them, for a caller who may not read them.
func TestRights(t *testing.T) {
	f := build(t)
	site := testSite(t)
	for _, kind := range stores {
		for _, o := range ops(site) {
			for _, cl := range callers {
				t.Run(kind+"/"+o.name+"/"+cl.name, func(t *testing.T) {
					if kind == "postgres" && o.name == "Backup" && allowed(cl.name, o.need) {
						// A PostgreSQL store is backed up with pg_dump or
						// verity copy; Backup says so, as invalid input.
						o.want = map[string]string{cl.name: verity.EINVALID}
					}
					checkRights(t, f.openOn(t, kind), o, cl.name, cl.c, f)
				})
			}
		}
	}
}

// checkRights calls o on s as the caller called name: allowed or refused as
// the rights table says, and nothing of the board in what it returns unless
// that caller is entitled to it.
func checkRights(t *testing.T, s *kb.Service, o op, name string, c verity.Caller, f *fixture) {
	t.Helper()
	got, err := o.call(context.Background(), s, c, f)
	want, ok := o.want[name]
	if !ok && name == "anonymous" {
		// The anonymous caller reads as public does, unless a row says.
		want, ok = o.want["public"]
	}
	if !ok && !allowed(name, o.need) {
		want = verity.EFORBIDDEN
	}
	if code := verity.ErrorCode(err); code != want {
		t.Errorf("%s as %s = %v (code %q), want code %q (it needs %s)", o.name, name, err, code, want, o.need)
	}
	if entitled(name, o) {
		return
	}
	out, _ := json.Marshal(got)
	text := string(out)
	if err != nil {
		text += " " + err.Error()
	}
	for _, secret := range f.secrets {
		if strings.Contains(text, secret) {
			t.Errorf("%s as %s shows %q:\n%s", o.name, name, secret, text)
		}
	}
}

// TestIngestACLRules checks the ACL rules of ingest: a curator may narrow a
// source it may read but not widen it, and an id taken by a source it
// cannot read is refused without a word about that source.
func TestIngestACLRules(t *testing.T) {
	f := build(t)
	ctx := context.Background()
	staff := *corpus[1]
	staff.ACL = []verity.Principal{"group:staff", verity.Public}
	tests := []struct {
		name string
		c    verity.Caller
		src  verity.Source
		code string
	}{
		{"a curator narrows what it reads", curOut, withACL(*corpus[0], "group:staff"), ""},
		{"a curator may not widen", curOut, staff, verity.EFORBIDDEN},
		{"an admin may widen", admin, staff, ""},
		{"the operator may widen", local, staff, ""},
		{"an id taken by an unreadable source", curOut, withACL(*corpus[2], "group:staff"), verity.ECONFLICT},
		{"an admin may replace any source", admin, withACL(*corpus[2], "group:staff"), ""},
	}
	for _, tt := range tests {
		s := f.open(t, true)
		_, err := ingest(ctx, s, tt.c, &tt.src)
		if verity.ErrorCode(err) != tt.code && !(tt.code == "" && err == nil) {
			t.Errorf("%s: ingest = %v, want code %q", tt.name, err, tt.code)
		}
		if tt.code == verity.ECONFLICT && err != nil {
			for _, secret := range []string{"zephyrine", "board.example", "group:board", "Board minutes"} {
				if strings.Contains(err.Error(), secret) {
					t.Errorf("%s: the conflict names %q: %v", tt.name, secret, err)
				}
			}
		}
	}
}

func withACL(src verity.Source, acl ...verity.Principal) verity.Source {
	src.ACL = acl
	return src
}

// ingest stores one source as c and returns the run's report, or the
// item's failure as the error.
func ingest(ctx context.Context, s *kb.Service, c verity.Caller, src *verity.Source) (*kb.IngestReport, error) {
	run, err := s.BeginIngest(ctx, c)
	if err != nil {
		return nil, err
	}
	cp := *src
	if _, err := run.Put(ctx, []kb.Item{{Where: src.ID, Source: &cp}}); err != nil {
		return nil, err
	}
	if len(run.Report.Failed) > 0 {
		f := run.Report.Failed[0]
		return &run.Report, verity.Errorf(f.Code, "%s", f.Error)
	}
	return &run.Report, nil
}

// noHits is a web search that finds nothing.
type noHits struct{}

func (noHits) Search(context.Context, collect.Query) ([]collect.Hit, error) { return nil, nil }
func (noHits) Name() string                                                 { return "none" }

// testSite is a one-page web site for crawls.
func testSite(t *testing.T) *httptest.Server {
	t.Helper()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/robots.txt" {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Write([]byte("<html><head><title>Crawled</title></head><body><h1>Crawled</h1><p>A page about Bitrix24.</p></body></html>"))
	}))
	t.Cleanup(srv.Close)
	return srv
}
