-- Hints that cannot be mined (issue 29): see SQLite's 018_discoverable.sql.
CREATE TABLE undiscoverable_sources (
    sid bigint PRIMARY KEY REFERENCES sources (sid)
);
CREATE TABLE undiscoverable_systems (
    system text COLLATE "C" NOT NULL PRIMARY KEY,
    set_by text COLLATE "C" NOT NULL,
    set_at text COLLATE "C" NOT NULL
);
CREATE TABLE hint_queries (
    principal text COLLATE "C" NOT NULL,
    hour      bigint NOT NULL,
    queries   bigint NOT NULL,
    PRIMARY KEY (principal, hour)
);
