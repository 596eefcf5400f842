-- name: trace-live-edges
-- description: how many of a trace's edges are live at its end: never removed, and neither end a node of a subgraph destroyed after the edge was added (or invalidated, when the trace shows no destroy): a destroyed subgraph's edges go with it and no NodeRemoveEdge says so
-- params: trace (required)
-- internal: yes
WITH gone(attribute, at) AS MATERIALIZED (
    -- An edge added after its end's subgraph went is a later node reusing the id: it stays.
    -- trace-walk-edges' rule at a moment, applied at the end. (Its own end, for walks of a
    -- node never written, keeps them: a trace that ends by destroying its graph, as the
    -- open-source engine's do, would leave nothing to walk.)
    SELECT n.attribute, coalesce(s.destroyed_seq, s.invalidated_seq)
    FROM trace_nodes n JOIN trace_subgraphs s ON s.trace_id = n.trace_id AND s.subgraph_id = n.subgraph_id
    WHERE n.trace_id = :trace AND coalesce(s.destroyed_seq, s.invalidated_seq) IS NOT NULL
)
SELECT count(*)
FROM trace_edges e
WHERE trace_id = :trace AND removed_seq IS NULL
  AND NOT EXISTS (SELECT 1 FROM gone g WHERE g.attribute = e.input AND g.at > coalesce(e.added_seq, 0))
  AND NOT EXISTS (SELECT 1 FROM gone g WHERE g.attribute = e.reader AND g.at > coalesce(e.added_seq, 0));
