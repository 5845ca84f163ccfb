-- Sources, their versions, ACLs and chunks, and the full-text index.
CREATE TABLE sources (
    sid         INTEGER PRIMARY KEY,
    id          TEXT NOT NULL UNIQUE,
    uri         TEXT NOT NULL,
    system      TEXT NOT NULL,
    title       TEXT NOT NULL DEFAULT '',
    author      TEXT NOT NULL DEFAULT '',
    version     INTEGER NOT NULL,
    updated_at  TEXT NOT NULL,
    ingested_at TEXT NOT NULL,
    hash        TEXT NOT NULL,
    status      TEXT NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'revoked'))
);

CREATE TABLE source_versions (
    sid        INTEGER NOT NULL REFERENCES sources(sid),
    version    INTEGER NOT NULL,
    hash       TEXT NOT NULL,
    title      TEXT NOT NULL DEFAULT '',
    text       TEXT NOT NULL,
    created_at TEXT NOT NULL,
    PRIMARY KEY (sid, version)
);

CREATE TABLE source_acl (
    principal TEXT NOT NULL,
    sid       INTEGER NOT NULL REFERENCES sources(sid),
    PRIMARY KEY (principal, sid)
) WITHOUT ROWID;
CREATE INDEX source_acl_sid ON source_acl(sid);

CREATE TABLE chunks (
    cid     INTEGER PRIMARY KEY,
    sid     INTEGER NOT NULL REFERENCES sources(sid),
    version INTEGER NOT NULL,
    ordinal INTEGER NOT NULL,
    start   INTEGER NOT NULL,
    "end"   INTEGER NOT NULL,
    heading TEXT NOT NULL DEFAULT '[]',
    text    TEXT NOT NULL,
    terms   TEXT NOT NULL,
    nterms  INTEGER NOT NULL
);
CREATE INDEX chunks_sid ON chunks(sid, ordinal);

-- The index holds the terms of active sources' chunks only; its rowid is chunks.cid.
CREATE VIRTUAL TABLE chunk_fts USING fts5(
    terms,
    content = '',
    contentless_delete = 1,
    tokenize = 'unicode61 remove_diacritics 0'
);
CREATE VIRTUAL TABLE chunk_vocab USING fts5vocab(chunk_fts, 'row');

-- Running totals over indexed chunks for BM25's N and average length.
CREATE TABLE search_stats (
    id          INTEGER PRIMARY KEY CHECK (id = 1),
    chunks      INTEGER NOT NULL,
    total_terms INTEGER NOT NULL
);
INSERT INTO search_stats (id, chunks, total_terms) VALUES (1, 0, 0);
