-- name: diff-detail-nodes
-- description: a snapshot's nodes in attribute order, then graph: attribute, graph_index, type_index, flags, value; one side of diff --details' merge, which names them (and keeps those with a type) by diff-detail-types
-- params: snapshot (required)
-- internal: yes
-- Straight from node_rows: the nodes view would work out every node's subgraph, and a join to
-- types per node cost more than reading the types once (0.65 -> 0.4 s a side of 210k nodes).
SELECT n.attribute, n.graph_index, n.type_index, n.flags, n.value
FROM node_rows n
WHERE n.snapshot_id = :snapshot
ORDER BY n.attribute, n.graph_index;
