-- name: walk-types
-- description: the rule name of every type key of a snapshot
-- params: snapshot (required)
-- internal: yes
SELECT graph_index, type_index, name
FROM types
WHERE snapshot_id = :snapshot;
