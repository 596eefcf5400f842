-- name: compare-trace-keys
-- description: per key of a trace (by view, rule or attribute): the view beside a rule or attribute, evaluations, how many changed their value (NULL when one never ended), self and total seconds of the evaluations that ended (NULL when one of them is untimed), and the evaluations a cut left unfinished
-- params: trace (required), by (required), no_view (required)
-- internal: yes
SELECT CASE :by WHEN 'attribute' THEN CAST(attribute AS TEXT)
                WHEN 'rule' THEN coalesce(rule, '(attribute ' || attribute || ')')
                ELSE coalesce(view, :no_view) END AS key,
       CASE WHEN :by <> 'view' AND count(DISTINCT view) = 1 THEN min(view) END AS view,
       count(*) AS evaluations,
       CASE WHEN count(changed) = count(*) THEN sum(changed) END AS changed,
       -- A cut trace's unfinished evaluations have no end: the ones that ended are timed.
       CASE WHEN count(self_duration) = count(end_seq) AND count(end_seq) > 0 THEN sum(self_duration) END AS self_seconds,
       CASE WHEN count(duration) = count(end_seq) AND count(end_seq) > 0 THEN sum(duration) END AS total_seconds,
       count(*) - count(end_seq) AS unfinished
FROM trace_updates
WHERE trace_id = :trace
GROUP BY key
ORDER BY key;
