-- name: timeline-trace
-- description: a trace's update begins and ends (graph, subgraph, node, value), writes and value sets in file order, for agtrace export perfetto
-- params: trace (required)
-- internal: yes
SELECT seq, type, timestamp, p1, p2
FROM trace_event_rows
WHERE trace_id = :trace AND type IN (3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 42)
ORDER BY seq;
