-- name: compare-nodes
-- description: a snapshot's nodes in attribute order, one side of the merge that compares two snapshots (Reports/Snapshots/SnapshotComparison.swift)
-- params: snapshot (required), values (optional)
-- internal: yes
SELECT attribute, graph_index, type_index, flags,
       -- Values only when asked for (diff compares them; edge-churn does not).
       CASE WHEN :values THEN value END AS value
FROM node_rows
WHERE snapshot_id = :snapshot
ORDER BY attribute;
