-- name: snapshot-ambiguous-views
-- description: the attribute ids several graphs of a snapshot hold with different views (one naming it, another not, or two names): an id is unique per graph, not per dump, so a name looked up by id alone would be a guess
-- params: snapshot (required)
-- internal: yes
WITH shared AS (
    SELECT attribute FROM node_rows WHERE snapshot_id = :snapshot GROUP BY attribute HAVING count(*) > 1
)
SELECT s.attribute
FROM shared s
JOIN node_rows n ON n.snapshot_id = :snapshot AND n.attribute = s.attribute
-- This snapshot's views only: joined as node_views, the union is read whole, every snapshot's.
LEFT JOIN (SELECT graph_index, attribute, view FROM node_views WHERE snapshot_id = :snapshot) v
       ON v.graph_index = n.graph_index AND v.attribute = n.attribute
GROUP BY s.attribute
HAVING count(DISTINCT coalesce(v.view, '')) > 1;
