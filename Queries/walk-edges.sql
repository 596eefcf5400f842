-- name: walk-edges
-- description: every read-by edge of a snapshot in source order, for walks too big to fetch node by node
-- params: snapshot (required)
-- internal: yes
SELECT src_attribute, dst_attribute
FROM edges
WHERE snapshot_id = :snapshot
ORDER BY src_attribute;
