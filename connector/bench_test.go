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
	"github.com/veritykb/verity/connector/confluence"
	"github.com/veritykb/verity/connector/rest"
	"github.com/veritykb/verity/kb"
	"github.com/veritykb/verity/kb/kbtest"
)

// BenchmarkSync measures, in one process on the same pages: a full sync
// of a Confluence double serving -pages pages (100 a listing request, over
// HTTP on loopback) against verity ingest of the same pages as JSONL, as
// pages/s and their ratio (medians of five rounds that alternate which
// goes first, each on fresh stores); and the time from a restriction added at the
// double to its effect on search through a webhook's hint (the hint's job
// run at once: a worker adds up to its poll interval, 1s by default), as
// p50 and p95 over 40 changes. Run it once:
//
//	go test ./connector/ -run XXX -bench Sync -benchtime 1x
func BenchmarkSync(b *testing.B) {
	const pages = 10000
	for b.Loop() {
		ctx := context.Background()
		f := newConfluence(&testing.T{})
		defer f.srv.Close()
		f.pageCap = 100
		f.spaceGroups = []string{"confluence-users"}
		f.groups["confluence-users"] = []fuser{alice, bob}
		var jsonl bytes.Buffer
		for i := range pages {
			id := fmt.Sprint(1000 + i)
			body := fmt.Sprintf("<h1>Page %d</h1><p>Runbook %d: restart the service named svc%d with make restart-%d, then check its dashboard.</p><ul><li>step one</li><li>step two</li></ul>", i, i, i, i)
			p := &fpage{id: id, space: "ENG", title: "Page " + id, creator: alice, body: body}
			if i%10 == 0 {
				p.users = []fuser{bob}
			}
			f.put(p)
			rec, _ := json.Marshal(map[string]any{"id": "jsonl:" + id, "uri": "https://wiki.example/" + id, "system": "jsonl", "title": "Page " + id,
				"acl": []string{"group:confluence:wiki/confluence-users"}, "text": confluence.Text(body)})
			jsonl.Write(append(rec, '\n'))
		}
		// The double encodes each page once; a listing first, so that its
		// work does not weigh on the first round.
		warm := confluence.New(verity.Connector{Name: "warm", Kind: "confluence", URL: f.URL(), User: f.user, Spaces: []string{"ENG"}}, "cloud-api-token-s3cret", nil,
			confluence.Options{Options: rest.Options{PageSize: 100}})
		if _, err := warm.List(ctx, "", true, nil, func([]kb.SyncPage, string) error { return nil }); err != nil {
			b.Fatal(err)
		}
		// Rounds alternate which goes first, each on fresh stores; the
		// machine is shared, so the median ratio is what is reported.
		var syncRates, ingestRates, ratios []float64
		var svc *kb.Service
		var run *connector.Runner
		for round := range 5 {
			dir := b.TempDir()
			ssvc, sdb, err := kbtest.Open(filepath.Join(dir, "sync.db"), t0, kb.Models{})
			if err != nil {
				b.Fatal(err)
			}
			defer sdb.Close()
			if _, err := ssvc.AddConnector(ctx, admin, kb.ConnectorAdd{Kind: "confluence", Name: "wiki", URL: f.URL(), User: f.user, Secret: "env:T", Spaces: []string{"ENG"}}); err != nil {
				b.Fatal(err)
			}
			srun := &connector.Runner{Service: ssvc, Platforms: map[string]connector.Opener{"confluence": connector.Confluence(confluence.Options{Options: rest.Options{PageSize: 100}})},
				Secrets: func(string) (string, error) { return "cloud-api-token-s3cret", nil }}
			isvc, idb, err := kbtest.Open(filepath.Join(dir, "ingest.db"), t0, kb.Models{})
			if err != nil {
				b.Fatal(err)
			}
			defer idb.Close()
			syncOnce := func() float64 {
				start := time.Now()
				rep, err := srun.Sync(ctx, admin, "wiki", kb.SyncOptions{Full: true})
				if err != nil || len(rep.Created) != pages {
					b.Fatalf("sync: %v, %d created", err, len(rep.Created))
				}
				return float64(pages) / time.Since(start).Seconds()
			}
			ingestOnce := func() float64 {
				start := time.Now()
				irep, err := isvc.Ingest(ctx, admin, kb.IngestRequest{Body: bytes.NewReader(jsonl.Bytes()), Format: "jsonl"})
				if err != nil || irep.Created != pages {
					b.Fatalf("ingest: %v, %+v", err, irep)
				}
				return float64(pages) / time.Since(start).Seconds()
			}
			var sr, ir float64
			if round%2 == 0 {
				sr, ir = syncOnce(), ingestOnce()
			} else {
				ir, sr = ingestOnce(), syncOnce()
			}
			syncRates, ingestRates, ratios = append(syncRates, sr), append(ingestRates, ir), append(ratios, sr/ir)
			svc, run = ssvc, srun
		}
		median := func(xs []float64) float64 { slices.Sort(xs); return xs[len(xs)/2] }
		b.Logf("sync/ingest per round: %.2f", ratios)
		syncRate, ingestRate, ratio := median(syncRates), median(ingestRates), median(ratios)

		// A restriction announced by webhook, until alice no longer finds it.
		var lat []time.Duration
		for i := range 40 {
			id := fmt.Sprint(1001 + i*7)
			f.change(id, func(p *fpage) { p.users = []fuser{bob} })
			start := time.Now()
			if _, err := run.Hint(ctx, admin, "wiki", []string{id}); err != nil {
				b.Fatal(err)
			}
			c, _ := svc.Resolve(ctx, verity.NewCaller("user:alice@corp.example"))
			res, err := svc.Search(ctx, c, kb.SearchRequest{Query: fmt.Sprintf("svc%d restart-%d", 1001+i*7-1000, 1001+i*7-1000), K: 10})
			if err != nil {
				b.Fatal(err)
			}
			for _, r := range res.Results {
				if r.SourceID == "confluence:wiki:"+id {
					b.Fatalf("alice still finds %s", id)
				}
			}
			lat = append(lat, time.Since(start))
		}
		slices.Sort(lat)
		b.ReportMetric(syncRate, "sync_pages/s")
		b.ReportMetric(ingestRate, "ingest_pages/s")
		b.ReportMetric(ratio, "sync/ingest")
		b.ReportMetric(float64(lat[len(lat)/2].Microseconds())/1000, "hint_p50_ms")
		b.ReportMetric(float64(lat[len(lat)*95/100].Microseconds())/1000, "hint_p95_ms")
	}
}
