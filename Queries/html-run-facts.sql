-- name: html-run-facts
-- description: one run's label, source, hash, import time, size and hit counts by kind, for the HTML report's header
-- params: run (required)
-- internal: yes
-- One pass over the run's id range (see Schema, migration 5).
SELECT r.label, r.source, r.sha256, r.imported_at, r.size_bytes, r.event_count, r.skipped_lines, r.incomplete_hits,
       sum(e.kind = 'update') AS updates, sum(e.kind = 'invalidate') AS invalidations, sum(e.kind = 'add_input') AS add_inputs
FROM runs r
LEFT JOIN events e ON e.id BETWEEN r.first_event_id AND r.last_event_id
WHERE r.id = :run
GROUP BY r.id;
