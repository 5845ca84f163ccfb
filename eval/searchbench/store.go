package searchbench

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/veritykb/verity"
)

// StorePath says where a run's store is: at path when one is given, else
// a new file in a temporary directory ($TMPDIR/verity-bench-*), which
// cleanup removes (also after an error or an interrupt, when deferred).
// fresh says the store does not exist yet, so the run fills it; a store
// that exists is searched as it is.
func StorePath(path string) (p string, fresh bool, cleanup func(), err error) {
	if path == "" {
		dir, err := os.MkdirTemp("", "verity-bench-")
		if err != nil {
			return "", false, nil, fmt.Errorf("make the temporary store's directory: %w", err)
		}
		return filepath.Join(dir, "bench.db"), true, func() { os.RemoveAll(dir) }, nil
	}
	if _, err := os.Stat(path); err == nil {
		return path, false, func() {}, nil
	} else if !errors.Is(err, fs.ErrNotExist) {
		return "", false, nil, verity.Errorf(verity.EINVALID, "--db %s: %w", path, err)
	}
	return path, true, func() {}, nil
}

// TextBytes is the size of the passages' text, which ingest throughput is
// measured in.
func TextBytes(docs []Doc) int64 {
	var n int64
	for _, d := range docs {
		n += int64(len(d.Text))
	}
	return n
}
