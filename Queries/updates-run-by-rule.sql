-- name: updates
-- description: update hits of a run summed per rule, the rules named by a snapshot (attributes it lacks count under an empty rule)
-- params: run (required), snapshot (required)
-- by: rule
-- with: per_attribute = updates-run-snapshot
-- (per_attribute: the rows of updates-run-snapshot.sql, an attribute each with its rule)
SELECT rule, sum(updates) AS updates, count(*) AS attributes
FROM per_attribute
GROUP BY rule
ORDER BY updates DESC, rule;
