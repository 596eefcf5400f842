-- name: cycles-frames
-- description: the frames of one owner's cycle reports, top first, with every name a source gives each frame's attribute: the dump S (its rule, description and view, from its lowest graph), the trace's own types (kind 'trace'), the recorder's stack/text name, the digraph's label; before them, for a report with a header, a row of no ordinal naming the attribute it was detected through (N) alike
-- params: kind (required), owner (required), trace (optional), snapshot (optional)
-- internal: yes
-- with: tn = trace-node-info
-- :trace is the owner, whatever its kind: tn's rows name only reports of kind 'trace' (a trace's own types name its attributes). Which name wins
-- is decided by CycleNaming, not here: every candidate is returned. N's row and the frames' are named by one set of joins (what a
-- report with a header only is named by).
-- Linear in the reports and their frames: the rows are the owner's frames (through cycles_by_owner and cycle_frames' key), and each
-- is named by lookups on keys (the dump's node of that attribute by nodes_by_attribute, its type by the types' key, its label by
-- cycle_labels' key); no view over a whole dump is read per frame.
SELECT f.cycle_id, f.ordinal, f.stack_index, f.frame_index, f.attribute, f.count, f.input_index, f.input_count, f.flags,
       st.name AS snapshot_rule, s.description AS snapshot_description,
       (SELECT v.view FROM (SELECT n.graph_index, t.view FROM node_rows n
                            JOIN types t ON t.snapshot_id = n.snapshot_id AND t.graph_index = n.graph_index AND t.type_index = n.type_index
                            WHERE n.snapshot_id = :snapshot AND n.attribute = f.attribute AND t.view IS NOT NULL
                            UNION ALL
                            SELECT graph_index, view FROM tree_views WHERE snapshot_id = :snapshot AND attribute = f.attribute) v
        ORDER BY v.graph_index LIMIT 1) AS snapshot_view,
       st.snapshot_id IS NOT NULL AS in_snapshot,
       t.rule AS trace_rule, t.view AS trace_view,
       f.name AS recorder_name,
       l.label AS digraph_label
FROM (SELECT f.cycle_id, f.ordinal, f.stack_index, f.frame_index, f.attribute, f.count, f.input_index, f.input_count, f.flags, f.name
      FROM cycles c JOIN cycle_frames f ON f.cycle_id = c.id
      WHERE c.kind = :kind AND c.owner_id = :owner
      UNION ALL
      SELECT id, NULL, NULL, NULL, attribute, NULL, NULL, NULL, NULL, NULL FROM cycles
      WHERE kind = :kind AND owner_id = :owner AND attribute IS NOT NULL) f
-- The dump's node of that attribute in its lowest graph (what node_rules would give, found by key).
LEFT JOIN node_rows s ON s.id = (SELECT n.id FROM node_rows n WHERE n.snapshot_id = :snapshot AND n.attribute = f.attribute
                                 ORDER BY n.graph_index, n.id LIMIT 1)
LEFT JOIN types st ON st.snapshot_id = s.snapshot_id AND st.graph_index = s.graph_index AND st.type_index = s.type_index
LEFT JOIN (SELECT attribute, rule, view FROM tn WHERE :kind = 'trace' GROUP BY attribute) t ON t.attribute = f.attribute
LEFT JOIN cycle_labels l ON l.cycle_id = f.cycle_id AND l.attribute = f.attribute
ORDER BY f.cycle_id, f.ordinal;
