-- name: timeline-run
-- description: a run's update and invalidate hits in hit order, for agtrace export perfetto and html
-- params: run (required)
-- internal: yes
-- time_us: a recorded run's clock (events.time_ns, from `agtrace record`) in µs from its first
-- hit; NULL unless every hit has a time (the other transcript shapes have none).
SELECT seq, line, kind, thread, attribute,
       CASE WHEN count(time_ns) OVER () = count(*) OVER ()
            THEN (time_ns - (SELECT min(time_ns) FROM events
                             WHERE id BETWEEN (SELECT first_event_id FROM runs WHERE id = :run)
                                          AND (SELECT last_event_id FROM runs WHERE id = :run))) / 1000.0 END AS time_us
FROM events
-- A run's events are the id range its row records (see Schema, migration 5).
WHERE id BETWEEN (SELECT first_event_id FROM runs WHERE id = :run) AND (SELECT last_event_id FROM runs WHERE id = :run)
  AND kind IN ('update', 'invalidate')
ORDER BY id;
