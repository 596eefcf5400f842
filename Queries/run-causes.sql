-- name: run-causes
-- description: a run's invalidate, update and add_input hits in seq order; the input of RunCauses' replay
-- params: run (required)
-- internal: yes
SELECT ev.seq, ev.line, ev.kind, ev.input_attribute, ev.attribute
FROM events ev
-- A run's events are the id range its row records, stored in hit order (see Schema, migration 5).
WHERE ev.id BETWEEN (SELECT first_event_id FROM runs WHERE id = :run) AND (SELECT last_event_id FROM runs WHERE id = :run)
  AND ev.kind IN ('invalidate', 'update', 'add_input')
ORDER BY ev.id;
