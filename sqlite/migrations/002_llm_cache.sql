-- Model answers by content address (llm.CacheKey): re-running over unchanged
-- input makes no provider calls.
CREATE TABLE llm_cache (
    key            TEXT PRIMARY KEY,
    provider       TEXT NOT NULL,
    model          TEXT NOT NULL,
    task           TEXT NOT NULL,
    prompt_version TEXT NOT NULL DEFAULT '',
    sample         INTEGER NOT NULL DEFAULT 0,
    input_tokens   INTEGER NOT NULL DEFAULT 0,
    output_tokens  INTEGER NOT NULL DEFAULT 0,
    created_at     TEXT NOT NULL,
    value          BLOB NOT NULL
) WITHOUT ROWID;
CREATE INDEX llm_cache_task ON llm_cache(task, prompt_version);
