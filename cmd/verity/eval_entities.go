package main

import (
	"github.com/spf13/cobra"
	"github.com/veritykb/verity/eval"
	"github.com/veritykb/verity/eval/entitybench"
	"github.com/veritykb/verity/kb"
)

func (a *app) evalEntitiesCmd() *cobra.Command {
	var o entitybench.Options
	cmd := &cobra.Command{Use: "entities", Short: "Nodes per company on generated news pages that name each company twice", Args: cobra.NoArgs}
	cmd.RunE = func(cmd *cobra.Command, args []string) error {
		rep, err := entitybench.Run(cmd.Context(), a.evalWiring(), func(db eval.Scratch) (*kb.Service, error) { return a.scratchService(db) }, o)
		if err == nil && rep != nil && a.json {
			err = a.printJSON(rep)
		} else if err == nil && rep != nil {
			rep.Print(a.stdout)
		}
		return err
	}
	f := cmd.Flags()
	f.IntVar(&o.News.Pages, "pages", 400, "pages to generate")
	f.IntVar(&o.News.Distractors, "distractors", 80, "of them, pages about a company that gave Bitrix24 up")
	f.Uint64Var(&o.News.Seed, "seed", 1, "the same seed gives the same corpus")
	f.StringVar(&o.Write, "write", "", "write the corpus to DIR (pages.jsonl for verity ingest, corpus.json for --corpus) and stop")
	f.StringVar(&o.Graph, "graph", "", "score this graph (verity graph --json) instead of extracting in a scratch store")
	f.StringVar(&o.Corpus, "corpus", "", "the corpus.json --write wrote, for --graph")
	return cmd
}
