package offline

import (
	"context"

	"github.com/veritykb/verity/llm"
)

// TaskPing is the health check `verity doctor` sends.
const TaskPing = "doctor.ping"

func init() { register(TaskPing, ping) }

// ping answers the doctor's health check: vars {"echo": s} give
// {"ok": true, "echo": s}, the reply the doctor asks every model for.
func ping(_ context.Context, _ *Engine, req *llm.Request) (any, error) {
	var v struct {
		Echo string `json:"echo"`
	}
	if err := decodeVars(req, &v); err != nil {
		return nil, err
	}
	return struct {
		OK   bool   `json:"ok"`
		Echo string `json:"echo"`
	}{true, v.Echo}, nil
}
