-- name: updates
-- description: update hits of a run summed per SwiftUI view, the views named by a snapshot (node_views; attributes no view names count under an empty view)
-- params: run (required), snapshot (required)
-- by: view
SELECT v.view, sum(u.updates) AS updates, count(*) AS attributes
FROM (SELECT attribute, count(*) AS updates
      FROM events
      -- A run's events are the id range its row records (see Schema, migration 5).
      WHERE id BETWEEN (SELECT first_event_id FROM runs WHERE id = :run) AND (SELECT last_event_id FROM runs WHERE id = :run) AND kind = 'update'
      GROUP BY attribute) u
-- The lowest graph's view of each attribute, computed once (not per attribute).
LEFT JOIN (SELECT attribute, view FROM node_views w
           WHERE snapshot_id = :snapshot
             AND graph_index = (SELECT min(graph_index) FROM node_rows n WHERE n.snapshot_id = :snapshot AND n.attribute = w.attribute)) v
       ON v.attribute = u.attribute
GROUP BY v.view
ORDER BY updates DESC, v.view;
