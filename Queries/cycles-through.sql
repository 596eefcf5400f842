-- name: cycles-through
-- description: the names every source gives the attribute each of one owner's cycle reports was detected through (N), as cycles-frames gives them for frames: for the reports with a header only
-- params: kind (required), owner (required), trace (optional), snapshot (optional)
-- internal: yes
-- with: tn = trace-node-info
SELECT c.id,
       s.rule AS snapshot_rule, s.description AS snapshot_description,
       (SELECT v.view FROM node_views v
        WHERE v.snapshot_id = :snapshot AND v.attribute = c.attribute
        ORDER BY v.graph_index LIMIT 1) AS snapshot_view,
       s.attribute IS NOT NULL AS in_snapshot,
       t.rule AS trace_rule, t.view AS trace_view,
       l.label AS digraph_label
FROM cycles c
LEFT JOIN node_rules s ON s.snapshot_id = :snapshot AND s.attribute = c.attribute
     AND s.graph_index = (SELECT min(n.graph_index) FROM node_rows n WHERE n.snapshot_id = :snapshot AND n.attribute = c.attribute)
LEFT JOIN (SELECT attribute, rule, view FROM tn GROUP BY attribute) t ON c.kind = 'trace' AND t.attribute = c.attribute
LEFT JOIN cycle_labels l ON l.cycle_id = c.id AND l.attribute = c.attribute
WHERE c.kind = :kind AND c.owner_id = :owner AND c.attribute IS NOT NULL
ORDER BY c.id;
