-- name: hitches
-- summary: each hitch and hang of an Instruments recording, explained: the SwiftUI updates inside its window per view, their share of its time, the update groups and the causes behind them
-- description: one row per hitch or hang (hitches, potential-hangs) and view whose updates overlap its window (start to start + duration): kind, position, start, duration, what (the hitch's narrative or label, the hang's type), view, body updates, updates, their own seconds (whole, as recorded), the part of it inside the window, share (that part, of the window's duration: its main-thread time), the update groups (transactions) in the window, the cause sources into the view in the window, and a sentence; a window with no update inside has one row with an empty view, and 0 updates when the recording has a swiftui-updates table, empty counts and shares (unknown, not 0) when it has none
-- params: xctrace (required)
-- flags: app-only
-- units: start_seconds seconds, duration_seconds seconds, own_seconds seconds, inside_seconds seconds, share fraction
WITH
windows AS (
    SELECT 'hitch' AS kind, position, start_ns, duration_ns, start_ns + duration_ns AS end_ns,
           coalesce(narrative, label) AS what
    FROM xctrace_hitches WHERE recording_id = :xctrace
    UNION ALL
    SELECT 'hang', position, start_ns, duration_ns, start_ns + duration_ns, hang_type
    FROM xctrace_hangs WHERE recording_id = :xctrace
),
-- Which tables the recording holds: no swiftui-updates table leaves the shares unknown
-- (empty), an updates table with nothing inside a window makes them 0.
has AS (
    SELECT EXISTS (SELECT 1 FROM xctrace_tables WHERE recording_id = :xctrace AND schema = 'swiftui-updates') AS updates,
           EXISTS (SELECT 1 FROM xctrace_tables WHERE recording_id = :xctrace AND schema = 'swiftui-update-groups') AS groups
),
-- Read once (the view behind xctrace_updates joins every cell), then matched to each window.
updates AS MATERIALIZED (
    SELECT position, start_ns, duration_ns, update_type, view, description
    FROM xctrace_updates
    WHERE recording_id = :xctrace AND (:app_only IS NULL OR is_app = 1)
),
-- An update that started before a window and ran into it counts: the longest update bounds
-- how far before the window's start to look.
longest AS (SELECT coalesce(max(duration_ns), 0) AS ns FROM updates),
inside AS (
    SELECT w.kind, w.position AS window_position, u.view, u.description, u.update_type, u.start_ns, u.duration_ns,
           min(u.start_ns + u.duration_ns, w.end_ns) - max(u.start_ns, w.start_ns) AS overlap_ns
    FROM windows w
    JOIN updates u ON u.start_ns < w.end_ns AND u.start_ns >= w.start_ns - (SELECT ns FROM longest)
                  AND (u.start_ns >= w.start_ns OR u.start_ns + u.duration_ns > w.start_ns)
),
per_view AS (
    SELECT kind, window_position, view,
           sum(update_type = 'View Body Updates') AS body_updates, count(*) AS updates,
           CASE WHEN count(duration_ns) = count(*) THEN sum(duration_ns) END AS own_ns,
           CASE WHEN count(overlap_ns) = count(*) THEN sum(overlap_ns) END AS overlap_ns
    FROM inside
    GROUP BY kind, window_position, view
),
group_rows AS (
    SELECT w.kind, w.position AS window_position, g.label
    FROM windows w
    JOIN xctrace_update_groups g ON g.recording_id = :xctrace AND g.start_ns < w.end_ns
                                AND g.start_ns + coalesce(g.duration_ns, 0) >= w.start_ns
),
groups AS (
    SELECT kind, window_position, count(*) AS groups,
           (SELECT group_concat(label, ', ') FROM (SELECT DISTINCT r.label FROM group_rows r
                                                   WHERE r.kind = o.kind AND r.window_position = o.window_position
                                                   ORDER BY r.label)) AS group_labels
    FROM group_rows o
    GROUP BY kind, window_position
),
cause_rows AS (
    SELECT DISTINCT w.kind, w.position AS window_position, v.view, c.source
    FROM windows w
    JOIN per_view v ON v.kind = w.kind AND v.window_position = w.position
    JOIN xctrace_causes c ON c.recording_id = :xctrace AND c.timestamp_ns >= w.start_ns AND c.timestamp_ns < w.end_ns
                         AND (c.destination = v.view OR c.destination = v.view || '.body'
                              OR c.destination IN (SELECT description FROM inside i
                                                   WHERE i.kind = w.kind AND i.window_position = w.position AND i.view = v.view))
),
causes AS (
    SELECT kind, window_position, view, group_concat(source, ', ') AS sources
    FROM (SELECT * FROM cause_rows ORDER BY source)
    GROUP BY kind, window_position, view
)
SELECT w.kind, w.position, w.start_ns / 1e9 AS start_seconds, w.duration_ns / 1e9 AS duration_seconds, w.what,
       v.view,
       coalesce(v.body_updates, CASE WHEN h.updates THEN 0 END) AS body_updates,
       coalesce(v.updates, CASE WHEN h.updates THEN 0 END) AS updates,
       CASE WHEN v.updates IS NOT NULL THEN v.own_ns / 1e9 WHEN h.updates THEN 0.0 END AS own_seconds,
       CASE WHEN v.updates IS NOT NULL THEN v.overlap_ns / 1e9 WHEN h.updates THEN 0.0 END AS inside_seconds,
       CASE WHEN w.duration_ns > 0 THEN CASE WHEN v.updates IS NOT NULL THEN 1.0 * v.overlap_ns / w.duration_ns WHEN h.updates THEN 0.0 END END AS share,
       coalesce(g.groups, CASE WHEN h.groups THEN 0 END) AS groups, g.group_labels, c.sources AS caused_by,
       printf('%s %s at %.3f s: ', CASE WHEN w.duration_ns IS NULL THEN 'unknown-length' ELSE printf('%.1f ms', w.duration_ns / 1e6) END,
              w.kind, w.start_ns / 1e9)
       || CASE WHEN v.updates IS NOT NULL
               THEN CASE WHEN v.overlap_ns IS NULL THEN 'unknown time' ELSE printf('%.1f ms', v.overlap_ns / 1e6) END
                    || ' in ' || v.updates || ' ' || coalesce(v.view, '(no view)') || CASE WHEN v.body_updates = v.updates THEN ' body' ELSE '' END
                    || CASE WHEN v.updates = 1 THEN ' update' ELSE ' updates' END
                    || coalesce(' caused by ' || c.sources, '')
               WHEN h.updates THEN 'no SwiftUI update' || CASE WHEN :app_only IS NULL THEN '' ELSE ' of the app' END || ' inside'
               ELSE 'no SwiftUI updates in this recording (its swiftui-updates table was not exported): unknown' END AS explanation
FROM windows w
CROSS JOIN has h
LEFT JOIN per_view v ON v.kind = w.kind AND v.window_position = w.position
LEFT JOIN groups g ON g.kind = w.kind AND g.window_position = w.position
LEFT JOIN causes c ON c.kind = w.kind AND c.window_position = w.position AND c.view IS v.view
ORDER BY w.start_ns, w.kind, w.position, v.overlap_ns DESC, v.updates DESC, v.view;
