-- name: export-types
-- description: every type of a snapshot with its rule and value type, for agtrace export dot (read once, not joined to each node)
-- params: snapshot (required)
-- internal: yes
SELECT graph_index, type_index, name AS rule, value_type
FROM types
WHERE snapshot_id = :snapshot;
