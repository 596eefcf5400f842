-- name: export-nodes
-- description: every node of a snapshot with its type's index (export-types names it), for agtrace export dot
-- params: snapshot (required)
-- internal: yes
--
-- In graph order, then node order: the order of the snapshot's node ids (an import numbers a
-- graph's nodes from its first_node_id, the graphs in archive order), so the id range is read in
-- storage order, without the attribute index and a sort (0.40 -> 0.19 s on 200,000 nodes); a
-- snapshot without graphs rows (written by hand) falls back to its smallest and largest id.
SELECT n.attribute, n.graph_index, n.type_index, coalesce(n.flags, 0) AS flags, n.value
FROM node_rows n
WHERE n.id BETWEEN coalesce((SELECT min(first_node_id) FROM graphs WHERE snapshot_id = :snapshot),
                            (SELECT min(id) FROM node_rows WHERE snapshot_id = :snapshot))
               AND coalesce((SELECT max(first_node_id + node_count - 1) FROM graphs WHERE snapshot_id = :snapshot),
                            (SELECT max(id) FROM node_rows WHERE snapshot_id = :snapshot))
  AND +n.snapshot_id = :snapshot
ORDER BY n.id;
