-- name: walk-inputs
-- description: the inputs one node reads (its incoming edges), for DOT neighbourhoods
-- params: snapshot (required), attribute (required)
-- internal: yes
SELECT src_attribute AS attribute, graph_index, coalesce(offset, 0) AS offset, coalesce(flags, 0) AS flags
FROM edges
WHERE snapshot_id = :snapshot AND dst_attribute = :attribute
ORDER BY src_attribute, graph_index, offset;
