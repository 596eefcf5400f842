-- name: diff-graphs
-- description: per-graph counters of two snapshots side by side; graphs pair by graph id (by position when ids are missing); a counter the archive left out is 0, a graph missing on one side has NULL there
-- params: from (required), to (required)
-- internal: yes
WITH
a AS (SELECT * FROM graphs WHERE snapshot_id = :from),
b AS (SELECT * FROM graphs WHERE snapshot_id = :to),
paired AS (
    SELECT a.graph_index AS graph_index_from, b.graph_index AS graph_index_to, coalesce(b.graph_id, a.graph_id) AS graph_id,
           coalesce(a.update_count, 0) AS update_count_from,
           CASE WHEN b.graph_index IS NOT NULL THEN coalesce(b.update_count, 0) END AS update_count_to,
           coalesce(a.change_count, 0) AS change_count_from,
           CASE WHEN b.graph_index IS NOT NULL THEN coalesce(b.change_count, 0) END AS change_count_to,
           coalesce(a.transaction_count, 0) AS transaction_count_from,
           CASE WHEN b.graph_index IS NOT NULL THEN coalesce(b.transaction_count, 0) END AS transaction_count_to
    FROM a LEFT JOIN b ON (a.graph_id = b.graph_id)
                       OR (a.graph_id IS NULL AND b.graph_id IS NULL AND a.graph_index = b.graph_index)
    UNION ALL
    SELECT NULL, b.graph_index, b.graph_id, NULL, coalesce(b.update_count, 0), NULL, coalesce(b.change_count, 0),
           NULL, coalesce(b.transaction_count, 0)
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
