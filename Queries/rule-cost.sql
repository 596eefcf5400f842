-- name: rule-cost
-- summary: time per rule from a profiled snapshot (runs, total and mean seconds, share of all rule time) or from a trace's own clock (total, self, mean, p95, max)
-- description: per rule name, summed over every graph of the snapshot: the per-type profile (types keep counting after their nodes are gone); a graph whose types carry no profile contributes its nodes' profiles instead
-- params: snapshot (required)
-- needs: profile
-- units: total_seconds seconds, mean_seconds seconds, share fraction
WITH
-- The snapshot's node rows are one range of ids (an import numbers them from its graphs'
-- first_node_id): both scans below read that range in storage order, rather than a table
-- lookup per row through nodes_by_attribute (0.90 -> 0.6 s on a million nodes); a snapshot
-- without graphs rows (written by hand) falls back to its smallest and largest id.
node_range AS MATERIALIZED (
    SELECT coalesce((SELECT min(first_node_id) FROM graphs WHERE snapshot_id = :snapshot),
                    (SELECT min(id) FROM node_rows WHERE snapshot_id = :snapshot)) AS lo,
           coalesce((SELECT max(first_node_id + node_count - 1) FROM graphs WHERE snapshot_id = :snapshot),
                    (SELECT max(id) FROM node_rows WHERE snapshot_id = :snapshot)) AS hi
),
typed_graphs AS MATERIALIZED (
    SELECT DISTINCT graph_index
    FROM types
    WHERE snapshot_id = :snapshot
      AND (update_count IS NOT NULL OR change_count IS NOT NULL OR update_total IS NOT NULL OR changed_total IS NOT NULL)
),
profiles AS (
    SELECT t.name AS rule, coalesce(t.update_count, 0) AS updates, coalesce(t.change_count, 0) AS changes,
           coalesce(t.update_total, 0.0) AS seconds
    FROM types t
    WHERE t.snapshot_id = :snapshot AND t.graph_index IN (SELECT graph_index FROM typed_graphs)
      AND (t.update_count IS NOT NULL OR t.change_count IS NOT NULL OR t.update_total IS NOT NULL OR t.changed_total IS NOT NULL)
    UNION ALL
    SELECT t.name, coalesce(n.update_count, 0), coalesce(n.change_count, 0), coalesce(n.update_total, 0.0)
    FROM node_rows n
    LEFT JOIN types t ON t.snapshot_id = n.snapshot_id AND t.graph_index = n.graph_index AND t.type_index = n.type_index
    WHERE n.id BETWEEN (SELECT lo FROM node_range) AND (SELECT hi FROM node_range) AND +n.snapshot_id = :snapshot
      AND n.graph_index NOT IN (SELECT graph_index FROM typed_graphs)
      AND (n.update_count IS NOT NULL OR n.change_count IS NOT NULL OR n.update_total IS NOT NULL OR n.changed_total IS NOT NULL)
),
per_rule AS (
    SELECT rule, sum(updates) AS updates, sum(changes) AS changes, sum(seconds) AS total_seconds
    FROM profiles
    GROUP BY rule
),
type_nodes AS (
    SELECT graph_index, type_index, count(*) AS nodes
    FROM node_rows
    WHERE id BETWEEN (SELECT lo FROM node_range) AND (SELECT hi FROM node_range) AND +snapshot_id = :snapshot
    GROUP BY graph_index, type_index
),
rule_nodes AS (
    SELECT t.name AS rule, sum(tn.nodes) AS nodes
    FROM type_nodes tn
    JOIN types t ON t.snapshot_id = :snapshot AND t.graph_index = tn.graph_index AND t.type_index = tn.type_index
    GROUP BY t.name
)
SELECT p.rule,
       coalesce(rn.nodes, 0) AS nodes,
       p.updates,
       p.total_seconds,
       CASE WHEN p.updates > 0 THEN p.total_seconds / p.updates END AS mean_seconds,
       CASE WHEN (SELECT sum(total_seconds) FROM per_rule) > 0
            THEN p.total_seconds / (SELECT sum(total_seconds) FROM per_rule) END AS share,
       p.changes
FROM per_rule p
LEFT JOIN rule_nodes rn ON rn.rule IS p.rule
ORDER BY p.total_seconds DESC, p.updates DESC, p.rule;
