-- name: dirty-walks
-- description: one row per write in a trace: seq, root (the attribute written) with its rule and view, marked (nodes set dirty from its NodeSetValue until the next update began), updates (evaluations until the next write), reran (those of marked nodes)
-- params: trace (required)
SELECT w.seq, w.attribute AS root, r.rule, r.view, w.context, w.marked, w.updates, w.reran
FROM trace_writes w
LEFT JOIN trace_node_rules r ON r.trace_id = w.trace_id AND r.attribute = w.attribute
WHERE w.trace_id = :trace
ORDER BY w.seq;
