-- name: timeline-trace-causes
-- description: each evaluation of a trace with the write that caused it (trace_updates.cause_seq), for the cause -> effect arrows
-- params: trace (required)
-- internal: yes
SELECT begin_seq, cause_seq
FROM trace_update_rows
WHERE trace_id = :trace AND cause_seq IS NOT NULL;
