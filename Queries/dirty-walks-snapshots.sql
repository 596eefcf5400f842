-- name: dirty-walks
-- description: the walk observed between two dumps: nodes (same attribute and rule in both) whose dirty bit (bit 0) was clear in --from and is set in --to, with the view that names them in --to
-- params: from (required), to (required)
SELECT b.attribute, tb.name AS rule, v.view,
       coalesce(a.flags, 0) AS flags_from, coalesce(b.flags, 0) AS flags_to, b.graph_index AS graph
FROM nodes b
LEFT JOIN types tb ON tb.snapshot_id = b.snapshot_id AND tb.graph_index = b.graph_index AND tb.type_index = b.type_index
JOIN nodes a ON a.snapshot_id = :from AND a.attribute = b.attribute
LEFT JOIN types ta ON ta.snapshot_id = a.snapshot_id AND ta.graph_index = a.graph_index AND ta.type_index = a.type_index
-- node_views computed once for --to, not once per row.
LEFT JOIN (SELECT graph_index, attribute, view FROM node_views WHERE snapshot_id = :to) v
       ON v.graph_index = b.graph_index AND v.attribute = b.attribute
WHERE b.snapshot_id = :to
  AND (coalesce(b.flags, 0) & 1) = 1
  AND (coalesce(a.flags, 0) & 1) = 0
  AND ta.name IS tb.name
ORDER BY b.attribute, b.graph_index;
