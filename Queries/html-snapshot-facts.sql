-- name: html-snapshot-facts
-- description: one snapshot's label, source, hash, import time, size and counts, for the HTML report's header
-- params: snapshot (required)
-- internal: yes
SELECT s.label, s.source, s.sha256, s.imported_at, s.size_bytes,
       (SELECT count(*) FROM graphs g WHERE g.snapshot_id = s.id) AS graphs,
       (SELECT sum(node_count) FROM graphs g WHERE g.snapshot_id = s.id) AS nodes,
       (SELECT sum(edge_count) FROM graphs g WHERE g.snapshot_id = s.id) AS edges
FROM snapshots s
WHERE s.id = :snapshot;
