-- name: xctrace-counts
-- description: what the gate counts in an Instruments recording: with key view (by_rule NULL) its body updates (View Body Updates) per view, with key rule every update per description; the own seconds summed when with_seconds is 1 and every counted update has a duration (NULL otherwise); updates of no view under '(no view)'
-- params: xctrace (required), by_rule (optional), with_seconds (optional)
-- internal: yes
-- The rows grouped by their cells' value ids first (a repeated value is one id: the export
-- `ref`s it), each distinct (description, update type) named once through one of its rows in
-- xctrace_updates (min of table_id << 32 | position: a row id), the counts merged by name;
-- as the updates report does (xctrace-updates.sql says why).
WITH by_ids AS MATERIALIZED (
    SELECT min((c.table_id << 32) | c.position) AS first_row, count(*) AS updates,
           count(duration.number) AS timed, sum(duration.number) AS own_ns
    FROM xctrace_update_cells c
    LEFT JOIN xctrace_values duration ON duration.id = c.duration_value
    WHERE c.recording_id = :xctrace
    GROUP BY c.description_value, c.update_type_value
),
u AS MATERIALIZED (
    SELECT x.description, x.view, i.updates, i.timed, i.own_ns
    FROM by_ids i JOIN xctrace_updates x ON x.table_id = i.first_row >> 32 AND x.position = i.first_row & 4294967295
    WHERE (:by_rule = 1 OR x.update_type = 'View Body Updates')
)
SELECT coalesce(CASE WHEN :by_rule = 1 THEN description ELSE view END, '(no view)') AS key, sum(updates) AS updates,
       CASE WHEN :with_seconds = 1 AND sum(timed) = sum(updates) THEN sum(own_ns) / 1e9 END AS seconds
FROM u
GROUP BY key;
