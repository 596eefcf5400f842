-- name: node-views
-- description: the view name of every node of a snapshot that has one (node_views), for naming nodes in exports
-- params: snapshot (required)
-- internal: yes
SELECT attribute, view
FROM node_views
WHERE snapshot_id = :snapshot
ORDER BY graph_index DESC;
