-- Derived records (edges, merges, summary sentences, answer statements) with
-- their receipts, liveness kept by package receipt, and the revocation log.
CREATE TABLE records (
    rid        INTEGER PRIMARY KEY,
    id         TEXT NOT NULL UNIQUE,
    kind       TEXT NOT NULL,
    body       BLOB NOT NULL DEFAULT '{}',
    receipt    TEXT NOT NULL,                -- JSON of the minimal receipt; set numbers index its sets
    revoked    INTEGER NOT NULL DEFAULT 0,
    alive      INTEGER NOT NULL DEFAULT 0,
    support    INTEGER NOT NULL DEFAULT -1,
    audit      TEXT NOT NULL DEFAULT '',     -- the last audit verdict: '', alive, dead, undetermined
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
);
CREATE INDEX records_kind ON records(kind, alive, id);

CREATE TABLE receipt_members (
    rid    INTEGER NOT NULL REFERENCES records(rid),
    set_no INTEGER NOT NULL,
    member TEXT NOT NULL,
    PRIMARY KEY (rid, set_no, member)
) WITHOUT ROWID;
CREATE INDEX receipt_members_member ON receipt_members(member, rid, set_no);

CREATE TABLE revocations (
    id      INTEGER PRIMARY KEY,
    action  TEXT NOT NULL,
    refs    TEXT NOT NULL,
    changed TEXT NOT NULL,
    who     TEXT NOT NULL,
    why     TEXT NOT NULL DEFAULT '',
    at      TEXT NOT NULL,
    undoes  INTEGER NOT NULL DEFAULT 0,
    died    INTEGER NOT NULL DEFAULT 0,
    revived INTEGER NOT NULL DEFAULT 0
);
