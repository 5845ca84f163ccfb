package main

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/veritykb/verity"
)

// byteSize is a size flag: a number of bytes, or a number with a unit
// (KiB, MiB, GiB in powers of 1024; KB, MB, GB in powers of 1000).
type byteSize int64

var sizeUnits = []struct {
	suffix string
	factor int64
}{
	{"KiB", 1 << 10}, {"MiB", 1 << 20}, {"GiB", 1 << 30},
	{"KB", 1e3}, {"MB", 1e6}, {"GB", 1e9}, {"B", 1},
}

// parseSize reads a size such as "64MiB", "500MB" or "1048576".
func parseSize(s string) (int64, error) {
	s = strings.TrimSpace(s)
	factor := int64(1)
	for _, u := range sizeUnits {
		if n, ok := strings.CutSuffix(s, u.suffix); ok {
			s, factor = strings.TrimSpace(n), u.factor
			break
		}
	}
	n, err := strconv.ParseInt(s, 10, 64)
	if err != nil || n < 0 || n > (1<<62)/factor {
		return 0, verity.Errorf(verity.EINVALID, "size %q: want bytes, or a number with KiB, MiB, GiB, KB, MB or GB", s)
	}
	return n * factor, nil
}

func (b *byteSize) Set(s string) error {
	n, err := parseSize(s)
	if err != nil {
		return err
	}
	*b = byteSize(n)
	return nil
}

// String prints the size in the largest binary unit that divides it.
func (b *byteSize) String() string {
	n := int64(*b)
	for _, u := range []struct {
		suffix string
		factor int64
	}{{"GiB", 1 << 30}, {"MiB", 1 << 20}, {"KiB", 1 << 10}} {
		if n != 0 && n%u.factor == 0 {
			return fmt.Sprintf("%d%s", n/u.factor, u.suffix)
		}
	}
	return strconv.FormatInt(n, 10)
}

func (b *byteSize) Type() string { return "size" }
