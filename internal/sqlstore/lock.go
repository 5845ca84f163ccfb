package sqlstore

import (
	"context"
	"time"

	"github.com/veritykb/verity"
)

// LockConnector takes connector name's pass lock, waiting up to wait for
// another pass to end: two passes of one connector never run at once, in
// one process or several (a verity sync beside a worker's scheduled pass).
// It is an ECONFLICT when the other pass still runs after wait.
func (d *DB) LockConnector(ctx context.Context, name string, wait time.Duration) (func(), error) {
	if d.dialect.TryLock == nil {
		return func() {}, nil
	}
	deadline := time.Now().Add(wait)
	for {
		release, ok, err := d.dialect.TryLock(ctx, d.db, "connector:"+name)
		if err != nil {
			return nil, err
		}
		if ok {
			return release, nil
		}
		if !time.Now().Before(deadline) {
			return nil, verity.Errorf(verity.ECONFLICT, "a pass of connector %s is running (verity sync in another process, or a worker's scheduled pass): wait for it to end", name)
		}
		t := time.NewTimer(min(250*time.Millisecond, time.Until(deadline)))
		select {
		case <-ctx.Done():
			t.Stop()
			return nil, ctx.Err()
		case <-t.C:
		}
	}
}
