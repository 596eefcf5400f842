-- name: snapshot-pairing
-- description: how many attributes each of two snapshots has, and how many of them pair up with a node of the same rule name on both sides (both unnamed counts as the same, as in Reports/SnapshotComparison.swift): when fewer than half do, the ids name other nodes (Reports/SnapshotPairing.swift)
-- params: from (required), to (required)
-- internal: yes
-- For the comparisons that do not merge the two sides (diff --details, dirty-walks --from/--to):
-- the others take the merge's count, which is free there. A lookup of `to` per node of `from`
-- through nodes_by_attribute: 2-4 s on two 1M-node dumps.
SELECT
  (SELECT count(DISTINCT attribute) FROM node_rows WHERE snapshot_id = :from) AS attributes_from,
  (SELECT count(DISTINCT attribute) FROM node_rows WHERE snapshot_id = :to) AS attributes_to,
  (SELECT count(DISTINCT a.attribute)
     FROM node_rows a
     LEFT JOIN types ta ON ta.snapshot_id = a.snapshot_id AND ta.graph_index = a.graph_index AND ta.type_index = a.type_index
     WHERE a.snapshot_id = :from
       AND EXISTS (SELECT 1 FROM node_rows b
                   LEFT JOIN types tb ON tb.snapshot_id = b.snapshot_id AND tb.graph_index = b.graph_index
                                     AND tb.type_index = b.type_index
                   WHERE b.snapshot_id = :to AND b.attribute = a.attribute AND tb.name IS ta.name)) AS paired;
