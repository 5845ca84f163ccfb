package main

import (
	"context"
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/answer"
	"github.com/veritykb/verity/kb"
	"github.com/veritykb/verity/llm"
	"github.com/veritykb/verity/printable"
	"github.com/veritykb/verity/render"
	"github.com/veritykb/verity/verify"
)

// answerFlags are the options ask and check share.
type answerFlags struct {
	policy     string
	noVerbatim bool
	markdown   bool
}

func (f *answerFlags) register(cmd *cobra.Command) {
	fl := cmd.Flags()
	fl.StringVar(&f.policy, "policy", "strict", "support a claim needs: strict (grades 1–2) or broad (1–3, grade 3 marked *)")
	fl.BoolVar(&f.noVerbatim, "no-verbatim", false, "verbatim quote mode off: cite records without quoting them")
	fl.BoolVar(&f.markdown, "markdown", false, "print Markdown (numbered footnotes, escaped) instead of terminal text")
}

func (a *app) askCmd() *cobra.Command {
	var (
		flags    answerFlags
		k        int
		fresh    bool
		noRecord bool
	)
	cmd := &cobra.Command{
		Use:   "ask [--as PRINCIPAL]... [--json | --markdown] QUESTION",
		Short: "Answer a question from the records you may read, every claim with a verbatim quote",
		Args:  cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if flags.markdown && a.json {
				return verity.Errorf(verity.EINVALID, "--json and --markdown exclude each other")
			}
			if k == 0 {
				return verity.Errorf(verity.EINVALID, "k must be between 1 and %d, got 0", kb.MaxAskK)
			}
			ctx := cmd.Context()
			caller, svc, err := a.callerService(ctx)
			if err != nil {
				return err
			}
			req := kb.AskRequest{Question: strings.Join(args, " "), K: k, Policy: flags.policy, NoVerbatim: flags.noVerbatim,
				Fresh: fresh, NoRecord: noRecord, Progress: a.stageProgress(), Transport: "cli"}
			ans, err := svc.Ask(ctx, caller, req)
			if err != nil {
				return err
			}
			if err := a.printAnswerAs(ans, flags.markdown); err != nil {
				return err
			}
			if caller.Local() && len(ans.Hints) > 0 && !a.json && !flags.markdown {
				fmt.Fprintln(a.stdout, "note: without --as you read as public; add --as PRINCIPAL to ask as someone the records above are shared with")
			}
			return nil
		},
	}
	flags.register(cmd)
	f := cmd.Flags()
	f.IntVar(&k, "k", kb.DefaultAskK, "records per search")
	f.BoolVar(&fresh, "fresh", false, "answer afresh: neither read nor write the answer cache")
	f.BoolVar(&noRecord, "no-record", false, "do not store the answer's statements as records")
	return cmd
}

// answerModels returns the run's model and the verifier that checks
// support between the answer stages: --verifier or VERITY_VERIFIER, else
// the offline verifier for the offline engine and a judge of three votes
// over the model otherwise.
func (a *app) answerModels(ctx context.Context) (llm.Model, verify.Verifier, error) {
	m, _, err := a.model(ctx)
	if err != nil {
		return nil, nil, err
	}
	if a.judge == nil {
		v, err := a.verifier(ctx, verify.JudgeOptions{Votes: 3, EarlyStop: true, Concurrency: a.concurrency})
		if err != nil {
			return nil, nil, err
		}
		a.judge = v.Verifier
	}
	return m, a.judge, nil
}

// runVerifier is the run's verifier, as the service asks for it.
func (a *app) runVerifier(ctx context.Context) (verify.Verifier, error) {
	_, v, err := a.answerModels(ctx)
	return v, err
}

// stageProgress shows the stages as they run when stderr is a terminal,
// and is nil otherwise.
func (a *app) stageProgress() func(kb.Stage) {
	if a.interactive() && !a.json {
		return a.showStage
	}
	return nil
}

// stageNames say what each stage does, for the progress lines.
var stageNames = map[string]string{
	"search":       "searching the records you may read",
	"draft":        "stage 1: drafting statements with [N] citations",
	"verify":       "stage 1.5: verifying each statement against what it cites",
	"facts":        "stage 2: key facts, document by document",
	"verify-facts": "stage 2.5: verifying each fact",
	"assemble":     "stage 3: assembling the answer",
	"re-verify":    "verifying the assembled answer again",
	"relevance":    "keeping only the claims that answer the question",
	"quotes":       "locating verbatim quotes",
}

// showStage prints progress through the stages on stderr.
func (a *app) showStage(e kb.Stage) {
	name := stageNames[e.Stage]
	if name == "" {
		name = e.Stage
	}
	if !e.Done {
		fmt.Fprintf(a.stderr, "… %s\n", name)
		return
	}
	fmt.Fprintf(a.stderr, "✓ %s: %s\n", name, printable.Text(e.Detail))
}

// printAnswerAs prints an answer as JSON, Markdown or terminal text.
func (a *app) printAnswerAs(ans *answer.Answer, markdown bool) error {
	switch {
	case a.json:
		return a.printJSON(ans)
	case markdown:
		_, err := fmt.Fprint(a.stdout, render.Markdown(ans))
		return err
	}
	render.Answer(a.stdout, ans)
	return nil
}
