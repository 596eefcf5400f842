-- name: findings-trace-warnings
-- description: findings: a trace's LogMessages that are SwiftUI's warnings of state written during an update: seq and text
-- params: trace (required)
-- internal: yes
SELECT seq, data
FROM trace_event_rows
WHERE trace_id = :trace AND type = 51
  AND (data LIKE '%Modifying state during view update%' OR data LIKE '%Publishing changes from within view updates%')
ORDER BY seq;
