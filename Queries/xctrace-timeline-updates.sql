-- name: xctrace-timeline-updates
-- description: an Instruments recording's SwiftUI updates in time order, for export perfetto's slices on their threads: position, start and duration (ns; NULL when unknown), description, view, update type, module, severity, thread (its display text and tid), downstream cost (ns)
-- params: xctrace (required)
-- internal: yes
SELECT position, start_ns, duration_ns, description, view, update_type, module, severity, thread, thread_id, downstream_cost_ns
FROM xctrace_updates
WHERE recording_id = :xctrace AND start_ns IS NOT NULL
ORDER BY start_ns, position;
