-- name: updates
-- description: per-node profile of a snapshot: rule runs (updates) and value changes of every profiled node
-- params: snapshot (required)
-- needs: profile
-- units: total_seconds seconds
SELECT n.attribute, t.name AS rule,
       coalesce(n.update_count, 0) AS updates,
       coalesce(n.change_count, 0) AS changes,
       coalesce(n.update_total, 0.0) AS total_seconds,
       n.graph_index AS graph
FROM node_rows n
LEFT JOIN types t ON t.snapshot_id = n.snapshot_id AND t.graph_index = n.graph_index AND t.type_index = n.type_index
-- The snapshot's node rows by their id range, read in storage order rather than a table
-- lookup per row through nodes_by_attribute (0.85 -> 0.67 s on a million nodes); a snapshot
-- without graphs rows (written by hand) falls back to its smallest and largest id.
WHERE n.id BETWEEN coalesce((SELECT min(first_node_id) FROM graphs WHERE snapshot_id = :snapshot),
                            (SELECT min(id) FROM node_rows WHERE snapshot_id = :snapshot))
               AND coalesce((SELECT max(first_node_id + node_count - 1) FROM graphs WHERE snapshot_id = :snapshot),
                            (SELECT max(id) FROM node_rows WHERE snapshot_id = :snapshot))
  AND +n.snapshot_id = :snapshot
  AND (n.update_count IS NOT NULL OR n.change_count IS NOT NULL
       OR n.update_total IS NOT NULL OR n.changed_total IS NOT NULL)
ORDER BY updates DESC, n.attribute, n.graph_index;
