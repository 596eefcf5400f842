-- name: html-trace-work
-- description: a trace's evaluations per attribute with rule, total and self seconds, for the HTML report
-- params: trace (required)
-- internal: yes
-- Seconds only when every evaluation is timed (as in the reports): a sum of the timed ones
-- alone would read as the whole.
SELECT u.attribute, r.rule, count(*) AS evaluations,
       CASE WHEN count(u.duration) = count(*) THEN sum(u.duration) END AS total_seconds,
       CASE WHEN count(u.self_duration) = count(*) THEN sum(u.self_duration) END AS self_seconds
FROM trace_update_rows u
LEFT JOIN (SELECT attribute, min(rule) AS rule FROM trace_node_rules WHERE trace_id = :trace GROUP BY attribute) r
  ON r.attribute = u.attribute
WHERE u.trace_id = :trace
GROUP BY u.attribute
ORDER BY evaluations DESC, u.attribute;
