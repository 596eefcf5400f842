-- name: updates
-- description: rule evaluations per attribute in a trace, with their rule, view, total and self seconds from the trace's own timestamps (NULL when some evaluation of the attribute cannot be timed: whole-second timestamps, or no end)
-- params: trace (required)
-- units: total_seconds seconds, self_seconds seconds
SELECT attribute, rule, view, count(*) AS updates, sum(changed) AS changes,
       CASE WHEN count(duration) = count(*) THEN sum(duration) END AS total_seconds,
       CASE WHEN count(self_duration) = count(*) THEN sum(self_duration) END AS self_seconds
FROM trace_updates
WHERE trace_id = :trace
GROUP BY attribute
ORDER BY total_seconds DESC, updates DESC, attribute;
