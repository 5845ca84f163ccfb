-- Cached answers: the whole answer of `verity ask` under a key of everything
-- that shapes it (question, caller, model, options, prompt versions), valid
-- while the store's stamp is unchanged. The claims of a cached answer are
-- statement records in `records`; an answer is served only while every one
-- of them is alive and visible, so a revocation retracts cached answers too.
CREATE TABLE answers (
    key        TEXT PRIMARY KEY,
    stamp      TEXT NOT NULL,
    body       BLOB NOT NULL,
    created_at TEXT NOT NULL
);
