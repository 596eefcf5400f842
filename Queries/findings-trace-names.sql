-- name: findings-trace-names
-- description: findings: the view whose body an attribute of a trace runs (NULL when none)
-- params: trace (required), attribute (required)
-- internal: yes
SELECT view FROM trace_node_rules WHERE trace_id = :trace AND attribute = :attribute AND view IS NOT NULL LIMIT 1;
