-- name: run-causes
-- description: a run's invalidate, update and add_input hits in seq order; the input of RunCauses' replay
-- params: run (required)
-- internal: yes
SELECT ev.seq, ev.line, ev.kind, ev.input_attribute, ev.attribute
FROM run_events ev
-- run_events: the run's id range (Schema, migration 12), stored in hit order.
WHERE ev.run_id = :run
  AND ev.kind IN ('invalidate', 'update', 'add_input')
ORDER BY ev.id;
