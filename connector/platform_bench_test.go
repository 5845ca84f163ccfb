package connector_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/connector"
	"github.com/veritykb/verity/connector/jira"
	"github.com/veritykb/verity/connector/rest"
	slackconn "github.com/veritykb/verity/connector/slack"
	"github.com/veritykb/verity/kb"
	"github.com/veritykb/verity/kb/kbtest"
)

// BenchmarkSyncPlatforms measures Jira's and Slack's connectors as
// BenchmarkSync measures Confluence's, in one process: a full sync of the
// platform's double (over HTTP on loopback) against verity ingest of the
// same sources as JSONL, as the median ratio of five rounds that alternate
// which goes first, each on fresh stores; for Jira also the time from a
// security level set at the double to its effect on search through a
// webhook's hint, p50 and p95 over 40 changes. Run it once:
//
//	go test ./connector/ -run XXX -bench SyncPlatforms -benchtime 1x -v
func BenchmarkSyncPlatforms(b *testing.B) {
	b.Run("jira", func(b *testing.B) {
		for b.Loop() {
			benchJira(b, 10000)
		}
	})
	b.Run("slack", func(b *testing.B) {
		for b.Loop() {
			benchSlack(b, 2000)
		}
	})
}

// rounds runs sync and ingest five times, alternating which goes first,
// each on fresh stores made by fresh, and reports their rates (sources a
// second) and the median ratio.
func rounds(b *testing.B, n int, fresh func(dir string) (sync func() error, ingest func() error)) {
	var ratios, syncs, ingests []float64
	for round := range 5 {
		syncOnce, ingestOnce := fresh(b.TempDir())
		timed := func(f func() error) float64 {
			start := time.Now()
			if err := f(); err != nil {
				b.Fatal(err)
			}
			return float64(n) / time.Since(start).Seconds()
		}
		var s, i float64
		if round%2 == 0 {
			s, i = timed(syncOnce), timed(ingestOnce)
		} else {
			i, s = timed(ingestOnce), timed(syncOnce)
		}
		syncs, ingests, ratios = append(syncs, s), append(ingests, i), append(ratios, s/i)
	}
	median := func(xs []float64) float64 { slices.Sort(xs); return xs[len(xs)/2] }
	b.Logf("sync/ingest per round: %.2f", ratios)
	b.ReportMetric(median(syncs), "sync_sources/s")
	b.ReportMetric(median(ingests), "ingest_sources/s")
	b.ReportMetric(median(ratios), "sync/ingest")
}

// store is a fresh store at path with the connector req added.
func store(b *testing.B, path string, req kb.ConnectorAdd) *kb.Service {
	svc, db, err := kbtest.Open(path, t0, kb.Models{})
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { db.Close() })
	if req.Name != "" {
		if _, err := svc.AddConnector(context.Background(), admin, req); err != nil {
			b.Fatal(err)
		}
	}
	return svc
}

func ingester(svc *kb.Service, jsonl []byte, n int) func() error {
	return func() error {
		rep, err := svc.Ingest(context.Background(), admin, kb.IngestRequest{Body: bytes.NewReader(jsonl), Format: "jsonl"})
		if err == nil && rep.Created != n {
			err = fmt.Errorf("ingest created %d, want %d", rep.Created, n)
		}
		return err
	}
}

func syncer(run *connector.Runner, name string, n int) func() error {
	return func() error {
		rep, err := run.Sync(context.Background(), admin, name, kb.SyncOptions{Full: true})
		if err == nil && len(rep.Created) != n {
			err = fmt.Errorf("sync created %d, want %d", len(rep.Created), n)
		}
		return err
	}
}

func benchJira(b *testing.B, n int) {
	ctx := context.Background()
	f := newTracker(&testing.T{}, true)
	defer f.srv.Close()
	f.browse = []map[string]string{{"type": "group", "parameter": "jira-software-users"}}
	f.groups["jira-software-users"] = []fuser{alice, bob}
	f.levels["10100"] = []string{"hr"}
	f.groups["hr"] = []fuser{bob}
	var jsonl bytes.Buffer
	for i := range n {
		id := fmt.Sprint(20000 + i)
		desc := fmt.Sprintf("Runbook %d: restart the service named svc%d with make restart-%d, then check its dashboard.", i, i, i)
		f.put(&fissue{id: id, key: fmt.Sprintf("OPS-%d", i), summary: "Service " + id, desc: desc, reporter: alice, updated: t0.Add(-time.Duration(n-i) * time.Minute)})
		rec, _ := json.Marshal(map[string]any{"id": "jsonl:" + id, "uri": "https://jira.example/" + id, "system": "jsonl", "title": "OPS: Service " + id,
			"acl": []string{"group:jira:ops/jira-software-users"}, "text": desc})
		jsonl.Write(append(rec, '\n'))
	}
	opener := connector.Jira(jira.Options{Options: rest.Options{PageSize: 100}})
	secrets := func(string) (string, error) { return "jira-s3cret-token", nil }
	var run *connector.Runner
	var svc *kb.Service
	rounds(b, n, func(dir string) (func() error, func() error) {
		svc = store(b, filepath.Join(dir, "sync.db"), kb.ConnectorAdd{Kind: "jira", Name: "ops", URL: f.srv.URL, User: f.user, Secret: "env:T", Spaces: []string{"OPS"}})
		run = &connector.Runner{Service: svc, Platforms: map[string]connector.Opener{"jira": opener}, Secrets: secrets}
		return syncer(run, "ops", n), ingester(store(b, filepath.Join(dir, "ingest.db"), kb.ConnectorAdd{}), jsonl.Bytes(), n)
	})
	var lat []time.Duration
	for i := range 40 {
		id := fmt.Sprint(20000 + i*7)
		f.change(id, func(is *fissue) { is.level = "10100" })
		start := time.Now()
		if _, err := run.Hint(ctx, admin, "ops", []string{id}); err != nil {
			b.Fatal(err)
		}
		c, _ := svc.Resolve(ctx, verity.NewCaller("user:alice@corp.example"))
		res, err := svc.Search(ctx, c, kb.SearchRequest{Query: fmt.Sprintf("svc%d restart-%d", i*7, i*7), K: 10})
		if err != nil {
			b.Fatal(err)
		}
		for _, r := range res.Results {
			if r.SourceID == "jira:ops:"+id {
				b.Fatalf("alice still finds %s", id)
			}
		}
		lat = append(lat, time.Since(start))
	}
	slices.Sort(lat)
	b.ReportMetric(float64(lat[len(lat)/2].Microseconds())/1000, "hint_p50_ms")
	b.ReportMetric(float64(lat[len(lat)*95/100].Microseconds())/1000, "hint_p95_ms")
}

func benchSlack(b *testing.B, n int) {
	w := &workspace{token: "xoxb-bench", users: map[string]fuser{}, chans: map[string]*fchan{}, pageSize: 200, frozen: true}
	for _, u := range []fuser{{"UALICE", "Alice", "alice@corp.example"}, {"UBOB", "Bob", "bob@corp.example"}, {"UBOT", "Verity", ""}} {
		w.users[u.id] = u
	}
	ch := &fchan{id: "CRUN", name: "runbooks", private: true, members: []string{"UALICE", "UBOB", "UBOT"}}
	var jsonl bytes.Buffer
	for i := range n {
		at := fmt.Sprintf("%d.%06d", t0.Add(-time.Duration(n-i)*time.Minute).Unix(), i)
		q := fmt.Sprintf("How is svc%d restarted?", i)
		a := fmt.Sprintf("Restart svc%d with make restart-%d, then check its dashboard.", i, i)
		reply := fmt.Sprintf("%d.%06d", t0.Add(-time.Duration(n-i)*time.Minute+time.Second).Unix(), i)
		ch.msgs = append(ch.msgs, &fmsg{ts: at, thread: at, user: "UALICE", text: q}, &fmsg{ts: reply, thread: at, user: "UBOB", text: a})
		rec, _ := json.Marshal(map[string]any{"id": "jsonl:" + at, "uri": "https://acme.slack.com/archives/CRUN/p" + at, "system": "jsonl", "title": "#runbooks: " + q,
			"acl": []string{"user:alice@corp.example", "user:bob@corp.example"}, "text": "Alice:\n" + q + "\n\nBob:\n" + a})
		jsonl.Write(append(rec, '\n'))
	}
	w.chans["CRUN"] = ch
	srv := newSlackServer(b, w)
	opener := connector.Slack(slackconn.Options{PageSize: 200})
	secrets := func(string) (string, error) { return "xoxb-bench", nil }
	rounds(b, n, func(dir string) (func() error, func() error) {
		svc := store(b, filepath.Join(dir, "sync.db"), kb.ConnectorAdd{Kind: "slack", Name: "acme", URL: srv + "/api", Secret: "env:T"})
		run := &connector.Runner{Service: svc, Platforms: map[string]connector.Opener{"slack": opener}, Secrets: secrets}
		return syncer(run, "acme", n), ingester(store(b, filepath.Join(dir, "ingest.db"), kb.ConnectorAdd{}), jsonl.Bytes(), n)
	})
}
