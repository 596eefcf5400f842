-- name: node-views
-- description: every node of a snapshot that a view names (node_views, see docs/schema.md): attribute, view, graph_index; unordered (the caller keeps the lowest graph's)
-- params: snapshot (required)
-- internal: yes
SELECT attribute, view, graph_index
FROM node_views
WHERE snapshot_id = :snapshot;
