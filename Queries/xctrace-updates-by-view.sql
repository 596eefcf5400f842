-- name: updates
-- description: an Instruments recording's SwiftUI updates per view (description without .body for body updates; never view-name): body updates, all updates, own seconds (summed main-thread time of the updates themselves), downstream seconds (what they caused), mean own seconds per update; NULL where some update leaves a time empty
-- params: xctrace (required)
-- flags: app-only
-- by: view
-- units: own_seconds seconds, downstream_seconds seconds, mean_seconds seconds
-- The rows grouped by their cells' value ids first (the export writes a repeated value once and
-- `ref`s it: one id), summing their durations (the values' numbers, as xctrace_updates reads
-- them); then each distinct (description, update type, module) named through one of its rows in
-- xctrace_updates (min of table_id << 32 | position: a row id, positions staying below 2^32),
-- and the sums merged by those names (two ids may hold one text). Reading every row through
-- xctrace_updates looked up five values per update and sorted them by text.
WITH by_ids AS MATERIALIZED (
    SELECT min((c.table_id << 32) | c.position) AS first_row, count(*) AS updates,
           count(duration.number) AS timed, sum(duration.number) AS own_ns,
           count(cost.number) AS costed, sum(cost.number) AS downstream_ns
    FROM xctrace_update_cells c
    LEFT JOIN xctrace_values duration ON duration.id = c.duration_value
    LEFT JOIN xctrace_values cost ON cost.id = c.downstream_cost_value
    WHERE c.recording_id = :xctrace
    GROUP BY c.description_value, c.update_type_value, c.module_value
),
u AS MATERIALIZED (
    SELECT x.description, x.update_type, x.module, x.view, x.is_app, i.updates, i.timed, i.own_ns, i.costed, i.downstream_ns
    FROM by_ids i JOIN xctrace_updates x ON x.table_id = i.first_row >> 32 AND x.position = i.first_row & 4294967295
    WHERE (:app_only IS NULL OR x.is_app = 1)
)
SELECT view, min(module) AS module,
       sum(CASE WHEN update_type IS NULL THEN NULL WHEN update_type = 'View Body Updates' THEN updates ELSE 0 END) AS body_updates,
       sum(updates) AS updates,
       CASE WHEN sum(timed) = sum(updates) THEN sum(own_ns) / 1e9 END AS own_seconds,
       CASE WHEN sum(costed) = sum(updates) THEN sum(downstream_ns) / 1e9 END AS downstream_seconds,
       CASE WHEN sum(timed) = sum(updates) THEN sum(own_ns) / 1e9 / sum(updates) END AS mean_seconds
FROM u
GROUP BY view
ORDER BY own_seconds DESC, updates DESC, view;
