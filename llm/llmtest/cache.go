package llmtest

import (
	"bytes"
	"context"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/llm"
)

// TestCache is the conformance suite every llm.Cache must pass: the
// in-memory one and the store's. newCache returns an empty cache.
func TestCache(t *testing.T, newCache func(t *testing.T) llm.Cache) {
	ctx := context.Background()
	meta := verity.CacheMeta{Provider: "openai", Model: "gpt-4o-mini", Task: "verify.support",
		PromptVersion: "verify.support@1", Sample: 2, InputTokens: 10, OutputTokens: 3,
		CreatedAt: time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC)}

	t.Run("miss", func(t *testing.T) {
		c := newCache(t)
		if v, ok, err := c.Get(ctx, "absent"); err != nil || ok || v != nil {
			t.Errorf("Get(absent) = %q, %v, %v; want nil, false, nil", v, ok, err)
		}
	})
	t.Run("round trip", func(t *testing.T) {
		c := newCache(t)
		val := []byte("{\"text\":\"ok\"}\x00\xff binary-safe")
		if err := c.Put(ctx, "k1", meta, val); err != nil {
			t.Fatal(err)
		}
		got, ok, err := c.Get(ctx, "k1")
		if err != nil || !ok || !bytes.Equal(got, val) {
			t.Errorf("Get(k1) = %q, %v, %v; want %q, true, nil", got, ok, err, val)
		}
		if _, ok, _ := c.Get(ctx, "k2"); ok {
			t.Error("Get(k2) found an entry only k1 has")
		}
	})
	t.Run("overwrite", func(t *testing.T) {
		c := newCache(t)
		if err := c.Put(ctx, "k", meta, []byte("old")); err != nil {
			t.Fatal(err)
		}
		if err := c.Put(ctx, "k", meta, []byte("new")); err != nil {
			t.Fatalf("Put over an existing key: %v", err)
		}
		if got, _, _ := c.Get(ctx, "k"); string(got) != "new" {
			t.Errorf("Get after overwrite = %q, want new", got)
		}
	})
	t.Run("concurrent", func(t *testing.T) {
		c := newCache(t)
		var wg sync.WaitGroup
		for i := range 32 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				k := fmt.Sprintf("key-%d", i%8)
				if err := c.Put(ctx, k, meta, []byte(k)); err != nil {
					t.Error(err)
				}
				if got, ok, err := c.Get(ctx, k); err != nil || !ok || string(got) != k {
					t.Errorf("Get(%s) = %q, %v, %v", k, got, ok, err)
				}
			}()
		}
		wg.Wait()
	})
	t.Run("cancelled context", func(t *testing.T) {
		c := newCache(t)
		cctx, cancel := context.WithCancel(ctx)
		cancel()
		if _, ok, err := c.Get(cctx, "k"); err == nil && ok {
			t.Error("Get with a cancelled context found an entry in an empty cache")
		}
	})
}
