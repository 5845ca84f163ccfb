package searchbench

import "context"

// Engine is a search engine under measurement. Ingest indexes docs and
// returns how many units it indexed (chunks, for an engine that splits
// passages; otherwise one per passage), calling progress with the text
// bytes of each batch it has stored. Search returns the ids of the top k
// passages for query that a caller holding principals may read (public
// alone when principals is empty). Size is the engine's bytes on disk.
type Engine interface {
	Name() string
	Ingest(ctx context.Context, docs []Doc, progress func(bytes int64)) (int, error)
	Search(ctx context.Context, query string, k int, principals []string) ([]string, error)
	Size(ctx context.Context) (int64, error)
	Close() error
}
