package eval

import (
	"context"
	"path/filepath"
	"testing"
	"time"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/answer"
	"github.com/veritykb/verity/internal/sqlstore"
	"github.com/veritykb/verity/llm"
	"github.com/veritykb/verity/offline"
	"github.com/veritykb/verity/rank"
	"github.com/veritykb/verity/receipt"
	"github.com/veritykb/verity/receipt/receipttest"
	"github.com/veritykb/verity/sqlite"
)

// testWiring wires the harnesses as cmd/verity does, over fresh SQLite
// stores filled by Fill and the offline engine.
func testWiring(t *testing.T, meter *llm.Meter) Wiring {
	t.Helper()
	m := llm.WithMeter(offline.New(offline.Options{}), meter)
	return Wiring{
		Scratch: func(ctx context.Context, name string, srcs []*verity.Source) (Scratch, func(), time.Duration, error) {
			db, err := sqlite.Open(ctx, filepath.Join(t.TempDir(), name+".db"), sqlite.Options{})
			if err != nil {
				return nil, nil, 0, err
			}
			took, err := Fill(ctx, db, srcs, nil)
			return db, func() { db.Close() }, took, err
		},
		Model: func(context.Context) (llm.Model, *llm.Meter, error) { return m, meter, nil },
		Ask: func(_ context.Context, db Scratch) (AskFunc, error) {
			svc := answer.New(db, m, offline.NewVerifier(offline.SupportParams{}, nil), answer.Options{NoCache: true, NoRecords: true})
			return func(ctx context.Context, q string, c verity.Caller) (*answer.Answer, error) {
				return svc.Ask(ctx, q, c, receipttest.View(ctx, db.(receipt.Lookup), c))
			}, nil
		},
	}
}

func TestRunSupport(t *testing.T) {
	var fitted SupportTraining
	opt := SupportRunOptions{Data: "testdata/scifact-mini", Split: "dev", Policy: "strict",
		Fit: func(tr SupportTraining) error { fitted = tr; return nil },
		Verifiers: func(context.Context) ([]NamedVerifier, *llm.Meter, error) {
			return []NamedVerifier{{Name: "offline", Model: "offline", Verifier: offline.NewVerifier(offline.SupportParams{}, nil)}}, nil, nil
		}}
	run, items, err := RunSupport(context.Background(), opt)
	if err != nil {
		t.Fatal(err)
	}
	if run.Dataset != "scifact" || run.Split != "dev" || run.Pairs != 7 || run.Positives != 3 || run.Usage != nil {
		t.Errorf("RunSupport(mini dev) = %s %s, %d pairs (%d supported), usage %v; want scifact dev, 7 (3), none", run.Dataset, run.Split, run.Pairs, run.Positives, run.Usage)
	}
	if len(run.Results) != 2 || run.Results[0].Verifier != "baseline" || run.Results[1].Verifier != "offline" || len(items) != 14 {
		t.Errorf("RunSupport results %+v with %d items, want baseline then offline, 14 items", run.Results, len(items))
	}
	// SciFact's training pairs count twice, AttributionBench's once, and
	// the floors are the baseline's precision on each.
	if len(fitted.Pairs) != 12 || fitted.SciFact != 2 || fitted.Attribution != 8 || fitted.Positives != 6 || fitted.Floor <= 0 ||
		fitted.Floors[DatasetSciFact] != 0.5 || fitted.Floors[DatasetAttributionBench] != 4.0/7 {
		t.Errorf("Fit got %d pairs (%d SciFact, %d AttributionBench), %d supported, floor %v, floors %v; want SciFact train's 2 twice and the 8 AttributionBench pairs, 6 supported, floors 0.5 and 4/7 (the baseline's precision)",
			len(fitted.Pairs), fitted.SciFact, fitted.Attribution, fitted.Positives, fitted.Floor, fitted.Floors)
	}
	opt.Policy = "lax"
	if _, _, err := RunSupport(context.Background(), opt); verity.ErrorCode(err) != verity.EINVALID {
		t.Errorf("RunSupport(policy lax) error = %v, want EINVALID", err)
	}
}

func TestSciFactReceipts(t *testing.T) {
	rep, err := SciFactReceipts(context.Background(), "testdata/scifact-mini", testWiring(t, llm.NewMeter(nil)),
		ReceiptsOptions{K: 5, Sentences: 5, Revoke: 0.5, Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	if rep.Store.Abstracts != 5 || rep.Summaries.Topics != 3 || rep.Receipts.Strict.Agree != rep.Receipts.Strict.N {
		t.Errorf("SciFactReceipts(mini) = %d abstracts, %d topics, strict %+v; want 5, 3, all agreeing", rep.Store.Abstracts, rep.Summaries.Topics, rep.Receipts.Strict)
	}
}

func TestCitationsOnSciFact(t *testing.T) {
	var kept []CitationItem
	run, err := Citations(context.Background(), testWiring(t, llm.NewMeter(nil)), CitationRunOptions{SciFact: "testdata/scifact-mini", Limit: 2,
		Keep: func(items []CitationItem) error { kept = items; return nil }})
	if err != nil {
		t.Fatal(err)
	}
	if run.Judge != "offline" || run.AnswersFrom != "offline" || !run.Circular || run.Gold == nil || run.Gold.Claims != 2 || len(kept) != 2 {
		t.Errorf("Citations(mini, 2 claims) = %+v, kept %d; want the offline judge, circular, gold over 2 claims, 2 kept", run, len(kept))
	}
	if run.Report.Items != nil {
		t.Errorf("Citations without Items kept %d rows", len(run.Report.Items))
	}
}

// rankedDB is a SQLite store whose BM25 parameters a retrieval run sets.
type rankedDB struct{ *sqlite.DB }

func (r rankedDB) SetRankParams(p rank.Params) { r.SetSearchOptions(sqlstore.SearchOptions{Params: p}) }

func TestCompareRetrieval(t *testing.T) {
	var trials []RetrievalTrial
	rep, err := CompareRetrieval(context.Background(), "scifact", "testdata/scifact-mini", RetrievalOptions{K: 10, Params: rank.DefaultParams, Tune: true,
		Trial: func(tr RetrievalTrial) { trials = append(trials, tr) },
		Store: func(ctx context.Context, name string, srcs []*verity.Source) (RetrievalStore, func(), time.Duration, error) {
			db, err := sqlite.Open(ctx, filepath.Join(t.TempDir(), name+".db"), sqlite.Options{})
			if err != nil {
				return nil, nil, 0, err
			}
			took, err := Fill(ctx, db, srcs, nil)
			return rankedDB{db}, func() { db.Close() }, took, err
		}})
	if err != nil {
		t.Fatal(err)
	}
	if rep.Dataset != "scifact" || rep.Documents != 5 || rep.Test.Queries != 1 || rep.Baseline.Name != "plain BM25" || rep.Baseline.K1 != BaselineParams.K1 {
		t.Errorf("CompareRetrieval(mini) = %+v, want SciFact's 5 abstracts, 1 test query, the plain BM25 beside", rep)
	}
	if len(trials) != 16 || rep.Tuning == nil || len(rep.Tuning.Grid) != 16 || rep.Params.K1 != rep.Tuning.Best.K1 || rep.Params.B != rep.Tuning.Best.B {
		t.Errorf("tuning told %d trials, reported %+v with params %+v; want 16 and the best one used", len(trials), rep.Tuning, rep.Params)
	}
	if _, err := CompareRetrieval(context.Background(), "nope", "testdata", RetrievalOptions{}); verity.ErrorCode(err) != verity.EINVALID {
		t.Errorf("CompareRetrieval(nope) error = %v, want EINVALID", err)
	}
}
