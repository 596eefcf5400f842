-- name: snapshot-node-count
-- description: how many node rows a snapshot has, counted through nodes_by_attribute: what a read of its id range must have found
-- params: snapshot (required)
-- internal: yes
SELECT count(*) FROM node_rows WHERE snapshot_id = :snapshot;
