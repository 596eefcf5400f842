-- name: run-snapshot-match
-- description: how many of the attributes a run counts (its update hits) a snapshot holds: attributes, missing, and up to 5 missing ones
-- params: run (required), snapshot (required)
-- internal: yes
WITH counted AS (
    SELECT DISTINCT attribute FROM run_events
    -- run_events: the run's id range (Schema, migration 12).
    WHERE run_id = :run AND kind = 'update' AND attribute IS NOT NULL
),
missing AS (
    SELECT c.attribute FROM counted c
    WHERE NOT EXISTS (SELECT 1 FROM node_rows n WHERE n.snapshot_id = :snapshot AND n.attribute = c.attribute)
)
SELECT (SELECT count(*) FROM counted) AS attributes, (SELECT count(*) FROM missing) AS missing,
       (SELECT group_concat(attribute, ' ') FROM (SELECT attribute FROM missing ORDER BY attribute LIMIT 5)) AS examples;
