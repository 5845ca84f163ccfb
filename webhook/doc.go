// Package webhook is the transport platforms post their webhooks to: POST
// /connectors/NAME/webhook on verity serve, mounted outside /api/v1 as a
// route that authenticates itself. It reads the body (capped by the
// server) and hands it with its signature to kb.Service.Hook, which checks
// the connector's shared secret before anything else and queues a
// re-reading of the pages named; it answers 401 on a bad signature. It
// decides nothing, and never treats a post as truth: the connector reads
// the pages again with its own token.
package webhook
