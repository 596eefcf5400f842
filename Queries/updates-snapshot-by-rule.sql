-- name: updates
-- description: per-node profile of a snapshot summed per rule (profiled nodes only)
-- params: snapshot (required)
-- needs: profile
-- by: rule
-- units: total_seconds seconds
WITH per_type AS (
    SELECT graph_index, type_index,
           sum(coalesce(update_count, 0)) AS updates, sum(coalesce(change_count, 0)) AS changes,
           count(*) AS nodes, sum(coalesce(update_total, 0.0)) AS total_seconds
    FROM nodes
    WHERE snapshot_id = :snapshot
      AND (update_count IS NOT NULL OR change_count IS NOT NULL OR update_total IS NOT NULL OR changed_total IS NOT NULL)
    GROUP BY graph_index, type_index
)
SELECT t.name AS rule, sum(p.updates) AS updates, sum(p.changes) AS changes, sum(p.nodes) AS nodes,
       sum(p.total_seconds) AS total_seconds
FROM per_type p
LEFT JOIN types t ON t.snapshot_id = :snapshot AND t.graph_index = p.graph_index AND t.type_index = p.type_index
GROUP BY t.name
ORDER BY updates DESC, rule;
