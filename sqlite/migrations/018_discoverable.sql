-- Hints that cannot be mined (issue 29). A hint tells a caller that a
-- record it cannot read would answer, by system and author's email; a
-- source listed in undiscoverable_sources, or any source of a system listed
-- in undiscoverable_systems, never gives one. Absence means discoverable,
-- so every store made before this migration keeps answering as it did.
CREATE TABLE undiscoverable_sources (
    sid INTEGER PRIMARY KEY REFERENCES sources(sid)
);
CREATE TABLE undiscoverable_systems (
    system TEXT NOT NULL PRIMARY KEY,
    set_by TEXT NOT NULL,
    set_at TEXT NOT NULL
) WITHOUT ROWID;
-- How many searches each principal made in each hour (hour = Unix seconds
-- / 3600), the hint budget that several servers on one store share. Each
-- server adds its counts at most once a second.
CREATE TABLE hint_queries (
    principal TEXT NOT NULL,
    hour      INTEGER NOT NULL,
    queries   INTEGER NOT NULL,
    PRIMARY KEY (principal, hour)
) WITHOUT ROWID;
