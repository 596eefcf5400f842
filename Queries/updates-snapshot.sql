-- name: updates
-- description: per-node profile of a snapshot: rule runs (updates) and value changes of every profiled node
-- params: snapshot (required)
-- needs: profile
SELECT n.attribute, t.name AS rule,
       coalesce(n.update_count, 0) AS updates,
       coalesce(n.change_count, 0) AS changes,
       coalesce(n.update_total, 0.0) AS total_seconds,
       n.graph_index AS graph
FROM nodes n
LEFT JOIN types t ON t.snapshot_id = n.snapshot_id AND t.graph_index = n.graph_index AND t.type_index = n.type_index
WHERE n.snapshot_id = :snapshot
  AND (n.update_count IS NOT NULL OR n.change_count IS NOT NULL
       OR n.update_total IS NOT NULL OR n.changed_total IS NOT NULL)
ORDER BY updates DESC, n.attribute, n.graph_index;
