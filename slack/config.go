package slack

import (
	"context"
	"log/slog"
	"os"
	"path/filepath"
	"strings"

	"github.com/spf13/pflag"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/kb"
)

// Config is verity slack configure's flags: the store's Slack settings.
// A secret is named, never given: a file (its path made absolute, so that
// every server and worker on the store finds it) or env:NAME.
type Config struct{ kb.SlackSettings }

// Register adds the flags to fs.
func (c *Config) Register(fs *pflag.FlagSet) {
	fs.StringVar(&c.TeamID, "team-id", "", "the workspace's team id (T...); requests from any other team are refused")
	fs.Var((*ref)(&c.BotToken), "bot-token-file", "file holding the bot token (xoxb-...), or env:NAME")
	fs.Var((*ref)(&c.SigningSecret), "signing-secret-file", "file holding the app's signing secret, or env:NAME")
	fs.Var((*ref)(&c.AppToken), "app-token-file", "file holding the app-level token (xapp-..., connections:write) for verity slack --socket, or env:NAME")
	fs.StringVar(&c.APIURL, "api-url", "", "the Web API (default "+DefaultAPIURL+")")
	fs.StringVar(&c.Workspace, "workspace", "", "the principal everyone in the workspace reads as, for answers in public channels (default public only)")
	fs.IntVar(&c.MaxAudience, "max-audience", kb.DefaultMaxAudience, "channels with more members get public-only answers")
}

// ref is a secret's reference as a flag: a path made absolute, or env:NAME.
type ref string

func (r *ref) String() string { return string(*r) }
func (r *ref) Type() string   { return "FILE|env:NAME" }
func (r *ref) Set(s string) error {
	if !strings.HasPrefix(s, "env:") {
		abs, err := filepath.Abs(s)
		if err != nil {
			return err
		}
		s = abs
	}
	*r = ref(s)
	return nil
}

// Secret reads the secret a reference names: a file's content or an
// environment variable's value (through getenv), trimmed.
func Secret(ref string, getenv func(string) string) (string, error) {
	v := ""
	if name, ok := strings.CutPrefix(ref, "env:"); ok {
		v = getenv(name)
	} else if ref != "" {
		b, err := os.ReadFile(ref)
		if err != nil {
			return "", verity.Errorf(verity.EINVALID, "slack: read a secret: %w", err)
		}
		v = string(b)
	}
	if v = strings.TrimSpace(v); v == "" {
		return "", verity.Errorf(verity.EINVALID, "slack: the secret %s names is empty", ref)
	}
	return v, nil
}

// Open builds the store's Slack app: its settings read as c (an admin, or
// the operator starting a server), its secrets from where they point.
func Open(ctx context.Context, svc *kb.Service, c verity.Caller, getenv func(string) string, log *slog.Logger) (*App, error) {
	set, err := svc.Slack(ctx, c)
	if err != nil {
		return nil, err
	}
	opt := Options{Settings: set, Log: log}
	if opt.BotToken, err = Secret(set.BotToken, getenv); err != nil {
		return nil, err
	}
	if opt.SigningSecret, err = Secret(set.SigningSecret, getenv); err != nil {
		return nil, err
	}
	return New(svc, opt)
}

// ServeSocket opens the store's Slack app as c and serves it over Socket
// Mode until ctx ends, with the app-level token the settings point at.
// The questions it takes are queued: a worker answers them (verity
// worker, or serve --workers).
func ServeSocket(ctx context.Context, svc *kb.Service, c verity.Caller, getenv func(string) string, log *slog.Logger) error {
	app, err := Open(ctx, svc, c, getenv, log)
	if err != nil {
		return err
	}
	if app.set.AppToken == "" {
		return verity.Errorf(verity.EINVALID, "slack: Socket Mode needs the app-level token: verity slack configure --app-token-file FILE (or env:NAME)")
	}
	token, err := Secret(app.set.AppToken, getenv)
	if err != nil {
		return err
	}
	defer app.Wait()
	return app.Socket(ctx, token)
}
