-- name: findings-trace-events
-- description: findings: a trace's BeginGraphUpdate events (type 9: where each update of the graph begins) and its LogMessages (type 51) that are SwiftUI's warnings of state written during an update, in one pass over its events
-- params: trace (required)
-- internal: yes
SELECT seq, type, data
FROM trace_event_rows
WHERE trace_id = :trace
  AND (type = 9 OR (type = 51 AND (data LIKE '%Modifying state during view update%'
                                   OR data LIKE '%Publishing changes from within view updates%')))
ORDER BY seq;
