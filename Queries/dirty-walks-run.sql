-- name: dirty-walks
-- summary: push walks: per invalidation in a run, the nodes it marks and the rules that reran; or the nodes newly dirty between two dumps
-- description: one row per invalidate hit: seq, root, marked (nodes downstream of root over the add_input edges seen so far, plus the snapshot's edges), reran (update hits until the next invalidation)
-- params: run (required), snapshot (optional)
-- compute: dirty-walks
-- The rows below are the walk's input, not its output: the Swift step (Reports/Walk.swift)
-- replays the run in seq order. A snapshot's edges come first (seq 0), known from the start.
SELECT 0 AS seq, NULL AS line, 'edge' AS kind, e.src_attribute AS input_attribute, e.dst_attribute AS attribute
FROM edges e
WHERE e.snapshot_id = :snapshot
UNION ALL
SELECT ev.seq, ev.line, ev.kind, ev.input_attribute, ev.attribute
FROM events ev
-- A run's events are the id range its row records (see Schema, migration 5).
WHERE ev.id BETWEEN (SELECT first_event_id FROM runs WHERE id = :run) AND (SELECT last_event_id FROM runs WHERE id = :run) AND ev.kind IN ('invalidate', 'update', 'add_input');
