package main

import (
	"fmt"
	"io"
	"os"

	"github.com/spf13/cobra"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/answer"
	"github.com/veritykb/verity/ingest"
	"github.com/veritykb/verity/kb"
	"github.com/veritykb/verity/render"
)

func (a *app) checkCmd() *cobra.Command {
	var (
		flags   answerFlags
		docs    []string
		sources []string
		maxSize = byteSize(ingest.DefaultMaxBytes)
		pf      pdfFlags
	)
	cmd := &cobra.Command{
		Use:   "check [--as PRINCIPAL]... [--json | --markdown] [--doc FILE]... [--source ID]... ANSWER_FILE",
		Short: "Check an answer produced anywhere: every claim against a verbatim quote and a verifier",
		Args:  cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if flags.markdown && a.json {
				return verity.Errorf(verity.EINVALID, "--json and --markdown exclude each other")
			}
			if maxSize <= 0 {
				return verity.Errorf(verity.EINVALID, "--max-file-size must be positive")
			}
			if err := pf.check("file-timeout"); err != nil {
				return err
			}
			ctx := cmd.Context()
			caller, err := a.caller()
			if err != nil {
				return err
			}
			data, err := a.readAnswerFile(args[0])
			if err != nil {
				return err
			}
			sub, err := answer.ParseSubmission(data)
			if err != nil {
				return err
			}
			if len(docs)+len(sources) > 0 {
				if len(sub.Documents) > 0 {
					return verity.Errorf(verity.EINVALID, "the answer file brings its own documents; --doc and --source are for plain-text answers")
				}
				opts := ingest.Options{MaxBytes: int64(maxSize), FileTimeout: pf.timeout, PDF: a.pdfReader(pf), Now: a.now}
				for _, path := range docs {
					title, text, err := ingest.ReadOne(ctx, path, opts)
					if err != nil {
						return verity.Errorf(verity.EINVALID, "--doc %s: %w", path, err)
					}
					sub.Documents = append(sub.Documents, answer.Document{Title: title, Text: text})
				}
				for _, id := range sources {
					sub.Documents = append(sub.Documents, answer.Document{SourceID: id})
				}
			}
			svc, err := a.service(ctx)
			if err != nil {
				return err
			}
			if caller, err = svc.Resolve(ctx, caller); err != nil {
				return err
			}
			ans, err := svc.Check(ctx, caller, kb.CheckRequest{Question: sub.Question, Answer: sub.Text, Documents: sub.Documents,
				Citations: sub.Citations, Policy: flags.policy, NoVerbatim: flags.noVerbatim, Progress: a.stageProgress()})
			if err != nil {
				return err
			}
			switch {
			case a.json:
				return a.printJSON(ans)
			case flags.markdown:
				_, err := fmt.Fprint(a.stdout, render.Markdown(ans))
				return err
			}
			render.Check(a.stdout, ans)
			return nil
		},
	}
	flags.register(cmd)
	f := cmd.Flags()
	f.StringArrayVar(&docs, "doc", nil, "a document file the answer cites as [N], in order (repeatable)")
	f.StringArrayVar(&sources, "source", nil, "a source id in the store the answer cites as [N], after the --doc files (repeatable)")
	f.Var(&maxSize, "max-file-size", "size budget of a --doc file (bytes, or with KiB, MiB, GiB)")
	pf.register(cmd, "file-timeout", "time budget of reading a --doc file; a PDF parse still running then is killed")
	return cmd
}

// readAnswerFile reads the answer from a file or, for "-", stdin.
func (a *app) readAnswerFile(path string) ([]byte, error) {
	if path == "-" {
		data, err := io.ReadAll(io.LimitReader(a.stdin, ingest.DefaultMaxBytes+1))
		if err != nil {
			return nil, fmt.Errorf("read stdin: %w", err)
		}
		return data, nil
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, verity.Errorf(verity.EINVALID, "read %s: %w", path, err)
	}
	return data, nil
}
