-- The job queue (package queue): River's tables, made by the Go steps of
-- this migration and the next (River's own migrations, pinned to
-- sqlstore.RiverVersion), and the progress a worker reports on each job.
CREATE TABLE job_progress (
    job        INTEGER PRIMARY KEY,          -- river_job.id
    done       INTEGER NOT NULL DEFAULT 0,
    total      INTEGER NOT NULL DEFAULT 0,
    note       TEXT NOT NULL DEFAULT '',
    updated_at TEXT NOT NULL
);
