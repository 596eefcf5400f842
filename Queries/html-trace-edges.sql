-- name: html-trace-edges
-- description: every edge (input -> reader) a trace saw added, and every indirect node's source (source -> indirect node), for the HTML report's pictures
-- params: trace (required)
-- internal: yes
SELECT input AS src_attribute, reader AS dst_attribute
FROM trace_edges
WHERE trace_id = :trace
UNION
SELECT source, attribute
FROM trace_indirect_sources
WHERE trace_id = :trace;
