-- name: why-trace
-- description: each evaluation of one attribute, or of every attribute of one view, in a trace with the write that caused it (the write whose dirty marks included it since its previous evaluation; NULL for a first build or a pull no write explains), the NodeSetDirty of that write that marked it (marked_seq) and how many nodes the write marked (cause_marked)
-- params: trace (required), attribute (optional), view (optional)
-- internal: yes
-- units: seconds seconds
SELECT u.begin_seq AS update_seq, u.attribute, u.rule, u.view, u.duration AS seconds, u.changed,
       u.cause_seq, w.attribute AS cause_root, r.rule AS cause_rule, r.view AS cause_view,
       m.seq AS marked_seq, w.marked AS cause_marked
FROM trace_updates u
LEFT JOIN trace_writes w ON w.trace_id = u.trace_id AND w.seq = u.cause_seq
LEFT JOIN trace_marks m ON m.trace_id = u.trace_id AND m.write_seq = u.cause_seq AND m.attribute = u.attribute
LEFT JOIN trace_node_rules r ON r.trace_id = w.trace_id AND r.attribute = w.attribute
WHERE u.trace_id = :trace
  AND (:attribute IS NULL OR u.attribute = :attribute)
  AND (:view IS NULL OR u.view = :view)
ORDER BY u.begin_seq;
