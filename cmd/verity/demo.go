package main

import (
	"context"
	"fmt"
	"os"
	"strings"

	"github.com/spf13/cobra"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/demo"
	"github.com/veritykb/verity/kb"
	"github.com/veritykb/verity/printable"
	"github.com/veritykb/verity/render"
)

func (a *app) demoCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "demo",
		Short: "Build a store from the bundled example corpus and show what Verity does",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			ctx := cmd.Context()
			if a.dbPath == "" && a.getenv("VERITY_DB") == "" {
				a.dbPath = demo.DB
			}
			svc, err := a.service(ctx)
			if err != nil {
				return err
			}
			if err := a.demoIngest(ctx, svc); err != nil {
				return err
			}
			script, err := a.demoScript(svc)
			if err != nil {
				return err
			}
			if err := script.Run(ctx); err != nil {
				return err
			}
			db := a.storeName()
			if strings.ContainsAny(db, "?&*[] '\"$") {
				db = "'" + strings.ReplaceAll(db, "'", `'\''`) + "'" // as a shell reads it
			}
			// Under go run the binary is a temporary file: say how to
			// run the commands that follow from the repository instead.
			self := "verity"
			if exe, err := os.Executable(); err == nil && strings.Contains(exe, "go-build") {
				self = "go run ./cmd/verity"
			}
			fmt.Fprintf(a.stdout, "\nThe store is %s. Try, as the local operator or as someone else:\n  %[2]s --db %[3]s sources --all\n  %[2]s --db %[3]s search --as group:staff \"deploy on Friday\"\n  %[2]s --db %[3]s show --chunks CONF-101 --as group:staff\n  %[2]s --db %[3]s log --as user:eve@outside.example\n",
				a.storeName(), self, db)
			if self != "verity" {
				fmt.Fprintln(a.stdout, "(or install the command with: go install ./cmd/verity)")
			}
			return nil
		},
	}
}

// demoIngest puts the bundled corpus into the store, as the local operator,
// and prints a one-line summary.
func (a *app) demoIngest(ctx context.Context, svc *kb.Service) error {
	srcs, warnings, err := demo.Corpus()
	if err != nil {
		return err
	}
	op, err := a.caller()
	if err != nil {
		return err
	}
	run, err := demo.Put(ctx, svc, op, srcs...)
	if err != nil {
		return err
	}
	fmt.Fprintf(a.stdout, "Verity demo — offline engine, store %s, acting as the local operator (%s)\ningested the bundled corpus: %d sources (%d new, %d unchanged): Confluence, Jira, Slack, web pages, a handbook; in Russian and English\n",
		a.storeName(), printable.Text(string(op.Actor())), len(srcs), run.Report.Created, run.Report.Unchanged)
	for _, w := range warnings {
		fmt.Fprintf(a.stdout, "warning: %s (the demo shows that records without ACL stay hidden)\n", w)
	}
	return nil
}

// demoScript is the demo's script over svc, acting as the caller and shown
// on stdout with the renderings the commands share.
func (a *app) demoScript(svc *kb.Service) (*demo.Script, error) {
	op, err := a.caller()
	if err != nil {
		return nil, err
	}
	return &demo.Script{KB: svc, Operator: op, Screen: demoScreen{a, svc}}, nil
}

// demoScreen shows the demo's steps as the commands they stand for print
// their results.
type demoScreen struct {
	a   *app
	svc *kb.Service
}

var _ demo.Screen = demoScreen{}

func (s demoScreen) Write(p []byte) (int, error) { return s.a.stdout.Write(p) }
func (s demoScreen) Excerpt(text string, n int) string {
	return printable.Text(printable.Line(text, n))
}
func (s demoScreen) Results(res *verity.SearchResults) { render.Results(s.a.stdout, res, false) }
func (s demoScreen) Answer(ans *kb.Answer)             { render.Answer(s.a.stdout, ans) }
func (s demoScreen) Check(ans *kb.Answer)              { render.Check(s.a.stdout, ans) }
func (s demoScreen) Summary(sum *kb.Summary)           { render.Summary(s.a.stdout, sum, false) }
func (s demoScreen) Revocation(rep *kb.RevocationReport, action kb.Action) {
	render.Revocation(s.a.stdout, rep, action)
}

func (s demoScreen) ShowSummary(ctx context.Context, caller verity.Caller, id string) error {
	return s.a.showSummary(ctx, s.svc, caller, id, true)
}

func (s demoScreen) Relocation(r *kb.Relocation) {
	if line := render.RelocationLine(r); line != "" {
		fmt.Fprintln(s.a.stdout, line)
	}
}

// Extract runs req as verity extract does and prints its report, in the
// run's language, with how to explain its first edge.
func (s demoScreen) Extract(ctx context.Context, caller verity.Caller, req kb.ExtractRequest) error {
	req.Concurrency = max(1, s.a.concurrency/max(1, req.Pages))
	out, err := s.a.runExtract(ctx, s.svc, caller, req)
	if err != nil {
		return err
	}
	lang := out.Run.Language
	render.Extraction(s.a.stdout, out, lang)
	if len(out.Edges) > 0 {
		fmt.Fprintf(s.a.stdout, "\n%s\n", render.Label(lang, "why", out.Edges[0].ID))
	}
	return nil
}
