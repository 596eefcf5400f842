-- name: diff-detail-nodes
-- description: a snapshot's nodes with a type (node_rules' rows) in attribute order, then graph: attribute, graph_index, rule, flags, value, and the view its body rule names (node_views' 'body' rows); one side of diff --details' merge
-- params: snapshot (required)
-- internal: yes
-- Straight from node_rows and types: the nodes view would work out every node's subgraph.
SELECT n.attribute, n.graph_index, t.name AS rule, n.flags, n.value, t.view
FROM node_rows n
JOIN types t ON t.snapshot_id = n.snapshot_id AND t.graph_index = n.graph_index AND t.type_index = n.type_index
WHERE n.snapshot_id = :snapshot
ORDER BY n.attribute, n.graph_index;
