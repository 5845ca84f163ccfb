-- A directory of users and groups (issue 30), kept by admins (verity group,
-- verity user), by identity providers over SCIM, and by connectors for
-- their platforms' groups. A caller authenticated as a listed user reads as
-- that user plus the groups the directory gives it, looked up on every call,
-- so a change takes effect at the next call of every server on the store.
-- A user the directory has never listed keeps its token's principals.
CREATE TABLE directory_users (
    principal      TEXT NOT NULL PRIMARY KEY, -- user:EMAIL, lower-cased
    name           TEXT NOT NULL DEFAULT '',  -- display name
    emails         TEXT NOT NULL DEFAULT '[]',-- JSON list: display data, never an identity
    external_id    TEXT NOT NULL DEFAULT '',  -- the identity provider's id
    active         INTEGER NOT NULL DEFAULT 1,
    created_by     TEXT NOT NULL,
    created_at     TEXT NOT NULL,
    updated_at     TEXT NOT NULL
) WITHOUT ROWID;
-- Groups: a directory group (group:NAME) is an admin's or SCIM's; a
-- platform group (group:KIND:NAME/GROUP) is written by its connector
-- alone, named by origin (KIND:NAME).
CREATE TABLE directory_groups (
    principal      TEXT NOT NULL PRIMARY KEY,
    name           TEXT NOT NULL DEFAULT '',
    external_id    TEXT NOT NULL DEFAULT '',
    origin         TEXT NOT NULL DEFAULT '',  -- '' for a directory group, else KIND:NAME of its connector
    created_by     TEXT NOT NULL,
    created_at     TEXT NOT NULL,
    updated_at     TEXT NOT NULL
) WITHOUT ROWID;
-- Members are users: groups do not nest.
CREATE TABLE directory_members (
    grp    TEXT NOT NULL,
    member TEXT NOT NULL,
    PRIMARY KEY (grp, member)
) WITHOUT ROWID;
CREATE INDEX directory_members_member ON directory_members(member, grp);
-- An admin's word that a platform group equals a directory group: the
-- directory group's members read as the platform group too.
CREATE TABLE directory_aliases (
    platform   TEXT NOT NULL PRIMARY KEY,
    grp        TEXT NOT NULL,
    set_by     TEXT NOT NULL,
    set_at     TEXT NOT NULL
) WITHOUT ROWID;
-- Every change to the directory: who (and with which token), when, what.
CREATE TABLE directory_log (
    id      INTEGER PRIMARY KEY,
    at      TEXT NOT NULL,
    actor   TEXT NOT NULL,
    token   TEXT NOT NULL DEFAULT '',
    action  TEXT NOT NULL,
    subject TEXT NOT NULL,
    detail  TEXT NOT NULL DEFAULT '{}'
);
-- A role granted to a group that an identity provider or a connector may
-- change the members of: only an admin's explicit choice (role grant
-- --provisioned).
ALTER TABLE roles ADD COLUMN provisioned INTEGER NOT NULL DEFAULT 0;
-- What a token may do: '' for the API, 'scim' for provisioning alone.
ALTER TABLE tokens ADD COLUMN scope TEXT NOT NULL DEFAULT '';
