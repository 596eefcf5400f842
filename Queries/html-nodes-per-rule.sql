-- name: html-nodes-per-rule
-- description: nodes (and dirty ones) per rule of a snapshot, what the HTML report shows of an unprofiled dump
-- params: snapshot (required)
-- internal: yes
SELECT coalesce(rule, '(unnamed type)') AS rule, count(*) AS nodes, sum(flags & 1) AS dirty
FROM node_rules
WHERE snapshot_id = :snapshot
GROUP BY 1
ORDER BY nodes DESC, rule;
