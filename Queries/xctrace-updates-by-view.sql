-- name: updates
-- description: an Instruments recording's SwiftUI updates per view (description without .body for body updates; never view-name): body updates, all updates, own seconds (summed main-thread time of the updates themselves), downstream seconds (what they caused), mean own seconds per update; NULL where some update leaves a time empty
-- params: xctrace (required)
-- flags: app-only
-- by: view
-- units: own_seconds seconds, downstream_seconds seconds, mean_seconds seconds
-- The updates read first (a query that sums them would join every cell of xctrace_updates:
-- SQLite drops the unused joins only from a query that does not aggregate).
WITH u AS MATERIALIZED (
    SELECT view, module, update_type, duration_ns, downstream_cost_ns FROM xctrace_updates
    WHERE recording_id = :xctrace AND (:app_only IS NULL OR is_app = 1)
)
SELECT view, min(module) AS module,
       sum(update_type = 'View Body Updates') AS body_updates, count(*) AS updates,
       CASE WHEN count(duration_ns) = count(*) THEN sum(duration_ns) / 1e9 END AS own_seconds,
       CASE WHEN count(downstream_cost_ns) = count(*) THEN sum(downstream_cost_ns) / 1e9 END AS downstream_seconds,
       CASE WHEN count(duration_ns) = count(*) THEN sum(duration_ns) / 1e9 / count(*) END AS mean_seconds
FROM u
GROUP BY view
ORDER BY own_seconds DESC, updates DESC, view;
