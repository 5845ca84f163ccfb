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
		Long: `Ask answers QUESTION from the knowledge store under the caller's rights (every
--as principal plus public), or says honestly that it cannot.

A store with no active source has no grounding mode: the reply is
conversational, labelled so, and cites nothing (the offline engine says that
it has no general knowledge). Otherwise the model is offered one read-only
tool, search_knowledge, which runs the store's ACL-filtered search as the
caller — nothing in a document or in the model's tool arguments can change
the caller, the tools or the question. Once the model searches, the answer
comes only from what the search returned. The offline engine always
searches. When confidence is low and nothing could be answered, the question
is searched once more with a reformulated query before "not found".

The answer goes through VeriCite's stages with a verifier between them:
1 draft with [N] citations, 1.5 verify each statement against what it cites,
2 per document: useful? key facts, 2.5 verify each fact, 3 assemble (merged
citations, no repeats, nothing new), then every assembled statement is
verified again and whatever lost support is dropped. Support is graded 1
(verbatim) to 4 (not supported); --policy strict keeps 1–2, broad 1–3 and
marks grade 3 with *. Each claim cites records (uri, title, system, the
chunk that won retrieval) with a verbatim quote found by code in the cited
source version, whether the claim paraphrases it, and a distortion risk
(none, low, high) when a number, negation, qualifier or condition differs.
Each claim is stored as a statement record whose receipt rests on the
sources that support it, so revoking a source retracts cached answers.

Outcomes: answered, not_found (not_in_corpus, insufficient_support,
retracted) or conversational. Hints name the source system and the author's
email of a record you cannot read that would have ranked — never its title,
uri or text.

--json prints {"mode","outcome","not_found_reason","answer","claims":[{"claim",
"citations":[{"n","source_id","version","uri","title","system","quote":{"text",
"start","end","kind"},"evidence":{"ordinal","start","end"},"support"}],
"verbatim_quote","is_paraphrased","distortion_risk","distortion_reasons",
"support":{"grade","label","score","by"},"refs","marked","record"}],
"unverified_claims":[{"claim","reason","stage"}],"hints":[{"system","author"}],
"model","question","sources":[{"n","source_id","version","uri","title",
"system","evidence"}],"policy","verbatim","searches":[{"query","by",
"results","confidence"}],"failures","prompt_versions","cached"}.
Quote spans are byte offsets into that source version's canonical text
(verity show); [N] in "answer" is sources[N-1]. A stage whose model output
stays malformed is listed in "failures"; when nothing could be answered
because of it, ask fails with exit code 6 instead of saying "not found".`,
		Example: `  verity ask --as group:staff "Как часто пересматриваются права доступа?"
  verity ask --json "How many vacation days carry over?"
  verity ask --markdown --policy broad --as group:staff "Why do CRM backups fail?"`,
		Args: cobra.MinimumNArgs(1),
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
				Fresh: fresh, NoRecord: noRecord, Progress: a.stageProgress()}
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
	fmt.Fprintf(a.stderr, "✓ %s: %s\n", name, clean(e.Detail))
}

// printAnswerAs prints an answer as JSON, Markdown or terminal text.
func (a *app) printAnswerAs(ans *answer.Answer, markdown bool) error {
	switch {
	case a.json:
		return a.printJSON(ans)
	case markdown:
		_, err := fmt.Fprint(a.stdout, markdownAnswer(ans))
		return err
	}
	printAnswer(a.stdout, ans)
	return nil
}
