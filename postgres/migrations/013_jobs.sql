-- The job queue: River's tables, made by the Go steps of this migration and
-- the next (River's own migrations, pinned to sqlstore.RiverVersion), and
-- what Verity keeps of each job beside River's row: who it acts as (the
-- owner, who may see it), the request it is part of, the model it calls,
-- and the progress its worker reports. A job and its row here are inserted
-- in one transaction.
CREATE TABLE jobs (
    job        bigint PRIMARY KEY,           -- river_job.id
    kind       text COLLATE "C" NOT NULL,
    owner      text COLLATE "C" NOT NULL,
    batch      text COLLATE "C" NOT NULL DEFAULT '',
    model      text COLLATE "C" NOT NULL DEFAULT '',
    created_at text COLLATE "C" NOT NULL,
    done       bigint NOT NULL DEFAULT 0,
    total      bigint NOT NULL DEFAULT 0,
    note       text COLLATE "C" NOT NULL DEFAULT '',
    updated_at text COLLATE "C" NOT NULL DEFAULT ''
);
CREATE INDEX jobs_owner ON jobs (owner, job);
CREATE INDEX jobs_batch ON jobs (batch, job);
