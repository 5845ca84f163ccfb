package eval

import (
	"bufio"
	"encoding/json"
	"os"

	"github.com/veritykb/verity"
)

// WriteJSONL writes items to path as JSON Lines; what names the file in
// an error.
func WriteJSONL[T any](path, what string, items []T) error {
	f, err := os.Create(path)
	if err != nil {
		return verity.Errorf(verity.EINVALID, "%s: %w", what, err)
	}
	w := bufio.NewWriter(f)
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	for _, it := range items {
		if err := enc.Encode(it); err != nil {
			f.Close()
			return err
		}
	}
	if err := w.Flush(); err != nil {
		f.Close()
		return verity.Errorf(verity.EINVALID, "%s: %w", what, err)
	}
	return f.Close()
}
