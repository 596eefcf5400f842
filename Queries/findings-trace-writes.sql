-- name: findings-trace-writes
-- description: findings: a trace's writes in order: seq, when, the written attribute and its rule and view, and the body evaluations it caused (cause_seq): how many, unchanged ones, their self seconds, and the views re-run
-- params: trace (required)
-- internal: yes
WITH caused AS (
    SELECT cause_seq, count(*) AS bodies, sum(changed = 0) AS unchanged,
           sum(CASE WHEN changed = 0 THEN self_duration END) AS unchanged_seconds,
           group_concat(DISTINCT view) AS views
    FROM trace_updates
    WHERE trace_id = :trace AND cause_seq IS NOT NULL AND view IS NOT NULL
    GROUP BY cause_seq
)
SELECT w.seq, e.timestamp, w.attribute,
       (SELECT r.rule FROM trace_node_rules r WHERE r.trace_id = w.trace_id AND r.attribute = w.attribute LIMIT 1) AS rule,
       (SELECT r.view FROM trace_node_rules r WHERE r.trace_id = w.trace_id AND r.attribute = w.attribute LIMIT 1) AS view,
       coalesce(c.bodies, 0) AS bodies, coalesce(c.unchanged, 0) AS unchanged, c.unchanged_seconds, c.views
FROM trace_writes w
LEFT JOIN trace_event_rows e ON e.trace_id = w.trace_id AND e.seq = w.seq
LEFT JOIN caused c ON c.cause_seq = w.seq
WHERE w.trace_id = :trace
ORDER BY w.seq;
