-- name: snapshots
-- description: every imported snapshot with its graph, node and edge counts
SELECT s.label, s.format_version,
       (SELECT count(*) FROM graphs g WHERE g.snapshot_id = s.id) AS graphs,
       (SELECT count(*) FROM nodes n WHERE n.snapshot_id = s.id) AS nodes,
       (SELECT count(*) FROM edges e WHERE e.snapshot_id = s.id) AS edges,
       s.imported_at, s.source
FROM snapshots s
ORDER BY s.id;
