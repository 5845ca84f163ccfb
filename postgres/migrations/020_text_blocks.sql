-- A version's text is stored compressed, in blocks (issue 33): see
-- SQLite's 020_text_blocks.sql. The blocks are zstd frames already, so
-- PostgreSQL is told not to try compressing them again (STORAGE EXTERNAL).
-- Dropping source_versions.text frees its space only when the table is
-- rewritten (verity migrate --vacuum runs VACUUM FULL on it).
CREATE TABLE source_blocks (
    sid     bigint NOT NULL,
    version bigint NOT NULL,
    block   bigint NOT NULL,
    data    bytea NOT NULL,
    PRIMARY KEY (sid, version, block),
    FOREIGN KEY (sid, version) REFERENCES source_versions (sid, version)
);
ALTER TABLE source_blocks ALTER COLUMN data SET STORAGE EXTERNAL;
ALTER TABLE source_versions ADD COLUMN size bigint NOT NULL DEFAULT 0;
-- A search may read a streaming replica that lags (verity serve
-- --replica-max-lag) only when the replica has replayed the last
-- narrowing: anything that can take a result or a hint away (an ACL row
-- deleted, a source updated or revoked, chunks deleted or taken out of the
-- index, a source or system made undiscoverable). Triggers mark it in the
-- narrowing's own transaction, whatever code path wrote it: lsn '' with
-- the transaction's id as token. The first search that sees the mark
-- (committed, since it sees it) reads the primary's WAL position, which is
-- past that commit, and records it as lsn where the token is still the
-- same; until then searches need a replica fully caught up. A copy leaves
-- the table alone: positions belong to one cluster.
CREATE TABLE replica_fence (
    id    bigint PRIMARY KEY CHECK (id = 1),
    token text COLLATE "C" NOT NULL DEFAULT '',
    lsn   text COLLATE "C" NOT NULL DEFAULT ''
);
INSERT INTO replica_fence (id, token, lsn) VALUES (1, '', pg_current_wal_lsn()::text);
CREATE FUNCTION verity_narrowed() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
    UPDATE replica_fence SET token = txid_current()::text, lsn = '' WHERE id = 1;
    RETURN NULL;
END
$$;
-- A source's row narrows when what a search shows of it changes (revoked,
-- a new version, another system, author, title or uri), not when only its
-- times do; an ACL narrows by a row deleted (a widening only inserts).
CREATE TRIGGER narrowed AFTER UPDATE ON sources FOR EACH ROW
    WHEN ((OLD.status, OLD.version, OLD.system, OLD.author, OLD.title, OLD.uri) IS DISTINCT FROM
          (NEW.status, NEW.version, NEW.system, NEW.author, NEW.title, NEW.uri))
    EXECUTE FUNCTION verity_narrowed();
CREATE TRIGGER narrowed_delete AFTER DELETE ON sources FOR EACH STATEMENT EXECUTE FUNCTION verity_narrowed();
CREATE TRIGGER narrowed AFTER UPDATE OR DELETE ON source_acl FOR EACH ROW EXECUTE FUNCTION verity_narrowed();
CREATE TRIGGER narrowed AFTER UPDATE OR DELETE ON chunks FOR EACH STATEMENT EXECUTE FUNCTION verity_narrowed();
CREATE TRIGGER narrowed AFTER INSERT ON index_deleted FOR EACH STATEMENT EXECUTE FUNCTION verity_narrowed();
CREATE TRIGGER narrowed AFTER INSERT OR UPDATE ON undiscoverable_sources FOR EACH STATEMENT EXECUTE FUNCTION verity_narrowed();
CREATE TRIGGER narrowed AFTER INSERT OR UPDATE ON undiscoverable_systems FOR EACH STATEMENT EXECUTE FUNCTION verity_narrowed();
