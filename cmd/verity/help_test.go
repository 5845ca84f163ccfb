package main

import (
	"bytes"
	"context"
	"io/fs"
	"reflect"
	"regexp"
	"strings"
	"testing"

	"github.com/spf13/cobra"
)

// withoutHelp names the commands that have only their short help, so no
// help file. Adding a long text to one would change its --help; a new
// command comes with a file instead.
var withoutHelp = map[string]bool{}

// commands returns cmd and every command under it, parents first.
func commands(cmd *cobra.Command) []*cobra.Command {
	all := []*cobra.Command{cmd}
	for _, sub := range cmd.Commands() {
		all = append(all, commands(sub)...)
	}
	return all
}

// testRoot builds the command tree as verity does, with no environment.
func testRoot() *cobra.Command {
	return (&app{getenv: func(string) string { return "" }}).rootCmd()
}

// TestHelpFiles checks that every command has its help file, that every
// file belongs to a command, and that every file executes.
func TestHelpFiles(t *testing.T) {
	exists, shown := map[string]bool{}, map[string]bool{}
	for _, c := range commands(testRoot()) {
		exists[helpName(c)] = true
		shown[helpName(c)] = !c.Hidden
	}
	entries, err := fs.ReadDir(helpFiles, "help")
	if err != nil {
		t.Fatal(err)
	}
	have := map[string]bool{}
	var all strings.Builder
	for _, e := range entries {
		name, ok := strings.CutSuffix(e.Name(), ".txt")
		if !ok || e.IsDir() {
			t.Errorf("help/%s: want a file NAME.txt", e.Name())
			continue
		}
		have[name] = true
		if !exists[name] {
			t.Errorf("help/%s names no command", e.Name())
		}
		if _, _, err := helpText(name, newHelpValues()); err != nil {
			t.Errorf("helpText(%q) error: %v", name, err)
		}
		b, _ := helpFiles.ReadFile("help/" + e.Name())
		if n := strings.Count("\n"+string(b), "\n"+examplesLine); n > 1 {
			t.Errorf("help/%s has %d examples lines, want at most 1", e.Name(), n)
		}
		all.Write(b)
	}
	for name, ok := range shown {
		switch {
		case ok && !have[name] && !withoutHelp[name]:
			t.Errorf("command %q has no help/%s.txt", name, name)
		case have[name] && withoutHelp[name]:
			t.Errorf("command %q has help/%s.txt: take it out of withoutHelp", name, name)
		}
	}
	for f := range reflect.TypeFor[helpValues]().Fields() {
		if !strings.Contains(all.String(), "{{."+f.Name+"}}") {
			t.Errorf("no help file names helpValues.%s", f.Name)
		}
	}
}

// action matches a template action in a help file.
var action = regexp.MustCompile(`\{\{.*?\}\}`)

// TestHelpShown checks that each command's --help shows what its help file
// says: the long text first (or the short help without one), every piece
// of the file's text between actions in order, and the examples under
// "Examples:". It catches a long text or examples lost on the way.
func TestHelpShown(t *testing.T) {
	for _, c := range commands(testRoot()) {
		name := helpName(c)
		b, err := helpFiles.ReadFile("help/" + name + ".txt")
		if err != nil {
			continue // TestHelpFiles says which command misses its file
		}
		args := append(strings.Fields(c.CommandPath())[1:], "--help")
		var out, errb bytes.Buffer
		if code := run(context.Background(), args, strings.NewReader(""), &out, &errb, func(string) string { return "" }); code != 0 {
			t.Errorf("verity %s: exit %d, stderr %s", strings.Join(args, " "), code, errb.String())
			continue
		}
		got := out.String()
		long, example, _ := strings.Cut("\n"+string(b), "\n"+examplesLine)
		long = strings.TrimSpace(long)
		if long == "" {
			if !strings.HasPrefix(got, c.Short+"\n") {
				t.Errorf("verity %s --help begins %.60q, want its short help %q", name, got, c.Short)
			}
		} else {
			pieces := action.Split(long, -1)
			if first := strings.TrimSpace(pieces[0]); !strings.HasPrefix(got, first) {
				t.Errorf("verity %s --help begins %.60q, want %.60q", name, got, first)
			}
			if last := strings.TrimSpace(pieces[len(pieces)-1]); c.Long == "" || !strings.HasSuffix(c.Long, last) {
				t.Errorf("%s: Long ends %q, want %q as help/%s.txt", name, c.Long[max(0, len(c.Long)-60):], last, name)
			}
		}
		if example != "" && !strings.Contains(got, "\nExamples:\n"+action.Split(example, 2)[0]) {
			t.Errorf("verity %s --help does not show the examples of help/%s.txt", name, name)
		}
		rest := got
		for _, p := range append(action.Split(long, -1), action.Split(example, -1)...) {
			p = strings.TrimSpace(p)
			i := strings.Index(rest, p)
			if i < 0 {
				t.Errorf("verity %s --help lacks, or shows out of order, %.80q from help/%s.txt", name, p, name)
				break
			}
			rest = rest[i+len(p):]
		}
	}
}
