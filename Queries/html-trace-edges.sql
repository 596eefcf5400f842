-- name: html-trace-edges
-- description: every edge (input -> reader) a trace saw added, for the HTML report's pictures
-- params: trace (required)
-- internal: yes
SELECT DISTINCT input AS src_attribute, reader AS dst_attribute
FROM trace_edges
WHERE trace_id = :trace;
