-- name: timeline-trace-rules
-- description: the rule of every attribute a trace names, for agtrace export perfetto and html
-- params: trace (required)
-- internal: yes
SELECT attribute, rule
FROM trace_node_rules
WHERE trace_id = :trace;
