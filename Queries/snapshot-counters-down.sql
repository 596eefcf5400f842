-- name: snapshot-counters-down
-- description: graphs of two snapshots (paired by graph id) whose update, change or transaction count is lower in the second: the counters only grow while a process runs, so the second is no later dump of the first's process; only counters both archives hold are compared
-- params: from (required), to (required)
-- internal: yes
SELECT a.graph_id,
       a.update_count AS update_count_from, b.update_count AS update_count_to,
       a.change_count AS change_count_from, b.change_count AS change_count_to,
       a.transaction_count AS transaction_count_from, b.transaction_count AS transaction_count_to
FROM graphs a
JOIN graphs b ON b.snapshot_id = :to AND b.graph_id = a.graph_id
WHERE a.snapshot_id = :from
  AND (b.update_count < a.update_count OR b.change_count < a.change_count OR b.transaction_count < a.transaction_count)
ORDER BY a.graph_id;
