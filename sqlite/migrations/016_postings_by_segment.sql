-- A merge reads and deletes the per-term rows of the segments it merges,
-- by segment: without an index on seg each merge scanned every posting row
-- of the store twice, which at 300,000 passages was a third of a merge's
-- time and grew with the store.
CREATE INDEX index_postings_seg ON index_postings(seg);
