//go:build unix

package sqlite

import (
	"errors"
	"os"
	"syscall"
)

// flock takes an exclusive lock on f without waiting; false when another
// open file (in this process or another) holds it.
// Closing f lets go of it.
func flock(f *os.File) (func(), bool, error) {
	err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB)
	if errors.Is(err, syscall.EWOULDBLOCK) {
		return nil, false, nil
	}
	return func() {}, err == nil, err
}
