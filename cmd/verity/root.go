package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/url"
	"os"
	"os/user"
	"runtime"
	"runtime/debug"
	"slices"
	"strings"
	"time"

	"github.com/spf13/cobra"
	"golang.org/x/term"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/analysis"
	"github.com/veritykb/verity/ingest"
	"github.com/veritykb/verity/kb"
	"github.com/veritykb/verity/llm"
	"github.com/veritykb/verity/render"
	"github.com/veritykb/verity/verify"
)

// Exit codes, one per error code, so scripts can tell failures apart.
const (
	exitOK           = 0
	exitFailure      = 1 // an internal error, or some items of a batch failed
	exitInvalid      = 2 // bad input or usage
	exitNotFound     = 3
	exitConflict     = 4
	exitUnavailable  = 5 // a model provider that stays down or rate-limited
	exitMalformed    = 6 // model output that does not parse even after a repair retry
	exitForbidden    = 7 // the caller lacks the role the operation needs
	exitUnauthorized = 8 // a token that is unknown, malformed, expired or revoked
)

func exitCode(err error) int {
	switch verity.ErrorCode(err) {
	case "":
		return exitOK
	case verity.EINVALID, verity.ETOOLARGE:
		return exitInvalid
	case verity.ENOTFOUND:
		return exitNotFound
	case verity.ECONFLICT:
		return exitConflict
	case verity.EUNAVAILABLE:
		return exitUnavailable
	case verity.EMALFORMED:
		return exitMalformed
	case verity.EFORBIDDEN:
		return exitForbidden
	case verity.EUNAUTHORIZED:
		return exitUnauthorized
	}
	return exitFailure
}

// app is what every subcommand shares: the streams, the configuration read
// from flags and environment once, and the store, opened on first use.
type app struct {
	stdin          io.Reader
	stdout, stderr io.Writer
	getenv         func(string) string
	now            func() time.Time
	log            *slog.Logger

	dbPath      string   // --db, VERITY_DB, default ./verity.db
	as          []string // --as principals of the caller
	json        bool     // --json output
	modelSpec   string   // --model, VERITY_MODEL, default offline
	verifiers   []string // --verifier, VERITY_VERIFIER, default offline or llm
	noCache     bool     // --no-cache: do not read the model cache
	hintBudget  int      // serve's and mcp's --hint-budget: searches per principal an hour with hints
	replicas    []string // serve's --db-replica: PostgreSQL replicas searches may read
	replicaLag  int64    // serve's --replica-max-lag: bytes of WAL a replica may lag past the last narrowing
	concurrency int      // --concurrency: model calls in flight at once
	lang        string   // the output's language, when a command chose one (extract --lang); "" is English

	verbatim kb.Rollout // serve's and telegram's --verbatim

	svc        *kb.Service     // the one door to the store, opened on first use by a.service
	db         store           // the store behind it, for the wiring alone (wire.go)
	closeStore func() error    // closes what a.service opened
	cache      llm.Cache       // the store's model cache, for providers that are not offline
	llm        llm.Model       // the run's model stack, built on first use by a.model
	meter      *llm.Meter      // what the run's model calls cost
	judge      verify.Verifier // the verifier between answer stages, built on first use by a.answerModels

	// uploads read the PDFs a server's uploads hold; serve sets them
	// before it opens the service.
	uploads struct {
		pdf     ingest.PDFReader
		timeout time.Duration
	}

	// drain, when set, raises how long the process waits for the run to
	// stop after the first signal: a server drains its requests.
	drain func(time.Duration)
}

// drainFor tells the signal handler to wait up to d after the first signal.
func (a *app) drainFor(d time.Duration) {
	if a.drain != nil {
		a.drain(d)
	}
}

// errPartial reports that a batch finished but some items failed; the command
// has already printed which, so main prints nothing more.
var errPartial = errors.New("some items failed")

func run(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer, getenv func(string) string) int {
	return runApp(ctx, &app{stdin: stdin, stdout: stdout, stderr: stderr, getenv: getenv, now: time.Now}, args)
}

// runApp runs the command line args with a's streams and environment.
func runApp(ctx context.Context, a *app, args []string) int {
	stdin, stdout, stderr := a.stdin, a.stdout, a.stderr
	a.log = slog.New(slog.NewTextHandler(stderr, &slog.HandlerOptions{Level: slog.LevelWarn}))
	root := a.rootCmd()
	root.SetArgs(args)
	root.SetIn(stdin)
	root.SetOut(stdout)
	root.SetErr(stderr)
	err := root.ExecuteContext(ctx)
	a.printUsage()
	if a.closeStore != nil {
		a.closeStore()
	}
	switch {
	case err == nil:
		return exitOK
	case errors.Is(err, errPartial):
		return exitFailure
	case errors.Is(err, context.Canceled) || ctx.Err() != nil:
		fmt.Fprintln(stderr, "verity: interrupted; everything finished before the interrupt is kept")
		return 130
	}
	fmt.Fprintf(stderr, "verity: %v\n", err)
	return exitCode(err)
}

func (a *app) rootCmd() *cobra.Command {
	root := &cobra.Command{
		Use:           "verity",
		Short:         "Knowledge you can check: every fact with a verbatim quote, votes and a receipt",
		SilenceUsage:  true,
		SilenceErrors: true,
	}
	root.CompletionOptions.HiddenDefaultCmd = true
	root.Version = version()
	pf := root.PersistentFlags()
	pf.StringVar(&a.dbPath, "db", "", "the store: a SQLite file, or postgres://USER@HOST/DB[?search_path=SCHEMA]\nfor a PostgreSQL store shared by processes (default $VERITY_DB or ./verity.db)")
	pf.StringArrayVar(&a.as, "as", nil, "act exactly as this principal, repeatable: user:EMAIL, group:NAME, public\n(default: the local operator, with every right, reading as public)")
	pf.BoolVar(&a.json, "json", false, "print JSON instead of text")
	pf.StringVar(&a.modelSpec, "model", "", "model spec: offline, openai:MODEL, ollama:MODEL, anthropic:MODEL,\nopenai-compatible:URL#MODEL (default $VERITY_MODEL or offline)")
	pf.StringArrayVar(&a.verifiers, "verifier", nil, "claim-support verifier: offline[:strict=P,broad=P], llm (the --model as judge),\nnli:URL (an NLI model served with TEI's API), baseline (word overlap)\n(default $VERITY_VERIFIER, else offline without a model and llm with one)")
	pf.BoolVar(&a.noCache, "no-cache", false, "do not read cached model answers (fresh answers are still cached)")
	pf.IntVar(&a.concurrency, "concurrency", 8, "model calls in flight at once, per provider")
	root.AddCommand(
		a.ingestCmd(),
		a.sourcesCmd(),
		a.showCmd(),
		a.searchCmd(),
		a.evalCmd(),
		a.benchCmd(),
		a.demoCmd(),
		a.doctorCmd(),
		a.quoteCmd(),
		a.summarizeCmd(),
		a.revokeCmd(),
		a.unrevokeCmd(),
		a.impactCmd(),
		a.logCmd(),
		a.undoCmd(),
		a.auditCmd(),
		a.crawlCmd(),
		a.researchCmd(),
		a.askCmd(),
		a.checkCmd(),
		a.extractCmd(),
		a.graphCmd(),
		a.explainCmd(),
		a.reviewCmd(),
		a.roleCmd(),
		a.tokenCmd(),
		a.systemsCmd(),
		a.groupCmd(),
		a.userCmd(),
		a.connectorCmd(),
		a.syncCmd(),
		a.telegramCmd(), a.slackCmd(), serviceCmd(a, "feedback", "List the 👍/👎 ratings of answers, counted by transport and verbatim mode (admin)", cobra.NoArgs,
			func(ctx context.Context, c verity.Caller, s *kb.Service, _ []string) (*kb.FeedbackList, error) {
				return s.Feedback(ctx, c)
			}, render.Feedback),
		a.backupCmd(),
		a.copyCmd(),
		a.reindexCmd(),
		a.migrateCmd(),
		a.workerCmd(),
		a.jobsCmd(),
		a.mcpCmd(),
		a.serveCmd(),
	)
	setHelp(root, newHelpValues())
	// An unknown command is a usage error (exit 2), with suggestions.
	root.Args = cobra.ArbitraryArgs
	root.SuggestionsMinimumDistance = 2
	root.RunE = func(cmd *cobra.Command, args []string) error {
		if len(args) == 0 {
			return cmd.Help()
		}
		msg := fmt.Sprintf("unknown command %q", args[0])
		if s := closestFirst(args[0], cmd.SuggestionsFor(args[0])); len(s) > 0 {
			msg += fmt.Sprintf("; did you mean %s?", strings.Join(s, " or "))
		}
		return verity.Errorf(verity.EINVALID, "%s (see verity --help)", msg)
	}
	usageErrors(root)
	return root
}

// closestFirst orders the commands cobra suggests for a mistyped name by
// their edit distance to it, nearest first (cobra lists them in the
// order the commands were added), so "serch" suggests search before
// bench and serve.
func closestFirst(typed string, names []string) []string {
	slices.SortStableFunc(names, func(a, b string) int { return analysis.EditDistance(typed, a) - analysis.EditDistance(typed, b) })
	return names
}

// usageErrors makes wrong arguments and flags invalid input (exit code 2)
// on every command, with a pointer to its help, instead of the generic
// failure cobra's plain errors would map to.
func usageErrors(cmd *cobra.Command) {
	cmd.SetFlagErrorFunc(func(c *cobra.Command, err error) error {
		return verity.Errorf(verity.EINVALID, "%w (see %s --help)", err, c.CommandPath())
	})
	if args := cmd.Args; args != nil {
		cmd.Args = func(c *cobra.Command, a []string) error {
			if err := args(c, a); err != nil {
				return verity.Errorf(verity.EINVALID, "%s: %w (see %s --help)", c.CommandPath(), err, c.CommandPath())
			}
			return nil
		}
	}
	for _, sub := range cmd.Commands() {
		usageErrors(sub)
	}
}

// storeName is the store as messages name it: its file, or its database
// URL without the password.
func (a *app) storeName() string { return a.redactURL(a.storePath()) }

// redactURL returns a store's name with a database URL's password hidden,
// in its user part or in a password parameter (which pgx takes too).
func (a *app) redactURL(p string) string {
	if !isStoreURL(p) {
		return p
	}
	u, err := url.Parse(p)
	if err != nil {
		return "postgres://(unparsable URL)"
	}
	if q := u.Query(); q.Has("password") {
		q.Set("password", "xxxxx")
		u.RawQuery = q.Encode()
	}
	return u.Redacted()
}

// storePath resolves the store from --db, VERITY_DB and the default: a
// file, or a PostgreSQL URL.
func (a *app) storePath() string {
	switch {
	case a.dbPath != "":
		return a.dbPath
	case a.getenv("VERITY_DB") != "":
		return a.getenv("VERITY_DB")
	}
	return "verity.db"
}

// caller builds the caller: the local operator without --as, else exactly
// the --as principals.
func (a *app) caller() (verity.Caller, error) {
	if len(a.as) == 0 {
		return verity.LocalOperator(a.operatorName()), nil
	}
	ps := make([]verity.Principal, 0, len(a.as))
	for _, s := range a.as {
		p, err := verity.ParsePrincipal(s)
		if err != nil {
			return verity.Caller{}, verity.Errorf(verity.EINVALID, "--as: %w", err)
		}
		ps = append(ps, p)
	}
	return verity.NewCaller(ps...), nil
}

// operatorName is the operating-system user running the command, which the
// log records for the local operator.
func (a *app) operatorName() string {
	if u, err := user.Current(); err == nil && u.Username != "" {
		return u.Username
	}
	return a.getenv("USER")
}

// callerService returns the caller, as the directory has it (--as names
// a user, the directory its groups), and the service: what every command
// starts with.
func (a *app) callerService(ctx context.Context) (verity.Caller, *kb.Service, error) {
	caller, err := a.caller()
	if err != nil {
		return verity.Caller{}, nil, err
	}
	svc, err := a.service(ctx)
	if err != nil {
		return caller, svc, err
	}
	caller, err = svc.Resolve(ctx, caller)
	return caller, svc, err
}

// printJSON writes v as indented JSON on stdout.
func (a *app) printJSON(v any) error {
	enc := json.NewEncoder(a.stdout)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(render.Filled(v))
}

// interactive reports whether stderr is a terminal, where progress is shown.
func (a *app) interactive() bool {
	f, ok := a.stderr.(*os.File)
	return ok && term.IsTerminal(int(f.Fd()))
}

// version is the module version this binary was built from, with the VCS
// revision when the build recorded one.
func version() string {
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return "devel"
	}
	v := info.Main.Version
	if v == "" || v == "(devel)" {
		v = "devel"
	}
	for _, s := range info.Settings {
		if s.Key == "vcs.revision" && len(s.Value) >= 12 {
			v += " " + s.Value[:12]
		}
	}
	return v + " " + runtime.Version()
}
