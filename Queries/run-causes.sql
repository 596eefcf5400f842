-- name: run-causes
-- description: a run's invalidate, update and add_input hits in seq order, after a snapshot's edges (seq 0, known from the start); the input of RunCauses
-- params: run (required), snapshot (optional)
-- internal: yes
SELECT 0 AS seq, NULL AS line, 'edge' AS kind, e.src_attribute AS input_attribute, e.dst_attribute AS attribute
FROM edges e
WHERE e.snapshot_id = :snapshot
UNION ALL
SELECT ev.seq, ev.line, ev.kind, ev.input_attribute, ev.attribute
FROM events ev
-- A run's events are the id range its row records (see Schema, migration 5).
WHERE ev.id BETWEEN (SELECT first_event_id FROM runs WHERE id = :run) AND (SELECT last_event_id FROM runs WHERE id = :run)
  AND ev.kind IN ('invalidate', 'update', 'add_input');
