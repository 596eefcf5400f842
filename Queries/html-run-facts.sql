-- name: html-run-facts
-- description: one run's label, source, hash, import time, size and hit counts by kind, for the HTML report's header
-- params: run (required)
-- internal: yes
-- One pass over the run's events (the view run_events reads them by their id range).
WITH hits AS (
    SELECT sum(kind = 'update') AS updates, sum(kind = 'invalidate') AS invalidations, sum(kind = 'add_input') AS add_inputs
    FROM run_events WHERE run_id = :run
)
SELECT r.label, r.source, r.sha256, r.imported_at, r.size_bytes, r.event_count, r.skipped_lines, r.incomplete_hits,
       h.updates, h.invalidations, h.add_inputs
FROM runs r, hits h
WHERE r.id = :run;
