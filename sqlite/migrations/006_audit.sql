-- Audits by regeneration (package audit): each run with its settings, one
-- verdict per audited record next to what its receipt said, and every probe
-- as asked and answered, so a run can be replayed without a model.
CREATE TABLE audit_runs (
    id             INTEGER PRIMARY KEY,
    at             TEXT NOT NULL,
    model          TEXT NOT NULL,
    prompt_version TEXT NOT NULL,
    blind          INTEGER NOT NULL DEFAULT 0,
    probes         INTEGER NOT NULL,
    alive_at       INTEGER NOT NULL,
    dead_at        INTEGER NOT NULL,
    scope          TEXT NOT NULL DEFAULT '{}',
    circular       INTEGER NOT NULL DEFAULT 0,
    applied        INTEGER NOT NULL DEFAULT 0   -- the revocation event that applied its dead verdicts, 0 if none
);

CREATE TABLE audit_verdicts (
    run           INTEGER NOT NULL REFERENCES audit_runs(id),
    pos           INTEGER NOT NULL,
    record        TEXT NOT NULL,
    kind          TEXT NOT NULL,
    text          TEXT NOT NULL,
    event         INTEGER NOT NULL DEFAULT 0,
    receipt       TEXT NOT NULL,
    verdict       TEXT NOT NULL,
    yes           INTEGER NOT NULL,
    casts         INTEGER NOT NULL,
    requested     INTEGER NOT NULL,
    deterministic INTEGER NOT NULL DEFAULT 0,
    shown         TEXT NOT NULL DEFAULT '[]',
    removed       TEXT NOT NULL DEFAULT '[]',
    reason        TEXT NOT NULL DEFAULT '',
    same_model    INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (run, record)
) WITHOUT ROWID;
CREATE INDEX audit_verdicts_record ON audit_verdicts(record, run);

CREATE TABLE audit_probes (
    run            INTEGER NOT NULL REFERENCES audit_runs(id),
    record         TEXT NOT NULL,
    sample         INTEGER NOT NULL,
    seed           INTEGER NOT NULL,
    task           TEXT NOT NULL,
    prompt_version TEXT NOT NULL,
    model          TEXT NOT NULL,
    vars           TEXT NOT NULL,
    answer         TEXT NOT NULL,
    label          TEXT NOT NULL,
    reason         TEXT NOT NULL DEFAULT '',
    cached         INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (run, record, sample)
) WITHOUT ROWID;
