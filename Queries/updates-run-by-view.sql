-- name: updates
-- description: update hits of a run summed per SwiftUI view, the views named by a snapshot (node_views; attributes no view names count under an empty view, as do those several graphs of the snapshot hold with different views: stderr says so)
-- params: run (required), snapshot (required)
-- by: view
-- with: u = updates-run
-- (u: the run's update hits per attribute, as updates-run.sql counts them)
-- The snapshot's views read once, one per node: joined as node_views, the union is read whole,
-- every snapshot's, for a run's attributes.
WITH views AS MATERIALIZED (
    SELECT graph_index, attribute, min(view) AS view FROM node_views WHERE snapshot_id = :snapshot GROUP BY graph_index, attribute
)
SELECT v.view, sum(u.updates) AS updates, count(*) AS attributes
FROM u
-- Each attribute's view, computed once (not per attribute): named only when every graph that
-- holds the id names it alike (an id is unique per graph, not per dump).
LEFT JOIN (SELECT c.attribute, CASE WHEN count(DISTINCT coalesce(w.view, '')) = 1 THEN min(w.view) END AS view
           FROM u c
           JOIN node_rows n ON n.snapshot_id = :snapshot AND n.attribute = c.attribute
           LEFT JOIN views w ON w.graph_index = n.graph_index AND w.attribute = n.attribute
           GROUP BY c.attribute) v
       ON v.attribute = u.attribute
GROUP BY v.view
ORDER BY updates DESC, v.view;
