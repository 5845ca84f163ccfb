// Package telegram is Verity's Telegram bot: a transport like http and
// mcp. It establishes who writes (a Telegram account acts as a Verity
// user only once linked, and a group chat reads as the audience kb gives
// it), calls one kb method, and renders with package render. It decides
// nothing about access: kb resolves the linked user at every update (a
// deactivated user stops at once), re-checks a "show source" click
// against the clicker's rights, and strips hints from a room's answers.
//
// It speaks the Bot API over net/http with a client of its own (three
// methods, and errors that never carry the request's URL, which holds the
// bot's token): updates by long polling (getUpdates) or by webhook
// (Telegram's secret-token header checked), answers by sendMessage with
// inline buttons whose callback data is an opaque id the server resolves.
// The token must never reach a log line, an error or a reply.
package telegram
