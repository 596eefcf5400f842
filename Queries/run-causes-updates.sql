-- name: run-causes-updates
-- description: a run's update hits in seq order (seq, attribute): what RunCauses' replay reads first, to know each node's next update
-- params: run (required)
-- internal: yes
SELECT ev.seq, ev.attribute
FROM run_events ev
-- run_events: the run's id range (Schema, migration 12), stored in hit order.
WHERE ev.run_id = :run
  AND ev.kind = 'update'
ORDER BY ev.id;
