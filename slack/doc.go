// Package slack is Verity's Slack app: a transport like http and
// telegram. It checks every request Slack sends (the signing secret over
// the raw body, a five-minute replay window, the configured team), takes
// each event once (by event_id, in the store, across servers), queues the
// answer on the store's job queue, and renders with package render. Who a
// Slack user is (user:EMAIL from users.info, with the directory's groups)
// and whom a channel's answer is for (what every member may read) are
// decided by kb, never here; "show source" is re-checked against the
// clicker's rights and answered to the clicker alone.
//
// It speaks Slack's Web API over net/http with a client of its own (five
// methods, errors that never carry the bot token). Socket Mode
// (App.Socket, verity slack --socket) serves installs without a public
// URL over a WebSocket the app opens with its app-level token.
package slack
