-- name: export-graphs
-- description: the graphs of a snapshot, for agtrace export dot
-- params: snapshot (required)
-- internal: yes
SELECT graph_index, graph_id, node_count, edge_count
FROM graphs
WHERE snapshot_id = :snapshot
ORDER BY graph_index;
