package sqlstore

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"github.com/veritykb/verity"
)

// Cache returns the model-answer cache kept in this store.
func (d *DB) Cache() Cache { return Cache{d} }

// Cache is the cache of model answers kept in a store's llm_cache table,
// by content-addressed key: the llm.Cache that cmd/verity wires.
type Cache struct{ d *DB }

// Get returns the value stored under key and whether there was one.
func (c Cache) Get(ctx context.Context, key string) ([]byte, bool, error) {
	var v []byte
	err := c.d.q().QueryRowContext(ctx, `SELECT value FROM llm_cache WHERE key = ?`, key).Scan(&v)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, false, nil
	}
	if err != nil {
		return nil, false, fmt.Errorf("read model cache: %w", err)
	}
	return v, true, nil
}

// Put stores val under key with what it is, replacing what was there; a
// zero m.CreatedAt is the store's now.
func (c Cache) Put(ctx context.Context, key string, m verity.CacheMeta, val []byte) error {
	created := m.CreatedAt
	if created.IsZero() {
		created = c.d.now()
	}
	_, err := c.d.q().ExecContext(ctx, `INSERT INTO llm_cache (key, provider, model, task, prompt_version, sample, input_tokens, output_tokens, created_at, value)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
		ON CONFLICT (key) DO UPDATE SET provider = excluded.provider, model = excluded.model, task = excluded.task,
		prompt_version = excluded.prompt_version, sample = excluded.sample, input_tokens = excluded.input_tokens,
		output_tokens = excluded.output_tokens, created_at = excluded.created_at, value = excluded.value`,
		key, m.Provider, m.Model, m.Task, m.PromptVersion, m.Sample, m.InputTokens, m.OutputTokens, formatTime(created), val)
	if err != nil {
		return fmt.Errorf("write model cache: %w", err)
	}
	return nil
}
