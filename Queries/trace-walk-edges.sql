-- name: trace-walk-edges
-- description: the read-by links of a trace's graph at one moment, in input order: edges (input, reader) and indirect nodes' sources (source, the indirect node). At :at (an event's seq): what was added before it and not removed by then, without the nodes of subgraphs destroyed before it (their edges go with them, and no NodeRemoveEdge says so); with no :at, what is live at the end (never removed)
-- params: trace (required), at (optional)
-- internal: yes
WITH gone(attribute, at) AS MATERIALIZED (
    -- A subgraph's nodes go when it is destroyed (or invalidated, when the trace shows no
    -- destroy). A link made after that is a later node reusing the id: it stays.
    SELECT n.attribute, coalesce(s.destroyed_seq, s.invalidated_seq)
    FROM trace_nodes n JOIN trace_subgraphs s ON s.trace_id = n.trace_id AND s.subgraph_id = n.subgraph_id
    WHERE n.trace_id = :trace AND :at IS NOT NULL AND coalesce(s.destroyed_seq, s.invalidated_seq) < :at
),
-- Both kinds of link, each with the seqs it was made and undone at (an edge added and removed,
-- an indirect node's source set and replaced): one moment's rule serves both.
links(input, reader, made_seq, undone_seq) AS (
    SELECT input, reader, added_seq, removed_seq FROM trace_edges WHERE trace_id = :trace
    UNION ALL
    SELECT source, attribute, set_seq, replaced_seq FROM trace_indirect_sources WHERE trace_id = :trace
)
SELECT input, reader
FROM links l
WHERE CASE WHEN :at IS NULL THEN undone_seq IS NULL
           ELSE coalesce(made_seq, 0) < :at AND coalesce(undone_seq, :at + 1) > :at
               AND NOT EXISTS (SELECT 1 FROM gone g WHERE g.attribute = l.input AND g.at > coalesce(l.made_seq, 0))
               AND NOT EXISTS (SELECT 1 FROM gone g WHERE g.attribute = l.reader AND g.at > coalesce(l.made_seq, 0)) END
ORDER BY 1, 2;
