-- name: trace-walk-edges
-- description: the read-by edges of a trace live at its end (added before tracing or during it, never removed), in input order
-- params: trace (required)
-- internal: yes
SELECT input, reader
FROM trace_edges
WHERE trace_id = :trace AND removed_seq IS NULL
ORDER BY input, reader;
