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
LEFT JOIN node_views v ON v.snapshot_id = n.snapshot_id AND v.graph_index = n.graph_index AND v.attribute = n.attribute
GROUP BY s.attribute
HAVING count(DISTINCT coalesce(v.view, '')) > 1;
