package main

import (
	"context"
	"fmt"
	"os"
	"strings"

	"github.com/spf13/cobra"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/extract"
	"github.com/veritykb/verity/kb"
	"github.com/veritykb/verity/printable"
	"github.com/veritykb/verity/render"
)

// specRequest sets req's spec from --spec: a file, read here, or the name
// of a built-in example spec.
func specRequest(req *kb.ExtractRequest, arg string) error {
	if arg == "" {
		return verity.Errorf(verity.EINVALID, "--spec is required: a YAML file, or one of %s", strings.Join(extract.BuiltinSpecs(), ", "))
	}
	if _, err := os.Stat(arg); err != nil && !strings.ContainsAny(arg, "/\\.") {
		req.Spec = arg
		return nil
	}
	data, err := os.ReadFile(arg)
	if err != nil {
		return verity.Errorf(verity.EINVALID, "read spec: %w", err)
	}
	req.SpecYAML, req.SpecFrom = string(data), arg
	return nil
}

func (a *app) extractCmd() *cobra.Command {
	var (
		specArg  string
		pages    int
		vendor   []string
		lang     string
		queued   bool
		jobPages int
	)
	cmd := &cobra.Command{
		Use:   "extract --spec FILE [SOURCE...]",
		Short: "Extract quoted relations (\"X uses Bitrix24\") from stored pages into the graph",
		RunE: func(cmd *cobra.Command, args []string) error {
			ctx := cmd.Context()
			req := kb.ExtractRequest{Sources: args, Pages: pages, VendorDomains: vendor, Language: lang, JobPages: jobPages,
				Concurrency: max(1, a.concurrency/max(1, pages))}
			if err := specRequest(&req, specArg); err != nil {
				return err
			}
			if lang != "" && lang != extract.English && lang != extract.Russian {
				return verity.Errorf(verity.EINVALID, "--lang %q: want ru or en", lang)
			}
			caller, svc, err := a.callerService(ctx)
			if err != nil {
				return err
			}
			if queued {
				if _, err := a.modelSpecString(); err != nil {
					return err
				}
				q, err := svc.QueueExtract(ctx, caller, req)
				if err != nil {
					return err
				}
				return a.printQueued(q)
			}
			out, err := a.runExtract(ctx, svc, caller, req)
			if out == nil {
				return err
			}
			a.lang = out.Run.Language
			if a.json {
				if perr := a.printJSON(out); perr != nil {
					return perr
				}
			} else {
				render.Extraction(a.stdout, out, a.lang)
			}
			return err
		},
	}
	f := cmd.Flags()
	f.StringVar(&specArg, "spec", "", "relation spec: a YAML file or a built-in name")
	f.IntVar(&pages, "pages", 4, "pages read at once (model calls are bounded by --concurrency)")
	f.StringArrayVar(&vendor, "vendor-domain", nil, "a domain whose pages count as the vendor's own, repeatable (added to the spec's)")
	f.StringVar(&lang, "lang", "", "the language of the output's messages: ru or en (default: the spec's language)")
	f.BoolVar(&queued, "queue", false, "queue the extraction as jobs for workers (verity worker) instead of running it here")
	f.IntVar(&jobPages, "job-pages", kb.DefaultJobPages, "with --queue: pages per job (workers share the jobs)")
	return cmd
}

// reasonList lists extraction's reason codes with what each means, one a
// line, for extract's help.
func reasonList() string {
	var b strings.Builder
	for _, r := range extract.Reasons {
		fmt.Fprintf(&b, "  %-26s %s\n", r.Code, r.Text)
	}
	return strings.TrimRight(b.String(), "\n")
}

// runExtract runs spec over the given sources (all targets when none) and
// returns what caller may see of the result, with a bar on a terminal. On
// an error it still returns what finished, so an interrupted run can say
// what it kept.
func (a *app) runExtract(ctx context.Context, svc *kb.Service, caller verity.Caller, req kb.ExtractRequest) (*kb.ExtractReport, error) {
	var bar *progress
	if a.interactive() {
		req.Progress = func(done, total int) {
			if bar == nil {
				bar = a.newProgress("extract", int64(total), false)
			}
			bar.Add(1)
		}
	}
	out, err := svc.Extract(ctx, caller, req)
	if bar != nil {
		bar.Done()
	}
	if out != nil {
		for _, n := range out.Notes {
			fmt.Fprintln(a.stderr, render.Label(out.Run.Language, "note", printable.Text(n)))
		}
	}
	return out, err
}
