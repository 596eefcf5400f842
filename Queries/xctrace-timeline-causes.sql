-- name: xctrace-timeline-causes
-- description: an Instruments recording's cause edges (swiftui-causes) in time order, each with the update it led to (the first update at or after it whose view or description the edge's destination names: V, V.body or the description; NULL when none), for export perfetto's arrows
-- params: xctrace (required)
-- internal: yes
WITH updates AS MATERIALIZED (
    SELECT position, start_ns, view, description FROM xctrace_updates WHERE recording_id = :xctrace AND start_ns IS NOT NULL
)
SELECT c.position, c.timestamp_ns, c.source, c.destination, c.label, c.value_type, c.changed_properties,
       (SELECT u.position FROM updates u
        WHERE u.start_ns >= c.timestamp_ns
          AND (c.destination = u.view OR c.destination = u.view || '.body' OR c.destination = u.description)
        ORDER BY u.start_ns, u.position LIMIT 1) AS update_position
FROM xctrace_causes c
WHERE c.recording_id = :xctrace AND c.timestamp_ns IS NOT NULL
ORDER BY c.timestamp_ns, c.position;
