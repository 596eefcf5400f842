-- name: trace-indirect-unknown
-- description: a trace's indirect nodes whose source no event and no subgraph record names, for the notes beside walks
-- params: trace (required)
-- internal: yes
SELECT n.attribute
FROM trace_nodes n
WHERE n.trace_id = :trace AND (n.attribute & 3) = 1
  AND NOT EXISTS (SELECT 1 FROM trace_indirect_sources s WHERE s.trace_id = n.trace_id AND s.attribute = n.attribute)
ORDER BY n.attribute;
