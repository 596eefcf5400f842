-- name: node-views
-- description: every node of a snapshot that a view names (node_views, see docs/schema.md): attribute, view, source
-- params: snapshot (required)
-- internal: yes
SELECT attribute, view, source
FROM node_views
WHERE snapshot_id = :snapshot
ORDER BY attribute, graph_index;
