-- name: updates
-- description: body runs in a console log per SwiftUI view (as without --by): runs, runs with a change, unchanged runs (the wasted work)
-- params: console (required)
-- by: view
-- with: r = console-body-runs
SELECT view, body_runs, changed, unchanged
FROM r
ORDER BY body_runs DESC, view;
