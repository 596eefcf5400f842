-- name: trace-node-info
-- description: every node of a trace with its rule and view, for walk and why
-- params: trace (required)
-- internal: yes
-- An indirect node (low bits 01, no type) is named `indirect -> SOURCE` by the source it was
-- last set to (trace_indirect_sources: the IndirectNodeSetSource events, by attribute),
-- `indirect` without one.
WITH sources AS (
    SELECT attribute, source, max(coalesce(set_seq, 0))
    FROM trace_indirect_sources
    WHERE trace_id = :trace
    GROUP BY attribute
)
SELECT n.attribute,
       coalesce(n.rule, CASE WHEN n.type_id IS NULL AND n.attribute & 3 = 1
                             THEN 'indirect' || coalesce(' -> ' || s.source, '') END) AS rule,
       n.view
FROM trace_node_rules n
LEFT JOIN sources s ON s.attribute = n.attribute
WHERE n.trace_id = :trace;
