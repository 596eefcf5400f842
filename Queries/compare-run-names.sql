-- name: compare-run-names
-- description: a dump's rule and view of each attribute, to name a run's writes and the views they re-ran (NULL where the dump's graphs disagree)
-- params: snapshot (required)
-- internal: yes
-- The snapshot's views read once: a lookup per attribute into node_views (a union) scans them all.
WITH v AS MATERIALIZED (
    SELECT attribute, CASE WHEN count(DISTINCT view) = 1 THEN min(view) END AS view
    FROM node_views WHERE snapshot_id = :snapshot GROUP BY attribute
)
SELECT r.attribute,
       CASE WHEN count(DISTINCT coalesce(r.rule, '')) = 1 THEN min(r.rule) END AS rule,
       min(v.view) AS view
FROM node_rules r
LEFT JOIN v ON v.attribute = r.attribute
WHERE r.snapshot_id = :snapshot
GROUP BY r.attribute
ORDER BY r.attribute;
