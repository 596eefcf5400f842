-- name: findings-trace-evaluations
-- description: findings: every rule evaluation of a trace in trace order (begin seq, attribute, changed, self seconds, the write that caused it), read from trace_update_rows alone: the views are joined in Swift from findings-trace-nodes (joining them here per row cost a trace of 150k evaluations more than its import)
-- params: trace (required)
-- internal: yes
SELECT begin_seq, attribute, changed, self_duration, cause_seq
FROM trace_update_rows
WHERE trace_id = :trace
ORDER BY begin_seq;
