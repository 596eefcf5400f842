-- name: diff-nodes
-- description: node changes between two snapshots per rule (only rules with a change): added, removed (identity = attribute + rule), and, of the nodes in both, how many changed flags or value
-- params: from (required), to (required)
-- internal: yes
--
-- Nodes pair by attribute and rule name. Rule names are compared only when the two nodes'
-- type keys differ or name different types (see edge-churn.sql), and counts are gathered per
-- type key before they are named, so no name is looked up per node; only changed nodes reach
-- the grouping.
WITH
same_types AS MATERIALIZED (
    SELECT t2.graph_index * 4294967296 + t2.type_index AS type_key
    FROM types t2
    JOIN types t1 ON t1.snapshot_id = :from AND t1.graph_index = t2.graph_index
                 AND t1.type_index = t2.type_index AND t1.name IS t2.name
    WHERE t2.snapshot_id = :to
),
to_side AS MATERIALIZED (
    SELECT b.graph_index, b.type_index,
           sum(a.attribute IS NULL) AS added,
           sum(a.attribute IS NOT NULL AND coalesce(a.flags, 0) <> coalesce(b.flags, 0)) AS flags_changed,
           sum(a.attribute IS NOT NULL AND a.value IS NOT b.value) AS values_changed
    FROM nodes b
    LEFT JOIN nodes a ON a.snapshot_id = :from AND a.attribute = b.attribute
        AND CASE
              WHEN a.graph_index = b.graph_index AND a.type_index = b.type_index
                   AND b.graph_index * 4294967296 + b.type_index IN (SELECT type_key FROM same_types) THEN 1
              ELSE (SELECT t.name FROM types t WHERE t.snapshot_id = a.snapshot_id AND t.graph_index = a.graph_index
                                                AND t.type_index = a.type_index)
                   IS
                   (SELECT t.name FROM types t WHERE t.snapshot_id = b.snapshot_id AND t.graph_index = b.graph_index
                                                AND t.type_index = b.type_index)
            END
    WHERE b.snapshot_id = :to
      AND (a.attribute IS NULL OR coalesce(a.flags, 0) <> coalesce(b.flags, 0) OR a.value IS NOT b.value)
    GROUP BY b.graph_index, b.type_index
),
from_side AS MATERIALIZED (
    SELECT a.graph_index, a.type_index, count(*) AS removed
    FROM nodes a
    WHERE a.snapshot_id = :from
      AND NOT EXISTS (
               SELECT 1 FROM nodes b
               WHERE b.snapshot_id = :to AND b.attribute = a.attribute
                 AND CASE
                       WHEN a.graph_index = b.graph_index AND a.type_index = b.type_index
                            AND b.graph_index * 4294967296 + b.type_index IN (SELECT type_key FROM same_types) THEN 1
                       ELSE (SELECT t.name FROM types t WHERE t.snapshot_id = a.snapshot_id AND t.graph_index = a.graph_index
                                                         AND t.type_index = a.type_index)
                            IS
                            (SELECT t.name FROM types t WHERE t.snapshot_id = b.snapshot_id AND t.graph_index = b.graph_index
                                                         AND t.type_index = b.type_index)
                     END)
    GROUP BY a.graph_index, a.type_index
),
per_type AS (
    SELECT t.name AS rule, s.added, 0 AS removed, s.flags_changed, s.values_changed
    FROM to_side s
    LEFT JOIN types t ON t.snapshot_id = :to AND t.graph_index = s.graph_index AND t.type_index = s.type_index
    UNION ALL
    SELECT t.name, 0, s.removed, 0, 0
    FROM from_side s
    LEFT JOIN types t ON t.snapshot_id = :from AND t.graph_index = s.graph_index AND t.type_index = s.type_index
)
SELECT rule, sum(added) AS nodes_added, sum(removed) AS nodes_removed,
       sum(flags_changed) AS flags_changed, sum(values_changed) AS values_changed
FROM per_type
GROUP BY rule
ORDER BY rule;
