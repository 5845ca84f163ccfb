package pdfchild

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"os/exec"
	"strconv"
	"strings"
	"time"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/ingest"
)

// Command is the hidden subcommand a program runs itself with to read one
// PDF in a child process. Its main dispatches it to [Main] before anything
// else, so it never reaches the command tree or its help.
const Command = "__read-pdf"

// exitCPU is the child's exit code when it used up its CPU time.
const exitCPU = 3

// Reader reads PDFs in child processes of Exe, the program's own
// executable, which dispatches [Command] to [Main]. Its Read is an
// [ingest.PDFReader].
type Reader struct {
	Exe     string
	Timeout time.Duration // the deadline of one parse, at which the child is killed
	Memory  int64         // bytes the child may use
	CPU     int           // seconds of CPU; 0: see cpuSeconds
}

// result is what the child writes on stdout.
type result struct {
	Text  string `json:"text,omitempty"`
	Error string `json:"error,omitempty"`
	Code  string `json:"code,omitempty"`
}

// cpuSeconds is the child's CPU limit: unless set, the deadline rounded
// up, and one second more, so the deadline is what normally ends a parse
// and the CPU limit ends one whose parent is gone.
func (c *Reader) cpuSeconds() int {
	if c.CPU > 0 {
		return c.CPU
	}
	return int(math.Ceil(c.Timeout.Seconds())) + 1
}

// Read extracts a PDF's text in a child. A child killed at the deadline,
// past its memory or CPU, or crashed is an error for this PDF, with what
// happened; only the end of ctx itself (an interrupt) is ctx's error.
func (c *Reader) Read(ctx context.Context, data []byte) (string, error) {
	if err := ctx.Err(); err != nil {
		return "", err
	}
	cctx, cancel := context.WithTimeout(ctx, c.Timeout)
	defer cancel()
	cmd := exec.CommandContext(cctx, c.Exe, Command,
		"-memory", strconv.FormatInt(c.Memory, 10), "-cpu", strconv.Itoa(c.cpuSeconds()))
	cmd.Stdin = bytes.NewReader(data)
	stdout := &cappedBuffer{limit: c.Memory}
	stderr := &cappedBuffer{limit: 16 << 10}
	cmd.Stdout, cmd.Stderr = stdout, stderr
	cmd.WaitDelay = time.Second // a child that cannot be reaped does not hold the read up
	err := cmd.Run()
	switch {
	case errors.Is(ctx.Err(), context.Canceled):
		return "", ctx.Err()
	case cctx.Err() != nil:
		return "", verity.Errorf(verity.EINVALID, "PDF parse took longer than %s: killed", c.Timeout)
	}
	var exit *exec.ExitError
	if errors.As(err, &exit) {
		return "", c.failure(exit, stderr.String())
	}
	if err != nil {
		return "", verity.Errorf(verity.EINTERNAL, "run the PDF reader %s: %w", c.Exe, err)
	}
	if stdout.over {
		return "", verity.Errorf(verity.EINVALID, "PDF text larger than %d MiB", c.Memory>>20)
	}
	var res result
	if err := json.Unmarshal(stdout.Bytes(), &res); err != nil {
		return "", verity.Errorf(verity.EINTERNAL, "the PDF reader's answer does not parse: %w", err)
	}
	if res.Error != "" {
		code := res.Code
		if code == "" {
			code = verity.EINVALID
		}
		return "", verity.Errorf(code, "%s", res.Error)
	}
	return res.Text, nil
}

// failure says why a child exited without an answer. The Go runtime
// reports running out of memory (an allocation refused under RLIMIT_AS)
// with a fatal error on stderr and exit code 2, the same code as other
// fatal errors, so its message is what tells them apart.
func (c *Reader) failure(exit *exec.ExitError, stderr string) error {
	mib := c.Memory >> 20
	oom, panicked := crashOf(stderr)
	switch {
	case exit.ExitCode() == exitCPU:
		return verity.Errorf(verity.EINVALID, "PDF parse used more than %ds of CPU: killed", c.cpuSeconds())
	case oom && !panicked,
		c.Memory > 0 && exit.ExitCode() >= 0 && !panicked && peakBytes(exit.ProcessState) >= c.Memory/2:
		// A runtime that cannot map what it needs under RLIMIT_AS does not
		// always say "out of memory": it may crash on a thread it could not
		// set up. A runtime crash (not the parser's panic) after holding
		// half the limit or more is the limit.
		return verity.Errorf(verity.EINVALID, "PDF parse exceeded %d MiB: killed", mib)
	case exit.ExitCode() < 0:
		// A signal: the CPU limit's SIGKILL, or the system's OOM killer.
		return verity.Errorf(verity.EINVALID, "PDF parse killed by the system (%s) within its limits of %d MiB and %ds of CPU", exit.ProcessState, mib, c.cpuSeconds())
	}
	return verity.Errorf(verity.EINVALID, "broken PDF: the PDF reader crashed (%s)", fatalLine(stderr))
}

// crashOf reads a child's stderr: whether it says memory ran out, and
// whether the parser panicked first — the panic is then the crash, as a
// runtime that runs short while it prints the panic's goroutines (more
// threads on a loaded machine) did not cause it.
func crashOf(stderr string) (oom, panicked bool) {
	at := -1
	for _, m := range []string{"out of memory", "cannot allocate memory"} {
		if i := strings.Index(stderr, m); i >= 0 && (at < 0 || i < at) {
			at = i
		}
	}
	p := strings.Index(stderr, "panic:")
	return at >= 0, p >= 0 && (at < 0 || p < at)
}

// fatalLine picks the line of a crashed child's stderr that says what
// happened: the runtime's "fatal error:" or "panic:" line, else the first.
func fatalLine(stderr string) string {
	lines := strings.Split(strings.TrimSpace(stderr), "\n")
	pick := lines[0]
	for _, l := range lines {
		if strings.HasPrefix(l, "fatal error:") || strings.HasPrefix(l, "panic:") || strings.HasPrefix(l, "runtime:") {
			pick = l
			break
		}
	}
	if pick = strings.TrimSpace(pick); len(pick) > 200 {
		pick = pick[:200] + "..."
	}
	if pick == "" {
		return "no message"
	}
	return pick
}

// cappedBuffer keeps the first limit bytes written to it and notes that
// more came; it never fails a write, so the child is not blocked on a full
// pipe.
type cappedBuffer struct {
	bytes.Buffer
	limit int64
	over  bool
}

func (b *cappedBuffer) Write(p []byte) (int, error) {
	if room := b.limit - int64(b.Len()); int64(len(p)) > room {
		b.over = true
		b.Buffer.Write(p[:max(room, 0)])
		return len(p), nil
	}
	return b.Buffer.Write(p)
}

// Main is the child: "PROGRAM __read-pdf -memory BYTES -cpu SECONDS"
// reads one PDF on stdin with read and writes {"text"} or {"error","code"}
// as JSON on stdout, returning the exit code 0; a usage error is 2.
//
// Its first act is to limit itself (see [limitSelf]): with -memory, its
// address space may grow by at most that many bytes beyond what it has
// mapped at start (RLIMIT_AS; the Go heap's soft limit is set to the same,
// so the collector works hard before an allocation is refused, which is a
// fatal error the parent reports as "exceeded N MiB"); with -cpu, it may
// use that many seconds of CPU (RLIMIT_CPU: SIGXCPU, on which it exits 3,
// then SIGKILL a second later). The parent also kills it at its deadline.
func Main(args []string, stdin io.Reader, stdout, stderr io.Writer, read ingest.PDFReader) int {
	fs := flag.NewFlagSet(Command, flag.ContinueOnError)
	fs.SetOutput(stderr)
	memory := fs.Int64("memory", 0, "bytes of address space the child may add (RLIMIT_AS) and its Go heap limit; 0: none")
	cpu := fs.Int("cpu", 0, "seconds of CPU the child may use (RLIMIT_CPU); 0: none")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if err := limitSelf(*memory, *cpu); err != nil {
		fmt.Fprintf(stderr, "verity %s: %v\n", Command, err)
		return 1
	}
	var res result
	data, err := io.ReadAll(stdin)
	if err == nil {
		res.Text, err = read(context.Background(), data)
	}
	if err != nil {
		res = result{Error: verity.ErrorMessage(err), Code: verity.ErrorCode(err)}
	}
	if err := json.NewEncoder(stdout).Encode(res); err != nil {
		fmt.Fprintf(stderr, "verity %s: %v\n", Command, err)
		return 1
	}
	return 0
}
