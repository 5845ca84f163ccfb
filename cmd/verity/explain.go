package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/spf13/cobra"

	"github.com/veritykb/verity/extract"
)

func (a *app) explainCmd() *cobra.Command {
	var full bool
	cmd := &cobra.Command{
		Use:   "explain EDGE",
		Short: "Why an edge was accepted or rejected: every step's input, output, prompt, model and votes",
		Args:  cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			ctx := cmd.Context()
			caller, svc, err := a.callerService(ctx)
			if err != nil {
				return err
			}
			ex, err := svc.Explain(ctx, caller, args[0])
			if err != nil {
				return err
			}
			if a.json {
				return a.printJSON(ex)
			}
			printExplanation(a.stdout, ex, full)
			return nil
		},
	}
	cmd.Flags().BoolVar(&full, "full", false, "print every step's input and output in full")
	return cmd
}

func printExplanation(w io.Writer, ex *extract.Explanation, full bool) {
	state := ex.State
	if state == "" {
		state = "never accepted"
	}
	fmt.Fprintf(w, "%s — %s\n", ex.EdgeID, state)
	if ex.Edge != nil {
		printEdge(w, *ex.Edge, extract.English)
	}
	for _, h := range ex.Human {
		fmt.Fprintf(w, "  person: %s %s %s %s\n", clean(h.Author), h.Vote, h.At.Format("2006-01-02 15:04"), clean(oneLine(h.Why, 120)))
	}
	page := ""
	for _, s := range ex.Steps {
		if key := fmt.Sprintf("%s v%d", s.SourceID, s.Version); key != page && s.SourceID != "" {
			page = key
			fmt.Fprintf(w, "\n%s\n", clean(page))
		}
		meta := []string{}
		if s.PromptVersion != "" {
			meta = append(meta, "prompt "+s.PromptVersion)
		}
		if s.Model != "" {
			meta = append(meta, "model "+s.Model)
		}
		if s.Votes != nil {
			v := fmt.Sprintf("%d of %d votes cast", s.Votes.Cast(), s.Votes.Requested)
			if s.Votes.Deterministic {
				v += " (deterministic model: one vote)"
			}
			meta = append(meta, v)
		}
		cand := ""
		if s.Candidate >= 0 {
			cand = fmt.Sprintf(" #%d", s.Candidate)
		}
		fmt.Fprintf(w, "  %-10s%s  %s  %s\n", s.Name, cand, s.At.Format("2006-01-02 15:04:05"), strings.Join(meta, ", "))
		if len(s.Input) > 0 && string(s.Input) != "null" {
			fmt.Fprintf(w, "    in:  %s\n", clean(compact(s.Input, full)))
		}
		if len(s.Output) > 0 && string(s.Output) != "null" {
			fmt.Fprintf(w, "    out: %s\n", clean(compact(s.Output, full)))
		}
	}
	if ex.Hidden > 0 {
		fmt.Fprintf(w, "\n%d steps on pages this caller may not read are not shown\n", ex.Hidden)
	}
}

// compact renders JSON on one line, cut to 400 runes unless full.
func compact(raw json.RawMessage, full bool) string {
	var b bytes.Buffer
	if err := json.Compact(&b, raw); err != nil {
		return string(raw)
	}
	s := b.String()
	if !full {
		s = oneLine(s, 400)
	}
	return s
}
