-- name: findings-trace-writes
-- description: findings: a trace's writes in order: seq, when (the invalidation event's timestamp) and the written attribute
-- params: trace (required)
-- internal: yes
SELECT w.seq, e.timestamp, w.attribute
FROM trace_writes w
LEFT JOIN trace_event_rows e ON e.trace_id = w.trace_id AND e.seq = w.seq
WHERE w.trace_id = :trace
ORDER BY w.seq;
