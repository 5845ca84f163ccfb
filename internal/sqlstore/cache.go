package sqlstore

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"github.com/veritykb/verity/llm"
)

// Cache returns the model-answer cache kept in this store.
func (d *DB) Cache() llm.Cache { return cache{d} }

type cache struct{ d *DB }

var _ llm.Cache = cache{}

// Get implements [llm.Cache].
func (c cache) Get(ctx context.Context, key string) ([]byte, bool, error) {
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

// Put implements [llm.Cache].
func (c cache) Put(ctx context.Context, key string, m llm.CacheMeta, val []byte) error {
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
