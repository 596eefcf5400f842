-- name: snapshot-type-views
-- description: the view each type of a snapshot runs the body of (types.view, node_views' 'body' source), for naming a big snapshot's nodes quickly
-- params: snapshot (required)
-- internal: yes
SELECT graph_index, type_index, view
FROM types
WHERE snapshot_id = :snapshot AND view IS NOT NULL;
