package llm_test

import (
	"context"
	"testing"
	"time"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/llm"
	"github.com/veritykb/verity/llm/llmtest"
)

// TestPing reports a model that echoes as asked as healthy, and one that
// answers in the right shape but with something else as malformed.
func TestPing(t *testing.T) {
	for _, tt := range []struct {
		reply string
		ok    bool
	}{
		{`{"ok": true, "echo": "verity"}`, true},
		{`{"ok": true, "echo": "something else"}`, false},
	} {
		m := llmtest.New(llm.Info{}).Reply("doctor.ping", tt.reply)
		res, err := llm.Ping(context.Background(), m, time.Second)
		if res.OK != tt.ok || (err == nil) != tt.ok {
			t.Errorf("Ping(reply %s) = %+v, %v; want ok %v", tt.reply, res, err, tt.ok)
		}
		if !tt.ok && verity.ErrorCode(err) != verity.EMALFORMED {
			t.Errorf("Ping(reply %s) error = %v, want malformed", tt.reply, err)
		}
		if res.PromptVersion == "" {
			t.Errorf("Ping(reply %s) names no prompt version", tt.reply)
		}
	}
}
