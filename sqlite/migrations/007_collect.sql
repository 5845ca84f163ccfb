-- Collection: the frontier of web crawls (so an interrupted crawl resumes)
-- and the journal of the research agent (every search and page read with
-- its one-line reason, and which source a kept page became).
CREATE TABLE crawls (
    crawl      TEXT PRIMARY KEY,            -- the canonical start URL
    status     TEXT NOT NULL,               -- running (resumable) or finished
    fetched    INTEGER NOT NULL DEFAULT 0,  -- pages fetched, counted against the budget
    updated_at TEXT NOT NULL
);

CREATE TABLE crawl_urls (
    crawl     TEXT NOT NULL REFERENCES crawls(crawl) ON DELETE CASCADE,
    url       TEXT NOT NULL,                -- canonical
    seq       INTEGER NOT NULL,             -- discovery order, the crawl's order
    depth     INTEGER NOT NULL,
    state     TEXT NOT NULL,                -- pending or done
    hash      TEXT NOT NULL DEFAULT '',
    source_id TEXT NOT NULL DEFAULT '',
    PRIMARY KEY (crawl, url)
) WITHOUT ROWID;

CREATE TABLE research_calls (
    run       TEXT NOT NULL,
    seq       INTEGER NOT NULL,
    kind      TEXT NOT NULL CHECK (kind IN ('search', 'read')),
    reason    TEXT NOT NULL,
    query     TEXT NOT NULL DEFAULT '',     -- the search, or for a read the search that found the URL
    url       TEXT NOT NULL DEFAULT '',
    outcome   TEXT NOT NULL,
    detail    TEXT NOT NULL DEFAULT '',
    hits      INTEGER NOT NULL DEFAULT 0,
    source_id TEXT NOT NULL DEFAULT '',     -- the source a kept page was stored as
    version   INTEGER NOT NULL DEFAULT 0,
    at        TEXT NOT NULL,
    PRIMARY KEY (run, seq)
);
CREATE INDEX research_calls_source ON research_calls(source_id) WHERE source_id <> '';
