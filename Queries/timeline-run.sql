-- name: timeline-run
-- description: a run's update and invalidate hits in hit order, for agtrace export perfetto and html
-- params: run (required)
-- internal: yes
-- time_us: a recorded run's clock (events.time_ns, from `agtrace record`) in µs from its first
-- hit; NULL unless every hit has a time (the other transcript shapes have none).
SELECT seq, line, kind, thread, attribute,
       -- Two scalar subqueries, each run once (a window over every row held them all first).
       CASE WHEN (SELECT count(time_ns) = count(*) FROM run_events WHERE run_id = :run AND kind IN ('update', 'invalidate'))
            THEN (time_ns - (SELECT min(time_ns) FROM run_events WHERE run_id = :run)) / 1000.0 END AS time_us
FROM run_events
-- run_events: the run's id range (Schema, migration 12).
WHERE run_id = :run
  AND kind IN ('update', 'invalidate')
ORDER BY id;
