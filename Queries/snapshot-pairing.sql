-- name: snapshot-pairing
-- description: of the attributes of a snapshot whose id / 4 is a multiple of :every, how many there are and how many pair up with a node of the same rule name in the other snapshot (both unnamed counts as the same, as in Reports/Snapshots/SnapshotComparison.swift): when fewer than half do, the ids name other nodes (Reports/SnapshotPairing.swift)
-- params: from (required), to (required), every (required)
-- internal: yes
-- For the comparisons that do not merge the two sides (diff --details, dirty-walks --from/--to):
-- the others take the merge's count, which is free there. A lookup in `to` for every node of
-- `from` costs 2-4 s on two 1M-node dumps, more than the comparisons themselves, so past
-- 10,000 nodes only an even sample is looked up (every = 1: all of them). Ids spread over the
-- whole graph, so the sample does too.
SELECT count(DISTINCT a.attribute) AS sampled,
       count(DISTINCT CASE WHEN EXISTS (
                 SELECT 1 FROM node_rows b
                 LEFT JOIN types tb ON tb.snapshot_id = b.snapshot_id AND tb.graph_index = b.graph_index
                                   AND tb.type_index = b.type_index
                 WHERE b.snapshot_id = :to AND b.attribute = a.attribute AND tb.name IS ta.name)
             THEN a.attribute END) AS paired
FROM node_rows a
LEFT JOIN types ta ON ta.snapshot_id = a.snapshot_id AND ta.graph_index = a.graph_index AND ta.type_index = a.type_index
WHERE a.snapshot_id = :from AND (a.attribute >> 2) % :every = 0;
