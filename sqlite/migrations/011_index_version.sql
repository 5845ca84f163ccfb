-- The version of the analysis the index terms of chunks were derived with
-- (rank.IndexVersion). A store opened by a binary that analyses text
-- differently derives them again from the chunks' text (sqlite/index.go);
-- every store before this column was built with version 1.
ALTER TABLE search_stats ADD COLUMN index_version INTEGER NOT NULL DEFAULT 1;
