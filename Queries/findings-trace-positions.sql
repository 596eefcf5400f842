-- name: findings-trace-positions
-- description: findings: the first evaluations (seq) of one view's body in a trace that are unchanged (which = 'unchanged') or slower than :slow seconds (which = 'slow'), and their self seconds
-- params: trace (required), view (required), which (required), slow (required)
-- internal: yes
SELECT begin_seq, self_duration
FROM trace_updates
WHERE trace_id = :trace AND view = :view
  AND CASE :which WHEN 'unchanged' THEN changed = 0 WHEN 'slow' THEN self_duration > :slow ELSE self_duration IS NOT NULL END
ORDER BY begin_seq
LIMIT 20;
