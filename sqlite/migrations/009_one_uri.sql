-- One uri, one source, per system (verity.URIConflict): the put code
-- refuses a second id with a uri its system already has, and this index
-- makes the store refuse it too.
--
-- Stores made before the rule may hold such pairs, and must still open:
-- the oldest source of each (system, uri), the smallest sid (the first
-- stored), keeps the uri, and the others are marked uri_duplicate = 1. The
-- mark is a column rather than a table of duplicates because a partial
-- index can only look at its own row, and one record of the fact cannot
-- disagree with another. The unique index leaves the marked rows out, so
-- they stay readable, searchable and may be stored again as they are;
-- sqlite.DB.URIDuplicates reports them (verity sources warns of them).
-- The put code keeps one unmarked row per (system, uri) in use: a
-- duplicate moved to a system where its uri is free is unmarked, and when
-- the holder moves away the oldest duplicate left takes its place.
ALTER TABLE sources ADD COLUMN uri_duplicate INTEGER NOT NULL DEFAULT 0;
UPDATE sources SET uri_duplicate = 1 WHERE EXISTS (
    SELECT 1 FROM sources o WHERE o.system = sources.system AND o.uri = sources.uri AND o.sid < sources.sid);
CREATE UNIQUE INDEX sources_system_uri ON sources(system, uri) WHERE uri_duplicate = 0;
