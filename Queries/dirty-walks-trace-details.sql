-- name: dirty-walks
-- description: one row per node a write of a trace marked (its NodeSetDirty events name them), by write, then view (nodes of no view last), then attribute: seq and root (the write), the node's attribute, rule and view, marked_seq (its first NodeSetDirty), rerun_seq (its evaluation this write caused; NULL when it did not rerun before another write marked it or the trace ended) and changed (1 when that rerun changed its value, 0 when not, NULL when it did not rerun or never ended)
-- params: trace (required)
-- details: yes
SELECT m.write_seq AS seq, w.attribute AS root, m.attribute, r.rule, r.view, m.seq AS marked_seq,
       u.begin_seq AS rerun_seq, u.changed
FROM trace_marks m
JOIN trace_writes w ON w.trace_id = m.trace_id AND w.seq = m.write_seq
LEFT JOIN trace_node_rules r ON r.trace_id = m.trace_id AND r.attribute = m.attribute
LEFT JOIN trace_update_rows u ON u.trace_id = m.trace_id AND u.attribute = m.attribute AND u.cause_seq = m.write_seq
WHERE m.trace_id = :trace
ORDER BY m.write_seq, r.view IS NULL, r.view, m.attribute;
