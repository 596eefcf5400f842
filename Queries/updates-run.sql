-- name: updates
-- summary: rule runs per attribute, from a run's update hits, a snapshot's profile or a trace's evaluations (with total and self time); --by rule sums per rule, --by view per SwiftUI view; a console's body runs per view from its _printChanges lines (--by token: what changed)
-- description: update hits per attribute in a run, most first
-- params: run (required)
SELECT attribute, count(*) AS updates
FROM run_events
-- run_events: the run's id range (Schema, migration 12).
WHERE run_id = :run AND kind = 'update'
GROUP BY attribute
ORDER BY updates DESC, attribute;
