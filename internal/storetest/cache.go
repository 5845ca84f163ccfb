package storetest

import (
	"testing"

	"github.com/veritykb/verity/llm"
	"github.com/veritykb/verity/llm/llmtest"
)

func testCacheConformance(t *testing.T, open Opener) {
	llmtest.TestCache(t, func(t *testing.T) llm.Cache { return open(t, "").Cache() })
}
