-- name: trace-write-seqs
-- description: the writes of one attribute in a trace, in file order, for walk --trace's moment
-- params: trace (required), attribute (required)
-- internal: yes
SELECT seq
FROM trace_writes
WHERE trace_id = :trace AND attribute = :attribute
ORDER BY seq;
