-- name: findings-xctrace-bodies
-- description: findings: an Instruments recording's view body updates per view: updates, their own seconds, updates over the slow and very slow limits (ns), the longest, and the first slow rows' positions
-- params: xctrace (required), slow_ns (required), very_slow_ns (required)
-- internal: yes
-- The updates read first (a query that sums them would join every cell of xctrace_updates:
-- SQLite drops the unused joins only from a query that does not aggregate).
WITH u AS MATERIALIZED (
    SELECT view, position, duration_ns FROM xctrace_updates
    WHERE recording_id = :xctrace AND update_type = 'View Body Updates'
)
SELECT view, count(*) AS updates, sum(duration_ns) / 1e9 AS seconds,
       sum(duration_ns > :slow_ns) AS slow, sum(duration_ns > :very_slow_ns) AS very_slow,
       max(duration_ns) / 1e9 AS longest,
       group_concat(CASE WHEN duration_ns > :slow_ns THEN position END) AS slow_positions
FROM u
GROUP BY view
ORDER BY view;
