-- Chat transports and answer feedback (issue 36). Kept in one file of its
-- own so that its number can change at a merge without touching another.
--
-- Every answer given to an authenticated caller gets an id: the log keeps
-- its question, its caller, its transport, whether verbatim quotes were
-- on, and what "show source" reads (its sources and claims as JSON; the
-- quotes they hold are re-checked against the clicker's rights at every
-- click, so nothing here is shown on its own).
CREATE TABLE answer_log (
    id         TEXT NOT NULL PRIMARY KEY,
    question   TEXT NOT NULL,
    caller     TEXT NOT NULL,              -- the actor asked as (an audience's first principal for a chat's)
    audience   INTEGER NOT NULL DEFAULT 0, -- asked as a chat's audience, not as one person
    transport  TEXT NOT NULL DEFAULT '',   -- api, cli, mcp, web, telegram, slack
    verbatim   INTEGER NOT NULL DEFAULT 0, -- verbatim quote mode was on
    shown      TEXT NOT NULL DEFAULT '{}',
    at         TEXT NOT NULL
) WITHOUT ROWID;
-- A rating of an answer by a caller: one each, the last one kept.
CREATE TABLE answer_feedback (
    answer     TEXT NOT NULL,
    rater      TEXT NOT NULL,
    rating     TEXT NOT NULL,              -- up or down
    transport  TEXT NOT NULL DEFAULT '',
    at         TEXT NOT NULL,
    PRIMARY KEY (answer, rater)
) WITHOUT ROWID;
-- One-time codes that link a chat account to a principal: only a hash is
-- kept; a code is used once and expires.
CREATE TABLE chat_link_codes (
    hash       TEXT NOT NULL PRIMARY KEY,
    platform   TEXT NOT NULL,
    principal  TEXT NOT NULL,
    created_by TEXT NOT NULL,
    created_at TEXT NOT NULL,
    expires_at TEXT NOT NULL
) WITHOUT ROWID;
-- A chat account acting as a principal, until it expires or is unlinked.
CREATE TABLE chat_links (
    platform   TEXT NOT NULL,
    account    TEXT NOT NULL,              -- the platform's user id
    principal  TEXT NOT NULL,
    created_by TEXT NOT NULL,
    created_at TEXT NOT NULL,
    expires_at TEXT NOT NULL,
    PRIMARY KEY (platform, account)
) WITHOUT ROWID;
-- An admin's word on who a group chat's answers are for: its principals.
CREATE TABLE chat_audiences (
    platform   TEXT NOT NULL,
    chat       TEXT NOT NULL,
    principals TEXT NOT NULL,              -- JSON list
    set_by     TEXT NOT NULL,
    set_at     TEXT NOT NULL,
    PRIMARY KEY (platform, chat)
) WITHOUT ROWID;
-- A chat platform's integration, configured once per store by an admin
-- (verity slack configure): its team and references to its secrets (a
-- file's path or an environment variable's name), never the secrets.
CREATE TABLE chat_settings (
    platform   TEXT NOT NULL PRIMARY KEY,
    settings   TEXT NOT NULL,              -- JSON
    set_by     TEXT NOT NULL,
    set_at     TEXT NOT NULL
) WITHOUT ROWID;
-- Deliveries already taken (Slack's event_id), shared by every server on
-- the store: a platform's retry is not answered twice.
CREATE TABLE chat_deliveries (
    platform   TEXT NOT NULL,
    id         TEXT NOT NULL,
    at         TEXT NOT NULL,
    PRIMARY KEY (platform, id)
) WITHOUT ROWID;
