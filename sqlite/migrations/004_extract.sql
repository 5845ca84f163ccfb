-- Quote-grounded extraction (package extract): runs and the pages they
-- finished, step traces for `verity explain`, the evidence index by source,
-- the review queue and people's votes, subject aliases, and evidence that
-- extraction revoked itself because its quote left the page. Edges,
-- evidences, entities and merges are records (003_records.sql).
CREATE TABLE extract_runs (
    run        TEXT PRIMARY KEY,
    spec       TEXT NOT NULL,
    spec_hash  TEXT NOT NULL,
    model      TEXT NOT NULL,
    prompts    TEXT NOT NULL,
    started_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
);

CREATE TABLE extract_pages (
    run       TEXT NOT NULL,
    source_id TEXT NOT NULL,
    version   INTEGER NOT NULL,
    result    TEXT NOT NULL,   -- JSON of the page's outcomes
    done_at   TEXT NOT NULL,
    PRIMARY KEY (run, source_id, version)
) WITHOUT ROWID;

CREATE TABLE extract_steps (
    id             INTEGER PRIMARY KEY,
    run            TEXT NOT NULL DEFAULT '',
    source_id      TEXT NOT NULL DEFAULT '',
    version        INTEGER NOT NULL DEFAULT 0,
    candidate      INTEGER NOT NULL DEFAULT -1,
    edge_id        TEXT NOT NULL DEFAULT '',
    step           TEXT NOT NULL,
    input          TEXT NOT NULL DEFAULT 'null',
    output         TEXT NOT NULL DEFAULT 'null',
    prompt_version TEXT NOT NULL DEFAULT '',
    model          TEXT NOT NULL DEFAULT '',
    votes          TEXT NOT NULL DEFAULT 'null',
    at             TEXT NOT NULL
);
CREATE INDEX extract_steps_edge ON extract_steps(edge_id, id);
CREATE INDEX extract_steps_page ON extract_steps(run, source_id, version);

CREATE TABLE extract_evidence (
    evidence  TEXT PRIMARY KEY,
    edge_id   TEXT NOT NULL,
    source_id TEXT NOT NULL
) WITHOUT ROWID;
CREATE INDEX extract_evidence_source ON extract_evidence(source_id);

CREATE TABLE extract_review (
    id         TEXT PRIMARY KEY,
    edge_id    TEXT NOT NULL,
    run        TEXT NOT NULL,
    source_id  TEXT NOT NULL,
    version    INTEGER NOT NULL,
    item       TEXT NOT NULL,   -- JSON of the review item
    status     TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'rejected')),
    created_at TEXT NOT NULL,
    decided_at TEXT NOT NULL DEFAULT ''
);
CREATE INDEX extract_review_status ON extract_review(status, created_at);

CREATE TABLE extract_votes (
    id      INTEGER PRIMARY KEY,
    item    TEXT NOT NULL,
    edge_id TEXT NOT NULL,
    author  TEXT NOT NULL,
    vote    TEXT NOT NULL CHECK (vote IN ('approve', 'reject')),
    why     TEXT NOT NULL DEFAULT '',
    at      TEXT NOT NULL
);
CREATE INDEX extract_votes_edge ON extract_votes(edge_id, id);

CREATE TABLE extract_aliases (
    key    TEXT NOT NULL,
    alias  TEXT NOT NULL,
    origin TEXT NOT NULL DEFAULT '',
    PRIMARY KEY (key, alias)
) WITHOUT ROWID;

CREATE TABLE extract_gone (
    evidence TEXT PRIMARY KEY,
    at       TEXT NOT NULL
) WITHOUT ROWID;
