-- name: findings-trace-durations
-- description: findings: per view of a trace, the 95th percentile of its body evaluations' self durations (nearest rank: the ceil(0.95 n)-th shortest of the n timed ones)
-- params: trace (required)
-- internal: yes
SELECT view, self_duration AS p95
FROM (
    SELECT view, self_duration,
           row_number() OVER (PARTITION BY view ORDER BY self_duration) AS k,
           count(*) OVER (PARTITION BY view) AS n
    FROM trace_updates
    WHERE trace_id = :trace AND view IS NOT NULL AND self_duration IS NOT NULL
)
WHERE k = (95 * n + 99) / 100
ORDER BY view;
