-- name: html-trace-marks
-- description: the nodes each write of a trace marked (trace_marks), by write, then view (nodes of no view last), with their view, for the HTML report's cause -> effect section
-- params: trace (required)
-- internal: yes
SELECT m.write_seq, m.attribute, r.view
FROM trace_marks m
LEFT JOIN trace_node_rules r ON r.trace_id = m.trace_id AND r.attribute = m.attribute
WHERE m.trace_id = :trace
ORDER BY m.write_seq, r.view IS NULL, r.view, m.attribute;
