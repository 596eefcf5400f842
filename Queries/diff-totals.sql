-- name: diff-totals
-- description: node and edge totals of two snapshots, from the graphs' counts
-- params: from (required), to (required)
-- internal: yes
SELECT (SELECT coalesce(sum(node_count), 0) FROM graphs WHERE snapshot_id = :from) AS nodes_from,
       (SELECT coalesce(sum(node_count), 0) FROM graphs WHERE snapshot_id = :to) AS nodes_to,
       (SELECT coalesce(sum(edge_count), 0) FROM graphs WHERE snapshot_id = :from) AS edges_from,
       (SELECT coalesce(sum(edge_count), 0) FROM graphs WHERE snapshot_id = :to) AS edges_to;
