-- A version's text is stored compressed, in blocks (issue 33): block n of
-- a version holds its bytes [n*32768, (n+1)*32768) as one zstd frame, and
-- a chunk or a quote span is read by decompressing only the blocks it
-- falls in; spans stay byte offsets into the whole text. source_versions
-- keeps the text's length (size). The Go part of this migration
-- (sqlstore.CompressVersions) moves every stored version's text into its
-- blocks and then drops source_versions.text. The file shrinks only at
-- the next VACUUM (verity migrate --vacuum, which needs free disk about
-- the file's size); until then SQLite reuses the free pages.
CREATE TABLE source_blocks (
    sid     INTEGER NOT NULL,
    version INTEGER NOT NULL,
    block   INTEGER NOT NULL,
    data    BLOB NOT NULL,
    PRIMARY KEY (sid, version, block),
    FOREIGN KEY (sid, version) REFERENCES source_versions (sid, version)
);
ALTER TABLE source_versions ADD COLUMN size INTEGER NOT NULL DEFAULT 0;
-- Where PostgreSQL's replicas stand against the last narrowing (see
-- PostgreSQL's 020): SQLite has no replicas, and keeps the table only so
-- that both stores have the same tables. A copy leaves it alone.
CREATE TABLE replica_fence (
    id    INTEGER PRIMARY KEY CHECK (id = 1),
    token TEXT NOT NULL DEFAULT '',
    lsn   TEXT NOT NULL DEFAULT ''
);
INSERT INTO replica_fence (id, token, lsn) VALUES (1, '', '0/0');
