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
),
-- The evaluations of the trace read once, grouped by the write that caused them: no index
-- leads from a write to its evaluations, and a search per write read all of them per write.
caused AS (
    SELECT u.cause_seq AS seq, count(*) AS reran,
           CASE WHEN count(u.changed) = count(*) THEN coalesce(sum(u.changed), 0) END AS changed
    FROM trace_update_rows u
    WHERE u.trace_id = :trace AND u.cause_seq IS NOT NULL
    GROUP BY u.cause_seq
),
-- Each write's distinct views joined in their order: the window function feeds group_concat
-- in view order (every row of a write holds the whole list; GROUP BY keeps one, and lets
-- the join below look a write up rather than scan them all).
reran_views AS (
    SELECT seq, min(views) AS views FROM (
        SELECT seq, group_concat(view, char(10)) OVER (PARTITION BY seq ORDER BY view
                                                       ROWS BETWEEN UNBOUNDED PRECEDING AND UNBOUNDED FOLLOWING) AS views
        FROM (SELECT DISTINCT u.cause_seq AS seq, u.view FROM trace_updates u
              WHERE u.trace_id = :trace AND u.cause_seq IS NOT NULL AND u.view IS NOT NULL))
    GROUP BY seq
)
SELECT w.seq, w.attribute,
       CASE WHEN :by = 'attribute' THEN CAST(w.attribute AS TEXT) ELSE coalesce(w.rule, '(attribute ' || w.attribute || ')') END AS key,
       w.view,
       -- A write that caused none: 0 evaluations, of which 0 changed (known).
       coalesce(c.reran, 0) AS reran,
       CASE WHEN c.seq IS NULL THEN 0 ELSE c.changed END AS changed,
       v.views
FROM written w
LEFT JOIN caused c ON c.seq = w.seq
LEFT JOIN reran_views v ON v.seq = w.seq
ORDER BY w.seq;
