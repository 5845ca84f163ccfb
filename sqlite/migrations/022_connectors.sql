-- Connectors (issue 37): live sources kept in sync with the store. The
-- store keeps a reference to each one's secret (file:PATH or env:NAME),
-- never the secret itself.
CREATE TABLE connectors (
    name           TEXT NOT NULL PRIMARY KEY,
    kind           TEXT NOT NULL,
    url            TEXT NOT NULL,
    username       TEXT NOT NULL DEFAULT '',
    secret_ref     TEXT NOT NULL,
    webhook_ref    TEXT NOT NULL DEFAULT '', -- the webhook's shared secret, by reference; '' for none
    filter         TEXT NOT NULL DEFAULT '', -- a platform query narrowing what is synced (Jira: JQL); '' for none
    spaces         TEXT NOT NULL DEFAULT '[]', -- JSON list
    system         TEXT NOT NULL,
    anyone         TEXT NOT NULL DEFAULT '',
    adopt          INTEGER NOT NULL DEFAULT 0, -- takes over its system's sources with the same uris
    max_deletions  REAL NOT NULL DEFAULT 0.2,
    interval_s     INTEGER NOT NULL DEFAULT 300,
    reconcile_s    INTEGER NOT NULL DEFAULT 1800,
    created_by     TEXT NOT NULL,
    created_at     TEXT NOT NULL,
    state          TEXT NOT NULL DEFAULT '{}'  -- JSON: cursor, status, error, times, the deletion window
) WITHOUT ROWID;
-- What a connector knows of each page it synced: the record's id, the
-- platform's version, and whether the connector itself revoked it (only
-- then does it unrevoke the page when it returns).
CREATE TABLE connector_items (
    connector  TEXT NOT NULL,
    sid        TEXT NOT NULL,
    key        TEXT NOT NULL DEFAULT '', -- the page's id at the platform
    version    TEXT NOT NULL DEFAULT '',
    state      TEXT NOT NULL DEFAULT 'live',
    PRIMARY KEY (connector, sid)
) WITHOUT ROWID;
