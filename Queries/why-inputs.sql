-- name: why-inputs
-- description: every input edge of a snapshot by reader: dst_attribute, src_attribute, flags (bit 3, value 8: changed since the reader last ran)
-- params: snapshot (required)
-- internal: yes
SELECT dst_attribute, src_attribute, flags
FROM edges
WHERE snapshot_id = :snapshot
ORDER BY dst_attribute, src_attribute;
