-- name: findings-trace-passes
-- description: findings: bodies a trace evaluated more than once within one update of the graph (from a BeginGraphUpdate to the next): the view, attribute, the update's seq, the evaluations in it and their first seq
-- params: trace (required), per_pass (required)
-- internal: yes
-- Evaluations belong to the last BeginGraphUpdate (type 9) before them; those before any are
-- in update 0 and left out (no update of the graph is seen around them).
WITH stream AS (
    SELECT seq, 1 AS opens, NULL AS attribute, NULL AS view FROM trace_event_rows WHERE trace_id = :trace AND type = 9
    UNION ALL
    SELECT begin_seq, 0, attribute, view FROM trace_updates WHERE trace_id = :trace AND view IS NOT NULL
), numbered AS (
    SELECT seq, opens, attribute, view,
           max(CASE WHEN opens = 1 THEN seq ELSE 0 END) OVER (ORDER BY seq ROWS UNBOUNDED PRECEDING) AS pass
    FROM stream
)
SELECT view, attribute, pass, count(*) AS evaluations, min(seq) AS first_seq
FROM numbered
WHERE opens = 0 AND pass > 0
GROUP BY pass, attribute
HAVING count(*) >= :per_pass
ORDER BY view, pass;
