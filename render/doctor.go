package render

import (
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/kb"
	"github.com/veritykb/verity/llm"
	"github.com/veritykb/verity/printable"
	"github.com/veritykb/verity/verify"
)

// Doctor is what verity doctor found: the model configuration and its
// check call, the verifier and its check, the store and its files.
type Doctor struct {
	Model    llm.ProviderSpec
	From     string // where the model spec came from
	KeyVar   string // the provider's key variable, "" when none is needed
	KeySet   bool
	NoCache  bool
	Store    string
	Prompts  []kb.PipelinePrompts
	Check    llm.PingResult
	Verifier VerifierCheck
	Files    []verity.StoreFile
}

// VerifierCheck is doctor's look at the claim-support verifier.
type VerifierCheck struct {
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

// DoctorReport writes what doctor found, one aspect a line.
func DoctorReport(w io.Writer, d Doctor) {
	fmt.Fprintf(w, "model     %s (from %s)\n", d.Model, d.From)
	if d.Model.BaseURL != "" {
		fmt.Fprintf(w, "endpoint  %s\n", d.Model.BaseURL)
	}
	switch {
	case d.KeyVar == "":
		fmt.Fprintln(w, "key       none needed")
	case d.KeySet:
		fmt.Fprintf(w, "key       %s is set\n", d.KeyVar)
	case d.Model.Provider == llm.ProviderOpenAICompatible:
		fmt.Fprintf(w, "key       %s is not set (local servers need none)\n", d.KeyVar)
	default:
		fmt.Fprintf(w, "key       %s is not set\n", d.KeyVar)
	}
	fmt.Fprintf(w, "store     %s\n", d.Store)
	if d.NoCache {
		fmt.Fprintln(w, "cache     not read (--no-cache); fresh answers are still stored")
	} else {
		fmt.Fprintln(w, "cache     on: repeated calls are answered from the store")
	}
	for i, p := range d.Prompts {
		label := "prompts  "
		if i > 0 {
			label = "         "
		}
		fmt.Fprintf(w, "%s %-8s %s\n", label, p.Pipeline, p.Versions)
	}
	c := d.Check
	if c.Error != "" && c.Model == "" {
		fmt.Fprintf(w, "check     FAILED: %s\n", printable.Line(c.Error, 300))
	} else {
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
	verifierCheck(w, d.Verifier)
	for _, f := range d.Files {
		switch {
		case f.Fixed:
			fmt.Fprintf(w, "store     %s was readable by others (%s): now 0600\n", printable.Text(f.Path), f.Mode)
		case f.Open:
			fmt.Fprintf(w, "WARNING   %s is readable by others (%s) and holds every source: run verity doctor --fix, or chmod 600 it\n", printable.Text(f.Path), f.Mode)
		}
	}
}

func verifierCheck(w io.Writer, c VerifierCheck) {
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
