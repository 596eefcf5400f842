-- name: trace-untimed
-- description: how many evaluations a trace holds, and how many of them its timestamps time (the rest have NULL seconds)
-- params: trace (required)
-- internal: yes
SELECT count(*) AS evaluations, count(duration) AS timed FROM trace_update_rows WHERE trace_id = :trace;
