package sqlite_test

import (
	"testing"

	"github.com/veritykb/verity/llm"
	"github.com/veritykb/verity/llm/llmtest"
)

func TestCacheConformance(t *testing.T) {
	llmtest.TestCache(t, func(t *testing.T) llm.Cache { return openTest(t).Cache() })
}
