-- name: findings-trace-bodies
-- description: findings: a trace's body evaluations per view: evaluations, unchanged ones (changed 0) and their self seconds, evaluations the trace never ends, self seconds (when every evaluation is timed), evaluations over the slow and very slow limits, the longest, the attributes, and the first unchanged and first slow evaluation's seq
-- params: trace (required), slow (required), very_slow (required)
-- internal: yes
SELECT view, count(*) AS evaluations, sum(changed = 0) AS unchanged,
       sum(CASE WHEN changed = 0 THEN self_duration END) AS unchanged_seconds,
       sum(changed IS NULL) AS unended,
       CASE WHEN count(self_duration) = count(*) THEN sum(self_duration) END AS self_seconds,
       sum(self_duration > :slow) AS slow, sum(self_duration > :very_slow) AS very_slow,
       max(self_duration) AS longest,
       group_concat(DISTINCT attribute) AS attributes
FROM trace_updates
WHERE trace_id = :trace AND view IS NOT NULL
GROUP BY view
ORDER BY view;
