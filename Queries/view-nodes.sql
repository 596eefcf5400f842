-- name: view-nodes
-- description: the attributes one view names in a snapshot (node_views), for --view NAME
-- params: snapshot (required), view (required)
-- internal: yes
SELECT DISTINCT attribute
FROM node_views
WHERE snapshot_id = :snapshot AND view = :view
ORDER BY attribute;
