-- name: run-causes-edges
-- description: a snapshot's edges (input, reader), known to RunCauses' replay from a run's start
-- params: snapshot (required)
-- internal: yes
SELECT src_attribute, dst_attribute FROM edges WHERE snapshot_id = :snapshot;
