package webhook

import (
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"strings"

	"github.com/veritykb/verity"
	"github.com/veritykb/verity/kb"
)

// Prefix is where connectors' webhooks are served: POST
// /connectors/NAME/webhook, and the same under the API's root,
// APIPrefix+NAME/webhook.
const (
	Prefix    = "/connectors/"
	APIPrefix = "/api/v1/connectors/"
)

// Options are what the wiring gives the handler: how this process
// resolves a secret's reference, how a platform's payload names the pages
// it is about (by the connector's kind), and a logger.
type Options struct {
	Secrets func(ref string) (string, error)
	Pages   func(kind string, body []byte) ([]string, error)
	Log     *slog.Logger
}

// Handler serves POST /connectors/NAME/webhook and POST
// /api/v1/connectors/NAME/webhook.
func Handler(svc *kb.Service, opt Options) http.Handler {
	if opt.Log == nil {
		opt.Log = slog.New(slog.DiscardHandler)
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		path, under := strings.CutPrefix(r.URL.Path, APIPrefix)
		if !under {
			path = strings.TrimPrefix(r.URL.Path, Prefix)
		}
		name, ok := strings.CutSuffix(path, "/webhook")
		if !ok || name == "" || strings.Contains(name, "/") {
			Refuse(w, http.StatusNotFound, "no such webhook: POST "+Prefix+"NAME/webhook")
			return
		}
		if r.Method != http.MethodPost {
			w.Header().Set("Allow", http.MethodPost)
			Refuse(w, http.StatusMethodNotAllowed, "a webhook is posted")
			return
		}
		body, err := io.ReadAll(r.Body)
		if err != nil {
			Refuse(w, http.StatusRequestEntityTooLarge, "the body is too large or was not sent in time")
			return
		}
		q, err := svc.Hook(r.Context(), kb.HookRequest{Name: name, Body: body, Signature: r.Header.Get("X-Hub-Signature"),
			Authorization: r.Header.Get("Authorization"), Method: r.Method, Path: r.URL.Path, Query: r.URL.Query(), Secrets: opt.Secrets, Pages: opt.Pages})
		switch verity.ErrorCode(err) {
		case "":
		case verity.EUNAUTHORIZED:
			Refuse(w, http.StatusUnauthorized, err.Error())
			return
		case verity.EINVALID:
			Refuse(w, http.StatusBadRequest, err.Error())
			return
		default:
			opt.Log.Error("connector webhook failed", "err", err)
			Refuse(w, http.StatusInternalServerError, "the webhook could not be queued")
			return
		}
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusAccepted)
		json.NewEncoder(w).Encode(map[string]int{"queued": len(q.Jobs)})
	})
}

// Refuse writes a refusal as {"error": message}.
func Refuse(w http.ResponseWriter, status int, message string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(map[string]string{"error": message})
}
