//go:build linux

package pdfchild

import (
	"bytes"
	"fmt"
	"os"
	"os/signal"
	"runtime/debug"
	"strconv"
	"syscall"
)

// limitSelf limits the process it runs in, for the PDF child (see
// [Main]): memory bytes of address space beyond what is mapped now
// (RLIMIT_AS, counted from the current size because the Go runtime has
// already reserved address space it is not using) and the Go heap's soft
// limit; cpu seconds of CPU time (RLIMIT_CPU), after which SIGXCPU makes
// the process exit with exitCPU, and SIGKILL ends it a second later
// whatever it is doing. Zero leaves a limit unset.
func limitSelf(memory int64, cpu int) error {
	if memory > 0 {
		debug.SetMemoryLimit(memory)
		mapped, err := mappedBytes()
		if err != nil {
			return fmt.Errorf("read the address space in use: %w", err)
		}
		lim := uint64(mapped + memory)
		if err := syscall.Setrlimit(syscall.RLIMIT_AS, &syscall.Rlimit{Cur: lim, Max: lim}); err != nil {
			return fmt.Errorf("limit memory: %w", err)
		}
	}
	if cpu > 0 {
		xcpu := make(chan os.Signal, 1)
		signal.Notify(xcpu, syscall.SIGXCPU)
		go func() {
			<-xcpu
			os.Exit(exitCPU)
		}()
		if err := syscall.Setrlimit(syscall.RLIMIT_CPU, &syscall.Rlimit{Cur: uint64(cpu), Max: uint64(cpu) + 1}); err != nil {
			return fmt.Errorf("limit CPU time: %w", err)
		}
	}
	return nil
}

// mappedBytes is the size of the process's address space now, from the
// first field of /proc/self/statm (in pages).
func mappedBytes() (int64, error) {
	b, err := os.ReadFile("/proc/self/statm")
	if err != nil {
		return 0, err
	}
	f := bytes.Fields(b)
	if len(f) == 0 {
		return 0, fmt.Errorf("empty /proc/self/statm")
	}
	pages, err := strconv.ParseInt(string(f[0]), 10, 64)
	if err != nil {
		return 0, err
	}
	return pages * int64(os.Getpagesize()), nil
}

// peakBytes is the most memory a finished child held (its maximum
// resident set), 0 when the system does not say.
func peakBytes(ps *os.ProcessState) int64 {
	if ru, ok := ps.SysUsage().(*syscall.Rusage); ok && ru != nil {
		return ru.Maxrss << 10 // kilobytes on Linux
	}
	return 0
}
