-- name: html-trace-writes
-- description: a trace's writes and its evaluations (with the write that caused each) in file order (whether each evaluation changed its value: 1, 0, NULL when it never ended), for the HTML report's cause -> effect section
-- params: trace (required)
-- internal: yes
SELECT 'write' AS kind, seq, attribute, marked, NULL AS cause_seq, NULL AS changed
FROM trace_writes
WHERE trace_id = :trace
UNION ALL
SELECT 'update', begin_seq, attribute, NULL, cause_seq, changed
FROM trace_update_rows
WHERE trace_id = :trace
ORDER BY seq;
