-- name: why-trace
-- description: each evaluation of one attribute, or of every attribute of one view, in a trace with the write that caused it (the write whose dirty marks included it since its previous evaluation; NULL for a first build or a pull no write explains)
-- params: trace (required), attribute (optional), view (optional)
-- internal: yes
-- units: seconds seconds
SELECT u.begin_seq AS update_seq, u.attribute, u.rule, u.view, u.duration AS seconds, u.changed,
       u.cause_seq, w.attribute AS cause_root, r.rule AS cause_rule, r.view AS cause_view
FROM trace_updates u
LEFT JOIN trace_writes w ON w.trace_id = u.trace_id AND w.seq = u.cause_seq
LEFT JOIN trace_node_rules r ON r.trace_id = w.trace_id AND r.attribute = w.attribute
WHERE u.trace_id = :trace
  AND (:attribute IS NULL OR u.attribute = :attribute)
  AND (:view IS NULL OR u.view = :view)
ORDER BY u.begin_seq;
