-- name: xctrace-timeline-marks
-- description: an Instruments recording's update groups (transactions), hitches and hangs in time order, for export perfetto's tracks of their own: kind (update group, hitch, hang), position, start and duration (ns), name (the group's label, the hitch's narrative or label, the hang's type), process and thread text
-- params: xctrace (required)
-- internal: yes
SELECT 'update group' AS kind, position, start_ns, duration_ns, label AS name, process, thread
FROM xctrace_update_groups WHERE recording_id = :xctrace AND start_ns IS NOT NULL
UNION ALL
SELECT 'hitch', position, start_ns, duration_ns, coalesce(narrative, label, 'hitch'), process, NULL
FROM xctrace_hitches WHERE recording_id = :xctrace AND start_ns IS NOT NULL
UNION ALL
SELECT 'hang', position, start_ns, duration_ns, coalesce(hang_type, 'hang'), process, thread
FROM xctrace_hangs WHERE recording_id = :xctrace AND start_ns IS NOT NULL
ORDER BY start_ns, kind, position;
