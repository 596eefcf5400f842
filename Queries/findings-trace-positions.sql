-- name: findings-trace-positions
-- description: findings: per view of a trace, the first 20 evaluations (seq) of its body that are unchanged (which 'unchanged') and the first 20 slower than :slow seconds of self time (which 'slow'), in one pass
-- params: trace (required), slow (required)
-- internal: yes
WITH bodies AS (
    SELECT view, begin_seq, changed = 0 AS unchanged, self_duration > :slow AS slow
    FROM trace_updates
    WHERE trace_id = :trace AND view IS NOT NULL
), numbered AS (
    SELECT view, begin_seq, unchanged, slow,
           row_number() OVER (PARTITION BY view, unchanged ORDER BY begin_seq) AS nu,
           row_number() OVER (PARTITION BY view, slow ORDER BY begin_seq) AS ns
    FROM bodies
)
SELECT view, 'unchanged' AS which, begin_seq FROM numbered WHERE unchanged = 1 AND nu <= 20
UNION ALL
SELECT view, 'slow', begin_seq FROM numbered WHERE slow = 1 AND ns <= 20
ORDER BY 1, 2, 3;
