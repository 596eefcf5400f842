-- name: nodes-per-type
-- description: every node row of a snapshot in storage order with what NodeTypeTotals sums per type: flags and profile (NULL when the dump has none), and the attribute
-- params: snapshot (required)
-- internal: yes
SELECT graph_index, type_index, flags, update_count, update_total, attribute
FROM node_rows
-- A snapshot's node rows are the id range of its graphs (see walk-nodes.sql).
WHERE id BETWEEN (SELECT min(first_node_id) FROM graphs WHERE snapshot_id = :snapshot)
             AND (SELECT max(first_node_id + node_count - 1) FROM graphs WHERE snapshot_id = :snapshot)
  AND +snapshot_id = :snapshot;
