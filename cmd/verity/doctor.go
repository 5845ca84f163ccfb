package main

import (
	"cmp"
	"context"
	"fmt"
	"time"

	"github.com/spf13/cobra"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/kb"
	"github.com/veritykb/verity/llm"
	"github.com/veritykb/verity/offline"
	"github.com/veritykb/verity/render"
	"github.com/veritykb/verity/verify"
)

func (a *app) doctorCmd() *cobra.Command {
	var (
		timeout time.Duration
		fix     bool
	)
	cmd := &cobra.Command{
		Use:   "doctor",
		Short: "Show the model configuration and make one tiny call to check it",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			setup, err := a.setupModel()
			if err != nil {
				return err
			}
			files, ferr := a.storeFiles(fix)
			check, err := a.doctorCall(cmd.Context(), setup, timeout)
			vcheck, verr := a.doctorVerifier(cmd.Context(), timeout)
			err = cmp.Or(err, verr, ferr)
			if a.json {
				if perr := a.printJSON(map[string]any{"config": setup, "store": a.storeName(), "store_files": files,
					"prompts": kb.PromptVersions(), "check": check, "verifier": vcheck}); perr != nil {
					return perr
				}
				return err
			}
			render.DoctorReport(a.stdout, render.Doctor{Model: setup.Spec, From: setup.SpecFrom, KeyVar: setup.KeyVar, KeySet: setup.KeySet,
				NoCache: setup.NoCache, Store: a.storeName(), Prompts: kb.PromptVersions(), Check: check, Verifier: vcheck, Files: files})
			return err
		},
	}
	cmd.Flags().DurationVar(&timeout, "timeout", 60*time.Second, "give up on the check call after this long")
	cmd.Flags().BoolVar(&fix, "fix", false, "make a store file that others may read readable by its owner alone (0600)")
	return cmd
}

// doctorCall makes the health check call ([llm.Ping]) to the setup's
// provider.
func (a *app) doctorCall(ctx context.Context, setup modelSetup, timeout time.Duration) (llm.PingResult, error) {
	p, err := setup.provider()
	if err != nil {
		return llm.PingResult{Error: verity.ErrorMessage(err)}, err
	}
	return llm.Ping(ctx, p, timeout)
}

// doctorVerifier describes the run's verifier and, for an NLI service,
// calls /info and one tiny /predict.
func (a *app) doctorVerifier(ctx context.Context, timeout time.Duration) (render.VerifierCheck, error) {
	specs, from, err := a.verifierSpecs()
	if err != nil {
		return render.VerifierCheck{Error: verity.ErrorMessage(err)}, err
	}
	s := specs[0]
	c := render.VerifierCheck{Spec: s.Raw, From: from, Kind: s.Kind, OK: true}
	if len(specs) > 1 {
		c.Detail = fmt.Sprintf("%d verifiers named; doctor checks the first", len(specs))
	}
	switch s.Kind {
	case verify.KindOffline:
		p := offline.NewVerifier(offline.SupportParams{Strict: s.Strict, Broad: s.Broad}, nil).Params()
		c.Detail = fmt.Sprintf("lexical checks with a calibrated probability of support; grade 2 at >= %.2f, grade 3 at >= %.2f", p.Strict, p.Broad)
	case verify.KindBaseline:
		c.Detail = "word overlap (at least half the claim's content words in the passage)"
	case verify.KindLLM:
		c.Detail = "verify.Judge over the model above"
	case verify.KindNLI:
		ctx, cancel := context.WithTimeout(ctx, timeout)
		defer cancel()
		info, v, lat, err := a.nliClient(s).Check(ctx)
		if err != nil {
			c.OK, c.Error = false, verity.ErrorMessage(err)
			return c, err
		}
		c.Model, c.Latency = info.ModelID, lat
		for i := 0; len(c.Labels) < len(info.Labels) && i < len(info.Labels)+64; i++ {
			if l, ok := info.Labels[i]; ok {
				c.Labels = append(c.Labels, l)
			}
		}
		c.Verdict = fmt.Sprintf("%s %.2f", v.Label, v.Score)
		c.Detail = fmt.Sprintf("%s, batches of up to %d", s.URL, max(info.MaxBatch, s.Batch))
	}
	return c, nil
}
