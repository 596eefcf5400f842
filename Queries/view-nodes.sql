-- name: view-nodes
-- description: the attributes one view names in a snapshot (node_views), for --view NAME
-- params: snapshot (required), view (required)
-- internal: yes
--
-- node_views' two branches, each asked for the one view: the nodes whose type the view names
-- (the snapshot's types of that view first, then its node rows' id range read in storage
-- order, each row's type looked up among those few), and the debug tree's names. Through
-- node_views itself SQLite named every node of the snapshot, then kept the view's (0.28 ->
-- 0.09 s on 200,000 nodes). A snapshot without graphs rows (written by hand) falls back to its
-- smallest and largest node id.
SELECT DISTINCT attribute
FROM (
    SELECT n.attribute
    FROM node_rows n
    WHERE n.id BETWEEN coalesce((SELECT min(first_node_id) FROM graphs WHERE snapshot_id = :snapshot),
                                (SELECT min(id) FROM node_rows WHERE snapshot_id = :snapshot))
                   AND coalesce((SELECT max(first_node_id + node_count - 1) FROM graphs WHERE snapshot_id = :snapshot),
                                (SELECT max(id) FROM node_rows WHERE snapshot_id = :snapshot))
      AND +n.snapshot_id = :snapshot
      AND (n.graph_index, n.type_index) IN (SELECT graph_index, type_index FROM types WHERE snapshot_id = :snapshot AND view = :view)
    UNION ALL
    SELECT attribute FROM tree_views WHERE snapshot_id = :snapshot AND view = :view
)
ORDER BY attribute;
