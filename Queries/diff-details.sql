-- name: diff-details
-- description: one row per changed node or edge between two snapshots: change (added, removed, changed), attribute, rule, view, field, before, after
-- params: from (required), to (required)
-- internal: yes
-- Nodes are (attribute, rule) as in diff; a node present in both compares its flags and value.
-- Flags a dump leaves out (NULL) are unknown: compared with nothing, never taken for 0
-- (diff-unknown-flags.sql counts those nodes for the warning). Edges the same: a group of
-- copies whose flags are not all given is not compared by flags.
-- Edges are a multiset of (source, reader, offset) and are shown under their reader: field
-- 'input S' (or 'input S+OFFSET'); a pair kept with the same count but other flags is
-- 'changed' with the flags before and after (bit 3, value 8: changed since the reader ran).
-- NOT MATERIALIZED: each of f and t is read several times, so SQLite would otherwise copy it
-- into a table without index and scan that for every row it looks up (on two 1M-node dumps
-- more than 9 minutes; read through the views' indexes, 17 s). The views (fv and tv per
-- node, fv1 and tv1 per attribute, its lowest graph's) are read once per snapshot and
-- joined, which SQLite indexes (looked up through node_views, a union, they read every
-- snapshot's views).
WITH f AS NOT MATERIALIZED (SELECT attribute, graph_index, rule, flags, value FROM node_rules WHERE snapshot_id = :from),
     t AS NOT MATERIALIZED (SELECT attribute, graph_index, rule, flags, value FROM node_rules WHERE snapshot_id = :to),
     fv AS MATERIALIZED (SELECT graph_index, attribute, min(view) AS view FROM node_views WHERE snapshot_id = :from GROUP BY graph_index, attribute),
     tv AS MATERIALIZED (SELECT graph_index, attribute, min(view) AS view FROM node_views WHERE snapshot_id = :to GROUP BY graph_index, attribute),
     fv1 AS MATERIALIZED (SELECT attribute, view FROM (SELECT attribute, view, row_number() OVER (PARTITION BY attribute ORDER BY graph_index) AS k FROM fv) WHERE k = 1),
     tv1 AS MATERIALIZED (SELECT attribute, view FROM (SELECT attribute, view, row_number() OVER (PARTITION BY attribute ORDER BY graph_index) AS k FROM tv) WHERE k = 1),
     node_changes AS (
        SELECT 'removed' AS change, f.attribute, f.graph_index, f.rule, 0 AS side, 'node' AS field, NULL AS before, NULL AS after
        FROM f WHERE NOT EXISTS (SELECT 1 FROM t WHERE t.attribute = f.attribute AND t.rule IS f.rule)
        UNION ALL
        SELECT 'added', t.attribute, t.graph_index, t.rule, 1, 'node', NULL, NULL
        FROM t WHERE NOT EXISTS (SELECT 1 FROM f WHERE f.attribute = t.attribute AND f.rule IS t.rule)
        UNION ALL
        SELECT 'changed', t.attribute, t.graph_index, t.rule, 1, 'flags', f.flags, t.flags
        FROM t JOIN f ON f.attribute = t.attribute AND f.rule IS t.rule AND f.graph_index = t.graph_index
        WHERE f.flags <> t.flags
        UNION ALL
        SELECT 'changed', t.attribute, t.graph_index, t.rule, 1, 'value', f.value, t.value
        FROM t JOIN f ON f.attribute = t.attribute AND f.rule IS t.rule AND f.graph_index = t.graph_index
        WHERE f.value IS NOT t.value
     ),
     fe AS (SELECT src_attribute AS src, dst_attribute AS dst, offset, count(*) AS n,
                   CASE WHEN count(flags) = count(*) THEN group_concat(flags, ',') END AS flags, min(graph_index) AS graph_index
            FROM (SELECT * FROM edges WHERE snapshot_id = :from ORDER BY src_attribute, dst_attribute, offset, flags)
            GROUP BY src_attribute, dst_attribute, offset),
     te AS (SELECT src_attribute AS src, dst_attribute AS dst, offset, count(*) AS n,
                   CASE WHEN count(flags) = count(*) THEN group_concat(flags, ',') END AS flags, min(graph_index) AS graph_index
            FROM (SELECT * FROM edges WHERE snapshot_id = :to ORDER BY src_attribute, dst_attribute, offset, flags)
            GROUP BY src_attribute, dst_attribute, offset),
     edge_pairs AS (
        SELECT te.src, te.dst, te.offset, te.graph_index, coalesce(fe.n, 0) AS n_from, te.n AS n_to, fe.flags AS flags_from, te.flags AS flags_to
        FROM te LEFT JOIN fe ON fe.src = te.src AND fe.dst = te.dst AND fe.offset = te.offset
        UNION ALL
        SELECT fe.src, fe.dst, fe.offset, fe.graph_index, fe.n, 0, fe.flags, NULL
        FROM fe WHERE NOT EXISTS (SELECT 1 FROM te WHERE te.src = fe.src AND te.dst = fe.dst AND te.offset = fe.offset)
     ),
     edge_changes AS (
        SELECT CASE WHEN n_to > n_from THEN 'added' WHEN n_to < n_from THEN 'removed' ELSE 'changed' END AS change,
               dst AS attribute, graph_index,
               CASE WHEN n_to >= n_from THEN 1 ELSE 0 END AS side,
               'input ' || src || CASE WHEN offset <> 0 THEN '+' || offset ELSE '' END AS field,
               CASE WHEN n_to = n_from THEN flags_from ELSE n_from END AS before,
               CASE WHEN n_to = n_from THEN flags_to ELSE n_to END AS after
        FROM edge_pairs
        WHERE n_to <> n_from OR flags_from <> flags_to
     )
SELECT c.change, c.attribute, c.rule, CASE c.side WHEN 0 THEN fv.view ELSE tv.view END AS view,
       c.field, c.before, c.after
FROM node_changes c
LEFT JOIN fv ON c.side = 0 AND fv.graph_index = c.graph_index AND fv.attribute = c.attribute
LEFT JOIN tv ON c.side = 1 AND tv.graph_index = c.graph_index AND tv.attribute = c.attribute
UNION ALL
SELECT e.change, e.attribute,
       CASE e.side WHEN 0 THEN (SELECT rule FROM f WHERE f.attribute = e.attribute ORDER BY f.graph_index LIMIT 1)
                   ELSE (SELECT rule FROM t WHERE t.attribute = e.attribute ORDER BY t.graph_index LIMIT 1) END,
       CASE e.side WHEN 0 THEN fv1.view ELSE tv1.view END,
       e.field, e.before, e.after
FROM edge_changes e
LEFT JOIN fv1 ON e.side = 0 AND fv1.attribute = e.attribute
LEFT JOIN tv1 ON e.side = 1 AND tv1.attribute = e.attribute
ORDER BY 2, 5, 1;
