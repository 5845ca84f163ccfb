package sqlite

import (
	"fmt"
	"os"

	"github.com/veritykb/verity"
)

// CheckFiles looks at the files of the store at path (the database, its WAL
// and shared memory) for access by users other than their owner, and with
// fix takes it away (0600): a store holds every source whatever its ACL.
// Files that do not exist are left out.
func CheckFiles(path string, fix bool) ([]verity.StoreFile, error) {
	var out []verity.StoreFile
	for _, p := range []string{path, path + "-wal", path + "-shm"} {
		info, err := os.Stat(p)
		if err != nil {
			continue
		}
		f := verity.StoreFile{Path: p, Mode: fmt.Sprintf("%04o", info.Mode().Perm()), Open: info.Mode().Perm()&0o077 != 0}
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
