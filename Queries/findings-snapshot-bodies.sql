-- name: findings-snapshot-bodies
-- description: findings: a profiled dump's body nodes summed per view: updates, changes, their seconds (update_total, changed_total), attributes; nodes without profile data are left out
-- params: snapshot (required)
-- internal: yes
SELECT v.view, sum(n.update_count) AS updates, sum(n.change_count) AS changes,
       sum(n.update_total) AS update_seconds, sum(n.changed_total) AS changed_seconds,
       group_concat(n.attribute) AS attributes
FROM node_rows n
-- A body node's view is its type's (node_views' 'body' rows): joined here by the type's key, as
-- a lookup per node, rather than through node_views, whose UNION SQLite materialises whole.
JOIN types v ON v.snapshot_id = n.snapshot_id AND v.graph_index = n.graph_index AND v.type_index = n.type_index
WHERE n.snapshot_id = :snapshot AND v.view IS NOT NULL AND n.update_count IS NOT NULL AND n.change_count IS NOT NULL
GROUP BY v.view
ORDER BY v.view;
