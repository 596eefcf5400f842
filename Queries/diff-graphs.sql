-- name: diff-graphs
-- description: per-graph counters of two snapshots side by side; graphs pair by graph id (by position when ids are missing)
-- params: from (required), to (required)
-- internal: yes
WITH
a AS (SELECT * FROM graphs WHERE snapshot_id = :from),
b AS (SELECT * FROM graphs WHERE snapshot_id = :to),
paired AS (
    SELECT a.graph_index AS graph_index_from, b.graph_index AS graph_index_to, coalesce(b.graph_id, a.graph_id) AS graph_id,
           a.update_count AS update_count_from, b.update_count AS update_count_to,
           a.change_count AS change_count_from, b.change_count AS change_count_to,
           a.transaction_count AS transaction_count_from, b.transaction_count AS transaction_count_to
    FROM a LEFT JOIN b ON (a.graph_id = b.graph_id)
                       OR (a.graph_id IS NULL AND b.graph_id IS NULL AND a.graph_index = b.graph_index)
    UNION ALL
    SELECT NULL, b.graph_index, b.graph_id, NULL, b.update_count, NULL, b.change_count, NULL, b.transaction_count
    FROM b
    WHERE NOT EXISTS (SELECT 1 FROM a WHERE (a.graph_id = b.graph_id)
                                         OR (a.graph_id IS NULL AND b.graph_id IS NULL AND a.graph_index = b.graph_index))
)
SELECT graph_id, graph_index_from, graph_index_to,
       update_count_from, update_count_to, coalesce(update_count_to, 0) - coalesce(update_count_from, 0) AS update_count,
       change_count_from, change_count_to, coalesce(change_count_to, 0) - coalesce(change_count_from, 0) AS change_count,
       transaction_count_from, transaction_count_to,
       coalesce(transaction_count_to, 0) - coalesce(transaction_count_from, 0) AS transaction_count
FROM paired
ORDER BY coalesce(graph_index_to, graph_index_from), graph_index_from;
