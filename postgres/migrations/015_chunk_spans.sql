-- A chunk is a span of its source version's text, and a chunk in the search
-- index has its terms in the index (see SQLite's 015_chunk_spans.sql): the
-- chunk's own copy of its text goes, and its terms are kept only while its
-- source is revoked. The space is reclaimed as PostgreSQL's vacuum reuses it
-- (VACUUM FULL chunks returns it at once).
ALTER TABLE chunks DROP COLUMN text, ALTER COLUMN terms DROP NOT NULL;
UPDATE chunks c SET terms = NULL FROM sources s WHERE s.sid = c.sid AND s.status = 'active';
