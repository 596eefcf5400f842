-- name: updates
-- description: an Instruments recording's SwiftUI updates per description (what ran: a view's body, FeedRow.body, or a framework update, DynamicContainerInfo<…>; a recording's rule): update type, module, view, updates, own and downstream seconds (NULL where some update leaves one empty)
-- params: xctrace (required)
-- flags: app-only
-- by: rule
-- units: own_seconds seconds, downstream_seconds seconds
-- The updates read first (a query that sums them would join every cell of xctrace_updates:
-- SQLite drops the unused joins only from a query that does not aggregate).
WITH u AS MATERIALIZED (
    SELECT description, update_type, module, view, duration_ns, downstream_cost_ns FROM xctrace_updates
    WHERE recording_id = :xctrace AND (:app_only IS NULL OR is_app = 1)
)
SELECT description AS rule, min(update_type) AS update_type, min(module) AS module, min(view) AS view, count(*) AS updates,
       CASE WHEN count(duration_ns) = count(*) THEN sum(duration_ns) / 1e9 END AS own_seconds,
       CASE WHEN count(downstream_cost_ns) = count(*) THEN sum(downstream_cost_ns) / 1e9 END AS downstream_seconds
FROM u
GROUP BY description
ORDER BY own_seconds DESC, updates DESC, description;
