-- name: snapshot-graph-nodes
-- description: how many nodes a snapshot's graphs hold, from their rows (no scan of the nodes): the size that decides whether snapshot-pairing samples
-- params: snapshot (required)
-- internal: yes
SELECT coalesce(sum(node_count), 0) FROM graphs WHERE snapshot_id = :snapshot;
