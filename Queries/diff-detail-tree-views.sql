-- name: diff-detail-tree-views
-- description: the views the debug tree names for one attribute of a snapshot (node_views' 'tree' rows), per graph, to name diff --details' rows
-- params: snapshot (required), attribute (required)
-- internal: yes
SELECT graph_index, view FROM tree_views WHERE snapshot_id = :snapshot AND attribute = :attribute ORDER BY graph_index;
