-- name: diff-unknown-flags
-- description: how many nodes present in both snapshots (same attribute, rule and graph, as diff --details pairs them) have no flags in one dump or both: unknown, so diff --details does not compare them
-- params: from (required), to (required)
-- internal: yes
-- Read straight from node_rows and types: the nodes view would work out every node's subgraph.
SELECT count(*) AS nodes
FROM node_rows t
JOIN types tt ON tt.snapshot_id = t.snapshot_id AND tt.graph_index = t.graph_index AND tt.type_index = t.type_index
JOIN node_rows f ON f.snapshot_id = :from AND f.attribute = t.attribute AND f.graph_index = t.graph_index
JOIN types tf ON tf.snapshot_id = f.snapshot_id AND tf.graph_index = f.graph_index AND tf.type_index = f.type_index
WHERE t.snapshot_id = :to AND tf.name IS tt.name AND (f.flags IS NULL OR t.flags IS NULL);
