-- Connectors (issue 37): see SQLite's 022_connectors.sql.
CREATE TABLE connectors (
    name          text COLLATE "C" NOT NULL PRIMARY KEY,
    kind          text COLLATE "C" NOT NULL,
    url           text COLLATE "C" NOT NULL,
    username      text COLLATE "C" NOT NULL DEFAULT '',
    secret_ref    text COLLATE "C" NOT NULL,
    webhook_ref   text COLLATE "C" NOT NULL DEFAULT '',
    filter        text NOT NULL DEFAULT '',
    spaces        text COLLATE "C" NOT NULL DEFAULT '[]',
    system        text COLLATE "C" NOT NULL,
    anyone        text COLLATE "C" NOT NULL DEFAULT '',
    adopt         bigint NOT NULL DEFAULT 0,
    max_deletions double precision NOT NULL DEFAULT 0.2,
    interval_s    bigint NOT NULL DEFAULT 300,
    reconcile_s   bigint NOT NULL DEFAULT 1800,
    created_by    text COLLATE "C" NOT NULL,
    created_at    text COLLATE "C" NOT NULL,
    state         text COLLATE "C" NOT NULL DEFAULT '{}'
);
CREATE TABLE connector_items (
    connector text COLLATE "C" NOT NULL,
    sid       text COLLATE "C" NOT NULL,
    key       text COLLATE "C" NOT NULL DEFAULT '',
    version   text COLLATE "C" NOT NULL DEFAULT '',
    state     text COLLATE "C" NOT NULL DEFAULT 'live',
    PRIMARY KEY (connector, sid)
);
