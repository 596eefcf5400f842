-- name: console-body-runs
-- description: a console's body runs per SwiftUI view, from its _printChanges / _logChanges lines: runs, runs with a change recorded, unchanged runs (the body ran, nothing recorded as changed)
-- params: console (required)
-- internal: yes
SELECT view, count(*) AS body_runs, sum(unchanged = 0) AS changed, sum(unchanged) AS unchanged
FROM body_changes
WHERE console_id = :console
GROUP BY view
ORDER BY body_runs DESC, view;
