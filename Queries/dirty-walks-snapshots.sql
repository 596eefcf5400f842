-- name: dirty-walks
-- description: the walk observed between two dumps: nodes (same attribute and rule in both) whose dirty bit (bit 0) was clear in --from and is set in --to (a node without flags in either dump is unknown and not listed), with the view that names them in --to
-- params: from (required), to (required)
-- The dirty nodes first, then each one's view: the least of its type's body view and its
-- debug tree's, each looked up by index in its own table. Not node_views (a union: a lookup
-- there scanned the snapshot's views), and not all of --to's views grouped first, which cost a
-- pair of 1M-node dumps 3.4 s where the 13.6k dirty nodes' lookups cost 1.5.
WITH dirty AS MATERIALIZED (
    SELECT b.attribute, tb.name AS rule, a.flags AS flags_from, b.flags AS flags_to, b.graph_index AS graph
    FROM nodes b
    LEFT JOIN types tb ON tb.snapshot_id = b.snapshot_id AND tb.graph_index = b.graph_index AND tb.type_index = b.type_index
    JOIN nodes a ON a.snapshot_id = :from AND a.attribute = b.attribute
    LEFT JOIN types ta ON ta.snapshot_id = a.snapshot_id AND ta.graph_index = a.graph_index AND ta.type_index = a.type_index
    WHERE b.snapshot_id = :to
      -- Flags a dump leaves out are unknown (NULL), neither clean nor dirty: such a node is not listed.
      AND (b.flags & 1) = 1
      AND (a.flags & 1) = 0
      AND ta.name IS tb.name
),
named AS (
    SELECT d.*,
           (SELECT min(t.view) FROM node_rows n
            JOIN types t ON t.snapshot_id = n.snapshot_id AND t.graph_index = n.graph_index AND t.type_index = n.type_index
            WHERE n.snapshot_id = :to AND n.attribute = d.attribute AND n.graph_index = d.graph AND t.view IS NOT NULL) AS body_view,
           (SELECT min(tv.view) FROM tree_views tv
            WHERE tv.snapshot_id = :to AND tv.attribute = d.attribute AND tv.graph_index = d.graph) AS tree_view
    FROM dirty d
)
SELECT attribute, rule,
       CASE WHEN body_view IS NULL THEN tree_view WHEN tree_view IS NULL THEN body_view ELSE min(body_view, tree_view) END AS view,
       flags_from, flags_to, graph
FROM named
ORDER BY attribute, graph;
