-- name: diff-detail-edges
-- description: a snapshot's edges in (source, reader, offset, flags) order: src, dst, offset, flags, graph_index; one side of diff --details' merge, grouped there into (source, reader, offset) multisets
-- params: snapshot (required)
-- internal: yes
SELECT src_attribute, dst_attribute, offset, flags, graph_index
FROM edges
WHERE snapshot_id = :snapshot
ORDER BY src_attribute, dst_attribute, offset, flags;
