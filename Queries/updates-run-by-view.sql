-- name: updates
-- description: update hits of a run summed per SwiftUI view, the views named by a snapshot (node_views; attributes no view names count under an empty view)
-- params: run (required), snapshot (required)
-- by: view
-- with: u = updates-run
-- (u: the run's update hits per attribute, as updates-run.sql counts them)
SELECT v.view, sum(u.updates) AS updates, count(*) AS attributes
FROM u
-- The lowest graph's view of each attribute, computed once (not per attribute).
LEFT JOIN (SELECT attribute, view FROM node_views w
           WHERE snapshot_id = :snapshot
             AND graph_index = (SELECT min(graph_index) FROM node_rows n WHERE n.snapshot_id = :snapshot AND n.attribute = w.attribute)) v
       ON v.attribute = u.attribute
GROUP BY v.view
ORDER BY updates DESC, v.view;
