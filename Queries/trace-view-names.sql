-- name: trace-view-names
-- description: the SwiftUI views a trace's types name (from their body rules), each once
-- params: trace (required)
-- internal: yes
SELECT DISTINCT view FROM trace_types WHERE trace_id = :trace AND view IS NOT NULL ORDER BY view;
