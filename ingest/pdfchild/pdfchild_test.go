package pdfchild

import (
	"context"
	"os"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/veritykb/verity/ingest"
	"github.com/veritykb/verity/ingest/ingesttest"
)

// TestMain lets this test binary be the child, as a program runs itself:
// a Reader over os.Executable() — this binary — runs the real child, its
// limits and its killing, with a reader that misbehaves on the markers of
// ingesttest.
func TestMain(m *testing.M) {
	if len(os.Args) > 1 && os.Args[1] == Command {
		os.Exit(Main(os.Args[2:], os.Stdin, os.Stdout, os.Stderr, ingesttest.Misbehaving(ingest.PDF)))
	}
	os.Exit(m.Run())
}

// self is a Reader over this test binary.
func self(t *testing.T, timeout time.Duration, memory int64) *Reader {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	return &Reader{Exe: exe, Timeout: timeout, Memory: memory}
}

// TestCPULimit: a parse that burns CPU past the child's limit is stopped
// by the limit itself, not the deadline.
func TestCPULimit(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("RLIMIT_CPU is set on Linux only")
	}
	c := self(t, 3*time.Minute, 256<<20)
	c.CPU = 1
	_, err := c.Read(context.Background(), []byte("%PDF-1.4\n"+ingesttest.MarkSpin))
	if err == nil || err.Error() != "PDF parse used more than 1s of CPU: killed" {
		t.Errorf("Read(spinning PDF) error = %v, want the CPU limit named", err)
	}
}

// TestRead reads a good PDF and bad ones in the child: the text of the
// good one, and for each bad one an error that says what happened.
func TestRead(t *testing.T) {
	c := self(t, 5*time.Second, 128<<20)
	text, err := c.Read(context.Background(), ingesttest.MinimalPDF("Read in a child"))
	if err != nil || !strings.Contains(text, "Read in a child") {
		t.Errorf("Read(good PDF) = %q, %v; want its text", text, err)
	}
	want := map[string]string{
		"cyclic": "broken PDF: the page tree reaches object 2 0 R twice (a /Kids cycle)",
		"hang":   "PDF parse took longer than 5s: killed",
		"panic":  "broken PDF: the PDF reader crashed (panic: the parser gave up)",
	}
	pdfs := map[string][]byte{
		"cyclic": ingesttest.CyclicPDF(),
		"hang":   []byte("%PDF-1.4\n" + ingesttest.MarkHang),
		"panic":  []byte("%PDF-1.4\n" + ingesttest.MarkPanic),
	}
	if runtime.GOOS == "linux" {
		want["grow"], pdfs["grow"] = "PDF parse exceeded 128 MiB: killed", []byte("%PDF-1.4\n"+ingesttest.MarkGrow)
	}
	for name, data := range pdfs {
		if _, err := c.Read(context.Background(), data); err == nil || err.Error() != want[name] {
			t.Errorf("Read(%s PDF) error = %v, want %q", name, err, want[name])
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := c.Read(ctx, ingesttest.MinimalPDF("never read")); err != context.Canceled {
		t.Errorf("Read(cancelled) error = %v, want context.Canceled", err)
	}
}

// TestCrashOf: the parser's panic before any word of memory is a crash;
// memory running out, or a panic only after it, is memory.
func TestCrashOf(t *testing.T) {
	for _, tt := range []struct {
		stderr        string
		oom, panicked bool
	}{
		{"panic: the parser gave up\n\ngoroutine 1 [running]:\n", false, true},
		{"panic: the parser gave up\nruntime: failed to create new OS thread\nfatal error: runtime: cannot allocate memory\n", true, true},
		{"fatal error: runtime: out of memory\n", true, false},
		{"fatal error: runtime: out of memory\npanic: during panic\n", true, false},
		{"something odd\n", false, false},
	} {
		if oom, panicked := crashOf(tt.stderr); oom != tt.oom || panicked != tt.panicked {
			t.Errorf("crashOf(%.40q) = %v, %v; want %v, %v", tt.stderr, oom, panicked, tt.oom, tt.panicked)
		}
	}
}

func TestFatalLine(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{"", "no message"},
		{"something odd\nfatal error: out of memory\nmore", "fatal error: out of memory"},
		{"first line\nsecond", "first line"},
		{strings.Repeat("x", 300), strings.Repeat("x", 200) + "..."},
	} {
		if got := fatalLine(tt.in); got != tt.want {
			t.Errorf("fatalLine(%.20q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}
