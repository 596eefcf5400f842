-- name: edge-churn
-- summary: edges added and removed between two snapshots (identity: attribute + rule; edges as a multiset)
-- description: one row per edge copy added or removed between --from and --to; a node whose id was reused by another rule counts as removed and added, with all its edges
-- params: from (required), to (required)
--
-- How it stays fast on million-node snapshots (no per-edge rule lookups):
-- 1. `recycled`: attributes present in both snapshots under different rules. Nodes are paired
--    by attribute; the rule names are compared only when the type keys differ or name
--    different types (`same_types` holds the keys that name the same rule on both sides).
-- 2. `counts`: one pass over both snapshots' edges, counting copies of each
--    (src, dst, offset); an absent offset is 0.
-- 3. A pair whose endpoints kept their identity differs by its count difference; a pair
--    touching a recycled attribute is removed with all its old copies and added with all
--    its new ones. Removed attributes need no special case: edges only join nodes of their
--    own snapshot, so their edges are absent from the other side and counted as removed.
-- 4. Each differing pair is expanded into one row per copy; rules are looked up for those
--    rows only.
WITH
same_types AS MATERIALIZED (
    SELECT t2.graph_index * 4294967296 + t2.type_index AS type_key
    FROM types t2
    JOIN types t1 ON t1.snapshot_id = :from AND t1.graph_index = t2.graph_index
                 AND t1.type_index = t2.type_index AND t1.name IS t2.name
    WHERE t2.snapshot_id = :to
),
recycled AS MATERIALIZED (
    SELECT DISTINCT b.attribute
    FROM nodes b
    JOIN nodes a ON a.snapshot_id = :from AND a.attribute = b.attribute
    WHERE b.snapshot_id = :to
      AND CASE
            WHEN a.graph_index = b.graph_index AND a.type_index = b.type_index
                 AND b.graph_index * 4294967296 + b.type_index IN (SELECT type_key FROM same_types) THEN 0
            ELSE (SELECT t.name FROM types t WHERE t.snapshot_id = a.snapshot_id AND t.graph_index = a.graph_index
                                              AND t.type_index = a.type_index)
                 IS NOT
                 (SELECT t.name FROM types t WHERE t.snapshot_id = b.snapshot_id AND t.graph_index = b.graph_index
                                              AND t.type_index = b.type_index)
          END
),
counts AS MATERIALIZED (
    SELECT src_attribute AS src, dst_attribute AS dst, coalesce(offset, 0) AS off,
           sum(snapshot_id = :from) AS n_from, sum(snapshot_id = :to) AS n_to
    FROM edges
    WHERE snapshot_id IN (:from, :to)
    GROUP BY src_attribute, dst_attribute, coalesce(offset, 0)
    HAVING n_from <> n_to
        OR src_attribute IN (SELECT attribute FROM recycled)
        OR dst_attribute IN (SELECT attribute FROM recycled)
),
changes AS (
    SELECT 'removed' AS change, src, dst, off,
           CASE WHEN src IN (SELECT attribute FROM recycled) OR dst IN (SELECT attribute FROM recycled)
                THEN n_from ELSE n_from - n_to END AS copies
    FROM counts
    UNION ALL
    SELECT 'added', src, dst, off,
           CASE WHEN src IN (SELECT attribute FROM recycled) OR dst IN (SELECT attribute FROM recycled)
                THEN n_to ELSE n_to - n_from END
    FROM counts
),
copy(k) AS (
    SELECT 1
    UNION ALL
    SELECT k + 1 FROM copy WHERE k < (SELECT coalesce(max(copies), 0) FROM changes)
)
SELECT c.change, c.src AS src_attribute, c.dst AS dst_attribute, c.off AS offset,
       (SELECT t.name FROM nodes n
        JOIN types t ON t.snapshot_id = n.snapshot_id AND t.graph_index = n.graph_index AND t.type_index = n.type_index
        WHERE n.snapshot_id = CASE c.change WHEN 'removed' THEN :from ELSE :to END AND n.attribute = c.src
        ORDER BY n.graph_index LIMIT 1) AS src_rule,
       (SELECT t.name FROM nodes n
        JOIN types t ON t.snapshot_id = n.snapshot_id AND t.graph_index = n.graph_index AND t.type_index = n.type_index
        WHERE n.snapshot_id = CASE c.change WHEN 'removed' THEN :from ELSE :to END AND n.attribute = c.dst
        ORDER BY n.graph_index LIMIT 1) AS dst_rule
FROM changes c
JOIN copy ON copy.k <= c.copies
ORDER BY c.change, c.src, c.dst, c.off;
