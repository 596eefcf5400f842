-- name: dirty-walks
-- summary: push walks: per invalidation in a run or write in a trace, the nodes it marks and the rules that reran; or the nodes newly dirty between two dumps
-- description: one row per invalidate hit: seq, root, marked (nodes downstream of root over the add_input edges seen so far, plus the snapshot's edges; NULL when the run has no add_input hits and no --snapshot), updates (update hits until the next invalidation), reran (those of them whose attribute is root or marked; NULL when marked is), line
-- params: run (required), snapshot (optional)
-- compute: dirty-walks
-- The walk replays the run's hits (run-causes.sql) in Swift: Reports/Walks/RunCauses.swift.
SELECT :run AS run, :snapshot AS snapshot;
