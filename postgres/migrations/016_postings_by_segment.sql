-- A merge reads the per-term rows of the segments it merges by segment, in
-- term order and a page at a time, and deletes them by segment (see
-- SQLite's 016_postings_by_segment.sql).
CREATE INDEX index_postings_seg ON index_postings (seg, term);
