-- A version's text is stored compressed, in blocks (issue 33): see
-- SQLite's 020_text_blocks.sql. The blocks are zstd frames already, so
-- PostgreSQL is told not to try compressing them again (STORAGE EXTERNAL).
-- Dropping source_versions.text frees its space only when the table is
-- rewritten (verity migrate --vacuum runs VACUUM FULL on it).
CREATE TABLE source_blocks (
    sid     bigint NOT NULL,
    version bigint NOT NULL,
    block   bigint NOT NULL,
    data    bytea NOT NULL,
    PRIMARY KEY (sid, version, block),
    FOREIGN KEY (sid, version) REFERENCES source_versions (sid, version)
);
ALTER TABLE source_blocks ALTER COLUMN data SET STORAGE EXTERNAL;
ALTER TABLE source_versions ADD COLUMN size bigint NOT NULL DEFAULT 0;
