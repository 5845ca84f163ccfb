-- Roles granted to principals (package kb decides what they allow), and a
-- revocation log whose ids no longer count its events: seq keeps the log's
-- order (existing events keep theirs), token records the API token the
-- actor used ('' for the local operator and for every earlier event), and
-- the Go step of this migration (remapEventIDs in event.go) gives every
-- existing event a random id and rewrites every reference to it.
CREATE TABLE roles (
    principal  TEXT NOT NULL,
    role       TEXT NOT NULL,
    granted_by TEXT NOT NULL,
    granted_at TEXT NOT NULL,
    PRIMARY KEY (principal, role)
) WITHOUT ROWID;

ALTER TABLE revocations ADD COLUMN seq INTEGER NOT NULL DEFAULT 0;
ALTER TABLE revocations ADD COLUMN token TEXT NOT NULL DEFAULT '';
UPDATE revocations SET seq = id;
CREATE UNIQUE INDEX revocations_seq ON revocations(seq);

-- An audit on a caller's behalf shows the model only the sources that
-- caller may read; a verdict says when others were left out.
ALTER TABLE audit_verdicts ADD COLUMN withheld INTEGER NOT NULL DEFAULT 0;
