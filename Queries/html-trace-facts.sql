-- name: html-trace-facts
-- description: one trace's label, source, hash, import time, size, event count, clock range, evaluations, writes and how it ended (`no EndTrace`: cut short), for the HTML report's header
-- params: trace (required)
-- internal: yes
SELECT t.label, t.source, t.sha256, t.imported_at, t.size_bytes, t.event_count, t.first_timestamp, t.last_timestamp,
       (SELECT count(*) FROM trace_update_rows u WHERE u.trace_id = t.id) AS evaluations,
       (SELECT count(*) FROM trace_writes w WHERE w.trace_id = t.id) AS writes,
       t.end_reason
FROM traces t
WHERE t.id = :trace;
