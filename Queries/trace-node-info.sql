-- name: trace-node-info
-- description: every node of a trace with its rule and view, for walk and why
-- params: trace (required)
-- internal: yes
-- An indirect node (low bits 01, no type) is named `indirect -> SOURCE` by its last
-- IndirectNodeSetSource (type 45: p1 the indirect attribute, p2 its source), `indirect`
-- without one; the events are read only when the trace holds an indirect node.
WITH sources AS (
    SELECT p1 AS attribute, p2 AS source, max(seq)
    FROM trace_event_rows
    WHERE trace_id = :trace AND type = 45
      AND EXISTS (SELECT 1 FROM trace_nodes WHERE trace_id = :trace AND type_id IS NULL AND attribute & 3 = 1)
    GROUP BY p1
)
SELECT n.attribute,
       coalesce(n.rule, CASE WHEN n.type_id IS NULL AND n.attribute & 3 = 1
                             THEN 'indirect' || coalesce(' -> ' || s.source, '') END) AS rule,
       n.view
FROM trace_node_rules n
LEFT JOIN sources s ON s.attribute = n.attribute
WHERE n.trace_id = :trace;
