-- name: run-snapshot-ambiguous
-- description: the attributes a run counts (its update hits) that several graphs of a snapshot hold with different rules (rule_ambiguous 1) or views (view_ambiguous 1): an id is unique per graph, not per dump, so such a hit cannot be named from the dump
-- params: run (required), snapshot (required)
-- internal: yes
WITH counted AS (
    SELECT DISTINCT attribute FROM run_events
    -- run_events: the run's id range (Schema, migration 12).
    WHERE run_id = :run AND kind = 'update' AND attribute IS NOT NULL
),
-- The snapshot's views read once: a lookup per node into node_views (a union) scans them all.
views AS MATERIALIZED (
    SELECT graph_index, attribute, min(view) AS view FROM node_views WHERE snapshot_id = :snapshot GROUP BY graph_index, attribute
),
named AS (
    SELECT n.attribute, n.graph_index, coalesce(t.name, '') AS rule, coalesce(v.view, '') AS view
    FROM counted c
    JOIN node_rows n ON n.snapshot_id = :snapshot AND n.attribute = c.attribute
    LEFT JOIN types t ON t.snapshot_id = n.snapshot_id AND t.graph_index = n.graph_index AND t.type_index = n.type_index
    LEFT JOIN views v ON v.graph_index = n.graph_index AND v.attribute = n.attribute
)
SELECT attribute, count(DISTINCT rule) > 1 AS rule_ambiguous, count(DISTINCT view) > 1 AS view_ambiguous
FROM named
GROUP BY attribute
HAVING count(DISTINCT rule) > 1 OR count(DISTINCT view) > 1
ORDER BY attribute;
