package postgres_test

import (
	"context"
	"database/sql"
	"fmt"
	"net"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"slices"
	"strconv"
	"testing"
	"time"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/analysis"
	"github.com/veritykb/verity/ingest"
	"github.com/veritykb/verity/internal/storetest"
	"github.com/veritykb/verity/postgres"
	"github.com/veritykb/verity/postgres/pgtest"
)

// cluster is a temporary PostgreSQL primary with one streaming replica,
// each in a directory of its own on a free port, made with initdb,
// pg_basebackup and pg_ctl run as the postgres user: nothing of the shared
// server at 5432 (no slot, no setting) is touched.
type cluster struct {
	dir                 string
	bin                 func(string) string
	run                 func(name string, args ...string) error
	primary, replica    string // URLs, with search_path
	replicaData         string
	primaryPort, rePort int
}

// startCluster starts the pair, or skips t without PostgreSQL's binaries
// or a postgres user to run them as (never under CI=true).
func startCluster(t testing.TB) *cluster {
	t.Helper()
	skip := func(why string) {
		if os.Getenv("CI") == "true" {
			t.Fatalf("replica test: %s", why)
		}
		t.Skipf("replica test: %s", why)
	}
	initdb, err := exec.LookPath("initdb")
	if err != nil {
		skip("no initdb on PATH")
	}
	if real, err := filepath.EvalSymlinks(initdb); err == nil {
		initdb = real
	}
	bin := func(name string) string { return filepath.Join(filepath.Dir(initdb), name) }
	for _, name := range []string{"pg_ctl", "pg_basebackup", "postgres"} {
		if _, err := os.Stat(bin(name)); err != nil {
			skip(name + " not beside initdb")
		}
	}
	// initdb refuses root: as root, run the binaries as postgres.
	var asUser []string
	if os.Geteuid() == 0 {
		if _, err := user.Lookup("postgres"); err != nil {
			skip("running as root without a postgres user")
		}
		asUser = []string{"runuser", "-u", "postgres", "--"}
	}
	dir, err := os.MkdirTemp("", "verity-replica-")
	if err != nil {
		t.Fatal(err)
	}
	if len(asUser) > 0 {
		u, _ := user.Lookup("postgres")
		uid, _ := strconv.Atoi(u.Uid)
		gid, _ := strconv.Atoi(u.Gid)
		if err := os.Chown(dir, uid, gid); err != nil {
			t.Fatal(err)
		}
	}
	c := &cluster{dir: dir, bin: bin, replicaData: filepath.Join(dir, "replica")}
	c.run = func(name string, args ...string) error {
		cmd := exec.Command(asUser[0], append(append(asUser[1:], bin(name)), args...)...)
		if len(asUser) == 0 {
			cmd = exec.Command(bin(name), args...)
		}
		cmd.Dir = dir
		if out, err := cmd.CombinedOutput(); err != nil {
			return fmt.Errorf("%s %v: %v\n%s", name, args, err, out)
		}
		return nil
	}
	t.Cleanup(func() {
		for _, d := range []string{"replica", "primary"} {
			c.run("pg_ctl", "-D", filepath.Join(dir, d), "-m", "immediate", "stop")
		}
		os.RemoveAll(dir)
	})
	c.primaryPort, c.rePort = freePort(t), freePort(t)
	opts := func(port int) string {
		return fmt.Sprintf("-p %d -k %s -c listen_addresses=127.0.0.1 -c fsync=off", port, dir)
	}
	primary := filepath.Join(dir, "primary")
	steps := [][]string{
		{"initdb", "-D", primary, "-U", "postgres", "--auth=trust", "-E", "UTF8", "--no-sync"},
		{"pg_ctl", "-D", primary, "-o", opts(c.primaryPort), "-l", filepath.Join(dir, "primary.log"), "-w", "start"},
		{"pg_basebackup", "-h", "127.0.0.1", "-p", strconv.Itoa(c.primaryPort), "-U", "postgres", "-D", c.replicaData, "-R", "-X", "stream", "--no-sync"},
		{"pg_ctl", "-D", c.replicaData, "-o", opts(c.rePort), "-l", filepath.Join(dir, "replica.log"), "-w", "start"},
	}
	for _, s := range steps {
		if err := c.run(s[0], s[1:]...); err != nil {
			t.Fatal(err)
		}
	}
	url := func(port int) string {
		return fmt.Sprintf("postgres://postgres@127.0.0.1:%d/postgres?search_path=kb&sslmode=disable", port)
	}
	c.primary, c.replica = url(c.primaryPort), url(c.rePort)
	return c
}

func freePort(t testing.TB) int {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port
}

// replicaSQL runs one statement on the replica as it stands.
func (c *cluster) replicaSQL(t testing.TB, query string, dest ...any) {
	t.Helper()
	db, err := sql.Open("pgx", c.replica)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if err := db.QueryRow(query).Scan(dest...); err != nil {
		t.Fatalf("on the replica, %s: %v", query, err)
	}
}

// TestReplicaNeverStale searches a store through a streaming replica: a
// search is served by the replica once it has replayed the primary's
// writes; while the replica's replay is paused, a narrowed ACL and a
// revocation are never served stale (the search reads the primary,
// though the replica still holds the old rows); once replay resumes the
// replica serves again, the narrowing in its snapshot; a replica that is
// down is skipped, and a "replica" that is not in recovery is never used.
func TestReplicaNeverStale(t *testing.T) {
	if testing.Short() {
		t.Skip("starts two PostgreSQL clusters")
	}
	ctx := context.Background()
	c := startCluster(t)
	db, err := postgres.Open(ctx, c.primary, postgres.Options{Replicas: []string{c.replica}})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	put := func(src *verity.Source) {
		t.Helper()
		if _, err := db.PutSource(ctx, src, ingest.Chunks(src, analysis.DefaultChunkOptions)); err != nil {
			t.Fatal(err)
		}
	}
	secret := func(acl ...verity.Principal) *verity.Source {
		return &verity.Source{ID: "plan", URI: "file:///plan", System: "file", Title: "Reorganisation plan", ACL: acl,
			Text: "The reorganisation plan merges the sales and support teams in March."}
	}
	put(secret("group:staff"))
	put(&verity.Source{ID: "menu", URI: "file:///menu", System: "file", Title: "Menu", ACL: []verity.Principal{verity.Public},
		Text: "The canteen menu for March: soup, salad and the reorganisation of the salad bar."})
	staff := verity.NewCaller("group:staff")
	// finds says whether a search as c finds the plan, and where it read.
	finds := func(c verity.Caller) (found, onReplica bool) {
		t.Helper()
		_, before := db.ReadCounts()
		res, err := db.Search(ctx, verity.SearchQuery{Text: "reorganisation plan sales teams", Caller: c})
		if err != nil {
			t.Fatal(err)
		}
		_, after := db.ReadCounts()
		for _, r := range res.Results {
			found = found || r.SourceID == "plan"
		}
		return found, after > before
	}
	// servedByReplica searches until the replica serves (it has caught
	// up), and returns what that search found.
	servedByReplica := func(c verity.Caller) bool {
		t.Helper()
		for deadline := time.Now().Add(30 * time.Second); time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
			if found, ok := finds(c); ok {
				return found
			}
		}
		t.Fatal("the replica never served a search in 30 s")
		return false
	}
	if !servedByReplica(staff) {
		t.Fatal("the replica's search as group:staff does not find the plan")
	}
	var one int
	c.replicaSQL(t, `SELECT 1 FROM (SELECT pg_wal_replay_pause()) p`, &one)
	// The replica may still be replaying what came before the pause:
	// wait until it says it has stopped.
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(20 * time.Millisecond) {
		var state string
		c.replicaSQL(t, `SELECT pg_get_wal_replay_pause_state()`, &state)
		if state == "paused" {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("replay pause state %q after 10 s", state)
		}
	}
	put(secret("group:board")) // narrowed: staff may no longer read it
	var stale int
	c.replicaSQL(t, `SELECT count(*) FROM kb.source_acl a JOIN kb.sources s ON s.sid = a.sid WHERE s.id = 'plan' AND a.principal = 'group:staff'`, &stale)
	if stale != 1 {
		t.Fatalf("the paused replica holds %d rows of staff's old grant, want 1: the test would prove nothing", stale)
	}
	for range 3 {
		if found, onReplica := finds(staff); found || onReplica {
			t.Fatalf("after narrowing, with the replica behind: found %v, served by the replica %v; want neither", found, onReplica)
		}
	}
	if _, _, err := db.Revoke(ctx, []verity.Ref{verity.SourceRef("plan")}, verity.Actor{Who: "user:admin@corp.example"}, "test"); err != nil {
		t.Fatal(err)
	}
	board := verity.NewCaller("group:board")
	if found, onReplica := finds(board); found || onReplica {
		t.Fatalf("after revoking, with the replica behind: board found %v, served by the replica %v; want neither", found, onReplica)
	}
	c.replicaSQL(t, `SELECT 1 FROM (SELECT pg_wal_replay_resume()) p`, &one)
	if servedByReplica(staff) || servedByReplica(board) {
		t.Error("the caught-up replica serves the narrowed, revoked plan")
	}
	// A replica that is down is skipped: searches read the primary.
	if err := c.run("pg_ctl", "-D", c.replicaData, "-m", "fast", "stop"); err != nil {
		t.Fatal(err)
	}
	primary, replica := db.ReadCounts()
	for range 3 {
		if found, _ := finds(board); found {
			t.Error("with the replica down, board finds the revoked plan")
		}
	}
	if p, r := db.ReadCounts(); p != primary+3 || r != replica {
		t.Errorf("with the replica down: %d primary and %d replica reads more, want 3 and 0", p-primary, r-replica)
	}
	// A database that is not in recovery (the primary named as its own
	// replica) is never read as a replica.
	self, err := postgres.Open(ctx, c.primary, postgres.Options{Replicas: []string{c.primary}})
	if err != nil {
		t.Fatal(err)
	}
	defer self.Close()
	if _, err := self.Search(ctx, verity.SearchQuery{Text: "canteen menu", Caller: staff}); err != nil {
		t.Fatal(err)
	}
	if p, r := self.ReadCounts(); p != 1 || r != 0 {
		t.Errorf("the primary named as a replica: %d primary and %d replica reads, want 1 and 0", p, r)
	}
}

// BenchmarkReplicaSearch searches one store of 5,000 synthetic sources on
// its primary alone and through its caught-up streaming replica (the
// primary's position and the replica's replay read before each search),
// alternately, on temporary clusters, and reports each one's median and
// their ratio:
//
//	go test -run '^$' -bench ReplicaSearch -count 5 ./postgres/
func BenchmarkReplicaSearch(b *testing.B) {
	ctx := context.Background()
	c := startCluster(b)
	primary, err := postgres.Open(ctx, c.primary, postgres.Options{})
	if err != nil {
		b.Fatal(err)
	}
	defer primary.Close()
	var puts []*verity.SourcePut
	for _, s := range storetest.SynthCorpus(5000, 7) {
		puts = append(puts, &verity.SourcePut{Source: s, Chunks: ingest.Chunks(s, analysis.DefaultChunkOptions)})
		if len(puts) == 256 {
			if err := primary.PutSources(ctx, puts); err != nil {
				b.Fatal(err)
			}
			puts = nil
		}
	}
	if err := primary.PutSources(ctx, puts); err != nil {
		b.Fatal(err)
	}
	replica, err := postgres.Open(ctx, c.primary, postgres.Options{Replicas: []string{c.replica}})
	if err != nil {
		b.Fatal(err)
	}
	defer replica.Close()
	queries := storetest.SynthQueries(200, 3)
	search := func(b *testing.B, db *postgres.DB, i int) {
		if _, err := db.Search(ctx, verity.SearchQuery{Text: queries[i%len(queries)], Caller: verity.NewCaller("group:g1")}); err != nil {
			b.Fatal(err)
		}
	}
	for deadline := time.Now().Add(30 * time.Second); ; search(b, replica, 0) {
		if _, r := replica.ReadCounts(); r > 0 {
			break
		}
		if time.Now().After(deadline) {
			b.Fatal("the replica did not catch up in 30 s")
		}
	}
	for i := range queries { // warm both processes' index caches
		search(b, primary, i)
		search(b, replica, i)
	}
	// Each iteration searches the primary, then the replica, with the
	// same query: the load of a shared machine falls on both alike.
	var onPrimary, onReplica []time.Duration
	_, before := replica.ReadCounts()
	i := 0
	for b.Loop() {
		start := time.Now()
		search(b, primary, i)
		mid := time.Now()
		search(b, replica, i)
		onPrimary, onReplica = append(onPrimary, mid.Sub(start)), append(onReplica, time.Since(mid))
		i++
	}
	if _, after := replica.ReadCounts(); after-before != int64(i) {
		b.Errorf("%d of %d searches read the replica", after-before, i)
	}
	p50 := func(ds []time.Duration) float64 {
		slices.Sort(ds)
		return float64(ds[len(ds)/2].Microseconds()) / 1000
	}
	pp, rp := p50(onPrimary), p50(onReplica)
	b.ReportMetric(pp, "primary-p50-ms")
	b.ReportMetric(rp, "replica-p50-ms")
	b.ReportMetric(rp/pp, "replica/primary")
}

// TestReplicaFence checks, on the shared server, which writes mark the
// last narrowing that a lagging replica must have replayed: every one
// that can take a result or a hint away (an ACL narrowed, a new version, a
// revocation, a source or a system made undiscoverable) marks it in its
// own transaction, whatever code path wrote it; new sources, an unchanged
// re-ingest and the hint budget's counts leave it as it was.
func TestReplicaFence(t *testing.T) {
	ctx := context.Background()
	db, err := postgres.Open(ctx, pgtest.NewURL(t), postgres.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	doc := func(id, text string, acl ...verity.Principal) *verity.Source {
		return &verity.Source{ID: id, URI: "file:///" + id, System: "file", Title: id, ACL: acl, Text: text}
	}
	put := func(srcs ...*verity.Source) {
		t.Helper()
		var puts []*verity.SourcePut
		for _, s := range srcs {
			puts = append(puts, &verity.SourcePut{Source: s, Chunks: ingest.Chunks(s, analysis.DefaultChunkOptions)})
		}
		if err := db.PutSources(ctx, puts); err != nil {
			t.Fatal(err)
		}
		for _, p := range puts {
			if p.Err != nil {
				t.Fatal(p.Err)
			}
		}
	}
	no := false
	for _, tt := range []struct {
		name    string
		narrows bool
		write   func() error
	}{
		{"new source", false, func() error { put(doc("a", "Alpha text about apples.", "group:staff")); return nil }},
		{"new sources in a batch", false, func() error {
			put(doc("b", "Beta text.", verity.Public), doc("c", "Gamma text.", "group:staff"), doc("d", "Delta.", "group:x"))
			return nil
		}},
		{"unchanged", false, func() error { put(doc("a", "Alpha text about apples.", "group:staff")); return nil }},
		{"hint counts", false, func() error { return db.AddHintQueries(ctx, 1, map[string]int64{"user:ann@corp.example": 1}) }},
		{"ACL widened", false, func() error { put(doc("d", "Delta.", "group:x", "group:y")); return nil }},
		{"ACL narrowed", true, func() error { put(doc("a", "Alpha text about apples.", "group:board")); return nil }},
		{"new version", true, func() error { put(doc("b", "Beta text, second version.", verity.Public)); return nil }},
		{"revoked", true, func() error {
			_, _, err := db.Revoke(ctx, []verity.Ref{verity.SourceRef("c")}, verity.Actor{Who: "user:admin@corp.example"}, "test")
			return err
		}},
		{"source undiscoverable", true, func() error {
			s := doc("d", "Delta.", "group:x", "group:y")
			s.Discoverable = &no
			put(s)
			return nil
		}},
		{"system undiscoverable", true, func() error {
			_, err := db.SetSystemDiscoverable(ctx, "file", false, "user:admin@corp.example")
			return err
		}},
	} {
		if _, err := db.SQL().ExecContext(ctx, `UPDATE replica_fence SET token = 'before', lsn = '0/1'`); err != nil {
			t.Fatal(err)
		}
		if err := tt.write(); err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		var token, lsn string
		if err := db.SQL().QueryRowContext(ctx, `SELECT token, lsn FROM replica_fence`).Scan(&token, &lsn); err != nil {
			t.Fatal(err)
		}
		if marked := lsn == "" && token != "before"; marked != tt.narrows {
			t.Errorf("%s: fence token %q lsn %q; want marked %v", tt.name, token, lsn, tt.narrows)
		}
	}
}

// TestReplicaMaxLag lets a replica that lags serve searches while it has
// replayed the last narrowing: with its replay paused, a new source on
// the primary leaves it serving (without the new source), unless the lag
// allowed is smaller than what it lags; an ACL narrowed sends searches to
// the primary until the replica has replayed it.
func TestReplicaMaxLag(t *testing.T) {
	if testing.Short() {
		t.Skip("starts two PostgreSQL clusters")
	}
	ctx := context.Background()
	c := startCluster(t)
	db, err := postgres.Open(ctx, c.primary, postgres.Options{Replicas: []string{c.replica}, ReplicaMaxLag: 64 << 20})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	strict, err := postgres.Open(ctx, c.primary, postgres.Options{Replicas: []string{c.replica}, ReplicaMaxLag: 1})
	if err != nil {
		t.Fatal(err)
	}
	defer strict.Close()
	put := func(src *verity.Source) {
		t.Helper()
		if _, err := db.PutSource(ctx, src, ingest.Chunks(src, analysis.DefaultChunkOptions)); err != nil {
			t.Fatal(err)
		}
	}
	plan := func(acl ...verity.Principal) *verity.Source {
		return &verity.Source{ID: "plan", URI: "file:///plan", System: "file", Title: "Reorganisation plan", ACL: acl,
			Text: "The reorganisation plan merges the sales and support teams in March."}
	}
	put(plan("group:staff"))
	staff := verity.NewCaller("group:staff")
	// finds searches as staff and says which of ids it found and whether
	// the replica served it.
	finds := func(db *postgres.DB, q string) (ids []string, onReplica bool) {
		t.Helper()
		_, before := db.ReadCounts()
		res, err := db.Search(ctx, verity.SearchQuery{Text: q, Caller: staff})
		if err != nil {
			t.Fatal(err)
		}
		for _, r := range res.Results {
			ids = append(ids, r.SourceID)
		}
		_, after := db.ReadCounts()
		return ids, after > before
	}
	const q = "reorganisation plan sales teams newsletter"
	// The lag allowed lets the replica serve before it has replayed the
	// plan: wait until it serves the plan.
	for deadline := time.Now().Add(30 * time.Second); ; time.Sleep(50 * time.Millisecond) {
		if ids, ok := finds(db, q); ok && slices.Equal(ids, []string{"plan"}) {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the replica never served the plan in 30 s")
		}
	}
	var one int
	c.replicaSQL(t, `SELECT 1 FROM (SELECT pg_wal_replay_pause()) p`, &one)
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(20 * time.Millisecond) {
		var state string
		c.replicaSQL(t, `SELECT pg_get_wal_replay_pause_state()`, &state)
		if state == "paused" {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("replay pause state %q after 10 s", state)
		}
	}
	put(&verity.Source{ID: "news", URI: "file:///news", System: "file", Title: "Newsletter", ACL: []verity.Principal{"group:staff"},
		Text: "The March newsletter: the sales teams moved to the third floor."})
	ids, onReplica := finds(db, q)
	if !onReplica || !slices.Equal(ids, []string{"plan"}) {
		t.Errorf("after a new source, the replica behind: found %v, served by the replica %v; want the plan alone, from the replica", ids, onReplica)
	}
	if ids, onReplica := finds(strict, q); onReplica || len(ids) != 2 {
		t.Errorf("with 1 byte of lag allowed: found %v, served by the replica %v; want both, from the primary", ids, onReplica)
	}
	put(plan("group:board"))
	for range 3 {
		if ids, onReplica := finds(db, q); onReplica || !slices.Equal(ids, []string{"news"}) {
			t.Fatalf("after narrowing, the replica behind: found %v, served by the replica %v; want the newsletter alone, from the primary", ids, onReplica)
		}
	}
	c.replicaSQL(t, `SELECT 1 FROM (SELECT pg_wal_replay_resume()) p`, &one)
	for deadline := time.Now().Add(30 * time.Second); ; time.Sleep(50 * time.Millisecond) {
		ids, ok := finds(db, q)
		if ok {
			if !slices.Equal(ids, []string{"news"}) {
				t.Errorf("the replica after replaying the narrowing: found %v, want the newsletter alone", ids)
			}
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the replica never served again in 30 s")
		}
	}
}
