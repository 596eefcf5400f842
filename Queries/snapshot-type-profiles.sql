-- name: snapshot-type-profiles
-- description: every type of a snapshot with its own profile (NULL when the dump has none at the type's level), in key order
-- params: snapshot (required)
-- internal: yes
SELECT graph_index, type_index, name, update_count, update_total
FROM types
WHERE snapshot_id = :snapshot
ORDER BY graph_index, type_index;
