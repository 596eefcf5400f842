-- name: export-nodes
-- description: every node of a snapshot with its type's index (export-types names it), for agtrace export dot
-- params: snapshot (required)
-- internal: yes
SELECT n.attribute, n.graph_index, n.type_index, coalesce(n.flags, 0) AS flags, n.value
FROM nodes n
WHERE n.snapshot_id = :snapshot
ORDER BY n.graph_index, n.node_index;
