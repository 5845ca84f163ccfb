-- Verity's own inverted index (package postings) replaces FTS5: posting
-- lists in immutable segments, so that search stops once the best records
-- are found instead of ranking every match, and so that the PostgreSQL
-- store keeps the same bytes and gives the same scores. The segments are
-- built again from the chunks when the store first opens after this
-- migration (index_version 0 makes sqlite/index.go derive the index).
DROP TABLE chunk_vocab;
DROP TABLE chunk_fts;

-- A segment holds the chunks of one run of chunk ids. Small segments keep
-- their lists inline; large ones keep one row per term in index_postings.
CREATE TABLE index_segments (
    seg       INTEGER PRIMARY KEY AUTOINCREMENT,
    docs      INTEGER NOT NULL,
    min_cid   INTEGER NOT NULL,
    max_cid   INTEGER NOT NULL,
    doc_table BLOB NOT NULL,
    inline    BLOB
);
CREATE UNIQUE INDEX index_segments_cid ON index_segments(min_cid);

CREATE TABLE index_postings (
    seg  INTEGER NOT NULL REFERENCES index_segments(seg),
    term TEXT NOT NULL,
    list BLOB NOT NULL
);
CREATE UNIQUE INDEX index_postings_term ON index_postings(term, seg);

-- Chunks deleted from segments that still hold them (a new version, a
-- revocation); a merge drops them. A chunk id is never used again.
CREATE TABLE index_deleted (cid INTEGER PRIMARY KEY);

-- For each term, how many of the deleted chunks hold it: a term's document
-- frequency is the length of its lists less this.
CREATE TABLE index_dead_terms (
    term TEXT PRIMARY KEY,
    docs INTEGER NOT NULL
) WITHOUT ROWID;

-- generation goes up with every change to the segments or deletions, and
-- acl_generation with every change to an existing source's ACL, so that a
-- process's caches know when to look again; next_cid hands out chunk ids.
ALTER TABLE search_stats ADD COLUMN generation INTEGER NOT NULL DEFAULT 0;
ALTER TABLE search_stats ADD COLUMN acl_generation INTEGER NOT NULL DEFAULT 0;
ALTER TABLE search_stats ADD COLUMN next_cid INTEGER NOT NULL DEFAULT 1;
UPDATE search_stats SET next_cid = coalesce((SELECT max(cid) FROM chunks), 0) + 1, index_version = 0;
