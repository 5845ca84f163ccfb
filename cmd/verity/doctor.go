package main

import (
	"context"
	"fmt"
	"os"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/answer"
	"github.com/veritykb/verity/audit"
	"github.com/veritykb/verity/extract"
	"github.com/veritykb/verity/llm"
	"github.com/veritykb/verity/offline"
	"github.com/veritykb/verity/printable"
	"github.com/veritykb/verity/summary"
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
			files, ferr := storeFiles(a.storePath(), fix)
			check, err := a.doctorCall(cmd.Context(), setup, timeout)
			vcheck, verr := a.doctorVerifier(cmd.Context(), timeout)
			if err == nil {
				err = verr
			}
			if err == nil {
				err = ferr
			}
			if a.json {
				if perr := a.printJSON(map[string]any{"config": setup, "store": a.storeName(), "store_files": files,
					"prompts": promptVersions(), "check": check, "verifier": vcheck}); perr != nil {
					return perr
				}
				return err
			}
			a.printDoctor(setup, check)
			a.printVerifierCheck(vcheck)
			for _, f := range files {
				switch {
				case f.Fixed:
					fmt.Fprintf(a.stdout, "store     %s was readable by others (%s): now 0600\n", printable.Text(f.Path), f.Mode)
				case f.Open:
					fmt.Fprintf(a.stdout, "WARNING   %s is readable by others (%s) and holds every source: run verity doctor --fix, or chmod 600 it\n", printable.Text(f.Path), f.Mode)
				}
			}
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

func (a *app) printDoctor(s modelSetup, c llm.PingResult) {
	w := a.stdout
	fmt.Fprintf(w, "model     %s (from %s)\n", s.Spec, s.SpecFrom)
	if s.Spec.BaseURL != "" {
		fmt.Fprintf(w, "endpoint  %s\n", s.Spec.BaseURL)
	}
	switch {
	case s.KeyVar == "":
		fmt.Fprintln(w, "key       none needed")
	case s.KeySet:
		fmt.Fprintf(w, "key       %s is set\n", s.KeyVar)
	case s.Spec.Provider == llm.ProviderOpenAICompatible:
		fmt.Fprintf(w, "key       %s is not set (local servers need none)\n", s.KeyVar)
	default:
		fmt.Fprintf(w, "key       %s is not set\n", s.KeyVar)
	}
	fmt.Fprintf(w, "store     %s\n", a.storeName())
	if s.NoCache {
		fmt.Fprintln(w, "cache     not read (--no-cache); fresh answers are still stored")
	} else {
		fmt.Fprintln(w, "cache     on: repeated calls are answered from the store")
	}
	for i, p := range promptVersions() {
		label := "prompts  "
		if i > 0 {
			label = "         "
		}
		fmt.Fprintf(w, "%s %-8s %s\n", label, p.Pipeline, p.Versions)
	}
	if c.Error != "" && c.Model == "" {
		fmt.Fprintf(w, "check     FAILED: %s\n", printable.Line(c.Error, 300))
		return
	}
	status := "ok"
	if !c.OK {
		status = "FAILED"
	}
	cost := "cost unknown (model not in the price table)"
	if c.Priced {
		cost = fmt.Sprintf("cost $%.6f", c.CostUSD)
	}
	fmt.Fprintf(w, "check     %s: %s answered %s in %s; tokens in %d, out %d; %s\n",
		status, c.Model, printable.Text(strings.TrimSpace(c.Reply)), c.Latency.Round(time.Millisecond), c.InputTokens, c.OutputTokens, cost)
}

// pipelinePrompts names the prompt versions one pipeline sends; every
// result records the version it used, and doctor lists them all.
type pipelinePrompts struct {
	Pipeline string `json:"pipeline"`
	Versions string `json:"versions"`
}

func promptVersions() []pipelinePrompts {
	return []pipelinePrompts{
		{"answer", answer.PromptVersions()},
		{"verify", verify.PromptVersions()},
		{"extract", extract.PromptVersions()},
		{"summary", summary.PromptVersions()},
		{"audit", audit.PromptVersions()},
	}
}

// verifierCheck is doctor's look at the claim-support verifier.
type verifierCheck struct {
	Spec    string        `json:"spec"`
	From    string        `json:"from"`
	Kind    string        `json:"kind"`
	Detail  string        `json:"detail,omitempty"`
	Model   string        `json:"model,omitempty"`  // the NLI service's model
	Labels  []string      `json:"labels,omitempty"` // its labels by id
	Verdict string        `json:"verdict,omitempty"`
	Latency time.Duration `json:"latency_ns,omitempty"`
	OK      bool          `json:"ok"`
	Error   string        `json:"error,omitempty"`
}

// doctorVerifier describes the run's verifier and, for an NLI service,
// calls /info and one tiny /predict.
func (a *app) doctorVerifier(ctx context.Context, timeout time.Duration) (verifierCheck, error) {
	specs, from, err := a.verifierSpecs()
	if err != nil {
		return verifierCheck{Error: verity.ErrorMessage(err)}, err
	}
	s := specs[0]
	c := verifierCheck{Spec: s.Raw, From: from, Kind: s.Kind, OK: true}
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

func (a *app) printVerifierCheck(c verifierCheck) {
	w := a.stdout
	if c.Spec == "" {
		fmt.Fprintf(w, "verifier  FAILED: %s\n", printable.Line(c.Error, 300))
		return
	}
	fmt.Fprintf(w, "verifier  %s (from %s)", c.Spec, c.From)
	if c.Detail != "" {
		fmt.Fprintf(w, ": %s", c.Detail)
	}
	fmt.Fprintln(w)
	switch {
	case c.Error != "":
		fmt.Fprintf(w, "          FAILED: %s\n", printable.Line(c.Error, 300))
	case c.Kind == verify.KindNLI:
		fmt.Fprintf(w, "          ok: %s, labels %s; one pair predicted %s in %s\n",
			c.Model, strings.Join(c.Labels, ", "), c.Verdict, c.Latency.Round(time.Millisecond))
	}
}

// storeFile is a file of a SQLite store and whether users other than its
// owner may read or write it.
type storeFile struct {
	Path  string `json:"path"`
	Mode  string `json:"mode"`
	Open  bool   `json:"open_to_others"`
	Fixed bool   `json:"fixed,omitempty"`
}

// storeFiles checks the files of the SQLite store at path (the database,
// its WAL and shared memory) for access by other users, and with fix
// takes it away. A PostgreSQL store has no files here.
func storeFiles(path string, fix bool) ([]storeFile, error) {
	if isStoreURL(path) {
		return nil, nil
	}
	var out []storeFile
	for _, p := range []string{path, path + "-wal", path + "-shm"} {
		info, err := os.Stat(p)
		if err != nil {
			continue
		}
		f := storeFile{Path: p, Mode: fmt.Sprintf("%04o", info.Mode().Perm()), Open: info.Mode().Perm()&0o077 != 0}
		if f.Open && fix {
			if err := os.Chmod(p, 0o600); err != nil {
				return out, verity.Errorf(verity.EINVALID, "doctor --fix: %w", err)
			}
			f.Fixed = true
		}
		out = append(out, f)
	}
	return out, nil
}
