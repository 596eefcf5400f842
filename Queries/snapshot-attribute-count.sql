-- name: snapshot-attribute-count
-- description: how many distinct attributes a snapshot's nodes have (an id two graphs share counts once)
-- params: snapshot (required)
-- internal: yes
SELECT count(DISTINCT attribute) FROM node_rows WHERE snapshot_id = :snapshot;
