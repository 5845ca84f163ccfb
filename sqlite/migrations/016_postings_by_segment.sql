-- A merge reads the per-term rows of the segments it merges by segment, in
-- term order and a page at a time, and then deletes them by segment:
-- without an index on seg each merge scanned every posting row of the
-- store twice, which at 300,000 passages was a third of a merge's time and
-- grew with the store, and reading a run's rows all at once held the whole
-- run's lists in memory.
CREATE INDEX index_postings_seg ON index_postings(seg, term);
