-- name: compare-nodes-stored
-- description: a snapshot's node rows in storage order, with their values when asked for (the comparison sorts them itself)
-- params: snapshot (required), values (required)
-- internal: yes
--
-- The range of node row ids of the snapshot, as walk-nodes reads it; compare-nodes gives the
-- same rows in attribute order through the index, a table lookup each.
SELECT attribute, graph_index, type_index, coalesce(flags, 0) AS flags,
       CASE WHEN :values THEN value END AS value
FROM node_rows
WHERE id BETWEEN (SELECT min(first_node_id) FROM graphs WHERE snapshot_id = :snapshot)
             AND (SELECT max(first_node_id + node_count - 1) FROM graphs WHERE snapshot_id = :snapshot)
  AND +snapshot_id = :snapshot;
