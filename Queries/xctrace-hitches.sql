-- name: hitches
-- summary: each hitch and hang of an Instruments recording, explained: the SwiftUI updates inside its window per view, their share of its time, the update groups and the causes behind them
-- description: one row per hitch or hang (hitches, potential-hangs) and view whose updates overlap its window (start to start + duration): kind, position, start, duration, what (the hitch's narrative or label, the hang's type), view, body updates, updates, their own seconds (whole, as recorded), the part of it inside the window, share (that part, of the window's duration: its main-thread time), the update groups (transactions) in the window, the cause sources into the view in the window, and a sentence; a window with no update inside has one row with an empty view, and 0 updates when the recording has a swiftui-updates table, empty counts and shares (unknown, not 0) when it has none
-- params: xctrace (required)
-- flags: app-only
-- units: start_seconds seconds, duration_seconds seconds, own_seconds seconds, inside_seconds seconds, share fraction
WITH
-- Each window once, under an id of its own (two tables of one schema may repeat positions).
windows AS MATERIALIZED (
    SELECT row_number() OVER () AS id, kind, position, start_ns, duration_ns, end_ns, what FROM (
        SELECT 'hitch' AS kind, position, start_ns, duration_ns, start_ns + duration_ns AS end_ns,
               coalesce(narrative, label) AS what
        FROM xctrace_hitches WHERE recording_id = :xctrace
        UNION ALL
        SELECT 'hang', position, start_ns, duration_ns, start_ns + duration_ns, hang_type
        FROM xctrace_hangs WHERE recording_id = :xctrace)
),
-- Which tables the recording holds: no swiftui-updates table leaves the shares unknown
-- (empty), an updates table with nothing inside a window makes them 0.
has AS (
    SELECT EXISTS (SELECT 1 FROM xctrace_tables WHERE recording_id = :xctrace AND schema = 'swiftui-updates') AS updates,
           EXISTS (SELECT 1 FROM xctrace_tables WHERE recording_id = :xctrace AND schema = 'swiftui-update-groups') AS groups
),
-- Updates, update groups and causes read once (the views join every cell), each numbered in
-- the order of its start (k; an unknown start first): what starts in a time span is then a
-- span of k, and matching windows to them is one sort and lookups by k (an index SQLite
-- builds), not every window against every row.
-- (The rows first, then numbered: SQLite drops xctrace_updates' unused joins only from a
-- query without window or aggregate.)
update_rows AS MATERIALIZED (
    SELECT position, start_ns, duration_ns, update_type, view, description
    FROM xctrace_updates
    WHERE recording_id = :xctrace AND (:app_only IS NULL OR is_app = 1)
),
updates AS MATERIALIZED (
    SELECT row_number() OVER (ORDER BY start_ns) AS k, position, start_ns, duration_ns, update_type, view, description
    FROM update_rows
),
update_groups AS MATERIALIZED (
    SELECT row_number() OVER (ORDER BY start_ns) AS k, start_ns, duration_ns, label
    FROM xctrace_update_groups WHERE recording_id = :xctrace
),
causes_in AS MATERIALIZED (
    SELECT row_number() OVER (ORDER BY timestamp_ns) AS k, timestamp_ns, source, destination
    FROM xctrace_causes WHERE recording_id = :xctrace
),
-- An update (a group) that started before a window and ran into it counts: the longest
-- bounds how far before the window's start to look.
longest AS (
    SELECT (SELECT coalesce(max(duration_ns), 0) FROM updates) AS updates,
           (SELECT coalesce(max(coalesce(duration_ns, 0)), 0) FROM update_groups) AS groups
),
-- Each window's span of k in each of the three (u, g, c): its edges sorted among the starts
-- (an edge before a start at the same time); the starts before an edge are the k before the
-- span's first (the edge a window's start, less the longest) or the span's last (its end).
-- What the span holds is then checked against the window as before.
window_edges AS (
    SELECT w.id, s.src, 0 AS last, w.start_ns - CASE s.src WHEN 'u' THEN l.updates WHEN 'g' THEN l.groups ELSE 0 END AS t
    FROM windows w CROSS JOIN longest l CROSS JOIN (SELECT 'u' AS src UNION ALL SELECT 'g' UNION ALL SELECT 'c') s
    WHERE w.start_ns IS NOT NULL AND w.end_ns IS NOT NULL
    UNION ALL
    SELECT w.id, s.src, 1, w.end_ns
    FROM windows w CROSS JOIN (SELECT 'u' AS src UNION ALL SELECT 'g' UNION ALL SELECT 'c') s
    WHERE w.start_ns IS NOT NULL AND w.end_ns IS NOT NULL
),
counted AS (
    SELECT id, src, last, sum(is_start) OVER (PARTITION BY src ORDER BY t, is_start ROWS UNBOUNDED PRECEDING) AS before
    FROM (SELECT id, src, last, t, 0 AS is_start FROM window_edges
          UNION ALL SELECT NULL, 'u', NULL, start_ns, 1 FROM updates
          UNION ALL SELECT NULL, 'g', NULL, start_ns, 1 FROM update_groups
          UNION ALL SELECT NULL, 'c', NULL, timestamp_ns, 1 FROM causes_in)
),
spans AS (
    SELECT id, src, max(CASE WHEN last = 0 THEN before + 1 END) AS k_from, max(CASE WHEN last = 1 THEN before END) AS k_to
    FROM counted WHERE id IS NOT NULL
    GROUP BY id, src
),
candidates(id, src, k, k_to) AS (
    SELECT id, src, k_from, k_to FROM spans WHERE k_from <= k_to
    UNION ALL
    SELECT id, src, k + 1, k_to FROM candidates WHERE k < k_to
),
inside AS MATERIALIZED (
    SELECT w.kind, w.position AS window_position, u.view, u.description, u.update_type, u.start_ns, u.duration_ns,
           min(u.start_ns + u.duration_ns, w.end_ns) - max(u.start_ns, w.start_ns) AS overlap_ns
    FROM candidates c
    JOIN windows w ON w.id = c.id
    JOIN updates u ON u.k = c.k
    WHERE c.src = 'u' AND u.start_ns < w.end_ns AND (u.start_ns >= w.start_ns OR u.start_ns + u.duration_ns > w.start_ns)
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
    FROM candidates c
    JOIN windows w ON w.id = c.id
    JOIN update_groups g ON g.k = c.k
    WHERE c.src = 'g' AND g.start_ns < w.end_ns AND g.start_ns + coalesce(g.duration_ns, 0) >= w.start_ns
),
-- Each window's distinct labels joined in their order: the window function feeds
-- group_concat in label order (no pass over every group row per window).
group_labels AS (
    SELECT DISTINCT kind, window_position,
           group_concat(label, ', ') OVER (PARTITION BY kind, window_position ORDER BY label
                                           ROWS BETWEEN UNBOUNDED PRECEDING AND UNBOUNDED FOLLOWING) AS labels
    FROM (SELECT DISTINCT kind, window_position, label FROM group_rows)
),
groups AS (
    SELECT o.kind, o.window_position, o.groups, l.labels AS group_labels
    FROM (SELECT kind, window_position, count(*) AS groups FROM group_rows GROUP BY kind, window_position) o
    JOIN group_labels l ON l.kind = o.kind AND l.window_position = o.window_position
),
cause_rows AS (
    SELECT DISTINCT w.kind, w.position AS window_position, v.view, c.source
    FROM candidates n
    JOIN windows w ON w.id = n.id
    JOIN causes_in c ON c.k = n.k
    JOIN per_view v ON v.kind = w.kind AND v.window_position = w.position
    WHERE n.src = 'c' AND c.timestamp_ns >= w.start_ns AND c.timestamp_ns < w.end_ns
      AND (c.destination = v.view OR c.destination = v.view || '.body'
           OR c.destination IN (SELECT description FROM inside i
                                WHERE i.kind = w.kind AND i.window_position = w.position AND i.view = v.view))
),
causes AS (
    SELECT kind, window_position, view, group_concat(source, ', ') AS sources
    FROM (SELECT * FROM cause_rows ORDER BY source)
    GROUP BY kind, window_position, view
),
-- Each window with each view its updates overlap, or alone when none does (what a LEFT JOIN
-- gives, driven by the views' rows: SQLite would scan all of them for every window).
window_views AS (
    SELECT w.kind, w.position, w.start_ns, w.duration_ns, w.what,
           v.view, v.body_updates, v.updates, v.own_ns, v.overlap_ns
    FROM per_view v JOIN windows w ON w.kind = v.kind AND w.position = v.window_position
    UNION ALL
    SELECT w.kind, w.position, w.start_ns, w.duration_ns, w.what, NULL, NULL, NULL, NULL, NULL
    FROM windows w
    WHERE NOT EXISTS (SELECT 1 FROM per_view v WHERE v.kind = w.kind AND v.window_position = w.position)
)
SELECT w.kind, w.position, w.start_ns / 1e9 AS start_seconds, w.duration_ns / 1e9 AS duration_seconds, w.what,
       w.view,
       coalesce(w.body_updates, CASE WHEN h.updates THEN 0 END) AS body_updates,
       coalesce(w.updates, CASE WHEN h.updates THEN 0 END) AS updates,
       CASE WHEN w.updates IS NOT NULL THEN w.own_ns / 1e9 WHEN h.updates THEN 0.0 END AS own_seconds,
       CASE WHEN w.updates IS NOT NULL THEN w.overlap_ns / 1e9 WHEN h.updates THEN 0.0 END AS inside_seconds,
       CASE WHEN w.duration_ns > 0 THEN CASE WHEN w.updates IS NOT NULL THEN 1.0 * w.overlap_ns / w.duration_ns WHEN h.updates THEN 0.0 END END AS share,
       coalesce(g.groups, CASE WHEN h.groups THEN 0 END) AS groups, g.group_labels, c.sources AS caused_by,
       printf('%s %s at %.3f s: ', CASE WHEN w.duration_ns IS NULL THEN 'unknown-length' ELSE printf('%.1f ms', w.duration_ns / 1e6) END,
              w.kind, w.start_ns / 1e9)
       || CASE WHEN w.updates IS NOT NULL
               THEN CASE WHEN w.overlap_ns IS NULL THEN 'unknown time' ELSE printf('%.1f ms', w.overlap_ns / 1e6) END
                    || ' in ' || w.updates || ' ' || coalesce(w.view, '(no view)') || CASE WHEN w.body_updates = w.updates THEN ' body' ELSE '' END
                    || CASE WHEN w.updates = 1 THEN ' update' ELSE ' updates' END
                    || coalesce(' caused by ' || c.sources, '')
               WHEN h.updates THEN 'no SwiftUI update' || CASE WHEN :app_only IS NULL THEN '' ELSE ' of the app' END || ' inside'
               ELSE 'no SwiftUI updates in this recording (its swiftui-updates table was not exported): unknown' END AS explanation
FROM window_views w
CROSS JOIN has h
LEFT JOIN groups g ON g.kind = w.kind AND g.window_position = w.position
LEFT JOIN causes c ON c.kind = w.kind AND c.window_position = w.position AND c.view IS w.view
ORDER BY w.start_ns, w.kind, w.position, w.overlap_ns DESC, w.updates DESC, w.view;
