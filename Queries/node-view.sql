-- name: node-view
-- description: the view that names one attribute of a snapshot (node_views), from its lowest graph
-- params: snapshot (required), attribute (required)
-- internal: yes
SELECT view
FROM node_views
WHERE snapshot_id = :snapshot AND attribute = :attribute
ORDER BY graph_index
LIMIT 1;
