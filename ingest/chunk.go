package ingest

import (
	"github.com/veritykb/verity"
	"github.com/veritykb/verity/analysis"
)

// Chunks cuts a source's canonical text into chunks for search.
func Chunks(src *verity.Source, opts analysis.ChunkOptions) []verity.Chunk {
	spans := analysis.Chunk(src.Text, opts)
	out := make([]verity.Chunk, len(spans))
	for i, s := range spans {
		out[i] = verity.Chunk{
			SourceID: src.ID,
			Version:  src.Version,
			Ordinal:  i,
			Start:    s.Start,
			End:      s.End,
			Text:     src.Text[s.Start:s.End],
			Heading:  s.Heading,
		}
	}
	return out
}
