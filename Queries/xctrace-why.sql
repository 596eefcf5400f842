-- name: why-xctrace
-- description: the cause edges (swiftui-causes) into one view of an Instruments recording, in time order: when, the source (a state, an environment writer, a view), its label, value type and changed properties, and the view's first update at or after it (its position, start and own seconds; NULL when none followed); an edge is into the view when its destination is the view's name, its body (V.body), or the description of one of its updates
-- params: xctrace (required), view (required)
-- internal: yes
-- units: seconds seconds, update_start seconds, update_seconds seconds
WITH
own AS MATERIALIZED (
    SELECT position, start_ns, duration_ns, description
    FROM xctrace_updates
    WHERE recording_id = :xctrace AND view = :view
),
edges AS (
    SELECT c.position, c.timestamp_ns, c.source, c.destination, c.label, c.value_type, c.changed_properties
    FROM xctrace_causes c
    WHERE c.recording_id = :xctrace
      AND (c.destination = :view OR c.destination = :view || '.body'
           OR c.destination IN (SELECT DISTINCT description FROM own))
)
SELECT e.position AS cause_position, e.timestamp_ns / 1e9 AS seconds, e.source, e.destination, e.label, e.value_type,
       e.changed_properties,
       u.position AS update_position, u.start_ns / 1e9 AS update_start, u.duration_ns / 1e9 AS update_seconds
FROM edges e
LEFT JOIN own u ON u.position = (SELECT o.position FROM own o WHERE o.start_ns >= e.timestamp_ns
                                 ORDER BY o.start_ns, o.position LIMIT 1)
ORDER BY e.timestamp_ns, e.position;
