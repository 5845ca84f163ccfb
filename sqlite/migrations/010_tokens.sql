-- API tokens (package kb issues and checks them): who a token acts as,
-- until when, and the SHA-256 of its secret — never the secret itself.
CREATE TABLE tokens (
    id          TEXT PRIMARY KEY,
    name        TEXT NOT NULL,
    principals  TEXT NOT NULL,              -- JSON list, the user principal first
    hash        TEXT NOT NULL,              -- hex SHA-256 of the secret
    created_by  TEXT NOT NULL,
    created_at  TEXT NOT NULL,
    expires_at  TEXT NOT NULL DEFAULT '',   -- '' for a token that does not expire
    revoked_at  TEXT NOT NULL DEFAULT ''
) WITHOUT ROWID;
