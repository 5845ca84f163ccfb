-- The rest of River's migrations, in a transaction of their own (see
-- sqlstore.RiverSteps): this migration is its Go step alone.
SELECT 1;
