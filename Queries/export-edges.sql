-- name: export-edges
-- description: every edge of a snapshot, for agtrace export dot
-- params: snapshot (required)
-- internal: yes
SELECT graph_index, src_attribute, dst_attribute, coalesce(offset, 0) AS offset, coalesce(flags, 0) AS flags
FROM edges
WHERE snapshot_id = :snapshot;
