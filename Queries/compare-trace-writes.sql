-- name: compare-trace-writes
-- description: a trace's writes in order: the written attribute, its rule (or id, by attribute) and view, the evaluations it caused, how many changed their value (NULL when one never ended), and the views they re-ran (one a line)
-- params: trace (required), by (required)
-- internal: yes
WITH written AS (
    SELECT w.trace_id, w.seq, w.attribute,
           (SELECT min(r.rule) FROM trace_node_rules r WHERE r.trace_id = w.trace_id AND r.attribute = w.attribute) AS rule,
           (SELECT min(r.view) FROM trace_node_rules r WHERE r.trace_id = w.trace_id AND r.attribute = w.attribute) AS view
    FROM trace_writes w
    WHERE w.trace_id = :trace
)
SELECT w.seq, w.attribute,
       CASE WHEN :by = 'attribute' THEN CAST(w.attribute AS TEXT) ELSE coalesce(w.rule, '(attribute ' || w.attribute || ')') END AS key,
       w.view,
       (SELECT count(*) FROM trace_updates u WHERE u.trace_id = w.trace_id AND u.cause_seq = w.seq) AS reran,
       (SELECT CASE WHEN count(u.changed) = count(*) THEN coalesce(sum(u.changed), 0) END
        FROM trace_updates u WHERE u.trace_id = w.trace_id AND u.cause_seq = w.seq) AS changed,
       (SELECT group_concat(view, char(10)) FROM (
            SELECT DISTINCT u.view FROM trace_updates u
            WHERE u.trace_id = w.trace_id AND u.cause_seq = w.seq AND u.view IS NOT NULL ORDER BY u.view)) AS views
FROM written w
ORDER BY w.seq;
