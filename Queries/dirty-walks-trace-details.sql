-- name: dirty-walks
-- description: one row per node a write of a trace marked (its NodeSetDirty events name them), by write, then view (nodes of no view last), then attribute: seq and root (the write), the node's attribute, rule and view, marked_seq (its first NodeSetDirty), rerun_seq (its evaluation this write caused; NULL when it did not rerun before another write marked it or the trace ended) and changed (1 when that rerun changed its value, 0 when not, NULL when it did not rerun or never ended)
-- params: trace (required)
-- details: yes
-- One pass over the marks and the evaluations writes caused, paired by (write, node) in one
-- sort, since trace_update_rows has no index on its attribute or cause (a lookup per mark read
-- all of the trace's evaluations). An evaluation with cause_seq W was marked by W, at most
-- one per write and node. Names come through trace_nodes' index (the view trace_node_rules,
-- right of a LEFT JOIN, is scanned).
SELECT x.write_seq AS seq, w.attribute AS root, x.attribute, t.rule, t.view, x.marked_seq,
       x.rerun_seq, x.changed
FROM (SELECT write_seq, attribute, max(marked_seq) AS marked_seq, max(rerun_seq) AS rerun_seq, max(changed) AS changed
      FROM (SELECT write_seq, attribute, seq AS marked_seq, NULL AS rerun_seq, NULL AS changed, 1 AS marked
            FROM trace_marks WHERE trace_id = :trace
            UNION ALL
            SELECT cause_seq, attribute, NULL, begin_seq, changed, 0
            FROM trace_update_rows WHERE trace_id = :trace AND cause_seq IS NOT NULL)
      GROUP BY write_seq, attribute
      HAVING max(marked) = 1) x
JOIN trace_writes w ON w.trace_id = :trace AND w.seq = x.write_seq
LEFT JOIN trace_nodes n ON n.trace_id = :trace AND n.attribute = x.attribute
LEFT JOIN trace_types t ON t.trace_id = n.trace_id AND t.type_id = n.type_id
ORDER BY x.write_seq, t.view IS NULL, t.view, x.attribute;
