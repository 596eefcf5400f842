-- name: updates
-- summary: rule runs per attribute, from a run's update hits or a snapshot's profile; --by rule sums per rule
-- description: update hits per attribute in a run, most first
-- params: run (required)
SELECT attribute, count(*) AS updates
FROM events
WHERE run_id = :run AND kind = 'update'
GROUP BY attribute
ORDER BY updates DESC, attribute;
