-- name: nodes-per-type-by-attribute
-- description: nodes-per-type's rows in attribute order, for a snapshot whose node rows are not: NodeTypeTotals adds seconds in the order SQLite's sum over nodes_by_attribute did
-- params: snapshot (required)
-- internal: yes
SELECT graph_index, type_index, flags, update_count, update_total, attribute
FROM node_rows
WHERE snapshot_id = :snapshot
ORDER BY attribute, id;
