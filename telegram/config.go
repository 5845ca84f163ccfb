package telegram

import (
	"log/slog"

	"github.com/spf13/pflag"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/kb"
)

// Flags are the bot's command-line settings (verity telegram, and verity
// serve --telegram with the prefix "telegram-"). Secrets are read from
// files or the environment, never from a flag's value.
type Flags struct {
	TokenFile, SecretFile, APIURL, Anonymous, RequestAccess string
}

// Register adds the flags to fs, each name with prefix.
func (f *Flags) Register(fs *pflag.FlagSet, prefix string) {
	fs.StringVar(&f.TokenFile, prefix+"token-file", "", "file holding the bot's token (else $VERITY_TELEGRAM_TOKEN; never on the command line)")
	fs.StringVar(&f.APIURL, prefix+"api-url", DefaultAPIURL, "the Bot API (a local Bot API server)")
	fs.StringVar(&f.Anonymous, prefix+"anonymous", "none", "unlinked accounts in private chats: none (told how to link) or read (public answers)")
	fs.StringVar(&f.RequestAccess, prefix+"request-access", "", "a hint's \"Request access\" link, with {system} and {author} (default none: the hint names the author)")
	if prefix != "" {
		fs.StringVar(&f.SecretFile, prefix+"secret-file", "", "file holding the webhook's secret token, which Telegram sends with every delivery (else $VERITY_TELEGRAM_SECRET)")
	}
}

// Options checks the flags and reads the secrets: token and secret are
// the values of VERITY_TELEGRAM_TOKEN and VERITY_TELEGRAM_SECRET, used
// when no file is given; the secret is needed for a webhook alone.
func (f Flags) Options(token, secret string, webhook bool) (Options, error) {
	if f.Anonymous != "none" && f.Anonymous != "read" {
		return Options{}, verity.Errorf(verity.EINVALID, "--anonymous must be none or read, got %q", f.Anonymous)
	}
	opt := Options{APIURL: f.APIURL, Anonymous: f.Anonymous == "read", RequestAccess: f.RequestAccess}
	var err error
	if opt.Token, err = Secret(f.TokenFile, token, "the bot's token: --token-file or VERITY_TELEGRAM_TOKEN"); err != nil {
		return opt, err
	}
	if webhook {
		opt.Secret, err = Secret(f.SecretFile, secret, "the webhook's secret token: --telegram-secret-file or VERITY_TELEGRAM_SECRET")
	}
	return opt, err
}

// Bot builds the bot over svc from the flags; getenv reads the secrets'
// variables when no file is given.
func (f Flags) Bot(svc *kb.Service, getenv func(string) string, webhook bool, log *slog.Logger) (*Bot, error) {
	opt, err := f.Options(getenv("VERITY_TELEGRAM_TOKEN"), getenv("VERITY_TELEGRAM_SECRET"), webhook)
	if err != nil {
		return nil, err
	}
	opt.Log = log
	return New(svc, opt)
}
