-- name: compare-types
-- description: a snapshot's rule names by type key, for the comparison of two snapshots (Reports/Snapshots/SnapshotComparison.swift)
-- params: snapshot (required)
-- internal: yes
SELECT graph_index, type_index, name
FROM types
WHERE snapshot_id = :snapshot;
