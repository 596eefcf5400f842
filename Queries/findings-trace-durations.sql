-- name: findings-trace-durations
-- description: findings: every self duration of one view's body evaluations in a trace, shortest first (for its 95th percentile)
-- params: trace (required), view (required)
-- internal: yes
SELECT self_duration
FROM trace_updates
WHERE trace_id = :trace AND view = :view AND self_duration IS NOT NULL
ORDER BY self_duration;
