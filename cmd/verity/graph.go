package main

import (
	"context"
	"fmt"
	"io"
	"strings"

	"github.com/spf13/cobra"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/extract"
	"github.com/veritykb/verity/kb"
	"github.com/veritykb/verity/render"
)

func (a *app) graphCmd() *cobra.Command {
	var (
		format, out, relation, spec string
	)
	cmd := &cobra.Command{
		Use:   "graph",
		Short: "The live knowledge graph as the caller may see it; export it",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			ctx := cmd.Context()
			caller, svc, err := a.callerService(ctx)
			if err != nil {
				return err
			}
			list, err := svc.Graph(ctx, caller, kb.GraphFilter{Relation: relation, Spec: spec})
			if err != nil {
				return err
			}
			edges := list.Edges
			switch {
			case format != "":
				return a.exportGraph(format, out, edges)
			case a.json:
				return a.printJSON(list)
			}
			render.Graph(a.stdout, list)
			return nil
		},
	}
	f := cmd.Flags()
	f.StringVar(&format, "format", "", "export format: "+strings.Join(extract.Formats, ", "))
	f.StringVar(&out, "out", "", "export file (a folder for csv); default stdout")
	f.StringVar(&relation, "relation", "", "only edges of this relation")
	f.StringVar(&spec, "spec", "", "only edges first found by this spec (its name)")
	cmd.AddCommand(a.graphMergeCmd(), a.graphEntitiesCmd(), a.graphAliasCmd())
	return cmd
}

// exportGraph writes edges in format to out (stdout when empty).
func (a *app) exportGraph(format, out string, edges []extract.EdgeView) error {
	if err := extract.Export(a.stdout, format, out, edges); err != nil {
		return err
	}
	if out != "" {
		fmt.Fprintf(a.stderr, "wrote %d edges to %s\n", len(edges), out)
	}
	return nil
}

func (a *app) graphMergeCmd() *cobra.Command {
	var why string
	var basis []string
	cmd := &cobra.Command{
		Use:   "merge FROM INTO",
		Short: "Record that entity FROM is entity INTO, as a merge with its own receipt",
		Args:  cobra.ExactArgs(2),
		RunE: func(cmd *cobra.Command, args []string) error {
			ctx := cmd.Context()
			caller, svc, err := a.callerService(ctx)
			if err != nil {
				return err
			}
			m, err := svc.Merge(ctx, caller, kb.MergeRequest{From: args[0], Into: args[1], Basis: basis, Why: why})
			if err != nil {
				return err
			}
			if a.json {
				return a.printJSON(m)
			}
			fmt.Fprintf(a.stdout, "merged %s into %s as %s (undo: verity revoke record:%s --reason ...)\n", args[0], args[1], m.Merge, m.Merge)
			return nil
		},
	}
	goneBy(cmd)
	f := cmd.Flags()
	f.StringVar(&why, "why", "", "why the two are one")
	f.StringArrayVar(&basis, "basis", nil, "a source:ID or record:ID the merge also rests on, repeatable")
	return cmd
}

func (a *app) graphEntitiesCmd() *cobra.Command {
	var dups bool
	cmd := serviceCmd(a, "entities", "List the live entities the caller may see, with their ids and keys", cobra.NoArgs,
		func(ctx context.Context, c verity.Caller, svc *kb.Service, _ []string) (*kb.EntityList, error) {
			return svc.Entities(ctx, c)
		},
		func(w io.Writer, list *kb.EntityList) { render.Entities(w, list, dups) })
	cmd.Flags().BoolVar(&dups, "duplicates", false, "list only likely duplicates rules find (transliteration, initials, spelling), with why")
	return cmd
}

func (a *app) graphAliasCmd() *cobra.Command {
	return serviceCmd(a, "alias NAME ALIAS", "Teach extraction another name of a subject", cobra.ExactArgs(2),
		func(ctx context.Context, c verity.Caller, svc *kb.Service, args []string) (*kb.Aliased, error) {
			return svc.Alias(ctx, c, kb.AliasRequest{Name: args[0], Alias: args[1]})
		},
		func(w io.Writer, al *kb.Aliased) { fmt.Fprintf(w, "%q is also %q\n", al.Key, al.Alias) })
}
