-- name: walk-readers
-- description: the nodes that read one node (its outgoing read-by edges), for the push walk and DOT neighbourhoods
-- params: snapshot (required), attribute (required)
-- internal: yes
-- No ORDER BY: sorting here would tempt SQLite into scanning the whole snapshot through the
-- other edge index (callers sort the few rows).
SELECT dst_attribute AS attribute, graph_index, coalesce(offset, 0) AS offset, coalesce(flags, 0) AS flags
FROM edges
WHERE snapshot_id = :snapshot AND src_attribute = :attribute;
