-- name: updates
-- description: rule evaluations in a trace summed per rule: attributes, evaluations, total and self seconds (NULL when some evaluation cannot be timed)
-- params: trace (required)
-- units: total_seconds seconds, self_seconds seconds
-- by: rule
SELECT rule, view, count(DISTINCT attribute) AS attributes, count(*) AS updates, sum(changed) AS changes,
       CASE WHEN count(duration) = count(*) THEN sum(duration) END AS total_seconds,
       CASE WHEN count(self_duration) = count(*) THEN sum(self_duration) END AS self_seconds
FROM trace_updates
WHERE trace_id = :trace
GROUP BY rule
ORDER BY total_seconds DESC, updates DESC, rule;
