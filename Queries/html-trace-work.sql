-- name: html-trace-work
-- description: a trace's evaluations per attribute with rule, total and self seconds, for the HTML report
-- params: trace (required)
-- internal: yes
SELECT u.attribute, r.rule, count(*) AS evaluations, sum(u.duration) AS total_seconds, sum(u.self_duration) AS self_seconds
FROM trace_update_rows u
LEFT JOIN (SELECT attribute, min(rule) AS rule FROM trace_node_rules WHERE trace_id = :trace GROUP BY attribute) r
  ON r.attribute = u.attribute
WHERE u.trace_id = :trace
GROUP BY u.attribute
ORDER BY evaluations DESC, u.attribute;
