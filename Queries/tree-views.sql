-- name: tree-views
-- description: a snapshot's nodes named by the debug tree (tree_views), by attribute, lowest graph first
-- params: snapshot (required)
-- internal: yes
SELECT attribute, view, graph_index
FROM tree_views
WHERE snapshot_id = :snapshot
ORDER BY attribute, graph_index;
