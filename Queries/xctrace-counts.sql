-- name: xctrace-counts
-- description: what the gate counts in an Instruments recording: with key view (by_rule NULL) its body updates (View Body Updates) per view, with key rule every update per description; the own seconds summed when with_seconds is 1 and every counted update has a duration (NULL otherwise); updates of no view under '(no view)'
-- params: xctrace (required), by_rule (optional), with_seconds (optional)
-- internal: yes
-- The updates read first (a query that sums them would join every cell of xctrace_updates:
-- SQLite drops the unused joins only from a query that does not aggregate).
WITH u AS MATERIALIZED (
    SELECT description, view, duration_ns FROM xctrace_updates
    WHERE recording_id = :xctrace AND (:by_rule = 1 OR update_type = 'View Body Updates')
)
SELECT coalesce(CASE WHEN :by_rule = 1 THEN description ELSE view END, '(no view)') AS key, count(*) AS updates,
       CASE WHEN :with_seconds = 1 AND count(duration_ns) = count(*) THEN sum(duration_ns) / 1e9 END AS seconds
FROM u
GROUP BY key;
