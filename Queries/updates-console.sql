-- name: updates
-- description: body runs in a console log per SwiftUI view (its _printChanges / _logChanges lines; the default for a console, as --by view): runs, runs with a change, unchanged runs (the wasted work)
-- params: console (required)
-- with: r = console-body-runs
-- (r: the console's body runs per view, as console-body-runs.sql counts them; the gate reads the same)
SELECT view, body_runs, changed, unchanged
FROM r
ORDER BY body_runs DESC, view;
