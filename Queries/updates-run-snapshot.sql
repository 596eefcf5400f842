-- name: updates
-- description: update hits per attribute in a run, each attribute named by its rule in a snapshot
-- params: run (required), snapshot (required)
-- with: u = updates-run
-- (u: the run's update hits per attribute, as updates-run.sql counts them)
-- An indirect attribute (low bits 01) is no node of any dump: its rule reads `indirect`.
SELECT u.attribute, u.updates,
       coalesce((SELECT t.name
                 FROM nodes n
                 JOIN types t ON t.snapshot_id = n.snapshot_id AND t.graph_index = n.graph_index AND t.type_index = n.type_index
                 WHERE n.snapshot_id = :snapshot AND n.attribute = u.attribute
                 ORDER BY n.graph_index LIMIT 1),
                CASE WHEN u.attribute & 3 = 1 THEN 'indirect' END) AS rule
FROM u
ORDER BY u.updates DESC, u.attribute;
