-- name: diff-detail-types
-- description: a snapshot's types by (graph_index, type_index): the rule and the view its body rule names; what diff --details names the nodes of diff-detail-nodes by
-- params: snapshot (required)
-- internal: yes
SELECT graph_index, type_index, name AS rule, view
FROM types
WHERE snapshot_id = :snapshot;
