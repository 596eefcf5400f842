-- name: updates
-- summary: rule runs per attribute, from a run's update hits, a snapshot's profile or a trace's evaluations (with total and self time); --by rule or --by view sums per rule or per SwiftUI view
-- description: update hits per attribute in a run, most first
-- params: run (required)
SELECT attribute, count(*) AS updates
FROM events
-- A run's events are the id range its row records (see Schema, migration 5).
WHERE id BETWEEN (SELECT first_event_id FROM runs WHERE id = :run) AND (SELECT last_event_id FROM runs WHERE id = :run) AND kind = 'update'
GROUP BY attribute
ORDER BY updates DESC, attribute;
