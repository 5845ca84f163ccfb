package kb

import (
	"cmp"
	"context"
	"net/url"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"time"

	"github.com/veritykb/verity"
)

// Connectors are live sources kept in sync with the store (verity
// connector, verity sync). Only an admin adds, lists, shows, removes and
// syncs them. A sync runs as the service caller connector:NAME
// ([verity.ConnectorCaller]), which holds no role and may change only the
// records under its own prefix (KIND:NAME:) through [Sync]: no other
// caller may write ids under that prefix or into its system.

// Connector defaults.
const (
	DefaultMaxDeletions = 0.2
	DefaultInterval     = 5 * time.Minute
	DefaultReconcile    = 30 * time.Minute
	// DeletionWindow is how long the guard against mass revocation adds up
	// the pages a connector revoked as deleted, by polls and webhooks alike.
	DeletionWindow = time.Hour
)

// ConnectorAdd is a connector to add: verity connector add KIND.
type ConnectorAdd struct {
	Kind string `json:"kind"`
	Name string `json:"name"`
	URL  string `json:"url"`
	User string `json:"user,omitempty"`
	// Secret is a reference to the token: file:PATH (an absolute path) or
	// env:NAME. The store keeps the reference, never the token.
	Secret  string   `json:"secret"`
	Webhook string   `json:"webhook,omitempty"` // the webhook secret's reference, "" for none
	Filter  string   `json:"filter,omitempty"`  // Jira: a JQL condition ANDed with the projects
	Spaces  []string `json:"spaces,omitempty"`
	System  string   `json:"system,omitempty"`
	Anyone  string   `json:"anyone,omitempty"`
	// Adopt takes over the sources of the connector's system already
	// stored (from an export) with the uris of its pages.
	Adopt        bool          `json:"adopt,omitempty"`
	MaxDeletions float64       `json:"max_deletions,omitempty"`
	Interval     time.Duration `json:"interval,omitempty"`
	Reconcile    time.Duration `json:"reconcile,omitempty"`
}

// ConnectorList is every connector: verity connector list --json.
type ConnectorList struct {
	Connectors []verity.Connector `json:"connectors"`
}

// ConnectorDetail is one connector and what it knows of its pages.
type ConnectorDetail struct {
	Connector verity.Connector `json:"connector"`
	Pages     map[string]int   `json:"pages"` // by item state: live, revoked, gone
}

// ConnectorRemoval is what removing a connector did: the records it wrote
// stay, and stay revoked where it revoked them.
type ConnectorRemoval struct {
	Name    string `json:"name"`
	Records int    `json:"records"`
}

var connectorName = regexp.MustCompile(`^[a-z0-9][a-z0-9_-]{0,62}$`)

// SecretRef checks a reference to a connector's secret — file:PATH with an
// absolute path, or env:NAME — and returns it. Anything else is refused: a
// token pasted where its reference belongs would otherwise be stored.
func SecretRef(ref string) (string, error) {
	kind, v, _ := strings.Cut(ref, ":")
	switch {
	case kind == "file" && filepath.IsAbs(v):
		return ref, nil
	case kind == "env" && regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*$`).MatchString(v):
		return ref, nil
	}
	return "", verity.Errorf(verity.EINVALID, "a connector's secret is given by reference: --token-file FILE or --token-env NAME (the store never keeps the token)")
}

// AddConnector adds a connector on c's behalf (admin).
func (s *Service) AddConnector(ctx context.Context, c verity.Caller, req ConnectorAdd) (*verity.Connector, error) {
	if _, err := s.require(ctx, c, verity.RoleAdmin, "adding a connector"); err != nil {
		return nil, err
	}
	if !connectorName.MatchString(req.Name) {
		return nil, verity.Errorf(verity.EINVALID, "connector name %q: want lower-case letters, digits, - and _", req.Name)
	}
	if !regexp.MustCompile(`^[a-z]+$`).MatchString(req.Kind) {
		return nil, verity.Errorf(verity.EINVALID, "connector kind %q: want a platform such as confluence", req.Kind)
	}
	u, err := url.Parse(req.URL)
	if err != nil || (u.Scheme != "https" && u.Scheme != "http") || u.Host == "" || u.User != nil {
		return nil, verity.Errorf(verity.EINVALID, "connector url %q: want http(s)://HOST[/PATH] without credentials", req.URL)
	}
	if req.Kind == "slack" && (req.Secret == "" || req.Anyone == "") {
		// One Slack integration per store: a Slack connector takes the bot
		// token's reference and the workspace principal from the store's
		// Slack settings (verity slack configure) unless it names its own.
		if set, err := s.Slack(ctx, c); err == nil {
			tok := set.BotToken
			if strings.HasPrefix(tok, "/") {
				tok = "file:" + tok // the settings keep a path as it is
			}
			req.Secret, req.Anyone = cmp.Or(req.Secret, tok), cmp.Or(req.Anyone, set.Workspace)
		}
	}
	ref, err := SecretRef(req.Secret)
	if err != nil {
		return nil, err
	}
	if req.Webhook != "" {
		if req.Webhook, err = SecretRef(req.Webhook); err != nil {
			return nil, err
		}
	}
	if f := strings.ToLower(req.Filter); req.Filter != "" && (req.Kind != "jira" || strings.Contains(f, "order by") || len(req.Filter) > 2000) {
		return nil, verity.Errorf(verity.EINVALID, "--jql is a Jira connector's condition (no ORDER BY, at most 2,000 bytes)")
	}
	conn := &verity.Connector{Name: req.Name, Kind: req.Kind, URL: strings.TrimSuffix(req.URL, "/"), User: strings.TrimSpace(req.User), Secret: ref, Webhook: req.Webhook, Filter: strings.TrimSpace(req.Filter), Adopt: req.Adopt,
		Spaces: slices.Compact(slices.Sorted(slices.Values(req.Spaces))), System: strings.TrimSpace(req.System), MaxDeletions: req.MaxDeletions,
		Interval: req.Interval, Reconcile: req.Reconcile, CreatedBy: c.Actor(), CreatedAt: s.now(), State: verity.SyncState{Status: verity.SyncNever}}
	if conn.System == "" {
		conn.System = conn.Origin()
	}
	if req.Anyone != "" {
		p, err := verity.ParsePrincipal(req.Anyone)
		if err != nil {
			return nil, err
		}
		conn.Anyone = p
	}
	if conn.MaxDeletions == 0 {
		conn.MaxDeletions = DefaultMaxDeletions
	}
	if conn.MaxDeletions < 0 || conn.MaxDeletions > 1 {
		return nil, verity.Errorf(verity.EINVALID, "--max-deletions %v: want a share between 0 and 1", conn.MaxDeletions)
	}
	if conn.Interval == 0 {
		conn.Interval = DefaultInterval
	}
	if conn.Reconcile == 0 {
		conn.Reconcile = DefaultReconcile
	}
	if conn.Interval < time.Second || conn.Reconcile < time.Second {
		return nil, verity.Errorf(verity.EINVALID, "--interval and --reconcile: want at least a second")
	}
	others, err := s.store.Connectors(ctx)
	if err != nil {
		return nil, err
	}
	for _, o := range others {
		if o.System == conn.System {
			return nil, verity.Errorf(verity.ECONFLICT, "system %q is connector %s's: give --system another name", conn.System, o.Name)
		}
	}
	// The namespace is reserved from now on: records already in it were
	// written by someone else, whom the connector would overwrite.
	if srcs, err := s.store.Sources(ctx, verity.SourceFilter{System: conn.System, Limit: 1}); err != nil {
		return nil, err
	} else if len(srcs) > 0 && !conn.Adopt {
		return nil, verity.Errorf(verity.ECONFLICT, "the store holds sources of system %q already (imported from an export?): give the connector another --system, or --adopt to take over those with its pages' uris", conn.System)
	} else if len(srcs) > 0 {
		s.log.Warn("connector adopts its system's sources", "connector", conn.Name, "system", conn.System, "by", string(c.Actor()))
	}
	if err := s.store.PutConnector(ctx, conn); err != nil {
		return nil, err
	}
	s.log.Info("connector added", "connector", conn.Name, "kind", conn.Kind, "system", conn.System, "by", string(c.Actor()))
	return conn, nil
}

// Connectors lists the connectors (admin).
func (s *Service) Connectors(ctx context.Context, c verity.Caller) (*ConnectorList, error) {
	if _, err := s.require(ctx, c, verity.RoleAdmin, "listing connectors"); err != nil {
		return nil, err
	}
	cs, err := s.store.Connectors(ctx)
	if err != nil {
		return nil, err
	}
	return &ConnectorList{Connectors: cs}, nil
}

// ConnectorDetail shows one connector (admin).
func (s *Service) ConnectorDetail(ctx context.Context, c verity.Caller, name string) (*ConnectorDetail, error) {
	if _, err := s.require(ctx, c, verity.RoleAdmin, "showing a connector"); err != nil {
		return nil, err
	}
	conn, err := s.store.Connector(ctx, name)
	if err != nil {
		return nil, err
	}
	items, err := s.store.ConnectorItems(ctx, name)
	if err != nil {
		return nil, err
	}
	out := &ConnectorDetail{Connector: *conn, Pages: map[string]int{}}
	for _, it := range items {
		out.Pages[it.State]++
	}
	return out, nil
}

// RemoveConnector removes a connector (admin). The records it wrote stay
// as they are; its namespace is free again.
func (s *Service) RemoveConnector(ctx context.Context, c verity.Caller, name string) (*ConnectorRemoval, error) {
	if _, err := s.require(ctx, c, verity.RoleAdmin, "removing a connector"); err != nil {
		return nil, err
	}
	items, err := s.store.ConnectorItems(ctx, name)
	if err != nil {
		return nil, err
	}
	ok, err := s.store.DeleteConnector(ctx, name)
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, verity.Errorf(verity.ENOTFOUND, "no connector %q", name)
	}
	s.log.Info("connector removed", "connector", name, "by", string(c.Actor()))
	return &ConnectorRemoval{Name: name, Records: len(items)}, nil
}

// reserved refuses a source that lies in a connector's namespace (its id
// prefix or its system) to any caller but that connector's sync; conns
// are the store's connectors.
func reserved(c verity.Caller, conns []verity.Connector, src *verity.Source) error {
	if src == nil {
		return nil
	}
	for _, conn := range conns {
		if conn.Name == c.Connector() || !conn.Owns(src.ID, src.System) {
			continue
		}
		return verity.Errorf(verity.EFORBIDDEN, "source %q: ids under %q and system %q are connector %s's alone", src.ID, conn.Prefix(), conn.System, conn.Name)
	}
	return nil
}

// connectors returns the store's connectors, none for a store without them.
func (s *Service) connectors(ctx context.Context) ([]verity.Connector, error) {
	if s.store.ConnectorStore == nil {
		return nil, nil
	}
	return s.store.Connectors(ctx)
}
