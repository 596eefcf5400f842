-- name: walk-nodes
-- description: every node of a snapshot in attribute order with its type key and flags, for walks too big to name node by node
-- params: snapshot (required)
-- internal: yes
SELECT attribute, graph_index, type_index, coalesce(flags, 0) AS flags
FROM nodes
WHERE snapshot_id = :snapshot
ORDER BY attribute, graph_index;
