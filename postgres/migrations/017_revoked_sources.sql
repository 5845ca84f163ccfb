-- Answers look at the chunks of revoked sources on every question (see
-- SQLite's 017_revoked_sources.sql): only revoked sources enter this index.
CREATE INDEX sources_revoked ON sources (sid) WHERE status = 'revoked';
