-- name: cycles-frames
-- description: the frames of one owner's cycle reports, top first, with every name a source gives each frame's attribute: the dump S (its rule, description and view, from its lowest graph), the trace's own types (kind 'trace'), the recorder's stack/text name, the digraph's label; before them, for a report with a header, a row of no ordinal naming the attribute it was detected through (N) alike
-- params: kind (required), owner (required), trace (optional), snapshot (optional)
-- internal: yes
-- with: tn = trace-node-info
-- :trace is the owner, whatever its kind: tn's rows join only reports of kind 'trace' (a trace's own types name its attributes). Which name wins
-- is decided by CycleNaming, not here: every candidate is returned. N's row and the frames' are named by one set of joins (what a
-- report with a header only is named by).
SELECT f.cycle_id, f.ordinal, f.stack_index, f.frame_index, f.attribute, f.count, f.input_index, f.input_count, f.flags,
       s.rule AS snapshot_rule, s.description AS snapshot_description,
       (SELECT v.view FROM node_views v
        WHERE v.snapshot_id = :snapshot AND v.attribute = f.attribute
        ORDER BY v.graph_index LIMIT 1) AS snapshot_view,
       s.attribute IS NOT NULL AS in_snapshot,
       t.rule AS trace_rule, t.view AS trace_view,
       f.name AS recorder_name,
       l.label AS digraph_label
FROM cycles c
JOIN (SELECT cycle_id, ordinal, stack_index, frame_index, attribute, count, input_index, input_count, flags, name FROM cycle_frames
      UNION ALL
      SELECT id, NULL, NULL, NULL, attribute, NULL, NULL, NULL, NULL, NULL FROM cycles WHERE attribute IS NOT NULL) f
     ON f.cycle_id = c.id
LEFT JOIN node_rules s ON s.snapshot_id = :snapshot AND s.attribute = f.attribute
     AND s.graph_index = (SELECT min(n.graph_index) FROM node_rows n WHERE n.snapshot_id = :snapshot AND n.attribute = f.attribute)
LEFT JOIN (SELECT attribute, rule, view FROM tn GROUP BY attribute) t ON c.kind = 'trace' AND t.attribute = f.attribute
LEFT JOIN cycle_labels l ON l.cycle_id = c.id AND l.attribute = f.attribute
WHERE c.kind = :kind AND c.owner_id = :owner
ORDER BY c.id, f.ordinal;
