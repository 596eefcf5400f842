-- name: updates
-- description: update hits per attribute in a run, each attribute named by its rule in a snapshot (empty when the snapshot lacks it, or when several of its graphs hold the id with different rules: stderr says so)
-- params: run (required), snapshot (required)
-- with: u = updates-run
-- (u: the run's update hits per attribute, as updates-run.sql counts them)
-- An attribute id is unique per graph, not per dump: a rule is named only when every graph
-- holding the id agrees on it. An indirect attribute (low bits 01) is no node of any dump: its
-- rule reads `indirect`.
SELECT u.attribute, u.updates,
       coalesce((SELECT CASE WHEN count(DISTINCT coalesce(t.name, '')) = 1 THEN min(t.name) END
                 FROM nodes n
                 JOIN types t ON t.snapshot_id = n.snapshot_id AND t.graph_index = n.graph_index AND t.type_index = n.type_index
                 WHERE n.snapshot_id = :snapshot AND n.attribute = u.attribute),
                CASE WHEN u.attribute & 3 = 1 THEN 'indirect' END) AS rule
FROM u
ORDER BY u.updates DESC, u.attribute;
