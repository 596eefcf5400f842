-- name: updates
-- summary: rule runs per attribute: a run's update hits (--run), or a snapshot's profile (--snapshot); --by rule sums per rule
-- description: update hits per attribute in a run, most first
-- params: run (required)
SELECT attribute, count(*) AS updates
FROM events
WHERE run_id = :run AND kind = 'update'
GROUP BY attribute
ORDER BY updates DESC, attribute;
