package searchbench

import (
	"fmt"
	"io"
	"slices"
	"strings"
	"text/tabwriter"
)

// WriteTable writes reports as an aligned table, one engine a row, under
// a line saying what was asked: the queries, k and the caller; a report
// of another caller names it beside its engine. A store that was searched
// without ingesting shows "-" for the ingest figures.
func WriteTable(w io.Writer, reports []*Report) error {
	if len(reports) == 0 {
		return nil
	}
	r0 := reports[0]
	as := "a public reader (no --as)"
	if len(r0.As) > 0 {
		as = strings.Join(r0.As, ", ")
	}
	if _, err := fmt.Fprintf(w, "%d queries (%d with relevant ids), k=%d, as %s\n", r0.Queries, r0.Judged, r0.K, as); err != nil {
		return err
	}
	// Names are padded to one width, so they read left-aligned among the
	// right-aligned figures.
	label := func(r *Report) string {
		if slices.Equal(r.As, r0.As) {
			return r.Engine
		}
		if len(r.As) == 0 {
			return r.Engine + " as a public reader"
		}
		return r.Engine + " as " + strings.Join(r.As, ", ")
	}
	width := len("engine")
	for _, r := range reports {
		width = max(width, len(label(r)))
	}
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintf(tw, "%-*s\tpassages\tchunks\ttext MB\tingest MB/s\tstore MB\tof it WAL MB\tp50 ms\tp99 ms\tmean ms\tnDCG@10\t\n", width, "engine")
	for _, r := range reports {
		ingest := "-\t-\t-\t-"
		if r.Ingested {
			ingest = fmt.Sprintf("%d\t%d\t%.1f\t%.2f", r.Passages, r.Chunks, float64(r.TextBytes)/1e6, r.IngestMBps)
		}
		ndcg := "-"
		if r.Judged > 0 {
			ndcg = fmt.Sprintf("%.4f", r.NDCG10)
		}
		wal := "-"
		if r.FileBytes > 0 {
			wal = fmt.Sprintf("%.1f", float64(r.WALBytes)/1e6)
		}
		fmt.Fprintf(tw, "%-*s\t%s\t%.1f\t%s\t%.2f\t%.2f\t%.2f\t%s\t\n", width, label(r), ingest, float64(r.StoreBytes)/1e6, wal, r.P50MS, r.P99MS, r.MeanMS, ndcg)
	}
	return tw.Flush()
}
