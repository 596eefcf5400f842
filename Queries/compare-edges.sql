-- name: compare-edges
-- description: a snapshot's edges in (source, reader) order, as the table is clustered, one side of the merge that compares two snapshots (Reports/Snapshots/SnapshotComparison.swift)
-- params: snapshot (required)
-- internal: yes
SELECT src_attribute, dst_attribute, coalesce(offset, 0) AS offset
FROM edges
WHERE snapshot_id = :snapshot;
