-- name: findings-trace-nodes
-- description: findings: a trace's nodes with their rule and view (NULL when not a body's), the first listed when a node is listed twice
-- params: trace (required)
-- internal: yes
SELECT attribute, rule, view
FROM trace_node_rules
WHERE trace_id = :trace;
