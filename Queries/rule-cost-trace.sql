-- name: rule-cost
-- description: per rule, from a trace's own timestamps: evaluations, total seconds (nested evaluations included), self seconds (without them), mean, 95th percentile (nearest rank) and longest evaluation, and share (of all evaluations' self seconds); times are NULL for a rule with an evaluation that cannot be timed
-- params: trace (required)
-- units: total_seconds seconds, self_seconds seconds, mean_seconds seconds, p95_seconds seconds, max_seconds seconds, share fraction
WITH
ranked AS (
    SELECT rule, view, duration, self_duration,
           row_number() OVER (PARTITION BY rule ORDER BY duration) AS position,
           count(*) OVER (PARTITION BY rule) AS evaluations
    FROM trace_updates
    WHERE trace_id = :trace
),
per_rule AS (
    SELECT rule, min(view) AS view, count(*) AS evaluations,
           CASE WHEN count(duration) = count(*) THEN sum(duration) END AS total_seconds,
           CASE WHEN count(self_duration) = count(*) THEN sum(self_duration) END AS self_seconds,
           CASE WHEN count(duration) = count(*) THEN max(duration) END AS max_seconds,
           CASE WHEN count(duration) = count(*)
                THEN max(CASE WHEN position = (evaluations * 95 + 99) / 100 THEN duration END) END AS p95_seconds
    FROM ranked
    GROUP BY rule
),
whole AS (SELECT sum(self_seconds) AS seconds, count(*) - count(self_seconds) AS untimed FROM per_rule)
SELECT p.rule, p.view, p.evaluations, p.total_seconds, p.self_seconds,
       p.total_seconds / p.evaluations AS mean_seconds,
       p.p95_seconds, p.max_seconds,
       CASE WHEN w.untimed = 0 AND w.seconds > 0 THEN p.self_seconds / w.seconds END AS share
FROM per_rule p, whole w
ORDER BY p.self_seconds DESC, p.evaluations DESC, p.rule;
