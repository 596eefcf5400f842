-- name: view-names
-- description: every view name of a snapshot (node_views), for suggesting one
-- params: snapshot (required)
-- internal: yes
SELECT DISTINCT view
FROM node_views
WHERE snapshot_id = :snapshot;
