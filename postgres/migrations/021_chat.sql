-- Chat transports and answer feedback (issue 36): see SQLite's 021_chat.sql.
CREATE TABLE answer_log (
    id        text COLLATE "C" NOT NULL PRIMARY KEY,
    question  text COLLATE "C" NOT NULL,
    caller    text COLLATE "C" NOT NULL,
    audience  bigint NOT NULL DEFAULT 0,
    transport text COLLATE "C" NOT NULL DEFAULT '',
    verbatim  bigint NOT NULL DEFAULT 0,
    shown     text COLLATE "C" NOT NULL DEFAULT '{}',
    at        text COLLATE "C" NOT NULL
);
CREATE TABLE answer_feedback (
    answer    text COLLATE "C" NOT NULL,
    rater     text COLLATE "C" NOT NULL,
    rating    text COLLATE "C" NOT NULL,
    transport text COLLATE "C" NOT NULL DEFAULT '',
    at        text COLLATE "C" NOT NULL,
    PRIMARY KEY (answer, rater)
);
CREATE TABLE chat_link_codes (
    hash       text COLLATE "C" NOT NULL PRIMARY KEY,
    platform   text COLLATE "C" NOT NULL,
    principal  text COLLATE "C" NOT NULL,
    created_by text COLLATE "C" NOT NULL,
    created_at text COLLATE "C" NOT NULL,
    expires_at text COLLATE "C" NOT NULL
);
CREATE TABLE chat_links (
    platform   text COLLATE "C" NOT NULL,
    account    text COLLATE "C" NOT NULL,
    principal  text COLLATE "C" NOT NULL,
    created_by text COLLATE "C" NOT NULL,
    created_at text COLLATE "C" NOT NULL,
    expires_at text COLLATE "C" NOT NULL,
    PRIMARY KEY (platform, account)
);
CREATE TABLE chat_audiences (
    platform   text COLLATE "C" NOT NULL,
    chat       text COLLATE "C" NOT NULL,
    principals text COLLATE "C" NOT NULL,
    set_by     text COLLATE "C" NOT NULL,
    set_at     text COLLATE "C" NOT NULL,
    PRIMARY KEY (platform, chat)
);
CREATE TABLE chat_settings (
    platform text COLLATE "C" NOT NULL PRIMARY KEY,
    settings text COLLATE "C" NOT NULL,
    set_by   text COLLATE "C" NOT NULL,
    set_at   text COLLATE "C" NOT NULL
);
CREATE TABLE chat_deliveries (
    platform text COLLATE "C" NOT NULL,
    id       text COLLATE "C" NOT NULL,
    at       text COLLATE "C" NOT NULL,
    PRIMARY KEY (platform, id)
);
