-- name: dirty-walks
-- description: the walk observed between two dumps: nodes (same attribute and rule in both) whose dirty bit (bit 0) was clear in --from and is set in --to (a node without flags in either dump is unknown and not listed), with the view that names them in --to
-- params: from (required), to (required)
-- --to's views read once: a lookup per row into node_views (a union) scans them all.
WITH views AS MATERIALIZED (
    SELECT graph_index, attribute, min(view) AS view FROM node_views WHERE snapshot_id = :to GROUP BY graph_index, attribute
)
SELECT b.attribute, tb.name AS rule, v.view AS view,
       a.flags AS flags_from, b.flags AS flags_to, b.graph_index AS graph
FROM nodes b
LEFT JOIN views v ON v.graph_index = b.graph_index AND v.attribute = b.attribute
LEFT JOIN types tb ON tb.snapshot_id = b.snapshot_id AND tb.graph_index = b.graph_index AND tb.type_index = b.type_index
JOIN nodes a ON a.snapshot_id = :from AND a.attribute = b.attribute
LEFT JOIN types ta ON ta.snapshot_id = a.snapshot_id AND ta.graph_index = a.graph_index AND ta.type_index = a.type_index
WHERE b.snapshot_id = :to
  -- Flags a dump leaves out are unknown (NULL), neither clean nor dirty: such a node is not listed.
  AND (b.flags & 1) = 1
  AND (a.flags & 1) = 0
  AND ta.name IS tb.name
ORDER BY b.attribute, b.graph_index;
