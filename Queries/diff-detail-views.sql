-- name: diff-detail-views
-- description: a snapshot's node_views rows (graph_index, attribute, view), to name diff --details' rows
-- params: snapshot (required)
-- internal: yes
SELECT graph_index, attribute, view FROM node_views WHERE snapshot_id = :snapshot;
