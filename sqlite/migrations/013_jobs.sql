-- The job queue: River's tables, made by the Go steps of this migration and
-- the next (River's own migrations, pinned to sqlstore.RiverVersion), and
-- what Verity keeps of each job beside River's row: who it acts as (the
-- owner, who may see it), the request it is part of, the model it calls,
-- and the progress its worker reports. A job and its row here are inserted
-- in one transaction.
CREATE TABLE jobs (
    job        INTEGER PRIMARY KEY,          -- river_job.id
    kind       TEXT NOT NULL,
    owner      TEXT NOT NULL,
    batch      TEXT NOT NULL DEFAULT '',
    model      TEXT NOT NULL DEFAULT '',
    created_at TEXT NOT NULL,
    done       INTEGER NOT NULL DEFAULT 0,
    total      INTEGER NOT NULL DEFAULT 0,
    note       TEXT NOT NULL DEFAULT '',
    updated_at TEXT NOT NULL DEFAULT ''
);
CREATE INDEX jobs_owner ON jobs(owner, job);
CREATE INDEX jobs_batch ON jobs(batch, job);
