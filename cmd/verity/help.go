package main

import (
	"embed"
	"errors"
	"io/fs"
	"strings"
	"text/template"

	"github.com/spf13/cobra"

	"github.com/veritykb/verity/collect"
	"github.com/veritykb/verity/demo"
	"github.com/veritykb/verity/extract"
)

// helpFiles holds the long help and the examples of the commands, one file
// per command, so that the help reads and is reviewed as documentation and
// the command builders only declare their commands.
//
//go:embed help
var helpFiles embed.FS

// examplesLine is the line that separates a help file's long text from its
// examples; no help text contains it.
const examplesLine = "--- examples ---\n"

// helpValues are the values that help files take from the code as template
// actions ({{.Specs}}), so that the help cannot drift from what the code
// does.
type helpValues struct {
	DemoDB   string // the store verity demo fills
	Data     string // where verity eval reads its datasets by default
	Specs    string // the built-in relation specs, comma-separated
	Reasons  string // extraction's reason codes with their meaning, one a line
	Refs     string // what a REF of revoke, unrevoke and impact is
	Search   string // the web-search providers research takes, one a line
	Banned   string // the banned domains by category, one category a line
	ServeEnv string // the variables verity serve reads, each with its flag
}

// newHelpValues computes the values the help files name.
func newHelpValues() helpValues {
	return helpValues{
		DemoDB:   demo.DB,
		Data:     defaultData,
		Specs:    strings.Join(extract.BuiltinSpecs(), ", "),
		Reasons:  reasonList(),
		Refs:     refsHelp,
		Search:   collect.SearchSpecHelp,
		Banned:   collect.BannedByCategory(),
		ServeEnv: envList(),
	}
}

// setHelp sets the Long and Example of cmd and of every command under it
// from the command's help file, executed over v. A command without a file
// keeps its short help alone. A file that does not parse or execute panics:
// the files are built in, and the tests execute every one.
func setHelp(cmd *cobra.Command, v helpValues) {
	long, example, err := helpText(helpName(cmd), v)
	switch {
	case errors.Is(err, fs.ErrNotExist):
	case err != nil:
		panic(err)
	default:
		cmd.Long, cmd.Example = long, example
	}
	for _, sub := range cmd.Commands() {
		setHelp(sub, v)
	}
}

// helpName names cmd's help file, help/NAME.txt: the command's path after
// the root, its words joined by "-" (graph merge is graph-merge), or the
// root's own name.
func helpName(cmd *cobra.Command) string {
	if !cmd.HasParent() {
		return cmd.Name()
	}
	return strings.Join(strings.Fields(cmd.CommandPath())[1:], "-")
}

// helpText executes the help file name over v and returns its long text
// and its examples: what comes before and after the examples line, without
// the newline that ends each part.
func helpText(name string, v helpValues) (long, example string, err error) {
	b, err := helpFiles.ReadFile("help/" + name + ".txt")
	if err != nil {
		return "", "", err
	}
	t, err := template.New(name).Parse(string(b))
	if err != nil {
		return "", "", err
	}
	var out strings.Builder
	if err := t.Execute(&out, v); err != nil {
		return "", "", err
	}
	long = out.String()
	if i := strings.Index("\n"+long, "\n"+examplesLine); i >= 0 {
		long, example = long[:i], long[i+len(examplesLine):]
	}
	return strings.TrimSuffix(long, "\n"), strings.TrimSuffix(example, "\n"), nil
}
