// Package connector keeps live sources in sync with the store: it runs a
// connector's platform client (package connector/confluence) and hands
// what it reads to the service layer's [kb.Sync], which stores it as the
// connector's own caller under the connector's prefix. It decides nothing
// about access: the platform's permissions become ACLs in the client,
// and kb decides what the sync may change. It must never log, store or
// print a connector's secret, which it resolves by reference for each
// pass.
package connector
