-- name: rule-cost
-- description: per description (a recording's rule: FeedRow.body, DynamicContainerInfo<…>) of an Instruments recording: updates, self seconds (the updates' own main-thread time), downstream seconds (what they caused), mean, 95th percentile (nearest rank) and longest own time, and share (of all updates' own time); own times are NULL for a description with an update that has none, downstream NULL when some update has no downstream-cost (the Xcode 26 layout has none)
-- params: xctrace (required)
-- flags: app-only
-- units: self_seconds seconds, downstream_seconds seconds, mean_seconds seconds, p95_seconds seconds, max_seconds seconds, share fraction
-- The updates read first (a query that sums them would join every cell of xctrace_updates:
-- SQLite drops the unused joins only from a query that does not aggregate).
WITH
u AS MATERIALIZED (
    SELECT description, update_type, module, view, duration_ns, downstream_cost_ns FROM xctrace_updates
    WHERE recording_id = :xctrace AND (:app_only IS NULL OR is_app = 1)
),
-- The 95th percentile by agtrace_nearest_rank, an aggregate that sorts each description's durations
-- in the pass that sums them (a window ranking every row, then a join back, took a third of the time).
per_rule AS MATERIALIZED (
    SELECT description, min(update_type) AS update_type, min(module) AS module, min(view) AS view, count(*) AS updates,
           CASE WHEN count(duration_ns) = count(*) THEN sum(duration_ns) END AS self_ns,
           CASE WHEN count(downstream_cost_ns) = count(*) THEN sum(downstream_cost_ns) END AS downstream_ns,
           CASE WHEN count(duration_ns) = count(*) THEN max(duration_ns) END AS max_ns,
           agtrace_nearest_rank(duration_ns, 95) AS p95_ns
    FROM u
    GROUP BY description
),
whole AS (SELECT sum(self_ns) AS ns, count(*) - count(self_ns) AS untimed FROM per_rule)
SELECT p.description AS rule, p.update_type, p.module, p.view, p.updates,
       p.self_ns / 1e9 AS self_seconds, p.downstream_ns / 1e9 AS downstream_seconds,
       p.self_ns / 1e9 / p.updates AS mean_seconds, p.p95_ns / 1e9 AS p95_seconds, p.max_ns / 1e9 AS max_seconds,
       CASE WHEN w.untimed = 0 AND w.ns > 0 THEN 1.0 * p.self_ns / w.ns END AS share
FROM per_rule p, whole w
ORDER BY p.self_ns DESC, p.updates DESC, p.description;
