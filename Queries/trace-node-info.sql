-- name: trace-node-info
-- description: every node of a trace with its rule and view, for walk and why
-- params: trace (required)
-- internal: yes
SELECT attribute, rule, view
FROM trace_node_rules
WHERE trace_id = :trace;
