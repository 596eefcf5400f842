-- name: findings-console-views
-- description: findings: a console's body runs per view from its _printChanges lines: runs, unchanged runs and their lines, storage created anew (@identity) after the view had already run again, and those lines
-- params: console (required)
-- internal: yes
-- A line with @identity is the view's storage created: its first appearance, or churn. Only
-- those after a line of the same view without @identity (the view had run again) count.
WITH lines AS (
    SELECT b.id, b.position, b.view, b.unchanged,
           EXISTS (SELECT 1 FROM body_change_tokens t WHERE t.body_change_id = b.id AND t.kind = 'identity') AS identity
    FROM body_changes b
    WHERE b.console_id = :console
), marked AS (
    SELECT *, max(CASE WHEN identity THEN 0 ELSE id END) OVER (PARTITION BY view ORDER BY id ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING) AS rerun_before
    FROM lines
)
SELECT view, count(*) AS body_runs, sum(unchanged) AS unchanged,
       group_concat(CASE WHEN unchanged = 1 THEN position END) AS unchanged_lines,
       sum(identity AND rerun_before > 0) AS recreated,
       group_concat(CASE WHEN identity AND rerun_before > 0 THEN position END) AS recreated_lines
FROM marked
GROUP BY view
ORDER BY view;
