//go:build !unix

package sqlite

import (
	"os"
	"sync"
)

// held are the lock files this process holds, where the system has no
// flock: passes in one process still exclude each other.
var held sync.Map

// flock takes f's name for this process alone, until the returned
// function lets go of it.
func flock(f *os.File) (func(), bool, error) {
	name := f.Name()
	if _, taken := held.LoadOrStore(name, true); taken {
		return nil, false, nil
	}
	return func() { held.Delete(name) }, true, nil
}
