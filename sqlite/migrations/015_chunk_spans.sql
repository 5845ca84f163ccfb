-- A chunk is a span of its source version's text, and a chunk in the search
-- index has its terms in the index: storing the chunk's text and terms
-- again made the store 4.9 times its text (issue 21). A chunk now keeps its
-- span (start, "end" into source_versions.text, in bytes) and its heading;
-- its text is read from the version and its terms derived again from that
-- text when the index needs them (a new version or a revocation takes the
-- chunk out). terms is kept only for the chunks of revoked sources, which
-- are out of the index: "answer" compares a question with them, and
-- unrevoking puts them back. SQLite drops a column only by rewriting the
-- table, so the table is rebuilt; the file shrinks at the next VACUUM
-- (verity backup writes a compact copy), and its free pages are reused.
CREATE TABLE chunks_spans (
    cid     INTEGER PRIMARY KEY,
    sid     INTEGER NOT NULL REFERENCES sources(sid),
    version INTEGER NOT NULL,
    ordinal INTEGER NOT NULL,
    start   INTEGER NOT NULL,
    "end"   INTEGER NOT NULL,
    heading TEXT NOT NULL DEFAULT '[]',
    terms   TEXT,
    nterms  INTEGER NOT NULL
);
INSERT INTO chunks_spans (cid, sid, version, ordinal, start, "end", heading, terms, nterms)
    SELECT c.cid, c.sid, c.version, c.ordinal, c.start, c."end", c.heading,
        CASE WHEN (SELECT s.status FROM sources s WHERE s.sid = c.sid) = 'revoked' THEN c.terms END,
        c.nterms
    FROM chunks c;
DROP TABLE chunks;
ALTER TABLE chunks_spans RENAME TO chunks;
CREATE INDEX chunks_sid ON chunks(sid, ordinal);
