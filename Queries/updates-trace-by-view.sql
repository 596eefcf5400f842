-- name: updates
-- description: rule evaluations in a trace summed per SwiftUI view (the view whose body the rule runs; rules of no view are left out): attributes, evaluations, total and self seconds
-- params: trace (required)
-- units: total_seconds seconds, self_seconds seconds
-- by: view
SELECT view, count(DISTINCT attribute) AS attributes, count(*) AS updates, sum(changed) AS changes,
       CASE WHEN count(duration) = count(*) THEN sum(duration) END AS total_seconds,
       CASE WHEN count(self_duration) = count(*) THEN sum(self_duration) END AS self_seconds
FROM trace_updates
WHERE trace_id = :trace AND view IS NOT NULL
GROUP BY view
ORDER BY total_seconds DESC, updates DESC, view;
