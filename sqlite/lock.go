package sqlite

import (
	"context"
	"database/sql"
	"fmt"
	"os"
	"regexp"
	"sync"
)

// unsafeKey is what may not be in a lock file's name.
var unsafeKey = regexp.MustCompile(`[^A-Za-z0-9_-]+`)

// memLocks are the locks of stores without a file (in memory): one
// process is all that can reach them.
var memLocks sync.Map

// tryLock takes the lock named key on a file beside the store's
// (STORE-lock-KEY, owner only), held until release: the kernel lets go of
// it when the process dies. The file stays behind, empty.
func tryLock(ctx context.Context, db *sql.DB, key string) (func(), bool, error) {
	var path string
	if err := db.QueryRowContext(ctx, `SELECT file FROM pragma_database_list WHERE name = 'main'`).Scan(&path); err != nil {
		return nil, false, err
	}
	if path == "" {
		mu := &sync.Mutex{}
		v, _ := memLocks.LoadOrStore(fmt.Sprintf("%p/%s", db, key), mu)
		m := v.(*sync.Mutex)
		if !m.TryLock() {
			return nil, false, nil
		}
		return m.Unlock, true, nil
	}
	f, err := os.OpenFile(path+"-lock-"+unsafeKey.ReplaceAllString(key, "_"), os.O_CREATE|os.O_RDWR, 0o600)
	if err != nil {
		return nil, false, fmt.Errorf("lock %s: %w", key, err)
	}
	unlock, ok, err := flock(f)
	if err != nil || !ok {
		f.Close()
		return nil, false, err
	}
	return func() { unlock(); f.Close() }, true, nil
}
