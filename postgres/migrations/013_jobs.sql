-- The job queue (package queue): River's tables, made by the Go steps of
-- this migration and the next (River's own migrations, pinned to
-- sqlstore.RiverVersion), and the progress a worker reports on each job.
CREATE TABLE job_progress (
    job        bigint PRIMARY KEY,           -- river_job.id
    done       bigint NOT NULL DEFAULT 0,
    total      bigint NOT NULL DEFAULT 0,
    note       text COLLATE "C" NOT NULL DEFAULT '',
    updated_at text COLLATE "C" NOT NULL
);
