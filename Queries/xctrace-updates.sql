-- name: updates
-- description: an Instruments recording's SwiftUI updates (swiftui-updates) per update type and module: updates, own seconds (each update's own main-thread time; NULL when some update of the group has none) and downstream seconds (what they caused; NULL when the layout has no downstream-cost column or a row leaves it empty)
-- params: xctrace (required)
-- flags: app-only
-- units: own_seconds seconds, downstream_seconds seconds
-- The updates read first (a query that sums them would join every cell of xctrace_updates:
-- SQLite drops the unused joins only from a query that does not aggregate).
WITH u AS MATERIALIZED (
    SELECT update_type, module, is_app, duration_ns, downstream_cost_ns FROM xctrace_updates
    WHERE recording_id = :xctrace AND (:app_only IS NULL OR is_app = 1)
)
SELECT update_type, module, is_app, count(*) AS updates,
       CASE WHEN count(duration_ns) = count(*) THEN sum(duration_ns) / 1e9 END AS own_seconds,
       CASE WHEN count(downstream_cost_ns) = count(*) THEN sum(downstream_cost_ns) / 1e9 END AS downstream_seconds
FROM u
GROUP BY update_type, module
ORDER BY own_seconds DESC, updates DESC, update_type, module;
