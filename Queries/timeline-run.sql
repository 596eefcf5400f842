-- name: timeline-run
-- description: a run's update and invalidate hits in hit order, for agtrace export perfetto and html
-- params: run (required)
-- internal: yes
SELECT seq, line, kind, thread, attribute
FROM events
-- A run's events are the id range its row records (see Schema, migration 5).
WHERE id BETWEEN (SELECT first_event_id FROM runs WHERE id = :run) AND (SELECT last_event_id FROM runs WHERE id = :run)
  AND kind IN ('update', 'invalidate')
ORDER BY id;
