-- name: updates
-- description: per-node profile of a snapshot summed per SwiftUI view (node_views; profiled nodes no view names count under an empty view)
-- params: snapshot (required)
-- needs: profile
-- by: view
-- units: total_seconds seconds
SELECT v.view, sum(coalesce(n.update_count, 0)) AS updates, sum(coalesce(n.change_count, 0)) AS changes,
       count(*) AS nodes, sum(coalesce(n.update_total, 0.0)) AS total_seconds
FROM node_rows n
LEFT JOIN (SELECT graph_index, attribute, view FROM node_views WHERE snapshot_id = :snapshot) v
       ON v.graph_index = n.graph_index AND v.attribute = n.attribute
WHERE n.snapshot_id = :snapshot
  AND (n.update_count IS NOT NULL OR n.change_count IS NOT NULL OR n.update_total IS NOT NULL OR n.changed_total IS NOT NULL)
GROUP BY v.view
ORDER BY updates DESC, v.view;
