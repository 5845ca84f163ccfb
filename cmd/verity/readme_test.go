package main

import (
	"bufio"
	"context"
	"fmt"
	"net"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/veritykb/verity/kb/kbtest"
	"github.com/veritykb/verity/postgres/pgtest"
)

// readmeSections are the README's sections whose command blocks must run
// as written after the demo (issue 34): each block in a folder of its own
// holding a fresh copy of the demo's store (verity-demo.db, also named by
// VERITY_DB) and the repository's examples/.
var readmeSections = []string{"### Users and groups", "### The HTTP API", "### Running for a team"}

// readmeBlocks returns the ```sh blocks of the README's section that
// starts with heading, up to the next heading of its level or above.
func readmeBlocks(t *testing.T, readme, heading string) []string {
	t.Helper()
	i := strings.Index(readme, "\n"+heading+"\n")
	if i < 0 {
		t.Fatalf("README has no section %q", heading)
	}
	section := readme[i+len(heading)+2:]
	if j := regexp.MustCompile(`\n#{2,3} `).FindStringIndex(section); j != nil {
		section = section[:j[0]]
	}
	var blocks []string
	for _, part := range strings.Split(section, "```sh\n")[1:] {
		block, _, ok := strings.Cut(part, "```")
		if !ok {
			t.Fatalf("section %q: an unclosed block", heading)
		}
		blocks = append(blocks, block)
	}
	if len(blocks) == 0 {
		t.Fatalf("section %q has no sh block", heading)
	}
	return blocks
}

// runnable is a README block as the test runs it: the substitutions below
// (the only changes made to what the README says), then the block under
// bash -e, with every server and worker it starts stopped at its end.
//
//   - the example addresses 127.0.0.1:8080 and 10.0.0.5:8080 become a free
//     loopback port (no traffic leaves the machine);
//   - the team's PostgreSQL URL becomes the test's own schema, and pg_dump
//     is pointed at the test database and that schema;
//   - /backups/ is a folder of the test's;
//   - curl fails on an HTTP error (-f) and is quiet about progress (-sS);
//   - after a line that starts a server in the background, the block waits
//     until the server answers /healthz.
func runnable(block string, port int, pgURL, backups string) string {
	addr := fmt.Sprintf("127.0.0.1:%d", port)
	block = strings.NewReplacer("127.0.0.1:8080", addr, "10.0.0.5:8080", addr, "/backups/", backups+"/").Replace(block)
	var out []string
	out = append(out, "set -euo pipefail", `trap 'kill $(jobs -p) 2>/dev/null || true; wait' EXIT`)
	for _, line := range strings.Split(block, "\n") {
		if pgURL != "" {
			line = strings.ReplaceAll(line, "'postgres://verity@db.corp.example/verity?search_path=kb&sslmode=verify-full'", "'"+pgURL+"'")
			if u, err := url.Parse(pgURL); err == nil {
				line = strings.ReplaceAll(line, "pg_dump --schema=kb verity", fmt.Sprintf("pg_dump -h %s -U %s --schema=%s %s",
					u.Hostname(), u.User.Username(), u.Query().Get("search_path"), strings.TrimPrefix(u.Path, "/")))
			}
		}
		if strings.HasPrefix(line, "curl ") {
			line = "curl -fsS " + strings.TrimPrefix(line, "curl ")
		}
		out = append(out, line)
		code, _, _ := strings.Cut(line, "#")
		if strings.HasPrefix(line, "verity serve ") && strings.HasSuffix(strings.TrimSpace(code), "&") {
			scheme := "http"
			if strings.Contains(line, "--tls-cert") {
				scheme = "https"
			}
			out = append(out, fmt.Sprintf(`for _ in $(seq 100); do curl -ksf -o /dev/null %s://%s/healthz && break; sleep 0.2; done`, scheme, addr))
		}
	}
	return strings.Join(out, "\n")
}

// TestReadmeRuns runs the command blocks of the README's Users and groups,
// HTTP API and Running for a team sections, as written after the demo,
// with the verity binary on the PATH: each must exit 0.
func TestReadmeRuns(t *testing.T) {
	bin := verityBinary(t)
	if _, err := exec.LookPath("curl"); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatal("curl is needed to run the README's HTTP examples")
		}
		t.Skip("no curl to run the README's HTTP examples with")
	}
	raw, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	readme := string(raw)
	demoDir := t.TempDir()
	demo := exec.Command(bin, "demo")
	demo.Dir = demoDir
	if out, err := demo.CombinedOutput(); err != nil {
		t.Fatalf("verity demo: %v\n%s", err, out)
	}
	for _, heading := range readmeSections {
		for n, block := range readmeBlocks(t, readme, heading) {
			name := fmt.Sprintf("%s/%d", strings.TrimPrefix(heading, "### "), n+1)
			t.Run(name, func(t *testing.T) {
				dir := t.TempDir()
				if err := kbtest.Copy(filepath.Join(demoDir, "verity-demo.db"), filepath.Join(dir, "verity-demo.db")); err != nil {
					t.Fatal(err)
				}
				if err := os.CopyFS(filepath.Join(dir, "examples"), os.DirFS("../../examples")); err != nil {
					t.Fatal(err)
				}
				backups := filepath.Join(dir, "backups")
				if err := os.Mkdir(backups, 0o700); err != nil {
					t.Fatal(err)
				}
				var pgURL string
				if strings.Contains(block, "postgres://") {
					pgURL = pgtest.NewURL(t)
					if _, err := exec.LookPath("pg_dump"); err != nil && strings.Contains(block, "pg_dump") {
						if os.Getenv("CI") == "true" {
							t.Fatal("pg_dump is needed for the team's block")
						}
						t.Skip("no pg_dump for the team's block")
					}
				}
				if strings.Contains(block, "--tls-cert c.pem") {
					cert, key, _ := selfSigned(t, dir)
					if err := os.Rename(cert, filepath.Join(dir, "c.pem")); err != nil {
						t.Fatal(err)
					}
					if err := os.Rename(key, filepath.Join(dir, "k.pem")); err != nil {
						t.Fatal(err)
					}
				}
				script := runnable(block, freePort(t), pgURL, backups)
				ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
				defer cancel()
				cmd := exec.CommandContext(ctx, "bash", "-c", script)
				cmd.Dir = dir
				cmd.Env = append(os.Environ(), "PATH="+filepath.Dir(bin)+string(os.PathListSeparator)+os.Getenv("PATH"),
					"VERITY_DB=verity-demo.db", "HOME="+dir)
				cmd.WaitDelay = 10 * time.Second
				out, err := cmd.CombinedOutput()
				if err != nil {
					t.Errorf("the README's block failed: %v\n--- block as run:\n%s\n--- output:\n%s", err, script, tail(string(out), 60))
				}
			})
		}
	}
}

// freePort is a loopback port nothing listens on now.
func freePort(t *testing.T) int {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	return ln.Addr().(*net.TCPAddr).Port
}

// tail is the last n lines of s.
func tail(s string, n int) string {
	var lines []string
	sc := bufio.NewScanner(strings.NewReader(s))
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		lines = append(lines, sc.Text())
	}
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	return strings.Join(lines, "\n")
}
