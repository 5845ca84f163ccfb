package extract

import (
	"embed"
	"path"
	"slices"
	"strings"

	"github.com/veritykb/verity"
)

//go:embed specs/*.yaml
var specFS embed.FS

// BuiltinSpecs returns the names of the example specs shipped with Verity
// (extract/specs/NAME.yaml).
func BuiltinSpecs() []string {
	entries, _ := specFS.ReadDir("specs")
	var out []string
	for _, e := range entries {
		out = append(out, strings.TrimSuffix(e.Name(), ".yaml"))
	}
	slices.Sort(out)
	return out
}

// BuiltinSpec returns a fresh copy of the example spec called name.
func BuiltinSpec(name string) (*Spec, error) {
	data, err := specFS.ReadFile(path.Join("specs", name+".yaml"))
	if err != nil {
		return nil, verity.Errorf(verity.ENOTFOUND, "no built-in spec %q (there are %s)", name, strings.Join(BuiltinSpecs(), ", "))
	}
	return ParseSpec(name+".yaml", data)
}
