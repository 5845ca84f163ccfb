package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/veritykb/verity/postgres/pgtest"
)

// process is a verity command running in the background for a test.
type process struct {
	cmd    *exec.Cmd
	stdout *bufio.Reader
	mu     sync.Mutex
	stderr bytes.Buffer
}

func (p *process) Write(b []byte) (int, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.stderr.Write(b)
}

func (p *process) log() string {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.stderr.String()
}

// start runs the binary with args in the background, stopped when t ends.
func start(t *testing.T, bin string, args ...string) *process {
	t.Helper()
	p := &process{cmd: exec.Command(bin, args...)}
	out, err := p.cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	p.cmd.Stderr = p
	if err := p.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	p.stdout = bufio.NewReader(out)
	t.Cleanup(func() {
		p.cmd.Process.Kill()
		p.cmd.Wait()
	})
	return p
}

// firstLine reads the process's first line of output.
func (p *process) firstLine(t *testing.T) string {
	t.Helper()
	line, err := p.stdout.ReadString('\n')
	if err != nil {
		t.Fatalf("%v: no first line (%v); stderr:\n%s", p.cmd.Args, err, p.log())
	}
	go io.Copy(io.Discard, p.stdout)
	return strings.TrimSpace(line)
}

// e2eCorpus writes n long case studies (each a customer of Bitrix24, with
// enough text that offline extraction takes a noticeable moment a page)
// as JSONL.
func e2eCorpus(t *testing.T, n int) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "cases.jsonl")
	var b strings.Builder
	filler := strings.Repeat("Отдел продаж обсуждал квартальные планы, бюджеты и сроки внедрения новых процессов в филиалах. ", 700)
	for i := range n {
		c := fmt.Sprintf("ООО «Клиент %d»", i)
		rec, _ := json.Marshal(map[string]any{"id": fmt.Sprintf("case-%02d", i), "uri": fmt.Sprintf("https://bitrix-stories.example/case-%02d", i),
			"system": "web", "title": "Кейс: " + c, "acl": []string{"public"},
			"text": "Кейс: " + c + " перешла на Битрикс24. " + filler + c + " автоматизировала продажи в Битрикс24 в 2025 году."})
		b.Write(rec)
		b.WriteByte('\n')
	}
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// apiClient calls a server's API with a token.
type apiClient struct {
	t     *testing.T
	base  string
	token string
}

func (c apiClient) do(method, path, body string) (int, string) {
	c.t.Helper()
	req, _ := http.NewRequest(method, c.base+path, strings.NewReader(body))
	if c.token != "" {
		req.Header.Set("Authorization", "Bearer "+c.token)
	}
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		c.t.Fatalf("%s %s: %v", method, path, err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(b)
}

// e2eJob is what the test reads of a job.
type e2eJob struct {
	ID       int64  `json:"id"`
	State    string `json:"state"`
	Attempt  int    `json:"attempt"`
	Progress struct {
		Done  int `json:"done"`
		Total int `json:"total"`
	} `json:"progress"`
	Result struct {
		Pages struct {
			Read    int `json:"read"`
			Resumed int `json:"resumed"`
		} `json:"pages"`
	} `json:"result"`
}

// TestJobsAcrossProcesses is the team deployment in small: one PostgreSQL
// store, two servers and two workers, each its own process. An extraction
// queued through one server is split into jobs the workers share; the
// worker running a job is killed (SIGKILL) in the middle of it, and River
// queues the job again for the other; every job ends done, each page is
// read to the end exactly once, and the graph is the one a single process
// extracts from the same pages. A revocation, a role taken away and a
// token revoked through one server take effect in the other at once.
func TestJobsAcrossProcesses(t *testing.T) {
	bin := verityBinary(t)
	db := pgtest.NewURL(t)
	const pages, perJob = 24, 6
	corpus := e2eCorpus(t, pages)
	if _, errOut, code := cli(t, db, "", "ingest", corpus); code != 0 {
		t.Fatalf("ingest: %s", errOut)
	}
	if _, errOut, code := cli(t, db, "", "role", "grant", "curator", "user:cur@corp.example"); code != 0 {
		t.Fatalf("role grant: %s", errOut)
	}
	token := func(name string) (string, string) {
		out, errOut, code := cli(t, db, "", "token", "create", "--json", "--name", name, "--principal", "user:"+name+"@corp.example")
		if code != 0 {
			t.Fatalf("token create: %s", errOut)
		}
		var tok struct{ ID, Token string }
		json.Unmarshal([]byte(out), &tok)
		return tok.ID, tok.Token
	}
	_, curTok := token("cur")

	serve := func() apiClient {
		p := start(t, bin, "--db", db, "serve", "--addr", "127.0.0.1:0")
		line := p.firstLine(t)
		if !strings.HasPrefix(line, "listening on http://") {
			t.Fatalf("serve: first line %q; stderr:\n%s", line, p.log())
		}
		return apiClient{t: t, base: strings.TrimPrefix(line, "listening on "), token: curTok}
	}
	a, b := serve(), serve()
	worker := func() *process {
		p := start(t, bin, "--db", db, "worker", "--workers", "1", "--poll", "100ms", "--job-timeout", "20s", "--rescue-after", "21s")
		if line := p.firstLine(t); !strings.HasPrefix(line, "working the jobs of") {
			t.Fatalf("worker: first line %q; stderr:\n%s", line, p.log())
		}
		return p
	}

	// Queue through server a; follow through server b.
	code, body := a.do("POST", "/api/v1/extract", fmt.Sprintf(`{"spec":"bitrix24-ru","queue":true,"job_pages":%d}`, perJob))
	var queued struct {
		Batch string   `json:"batch"`
		Jobs  []e2eJob `json:"jobs"`
	}
	if err := json.Unmarshal([]byte(body), &queued); code != 200 || err != nil || len(queued.Jobs) != pages/perJob {
		t.Fatalf("queue an extraction = %d %s", code, body)
	}
	jobs := func() []e2eJob {
		code, body := b.do("GET", "/api/v1/jobs?batch="+queued.Batch, "")
		var js []e2eJob
		if err := json.Unmarshal([]byte(body), &js); code != 200 || err != nil {
			t.Fatalf("GET /api/v1/jobs = %d %s", code, body)
		}
		return js
	}
	w1, w2 := worker(), worker()
	// Kill the worker of the first job seen half done.
	var killed int64
	deadline := time.Now().Add(60 * time.Second)
	for killed == 0 {
		if time.Now().After(deadline) {
			t.Fatalf("no job was ever seen half done: %+v", jobs())
		}
		for _, j := range jobs() {
			if j.State != "running" || j.Progress.Done == 0 || j.Progress.Done >= j.Progress.Total {
				continue
			}
			started := fmt.Sprintf(`"msg":"job started","job":%d,`, j.ID)
			for _, w := range []*process{w1, w2} {
				if strings.Contains(w.log(), started) && killed == 0 {
					w.cmd.Process.Signal(syscall.SIGKILL)
					w.cmd.Wait()
					killed = j.ID
					t.Logf("killed the worker of job %d at page %d of %d", j.ID, j.Progress.Done, j.Progress.Total)
				}
			}
		}
		time.Sleep(20 * time.Millisecond)
	}
	// The other worker finishes the rest, and the killed job once River
	// takes its worker for dead (21 s, checked every 30 s).
	deadline = time.Now().Add(120 * time.Second)
	for {
		js := jobs()
		done := 0
		for _, j := range js {
			if j.State == "done" {
				done++
			} else if j.State == "failed" || j.State == "cancelled" {
				t.Fatalf("job %d ended %s: %+v", j.ID, j.State, js)
			}
		}
		if done == len(js) {
			read, resumed := 0, 0
			for _, j := range js {
				read += j.Result.Pages.Read
				resumed += j.Result.Pages.Resumed
				want := 1
				if j.ID == killed {
					want = 2
				}
				if j.Attempt != want {
					t.Errorf("job %d took %d attempts, want %d", j.ID, j.Attempt, want)
				}
			}
			// A page finished before the kill is resumed, not read again:
			// every page is read to the end once.
			if read+resumed != pages || resumed == 0 {
				t.Errorf("the jobs' last attempts read %d pages and found %d finished before, want %d in all, some of them finished by the killed worker", read, resumed, pages)
			}
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the jobs did not finish: %+v", js)
		}
		time.Sleep(250 * time.Millisecond)
	}

	// The graph is the one a single process extracts from the same pages.
	single := filepath.Join(t.TempDir(), "single.db")
	if _, errOut, code := cli(t, single, "", "ingest", corpus); code != 0 {
		t.Fatalf("ingest: %s", errOut)
	}
	if _, errOut, code := cli(t, single, "", "extract", "--spec", "bitrix24-ru"); code != 0 {
		t.Fatalf("extract: %s", errOut)
	}
	if got, want := graphOf(t, db), graphOf(t, single); !slices.Equal(got, want) || len(want) != pages {
		t.Errorf("the workers' graph differs from a single process's:\n got %v\nwant %v", got, want)
	}
	if got, want := logOf(t, db), logOf(t, single); !slices.Equal(got, want) {
		t.Errorf("the workers' log differs from a single process's:\n got %v\nwant %v", got, want)
	}

	// One server's changes hold in the other at once.
	search := func(c apiClient) string {
		code, body := c.do("GET", "/api/v1/search?k=3&q=%D0%9A%D0%BB%D0%B8%D0%B5%D0%BD%D1%82+7", "")
		if code != 200 {
			t.Fatalf("search = %d %s", code, body)
		}
		return body
	}
	if !strings.Contains(search(b), "case-07") {
		t.Fatalf("search through b lacks case-07: %s", search(b))
	}
	if code, body := a.do("POST", "/api/v1/revoke", `{"refs":["case-07"],"reason":"withdrawn"}`); code != 200 {
		t.Fatalf("revoke through a = %d %s", code, body)
	}
	if body := search(b); strings.Contains(body, `"case-07"`) {
		t.Errorf("after a revocation through a, search through b still finds case-07: %s", body)
	}
	if _, errOut, code := cli(t, db, "", "role", "revoke", "curator", "user:cur@corp.example"); code != 0 {
		t.Fatalf("role revoke: %s", errOut)
	}
	if code, body := b.do("POST", "/api/v1/unrevoke", `{"refs":["case-07"],"reason":"back"}`); code != 403 {
		t.Errorf("unrevoke through b after the role was taken away = %d %s, want 403", code, body)
	}
	if _, errOut, code := cli(t, db, "", "token", "revoke", tokenID(t, db, "cur")); code != 0 {
		t.Fatalf("token revoke: %s", errOut)
	}
	if code, body := b.do("GET", "/api/v1/rights", ""); code != 401 {
		t.Errorf("a revoked token at b = %d %s, want 401", code, body)
	}
}

// tokenID returns the id of the token called name.
func tokenID(t *testing.T, db, name string) string {
	t.Helper()
	out, errOut, code := cli(t, db, "", "token", "list", "--json")
	if code != 0 {
		t.Fatalf("token list: %s", errOut)
	}
	var toks struct {
		Tokens []struct{ ID, Name string } `json:"tokens"`
	}
	json.Unmarshal([]byte(out), &toks)
	for _, tok := range toks.Tokens {
		if tok.Name == name {
			return tok.ID
		}
	}
	t.Fatalf("no token %s in %s", name, out)
	return ""
}

// graphOf is a store's graph as comparable lines: each edge with its
// subject, relation, object and every evidence's source and quote.
func graphOf(t *testing.T, db string) []string {
	t.Helper()
	out, errOut, code := cli(t, db, "", "graph", "--json")
	if code != 0 {
		t.Fatalf("graph: %s", errOut)
	}
	var g struct {
		Edges []struct {
			ID, Subject, Relation, Object string
			Evidence                      []struct {
				SourceID string `json:"source_id"`
				Quote    struct {
					Text       string
					Start, End int
				}
			}
		}
	}
	if err := json.Unmarshal([]byte(out), &g); err != nil {
		t.Fatalf("graph --json: %v", err)
	}
	var lines []string
	for _, e := range g.Edges {
		line := fmt.Sprintf("%s %s %s %s", e.ID, e.Subject, e.Relation, e.Object)
		for _, ev := range e.Evidence {
			line += fmt.Sprintf(" | %s %d-%d %s", ev.SourceID, ev.Quote.Start, ev.Quote.End, ev.Quote.Text)
		}
		lines = append(lines, line)
	}
	slices.Sort(lines)
	return lines
}

// logOf is a store's revocation log without its ids and times.
func logOf(t *testing.T, db string) []string {
	t.Helper()
	out, errOut, code := cli(t, db, "", "log", "--json")
	if code != 0 {
		t.Fatalf("log: %s", errOut)
	}
	var events []struct {
		Action string   `json:"action"`
		Refs   []string `json:"refs"`
		Who    string   `json:"who"`
	}
	json.Unmarshal([]byte(out), &events)
	var lines []string
	for _, e := range events {
		lines = append(lines, e.Action+" "+strings.Join(e.Refs, ","))
	}
	return lines
}

// TestWorkerDrainsOnSIGTERM stops a worker while it runs a job: it lets the
// job finish, then exits 0; the job ends done, not cancelled or retried.
func TestWorkerDrainsOnSIGTERM(t *testing.T) {
	bin := verityBinary(t)
	db := filepath.Join(t.TempDir(), "drain.db")
	if _, errOut, code := cli(t, db, "", "ingest", e2eCorpus(t, 8)); code != 0 {
		t.Fatalf("ingest: %s", errOut)
	}
	out, errOut, code := cli(t, db, "", "extract", "--spec", "bitrix24-ru", "--queue", "--job-pages", "8", "--pages", "1", "--json")
	var q struct {
		Jobs []e2eJob `json:"jobs"`
	}
	if err := json.Unmarshal([]byte(out), &q); code != 0 || err != nil || len(q.Jobs) != 1 {
		t.Fatalf("extract --queue = exit %d: %s%s", code, out, errOut)
	}
	id := fmt.Sprint(q.Jobs[0].ID)
	w := start(t, bin, "--db", db, "worker", "--poll", "50ms")
	w.firstLine(t)
	deadline := time.Now().Add(30 * time.Second)
	for !strings.Contains(w.log(), `"msg":"job started","job":`+id+`,`) {
		if time.Now().After(deadline) {
			t.Fatalf("the worker never started job %s:\n%s", id, w.log())
		}
		time.Sleep(10 * time.Millisecond)
	}
	w.cmd.Process.Signal(syscall.SIGTERM)
	err := w.cmd.Wait()
	if err != nil {
		t.Fatalf("worker after SIGTERM: %v\n%s", err, w.log())
	}
	out, errOut, code = cli(t, db, "", "jobs", "show", id, "--json")
	var j e2eJob
	if err := json.Unmarshal([]byte(out), &j); code != 0 || err != nil || j.State != "done" || j.Attempt != 1 || j.Result.Pages.Read != 8 {
		t.Errorf("job after the drain = %+v (exit %d %s%s), want done in one attempt", j, code, out, errOut)
	}
	if !strings.Contains(w.log(), "letting the running jobs finish") {
		t.Errorf("the worker's log does not say it drained:\n%s", w.log())
	}
}
